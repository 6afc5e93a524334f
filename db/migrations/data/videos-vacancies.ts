// Demo videos and vacancies of every edition as of migration 2026_11_25_0036 (frozen, like
// data/static-pages.ts): so /media and /vacancy are alive on a first start. One text per language the
// edition serves. The videos are public talks about learning on YouTube (the 11-character ids).

type Lang = 'ua' | 'ru' | 'en' | 'pl' | 'es'
type Texts = Partial<Record<Lang, string>>

const EDITION_LANGS: Record<string, Lang[]> = {
  ua: ['ua', 'ru', 'en'],
  pl: ['pl', 'en'],
  kz: ['ru'],
  us: ['en'],
  in: ['en'],
  mx: ['es'],
  es: ['es'],
  ng: ['en'],
}
const SITE: Record<string, string> = {
  ua: 'Tutors UA',
  pl: 'Korepetycje',
  kz: 'Repetitor KZ',
  us: 'Tutors US',
  in: 'Tutors India',
  mx: 'Clases MX',
  es: 'Tutores ES',
  ng: 'Tutors NG',
}
const CITY: Record<string, Texts> = {
  ua: { ua: 'Київ', ru: 'Киев', en: 'Kyiv' },
  pl: { pl: 'Warszawa', en: 'Warsaw' },
  kz: { ru: 'Алматы' },
  us: { en: 'New York' },
  in: { en: 'Bengaluru' },
  mx: { es: 'Ciudad de México' },
  es: { es: 'Madrid' },
  ng: { en: 'Lagos' },
}

/** [youtube id, {lang: [title, description]}] */
const VIDEOS: [string, Record<Lang, [string, string]>][] = [
  [
    'iG9CE55wbtY',
    {
      ua: [
        'Чи вбиває школа творчість?',
        'Кен Робінсон про те, як навчання може розвивати таланти дитини, а не гасити їх.',
      ],
      ru: [
        'Убивает ли школа творчество?',
        'Кен Робинсон о том, как учёба может развивать таланты ребёнка, а не гасить их.',
      ],
      en: [
        'Do schools kill creativity?',
        "Sir Ken Robinson on how education can grow a child's talents instead of squandering them.",
      ],
      pl: [
        'Czy szkoła zabija kreatywność?',
        'Ken Robinson o tym, jak nauka może rozwijać talenty dziecka, zamiast je gasić.',
      ],
      es: [
        '¿Las escuelas matan la creatividad?',
        'Ken Robinson sobre cómo la educación puede hacer crecer los talentos de un niño.',
      ],
    },
  ],
  [
    'H14bBuluwB8',
    {
      ua: [
        'Сила наполегливості',
        'Анджела Дакворт пояснює, чому наполегливість важить для успіху в навчанні більше, ніж талант.',
      ],
      ru: ['Сила настойчивости', 'Анджела Дакворт объясняет, почему настойчивость важнее таланта для успеха в учёбе.'],
      en: [
        'Grit: the power of passion and perseverance',
        'Angela Duckworth explains why grit predicts success in learning better than talent.',
      ],
      pl: [
        'Wytrwałość: siła pasji',
        'Angela Duckworth wyjaśnia, dlaczego wytrwałość przewiduje sukces w nauce lepiej niż talent.',
      ],
      es: [
        'Determinación: el poder de la pasión',
        'Angela Duckworth explica por qué la constancia predice el éxito mejor que el talento.',
      ],
    },
  ],
  [
    '5MgBikgcWnY',
    {
      ua: [
        'Перші 20 годин: як швидко чогось навчитися',
        'Джош Кауфман про те, як за 20 годин цілеспрямованої практики опанувати нову навичку.',
      ],
      ru: [
        'Первые 20 часов: как быстро чему-то научиться',
        'Джош Кауфман о том, как за 20 часов практики освоить новый навык.',
      ],
      en: [
        'The first 20 hours: how to learn anything',
        'Josh Kaufman on learning a new skill with 20 hours of deliberate practice.',
      ],
      pl: [
        'Pierwsze 20 godzin: jak szybko się czegoś nauczyć',
        'Josh Kaufman o opanowaniu nowej umiejętności w 20 godzin praktyki.',
      ],
      es: [
        'Las primeras 20 horas: cómo aprender cualquier cosa',
        'Josh Kaufman sobre aprender una habilidad nueva en 20 horas de práctica.',
      ],
    },
  ],
  [
    'arj7oStGLkU',
    {
      ua: [
        'Усередині розуму прокрастинатора',
        'Тім Урбан з гумором про те, чому ми відкладаємо справи на потім і як із цим жити.',
      ],
      ru: ['Внутри разума прокрастинатора', 'Тим Урбан с юмором о том, почему мы откладываем дела и как с этим жить.'],
      en: [
        'Inside the mind of a master procrastinator',
        'Tim Urban on why we put things off, and what to do about it.',
      ],
      pl: ['W umyśle prokrastynatora', 'Tim Urban z humorem o tym, dlaczego odkładamy sprawy na później.'],
      es: [
        'Dentro de la mente de un procrastinador',
        'Tim Urban explica con humor por qué lo dejamos todo para después.',
      ],
    },
  ],
  [
    'Unzc731iCUY',
    {
      ua: [
        'Як говорити так, щоб слухали',
        'Лекція професора MIT Патріка Вінстона про вміння пояснювати — корисна кожному репетитору.',
      ],
      ru: [
        'Как говорить, чтобы слушали',
        'Лекция профессора MIT Патрика Уинстона об умении объяснять — полезна каждому репетитору.',
      ],
      en: ['How to speak', 'MIT professor Patrick Winston on explaining things well: useful for every tutor.'],
      pl: [
        'Jak mówić, by słuchano',
        'Wykład profesora MIT Patricka Winstona o umiejętności tłumaczenia — przyda się każdemu korepetytorowi.',
      ],
      es: [
        'Cómo hablar',
        'La clase del profesor del MIT Patrick Winston sobre explicar bien: útil para todo profesor.',
      ],
    },
  ],
  [
    'UF8uR6Z6KLc',
    {
      ua: [
        'Залишайтеся голодними, залишайтеся безрозсудними',
        'Промова Стіва Джобса перед випускниками Стенфорда про навчання впродовж життя.',
      ],
      ru: [
        'Оставайтесь голодными, оставайтесь безрассудными',
        'Речь Стива Джобса перед выпускниками Стэнфорда об учёбе длиною в жизнь.',
      ],
      en: ['Stay hungry, stay foolish', "Steve Jobs' Stanford commencement address on learning throughout life."],
      pl: [
        'Bądźcie głodni, bądźcie szaleni',
        "Przemówienie Steve'a Jobsa do absolwentów Stanfordu o uczeniu się przez całe życie.",
      ],
      es: ['Sigue hambriento, sigue alocado', 'El discurso de Steve Jobs en Stanford sobre aprender toda la vida.'],
    },
  ],
]

/** [employment, remote, {lang: [title, html]}] */
const VACANCIES: [string, boolean, Record<Lang, [string, string]>][] = [
  [
    'PART_TIME',
    true,
    {
      ua: [
        'Репетитор англійської мови (онлайн)',
        '<p>Шукаємо викладачів англійської для занять з учнями 5–11 класів і дорослими.</p><ul><li>Вільний графік: ви самі обираєте учнів і час.</li><li>Заявки від учнів без витрат на рекламу.</li><li>Оплата за кожне заняття напряму від учня.</li></ul><p>Вимоги: рівень B2+, досвід викладання від року.</p>',
      ],
      ru: [
        'Репетитор английского языка (онлайн)',
        '<p>Ищем преподавателей английского для занятий с учениками 5–11 классов и взрослыми.</p><ul><li>Свободный график: вы сами выбираете учеников и время.</li><li>Заявки от учеников без затрат на рекламу.</li><li>Оплата за каждое занятие напрямую от ученика.</li></ul><p>Требования: уровень B2+, опыт преподавания от года.</p>',
      ],
      en: [
        'English tutor (online)',
        '<p>We are looking for English teachers for students in grades 5–11 and adults.</p><ul><li>Your own schedule: you choose students and hours.</li><li>Student requests without spending on ads.</li><li>Paid per lesson, directly by the student.</li></ul><p>Requirements: B2+ level, a year of teaching experience.</p>',
      ],
      pl: [
        'Korepetytor języka angielskiego (online)',
        '<p>Szukamy nauczycieli angielskiego do zajęć z uczniami klas 5–8, licealistami i dorosłymi.</p><ul><li>Własny grafik: sam wybierasz uczniów i godziny.</li><li>Zgłoszenia uczniów bez wydatków na reklamę.</li><li>Płatność za każdą lekcję bezpośrednio od ucznia.</li></ul><p>Wymagania: poziom B2+, rok doświadczenia.</p>',
      ],
      es: [
        'Profesor de inglés (en línea)',
        '<p>Buscamos profesores de inglés para alumnos de secundaria y adultos.</p><ul><li>Horario propio: tú eliges alumnos y horas.</li><li>Solicitudes de alumnos sin gastar en publicidad.</li><li>Cobro por clase, directamente del alumno.</li></ul><p>Requisitos: nivel B2+, un año de experiencia.</p>',
      ],
    },
  ],
  [
    'PART_TIME',
    false,
    {
      ua: [
        'Репетитор математики для підготовки до НМТ',
        '<p>Потрібні викладачі математики для підготовки старшокласників до іспитів — удома в учня або у вас.</p><ul><li>Учні з вашого району.</li><li>Ви встановлюєте ціну заняття.</li></ul><p>Вимоги: профільна освіта, знання програми НМТ.</p>',
      ],
      ru: [
        'Репетитор математики для подготовки к экзаменам',
        '<p>Нужны преподаватели математики для подготовки старшеклассников к экзаменам — дома у ученика или у вас.</p><ul><li>Ученики из вашего района.</li><li>Вы сами назначаете цену занятия.</li></ul><p>Требования: профильное образование, знание экзаменационной программы.</p>',
      ],
      en: [
        'Maths tutor for exam preparation',
        "<p>We need maths teachers to prepare high-school students for exams, at the student's home or yours.</p><ul><li>Students from your neighbourhood.</li><li>You set the price of a lesson.</li></ul><p>Requirements: a degree in the subject, knowledge of the exam syllabus.</p>",
      ],
      pl: [
        'Korepetytor matematyki — przygotowanie do matury',
        '<p>Potrzebujemy nauczycieli matematyki do przygotowania licealistów do matury, u ucznia lub u siebie.</p><ul><li>Uczniowie z Twojej okolicy.</li><li>Sam ustalasz cenę lekcji.</li></ul><p>Wymagania: wykształcenie kierunkowe, znajomość wymagań maturalnych.</p>',
      ],
      es: [
        'Profesor de matemáticas para exámenes',
        '<p>Necesitamos profesores de matemáticas para preparar a alumnos de bachillerato, en casa del alumno o en la tuya.</p><ul><li>Alumnos de tu zona.</li><li>Tú fijas el precio de la clase.</li></ul><p>Requisitos: titulación en la materia, conocer el temario del examen.</p>',
      ],
    },
  ],
  [
    'FULL_TIME',
    false,
    {
      ua: [
        'Менеджер з підбору репетиторів',
        '<p>Допомагайте учням знайти свого викладача: приймайте заявки, радьте репетиторів і супроводжуйте перше заняття.</p><ul><li>Повний день в офісі, навчання за наш рахунок.</li><li>Фіксована ставка й бонуси.</li></ul><p>Вимоги: грамотне мовлення, уважність до людей.</p>',
      ],
      ru: [
        'Менеджер по подбору репетиторов',
        '<p>Помогайте ученикам найти своего преподавателя: принимайте заявки, советуйте репетиторов и сопровождайте первое занятие.</p><ul><li>Полный день в офисе, обучение за наш счёт.</li><li>Фиксированная ставка и бонусы.</li></ul><p>Требования: грамотная речь, внимание к людям.</p>',
      ],
      en: [
        'Tutor matching manager',
        '<p>Help students find their teacher: take requests, suggest tutors and follow up on the first lesson.</p><ul><li>Full time in the office, training paid by us.</li><li>Fixed salary and bonuses.</li></ul><p>Requirements: clear communication, care for people.</p>',
      ],
      pl: [
        'Menedżer doboru korepetytorów',
        '<p>Pomagaj uczniom znaleźć nauczyciela: przyjmuj zgłoszenia, doradzaj korepetytorów i dbaj o pierwszą lekcję.</p><ul><li>Pełny etat w biurze, szkolenie na nasz koszt.</li><li>Stała pensja i premie.</li></ul><p>Wymagania: poprawna polszczyzna, życzliwość wobec ludzi.</p>',
      ],
      es: [
        'Gestor de asignación de profesores',
        '<p>Ayuda a los alumnos a encontrar a su profesor: recibe solicitudes, recomienda profesores y acompaña la primera clase.</p><ul><li>Jornada completa en la oficina, formación a nuestro cargo.</li><li>Sueldo fijo y bonificaciones.</li></ul><p>Requisitos: buena comunicación, trato amable.</p>',
      ],
    },
  ],
  [
    'CONTRACTOR',
    true,
    {
      ua: [
        'Викладач програмування для школярів',
        '<p>Шукаємо викладачів Python і Scratch для онлайн-занять з дітьми 8–16 років.</p><ul><li>Заняття онлайн з будь-якого міста.</li><li>Готові навчальні матеріали.</li></ul><p>Вимоги: досвід розробки або викладання, терпіння до дітей.</p>',
      ],
      ru: [
        'Преподаватель программирования для школьников',
        '<p>Ищем преподавателей Python и Scratch для онлайн-занятий с детьми 8–16 лет.</p><ul><li>Занятия онлайн из любого города.</li><li>Готовые учебные материалы.</li></ul><p>Требования: опыт разработки или преподавания, терпение к детям.</p>',
      ],
      en: [
        'Coding teacher for school students',
        '<p>We are looking for Python and Scratch teachers for online lessons with children aged 8–16.</p><ul><li>Teach online from any city.</li><li>Ready-made lesson materials.</li></ul><p>Requirements: development or teaching experience, patience with children.</p>',
      ],
      pl: [
        'Nauczyciel programowania dla uczniów',
        '<p>Szukamy nauczycieli Pythona i Scratcha do zajęć online z dziećmi w wieku 8–16 lat.</p><ul><li>Zajęcia online z dowolnego miasta.</li><li>Gotowe materiały.</li></ul><p>Wymagania: doświadczenie programistyczne lub dydaktyczne, cierpliwość do dzieci.</p>',
      ],
      es: [
        'Profesor de programación para escolares',
        '<p>Buscamos profesores de Python y Scratch para clases en línea con niños de 8 a 16 años.</p><ul><li>Clases en línea desde cualquier ciudad.</li><li>Materiales listos para usar.</li></ul><p>Requisitos: experiencia en desarrollo o docencia, paciencia con los niños.</p>',
      ],
    },
  ],
]

const pickLangs = <T>(edition: string, all: Record<Lang, T>, f: (v: T) => string): Texts =>
  Object.fromEntries(EDITION_LANGS[edition]!.map((l) => [l, f(all[l])]))

export function demoVideos(edition: string) {
  return VIDEOS.map(([youtube_id, t], i) => ({
    youtube_id,
    titles: pickLangs(edition, t, (v) => v[0]),
    descriptions: pickLangs(edition, t, (v) => v[1]),
    sort: (i + 1) * 10,
  }))
}

export function demoVacancies(edition: string) {
  return VACANCIES.map(([employment, remote, t], i) => ({
    employment,
    remote,
    titles: pickLangs(edition, t, (v) => v[0]),
    texts: pickLangs(edition, t, (v) => v[1]),
    cities: remote ? {} : CITY[edition]!,
    sort: (i + 1) * 10,
  }))
}

export const DEMO_EDITIONS = Object.keys(SITE)
