// Reviews of the marketplace itself for the demo (/reviews, the footer's stars), in the edition's
// language: what students and parents say about finding a tutor here. Published and confirmed, spread
// over the last months, newest first as the page lists them. Deterministic (names from demoPerson).
import { sql } from 'kysely'
import type { Db } from '../client'
import type { Edition } from '../../common/editions'
import { demoPerson, peopleOf } from './demo-people'

type Language = ReturnType<typeof peopleOf>['language']

const SITE_REVIEWS: Record<Language, [number, string][]> = {
  uk: [
    [5, 'Знайшли репетитора з математики за один вечір: зручні фільтри, чесні відгуки й ціни одразу видно.'],
    [5, 'Залишила заявку ввечері, а зранку вже зателефонував викладач. Дуже швидко!'],
    [5, 'Підготувалися до НМТ з репетитором, якого знайшли тут. Сервісом задоволені на всі сто.'],
    [4, 'Великий вибір викладачів, але на популярні предмети доводиться трохи почекати відповіді.'],
    [5, 'Подобається, що можна обрати заняття онлайн або вдома. Син займається англійською вже пів року.'],
    [5, 'Менеджер допоміг підібрати репетитора, коли я сама не могла визначитися. Дякую за турботу!'],
    [5, 'Зручний кабінет: усі заявки, чат із викладачем і дата першого заняття в одному місці.'],
    [4, 'Загалом усе добре, хотілося б більше викладачів хімії в нашому місті.'],
    [5, 'Користуюся вже другий рік, знайшли репетиторів для обох дітей. Рекомендую друзям.'],
    [5, 'Профілі детальні: освіта, досвід, відгуки учнів. Обирати легко.'],
    [5, 'Перше заняття пройшло чудово, викладач саме такий, як в описі.'],
    [4, 'Гарний сервіс. Було б зручно мати мобільний застосунок.'],
  ],
  pl: [
    [5, 'Znaleźliśmy korepetytora z matematyki w jeden wieczór: wygodne filtry, rzetelne opinie i widoczne ceny.'],
    [5, 'Zostawiłam zgłoszenie wieczorem, a rano zadzwonił już nauczyciel. Bardzo szybko!'],
    [5, 'Przygotowaliśmy się do matury z korepetytorką znalezioną tutaj. Serwis na szóstkę.'],
    [4, 'Duży wybór nauczycieli, ale przy popularnych przedmiotach trzeba chwilę poczekać na odpowiedź.'],
    [5, 'Podoba mi się, że można wybrać zajęcia online albo w domu. Syn uczy się angielskiego od pół roku.'],
    [5, 'Konsultant pomógł dobrać korepetytora, gdy sama nie mogłam się zdecydować. Dziękuję!'],
    [5, 'Wygodne konto: wszystkie zgłoszenia, czat z nauczycielem i termin pierwszych zajęć w jednym miejscu.'],
    [4, 'Ogólnie wszystko dobrze, przydałoby się więcej nauczycieli chemii w naszym mieście.'],
    [5, 'Korzystam już drugi rok, znaleźliśmy korepetytorów dla obojga dzieci. Polecam znajomym.'],
    [5, 'Szczegółowe profile: wykształcenie, doświadczenie, opinie uczniów. Łatwo wybrać.'],
    [5, 'Pierwsze zajęcia poszły świetnie, nauczyciel dokładnie taki jak w opisie.'],
    [4, 'Dobry serwis. Przydałaby się aplikacja mobilna.'],
  ],
  ru: [
    [5, 'Нашли репетитора по математике за один вечер: удобные фильтры, честные отзывы и цены видны сразу.'],
    [5, 'Оставила заявку вечером, а утром уже позвонил преподаватель. Очень быстро!'],
    [5, 'Подготовились к ЕНТ с репетитором, которого нашли здесь. Сервисом довольны на все сто.'],
    [4, 'Большой выбор преподавателей, но по популярным предметам приходится немного подождать ответа.'],
    [5, 'Нравится, что можно выбрать занятия онлайн или дома. Сын занимается английским уже полгода.'],
    [5, 'Менеджер помог подобрать репетитора, когда я сама не могла определиться. Спасибо за заботу!'],
    [5, 'Удобный кабинет: все заявки, чат с преподавателем и дата первого занятия в одном месте.'],
    [4, 'В целом всё хорошо, хотелось бы больше преподавателей химии в нашем городе.'],
    [5, 'Пользуюсь уже второй год, нашли репетиторов для обоих детей. Рекомендую друзьям.'],
    [5, 'Подробные профили: образование, опыт, отзывы учеников. Выбирать легко.'],
    [5, 'Первое занятие прошло отлично, преподаватель именно такой, как в описании.'],
    [4, 'Хороший сервис. Было бы удобно иметь мобильное приложение.'],
  ],
  en: [
    [5, 'We found a maths tutor in one evening: handy filters, honest reviews and prices shown up front.'],
    [5, 'I sent a request in the evening and a tutor called the next morning. Very quick!'],
    [5, 'We prepared for the SAT with a tutor we found here. Really happy with the service.'],
    [4, 'A wide choice of tutors, though for popular subjects you wait a little for an answer.'],
    [5, 'I like that lessons can be online or at home. My son has been learning English for six months now.'],
    [5, 'The manager helped me choose a tutor when I could not decide myself. Thank you for the care!'],
    [5, 'A convenient account: every request, the chat with the tutor and the first lesson date in one place.'],
    [4, 'All good overall, I would like more chemistry tutors in our city.'],
    [5, 'Using it for the second year, we found tutors for both kids. I recommend it to friends.'],
    [5, 'Detailed profiles: education, experience, student reviews. Choosing is easy.'],
    [5, 'The first lesson went great, the tutor was exactly as described.'],
    [4, 'Good service. A mobile app would be handy.'],
  ],
  es: [
    [5, 'Encontramos profesor de matemáticas en una tarde: filtros cómodos, opiniones sinceras y precios a la vista.'],
    [5, 'Dejé la solicitud por la noche y a la mañana siguiente ya me llamó la profesora. ¡Rapidísimo!'],
    [5, 'Preparamos la selectividad con un profesor que encontramos aquí. Muy contentos con el servicio.'],
    [4, 'Mucha variedad de profesores, aunque en las asignaturas más pedidas hay que esperar un poco la respuesta.'],
    [5, 'Me gusta poder elegir clases en línea o en casa. Mi hijo lleva medio año aprendiendo inglés.'],
    [5, 'El gestor me ayudó a elegir profesor cuando yo no me decidía. ¡Gracias por la atención!'],
    [
      5,
      'Una cuenta cómoda: todas las solicitudes, el chat con el profesor y la fecha de la primera clase en un sitio.',
    ],
    [4, 'En general todo bien, me gustaría que hubiera más profesores de química en mi ciudad.'],
    [5, 'Lo uso desde hace dos años y encontramos profesores para mis dos hijos. Se lo recomiendo a mis amigos.'],
    [5, 'Perfiles detallados: formación, experiencia, opiniones de alumnos. Elegir es fácil.'],
    [5, 'La primera clase fue genial, el profesor es tal cual se describe.'],
    [4, 'Buen servicio. Una aplicación móvil sería práctica.'],
  ],
}

/** The demo's site reviews: twelve published ones in the edition's language, the newest two days old. */
export async function seedDemoSiteReviews(db: Db, ed: Edition) {
  const reviews = SITE_REVIEWS[peopleOf(ed.code).language]
  await db
    .insertInto('site_reviews')
    .values(
      reviews.map(([mark, text], k) => {
        const at = sql<Date>`now() - make_interval(days => ${2 + k * 9}, hours => ${(k * 5) % 24})`
        return {
          name: demoPerson(ed.code, 120 + k).full,
          text,
          mark,
          status: 1,
          locale: ed.defaultLocale,
          created_at: at,
          confirmed_at: at,
        }
      }),
    )
    .execute()
}
