// Tutors' blog posts and ads for the demo (/blog/, the tutor profiles, the panel's moderation lists),
// in the edition's language: published posts and ads by the first demo tutors and the demo tutor account
// (tutor@example.com, so its cabinet's "my blog" and "my ads" show the product at work), one post of that
// account waiting for moderation so the panel's list and the cabinet's status are not empty either.
// Deterministic.
import { sql } from 'kysely'
import type { Db } from '../client'
import type { Edition } from '../../common/editions'
import { peopleOf } from './demo-people'

type Language = ReturnType<typeof peopleOf>['language']
type Post = [title: string, paragraphs: string[]]
type Ad = [title: string, text: string, price: number]

const POSTS: Record<Language, Post[]> = {
  uk: [
    [
      'Як підготуватися до НМТ з математики за три місяці',
      [
        'Почніть із діагностики: розв’яжіть пробний тест і випишіть теми, у яких помилилися. Саме вони дадуть найбільший приріст балів.',
        'Складіть план на кожен тиждень: чергуйте алгебру й геометрію, щодня по 15 хвилин повторюйте формули, а раз на тиждень пишіть повний тест на час.',
        'За місяць до іспиту не беріться за нові теми: розбирайте помилки з пробних тестів і тренуйте швидкість.',
      ],
    ],
    [
      'П’ять звичок, які допомагають вивчити англійську',
      [
        'Слухайте англійську щодня хоча б 20 хвилин: подкасти, серіали з субтитрами, пісні. Мозок звикає до звучання мови.',
        'Записуйте нові слова у фразах, а не окремо, і повторюйте їх через день, через тиждень і через місяць.',
        'Говоріть уголос, навіть самі із собою, і не бійтеся помилок: помилка — це крок до правильної фрази.',
      ],
    ],
    [
      'Чому дитині потрібен репетитор і як його обрати',
      [
        'Репетитор потрібен не лише відстаючим: він допомагає закрити прогалини, підготуватися до олімпіади чи просто повернути дитині впевненість.',
        'Звертайте увагу на досвід із дітьми того ж віку, відгуки інших батьків і на те, чи пояснює викладач матеріал простими словами.',
        'Перше заняття — знайомство: подивіться, чи комфортно дитині, і домовтеся про цілі на найближчі місяці.',
      ],
    ],
  ],
  pl: [
    [
      'Jak przygotować się do matury z matematyki w trzy miesiące',
      [
        'Zacznij od diagnozy: rozwiąż próbny arkusz i wypisz tematy, w których pojawiły się błędy. To one dadzą największy przyrost punktów.',
        'Ułóż plan na każdy tydzień: przeplataj algebrę i geometrię, codziennie przez 15 minut powtarzaj wzory, a raz w tygodniu rozwiązuj cały arkusz na czas.',
        'Na miesiąc przed egzaminem nie zaczynaj nowych działów: analizuj błędy z arkuszy i ćwicz tempo.',
      ],
    ],
    [
      'Pięć nawyków, które pomagają nauczyć się angielskiego',
      [
        'Słuchaj angielskiego codziennie przez co najmniej 20 minut: podcasty, seriale z napisami, piosenki. Mózg przyzwyczaja się do brzmienia języka.',
        'Zapisuj nowe słowa w zwrotach, a nie osobno, i powtarzaj je po dniu, po tygodniu i po miesiącu.',
        'Mów na głos, nawet do siebie, i nie bój się błędów: błąd to krok do poprawnego zdania.',
      ],
    ],
    [
      'Kiedy dziecku przyda się korepetytor i jak go wybrać',
      [
        'Korepetytor pomaga nie tylko uczniom z zaległościami: uzupełnia luki, przygotowuje do olimpiady albo po prostu przywraca dziecku pewność siebie.',
        'Zwróć uwagę na doświadczenie z dziećmi w tym samym wieku, opinie innych rodziców i na to, czy nauczyciel tłumaczy materiał prostymi słowami.',
        'Pierwsze zajęcia to poznanie się: sprawdź, czy dziecko czuje się swobodnie, i ustalcie cele na najbliższe miesiące.',
      ],
    ],
  ],
  ru: [
    [
      'Как подготовиться к ЕНТ по математике за три месяца',
      [
        'Начните с диагностики: решите пробный тест и выпишите темы, в которых ошиблись. Именно они дадут наибольший прирост баллов.',
        'Составьте план на каждую неделю: чередуйте алгебру и геометрию, ежедневно по 15 минут повторяйте формулы, а раз в неделю пишите полный тест на время.',
        'За месяц до экзамена не беритесь за новые темы: разбирайте ошибки пробных тестов и тренируйте скорость.',
      ],
    ],
    [
      'Пять привычек, которые помогают выучить английский',
      [
        'Слушайте английский каждый день хотя бы 20 минут: подкасты, сериалы с субтитрами, песни. Мозг привыкает к звучанию языка.',
        'Записывайте новые слова во фразах, а не по отдельности, и повторяйте их через день, через неделю и через месяц.',
        'Говорите вслух, даже сами с собой, и не бойтесь ошибок: ошибка — это шаг к правильной фразе.',
      ],
    ],
    [
      'Зачем ребёнку репетитор и как его выбрать',
      [
        'Репетитор нужен не только отстающим: он помогает закрыть пробелы, подготовиться к олимпиаде или просто вернуть ребёнку уверенность.',
        'Обращайте внимание на опыт с детьми того же возраста, отзывы других родителей и на то, объясняет ли преподаватель материал простыми словами.',
        'Первое занятие — знакомство: посмотрите, комфортно ли ребёнку, и договоритесь о целях на ближайшие месяцы.',
      ],
    ],
  ],
  en: [
    [
      'How to prepare for a maths exam in three months',
      [
        'Start with a diagnosis: take a practice test and write down the topics where you made mistakes. They will bring the biggest gain in points.',
        'Make a plan for every week: alternate algebra and geometry, revise formulas for 15 minutes a day, and once a week sit a full timed test.',
        'In the last month before the exam, do not start new topics: go through the mistakes from practice tests and work on your speed.',
      ],
    ],
    [
      'Five habits that help you learn a language',
      [
        'Listen to the language every day for at least 20 minutes: podcasts, series with subtitles, songs. Your brain gets used to how it sounds.',
        'Write new words down in phrases rather than alone, and review them after a day, a week and a month.',
        'Speak out loud, even to yourself, and do not fear mistakes: a mistake is a step towards the right sentence.',
      ],
    ],
    [
      'When a child needs a tutor, and how to choose one',
      [
        'A tutor is not only for students who fall behind: they close gaps, prepare for competitions or simply give a child their confidence back.',
        'Look at experience with children of the same age, reviews from other parents, and whether the tutor explains things in simple words.',
        'The first lesson is for getting to know each other: see whether your child feels at ease and agree on goals for the coming months.',
      ],
    ],
  ],
  es: [
    [
      'Cómo preparar el examen de matemáticas en tres meses',
      [
        'Empieza con un diagnóstico: resuelve un examen de práctica y anota los temas en los que fallaste. Son los que más puntos te darán.',
        'Haz un plan para cada semana: alterna álgebra y geometría, repasa fórmulas 15 minutos al día y una vez por semana haz un examen completo con tiempo.',
        'El último mes no empieces temas nuevos: revisa los errores de los exámenes de práctica y entrena la velocidad.',
      ],
    ],
    [
      'Cinco hábitos que ayudan a aprender inglés',
      [
        'Escucha inglés todos los días al menos 20 minutos: pódcast, series con subtítulos, canciones. El cerebro se acostumbra a cómo suena el idioma.',
        'Apunta las palabras nuevas dentro de frases, no sueltas, y repásalas al día siguiente, a la semana y al mes.',
        'Habla en voz alta, aunque sea contigo mismo, y no temas equivocarte: un error es un paso hacia la frase correcta.',
      ],
    ],
    [
      'Cuándo necesita un niño profesor particular y cómo elegirlo',
      [
        'Un profesor particular no es solo para quien va atrasado: ayuda a cerrar lagunas, preparar una olimpiada o devolver la confianza al niño.',
        'Fíjate en la experiencia con niños de la misma edad, en las opiniones de otros padres y en si explica la materia con palabras sencillas.',
        'La primera clase sirve para conocerse: observa si tu hijo se siente cómodo y acordad objetivos para los próximos meses.',
      ],
    ],
  ],
}

/** The demo account's post waiting for moderation. */
const PENDING: Record<Language, Post> = {
  uk: [
    'Як допомогти дитині не втратити мотивацію посеред навчального року',
    [
      'Ставте маленькі цілі на тиждень і відзначайте кожну виконану: прогрес, який видно, мотивує краще за оцінки.',
      'Пов’язуйте предмет із тим, що дитині цікаво: задачі про футбол, тексти про улюблені ігри, досліди на кухні.',
    ],
  ],
  pl: [
    'Jak pomóc dziecku nie stracić motywacji w środku roku szkolnego',
    [
      'Wyznaczajcie małe cele na tydzień i świętujcie każdy osiągnięty: widoczny postęp motywuje lepiej niż oceny.',
      'Łączcie przedmiot z tym, co dziecko lubi: zadania o piłce nożnej, teksty o ulubionych grach, doświadczenia w kuchni.',
    ],
  ],
  ru: [
    'Как помочь ребёнку не потерять мотивацию в середине учебного года',
    [
      'Ставьте маленькие цели на неделю и отмечайте каждую выполненную: видимый прогресс мотивирует лучше оценок.',
      'Связывайте предмет с тем, что ребёнку интересно: задачи про футбол, тексты о любимых играх, опыты на кухне.',
    ],
  ],
  en: [
    'How to keep a child motivated halfway through the school year',
    [
      'Set small weekly goals and celebrate each one reached: progress you can see motivates better than grades.',
      'Tie the subject to what the child enjoys: maths problems about football, texts about favourite games, kitchen experiments.',
    ],
  ],
  es: [
    'Cómo ayudar a tu hijo a no perder la motivación a mitad de curso',
    [
      'Marcad pequeñas metas semanales y celebrad cada una: un progreso visible motiva más que las notas.',
      'Relacionad la asignatura con lo que le gusta: problemas sobre fútbol, textos sobre sus juegos favoritos, experimentos en la cocina.',
    ],
  ],
}

const ADS: Record<Language, Ad[]> = {
  uk: [
    [
      'Математика 5–11 клас і підготовка до НМТ',
      'Пояснюю просто, без зубріння. Перевіряю домашні завдання щодня, раз на місяць — пробний тест і звіт батькам.',
      450,
    ],
    [
      'Англійська для школярів онлайн',
      'Розмовна практика з першого заняття, граматика через приклади з життя. Заняття в Zoom, матеріали надаю.',
      400,
    ],
  ],
  pl: [
    [
      'Matematyka dla klas 4–8 i przygotowanie do egzaminu',
      'Tłumaczę prosto, bez wkuwania. Codziennie sprawdzam prace domowe, raz w miesiącu próbny arkusz i raport dla rodziców.',
      90,
    ],
    [
      'Angielski online dla uczniów',
      'Rozmowa od pierwszych zajęć, gramatyka na przykładach z życia. Zajęcia przez Zoom, materiały zapewniam.',
      80,
    ],
  ],
  ru: [
    [
      'Математика 5–11 класс и подготовка к ЕНТ',
      'Объясняю просто, без зубрёжки. Проверяю домашние задания каждый день, раз в месяц — пробный тест и отчёт родителям.',
      6000,
    ],
    [
      'Английский для школьников онлайн',
      'Разговорная практика с первого занятия, грамматика на примерах из жизни. Занятия в Zoom, материалы предоставляю.',
      5000,
    ],
  ],
  en: [
    [
      'Maths tutoring for grades 5–12 and exam prep',
      'Clear explanations, no cramming. I check homework daily, and once a month there is a practice test with a report for parents.',
      40,
    ],
    [
      'Online English for school students',
      'Speaking practice from the first lesson, grammar through real-life examples. Lessons on Zoom, materials included.',
      35,
    ],
  ],
  es: [
    [
      'Matemáticas de secundaria y preparación de exámenes',
      'Explico de forma sencilla, sin memorizar. Reviso los deberes a diario y cada mes hay un examen de práctica con informe para los padres.',
      300,
    ],
    [
      'Inglés en línea para estudiantes',
      'Conversación desde la primera clase y gramática con ejemplos reales. Clases por Zoom, materiales incluidos.',
      250,
    ],
  ],
}

/** Published posts and ads of the first demo tutors and the demo account, and one post waiting for moderation. */
export async function seedDemoBlogs(db: Db, ed: Edition, tutorIds: number[], accountTutorId: number) {
  if (tutorIds.length < 3) return
  // The account writes the second post, the one waiting, and the first ad (on its own subject).
  const postAuthors = [tutorIds[0]!, accountTutorId, tutorIds[2]!]
  const adAuthors = [accountTutorId, tutorIds[1]!]
  const accountSubject = await db
    .selectFrom('tutor_subjects')
    .select('lesson_id')
    .where('tutor_id', '=', accountTutorId)
    .orderBy('sort')
    .executeTakeFirst()
  const lang = peopleOf(ed.code).language
  const posts = POSTS[lang]
  const html = (ps: string[]) => ps.map((p) => `<p>${p}</p>`).join('\n')
  await db
    .insertInto('blogs')
    .values(
      posts.map(([title, ps], k) => {
        const at = sql<Date>`now() - make_interval(days => ${3 + k * 11})`
        return {
          edition: ed.code,
          tutor_id: postAuthors[k]!,
          title,
          text: html(ps),
          status: 'published',
          mark: 5 - k,
          rating_sum: 9 + k,
          rating_count: 2,
          published_at: at,
          created_at: at,
          updated_at: at,
        }
      }),
    )
    .execute()
  // The newest post is waiting for staff (the panel's first list).
  const [title, ps] = PENDING[lang]
  await db
    .insertInto('blogs')
    .values({ edition: ed.code, tutor_id: accountTutorId, title, text: html(ps), status: 'on_moderation' })
    .execute()
  const lessons = await db
    .selectFrom('lessons')
    .select('id')
    .where('edition', '=', ed.code)
    .orderBy('sort')
    .orderBy('id')
    .limit(2)
    .execute()
  await db
    .insertInto('ads')
    .values(
      ADS[lang].map(([adTitle, text, price], k) => {
        const at = sql<Date>`now() - make_interval(days => ${5 + k * 7})`
        return {
          edition: ed.code,
          tutor_id: adAuthors[k] ?? tutorIds[k]!,
          lesson_id: (k === 0 ? accountSubject?.lesson_id : undefined) ?? lessons[k]?.id ?? null,
          title: adTitle,
          text,
          price,
          status: 'published',
          published_at: at,
          created_at: at,
          updated_at: at,
        }
      }),
    )
    .execute()
}
