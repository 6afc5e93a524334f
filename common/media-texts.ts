// The texts of /media (videos), /vacancy, /vacancy/{id} and /school/ in every site language. Kept
// beside the pages (not in the shared catalogs) since only these pages and their server loader
// (server/ssr/loaders.ts: titles, descriptions, JSON-LD) read them. Pure data.
import type { Locale } from './editions'
/** schema.org JobPosting employmentType values (a vacancy's kind of employment). */
export const EMPLOYMENT_KINDS = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN'] as const
type Employment = (typeof EMPLOYMENT_KINDS)[number]

export interface MediaTexts {
  media_title: string
  media_description: string
  videos: string
  no_videos: string
  watch: string
  vacancies_title: string
  vacancies_description: string
  open_positions: string
  no_vacancies: string
  remote: string
  employment: Record<Employment, string>
  all_vacancies: string
  apply_title: string
  apply_text: string
  apply_tutor: string
  apply_contacts: string
  posted: string
  school_title: string
  school_description: string
  school_intro: string
  school_points: string[]
  school_rates: string
  school_base: string
  school_advanced: string
  school_order: string
  school_catalogue: string
  school_online: string
  school_site: string
  school_tutors: string
  feedback_title: string
  feedback_name: string
  feedback_text: string
  feedback_submit: string
  feedback_sent: string
}

export const MEDIA_TEXTS: Record<Locale, MediaTexts> = {
  ua: {
    media_title: 'ЗМІ про нас і відео',
    media_description: 'Відео про навчання та репетиторство, матеріали для журналістів.',
    videos: 'Відео',
    no_videos: 'Відео поки немає — завітайте пізніше.',
    watch: 'Дивитися на YouTube',
    vacancies_title: 'Вакансії',
    vacancies_description: 'Відкриті вакансії: робота репетитором і в команді сервісу.',
    open_positions: 'Відкриті вакансії',
    no_vacancies: 'Зараз відкритих вакансій немає. Але ви завжди можете стати репетитором на нашому сайті!',
    remote: 'Віддалено',
    employment: {
      FULL_TIME: 'Повна зайнятість',
      PART_TIME: 'Часткова зайнятість',
      CONTRACTOR: 'Договір',
      TEMPORARY: 'Тимчасова робота',
      INTERN: 'Стажування',
    },
    all_vacancies: '← Усі вакансії',
    apply_title: 'Як відгукнутися',
    apply_text:
      'Репетиторам достатньо зареєструватися й заповнити анкету. Щодо роботи в команді напишіть нам через сторінку контактів.',
    apply_tutor: 'Стати репетитором',
    apply_contacts: 'Контакти',
    posted: 'Опубліковано',
    school_title: 'Онлайн-школа',
    school_description: 'Онлайн-школа: регулярні заняття зі шкільних предметів з перевіреними викладачами.',
    school_intro:
      'Онлайн-школа — це регулярні індивідуальні заняття зі шкільної програми з викладачами, яких ми відібрали й навчили самі.',
    school_points: [
      'Математика, мови, природничі предмети та підготовка до іспитів для 1–11 класів.',
      'Постійний викладач і зручний розклад — заняття онлайн з дому.',
      "Куратор стежить за прогресом і зв'язується з батьками.",
      'Перше заняття — знайомство з рівнем учня й план навчання.',
    ],
    school_rates: 'Вартість заняття',
    school_base: 'Базовий рівень',
    school_advanced: 'Поглиблений рівень',
    school_order: 'Залишити заявку',
    school_catalogue: 'Репетитори поруч',
    school_online: 'Репетитори онлайн',
    school_site: 'Сайт школи',
    school_tutors: 'Викладачам: як стати викладачем школи',
    feedback_title: 'Напишіть нам',
    feedback_name: "Ваше ім'я",
    feedback_text: 'Повідомлення',
    feedback_submit: 'Надіслати',
    feedback_sent: 'Дякуємо! Ми відповімо на вашу пошту.',
  },
  ru: {
    media_title: 'СМИ о нас и видео',
    media_description: 'Видео об учёбе и репетиторстве, материалы для журналистов.',
    videos: 'Видео',
    no_videos: 'Видео пока нет — загляните позже.',
    watch: 'Смотреть на YouTube',
    vacancies_title: 'Вакансии',
    vacancies_description: 'Открытые вакансии: работа репетитором и в команде сервиса.',
    open_positions: 'Открытые вакансии',
    no_vacancies: 'Сейчас открытых вакансий нет. Но вы всегда можете стать репетитором на нашем сайте!',
    remote: 'Удалённо',
    employment: {
      FULL_TIME: 'Полная занятость',
      PART_TIME: 'Частичная занятость',
      CONTRACTOR: 'Договор',
      TEMPORARY: 'Временная работа',
      INTERN: 'Стажировка',
    },
    all_vacancies: '← Все вакансии',
    apply_title: 'Как откликнуться',
    apply_text:
      'Репетиторам достаточно зарегистрироваться и заполнить анкету. По работе в команде напишите нам через страницу контактов.',
    apply_tutor: 'Стать репетитором',
    apply_contacts: 'Контакты',
    posted: 'Опубликовано',
    school_title: 'Онлайн-школа',
    school_description: 'Онлайн-школа: регулярные занятия по школьным предметам с проверенными преподавателями.',
    school_intro:
      'Онлайн-школа — это регулярные индивидуальные занятия по школьной программе с преподавателями, которых мы отобрали и обучили сами.',
    school_points: [
      'Математика, языки, естественные науки и подготовка к экзаменам для 1–11 классов.',
      'Постоянный преподаватель и удобное расписание — занятия онлайн из дома.',
      'Куратор следит за прогрессом и связывается с родителями.',
      'Первое занятие — знакомство с уровнем ученика и план обучения.',
    ],
    school_rates: 'Стоимость занятия',
    school_base: 'Базовый уровень',
    school_advanced: 'Углублённый уровень',
    school_order: 'Оставить заявку',
    school_catalogue: 'Репетиторы рядом',
    school_online: 'Репетиторы онлайн',
    school_site: 'Сайт школы',
    school_tutors: 'Преподавателям: как стать преподавателем школы',
    feedback_title: 'Напишите нам',
    feedback_name: 'Ваше имя',
    feedback_text: 'Сообщение',
    feedback_submit: 'Отправить',
    feedback_sent: 'Спасибо! Мы ответим на вашу почту.',
  },
  en: {
    media_title: 'Media and videos',
    media_description: 'Videos about learning and tutoring, and information for journalists.',
    videos: 'Videos',
    no_videos: 'No videos yet — come back soon.',
    watch: 'Watch on YouTube',
    vacancies_title: 'Vacancies',
    vacancies_description: 'Open positions: work as a tutor or in our team.',
    open_positions: 'Open positions',
    no_vacancies: 'There are no open positions right now. You can always join us as a tutor, though!',
    remote: 'Remote',
    employment: {
      FULL_TIME: 'Full time',
      PART_TIME: 'Part time',
      CONTRACTOR: 'Contract',
      TEMPORARY: 'Temporary',
      INTERN: 'Internship',
    },
    all_vacancies: '← All vacancies',
    apply_title: 'How to apply',
    apply_text:
      'Tutors just sign up and fill in their profile. For a position in our team, write to us through the contacts page.',
    apply_tutor: 'Become a tutor',
    apply_contacts: 'Contacts',
    posted: 'Posted',
    school_title: 'Online school',
    school_description: 'The online school: regular lessons in school subjects with vetted teachers.',
    school_intro:
      'The online school gives students regular one-to-one lessons following the school curriculum, with teachers we select and train ourselves.',
    school_points: [
      'Maths, languages, sciences and exam preparation for every school year.',
      'A regular teacher and a schedule that suits you — online, from home.',
      'A coordinator follows the progress and keeps parents informed.',
      "The first lesson assesses the student's level and sets a learning plan.",
    ],
    school_rates: 'Lesson prices',
    school_base: 'Standard level',
    school_advanced: 'Advanced level',
    school_order: 'Request a tutor',
    school_catalogue: 'Tutors near you',
    school_online: 'Online tutors',
    school_site: 'School website',
    school_tutors: 'For teachers: how to teach at the school',
    feedback_title: 'Write to us',
    feedback_name: 'Your name',
    feedback_text: 'Message',
    feedback_submit: 'Send',
    feedback_sent: 'Thank you! We will reply to your e-mail.',
  },
  pl: {
    media_title: 'Media o nas i wideo',
    media_description: 'Filmy o nauce i korepetycjach oraz informacje dla dziennikarzy.',
    videos: 'Wideo',
    no_videos: 'Nie ma jeszcze filmów — zajrzyj później.',
    watch: 'Obejrzyj w YouTube',
    vacancies_title: 'Praca',
    vacancies_description: 'Otwarte oferty pracy: praca korepetytora i w naszym zespole.',
    open_positions: 'Otwarte oferty',
    no_vacancies: 'Obecnie nie ma otwartych ofert. Zawsze jednak możesz zostać u nas korepetytorem!',
    remote: 'Zdalnie',
    employment: {
      FULL_TIME: 'Pełny etat',
      PART_TIME: 'Część etatu',
      CONTRACTOR: 'Umowa zlecenie',
      TEMPORARY: 'Praca tymczasowa',
      INTERN: 'Staż',
    },
    all_vacancies: '← Wszystkie oferty',
    apply_title: 'Jak aplikować',
    apply_text:
      'Korepetytorzy po prostu się rejestrują i wypełniają profil. W sprawie pracy w zespole napisz do nas przez stronę kontaktową.',
    apply_tutor: 'Zostań korepetytorem',
    apply_contacts: 'Kontakt',
    posted: 'Opublikowano',
    school_title: 'Szkoła online',
    school_description: 'Szkoła online: regularne lekcje z przedmiotów szkolnych ze sprawdzonymi nauczycielami.',
    school_intro:
      'Szkoła online to regularne lekcje indywidualne zgodne z programem szkolnym, z nauczycielami, których sami wybieramy i szkolimy.',
    school_points: [
      'Matematyka, języki, przedmioty przyrodnicze i przygotowanie do egzaminów dla wszystkich klas.',
      'Stały nauczyciel i wygodny grafik — lekcje online z domu.',
      'Opiekun śledzi postępy i kontaktuje się z rodzicami.',
      'Pierwsza lekcja to poznanie poziomu ucznia i plan nauki.',
    ],
    school_rates: 'Cena lekcji',
    school_base: 'Poziom podstawowy',
    school_advanced: 'Poziom rozszerzony',
    school_order: 'Zostaw zgłoszenie',
    school_catalogue: 'Korepetytorzy w okolicy',
    school_online: 'Korepetytorzy online',
    school_site: 'Strona szkoły',
    school_tutors: 'Dla nauczycieli: jak uczyć w szkole',
    feedback_title: 'Napisz do nas',
    feedback_name: 'Twoje imię',
    feedback_text: 'Wiadomość',
    feedback_submit: 'Wyślij',
    feedback_sent: 'Dziękujemy! Odpowiemy na Twój e-mail.',
  },
  es: {
    media_title: 'Prensa y vídeos',
    media_description: 'Vídeos sobre el aprendizaje y las clases particulares, e información para periodistas.',
    videos: 'Vídeos',
    no_videos: 'Todavía no hay vídeos: vuelve pronto.',
    watch: 'Ver en YouTube',
    vacancies_title: 'Empleo',
    vacancies_description: 'Ofertas abiertas: trabaja como profesor o en nuestro equipo.',
    open_positions: 'Ofertas abiertas',
    no_vacancies: 'Ahora no hay ofertas abiertas. ¡Pero siempre puedes unirte como profesor!',
    remote: 'En remoto',
    employment: {
      FULL_TIME: 'Jornada completa',
      PART_TIME: 'Media jornada',
      CONTRACTOR: 'Autónomo',
      TEMPORARY: 'Temporal',
      INTERN: 'Prácticas',
    },
    all_vacancies: '← Todas las ofertas',
    apply_title: 'Cómo postularse',
    apply_text:
      'Los profesores solo tienen que registrarse y completar su perfil. Para un puesto en el equipo, escríbenos desde la página de contacto.',
    apply_tutor: 'Hazte profesor',
    apply_contacts: 'Contacto',
    posted: 'Publicado',
    school_title: 'Escuela en línea',
    school_description: 'La escuela en línea: clases regulares de materias escolares con profesores verificados.',
    school_intro:
      'La escuela en línea ofrece clases individuales regulares según el programa escolar, con profesores que seleccionamos y formamos nosotros.',
    school_points: [
      'Matemáticas, idiomas, ciencias y preparación de exámenes para todos los cursos.',
      'Un profesor fijo y un horario a tu medida, en línea desde casa.',
      'Un coordinador sigue el progreso e informa a las familias.',
      'La primera clase evalúa el nivel del alumno y fija un plan de estudio.',
    ],
    school_rates: 'Precio de la clase',
    school_base: 'Nivel básico',
    school_advanced: 'Nivel avanzado',
    school_order: 'Solicitar profesor',
    school_catalogue: 'Profesores cerca',
    school_online: 'Profesores en línea',
    school_site: 'Web de la escuela',
    school_tutors: 'Para profesores: cómo enseñar en la escuela',
    feedback_title: 'Escríbenos',
    feedback_name: 'Tu nombre',
    feedback_text: 'Mensaje',
    feedback_submit: 'Enviar',
    feedback_sent: '¡Gracias! Te responderemos por correo.',
  },
}

export const mediaTexts = (locale: Locale): MediaTexts => MEDIA_TEXTS[locale]

/** The school site of an edition: none is known yet (the footer's school link is this site's /school/). */
export const SCHOOL_SITES: Partial<Record<string, string>> = {}

/** The /media, /vacancy list address for a page number (the first page has no ?page, as prefetched). */
export function pagedInput(search: string): { page: number } | undefined {
  const n = Number(new URLSearchParams(search).get('page'))
  return Number.isInteger(n) && n > 1 && n <= 100000 ? { page: n } : undefined
}
