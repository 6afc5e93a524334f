// Demo news and categories of every edition as of migration 2026_11_25_0033 (frozen: the few edition
// facts the texts use are copied here). Written in the edition's default language; the other languages
// an edition serves fall back to it. HTML is the small subset the server's sanitiser keeps.

type Lang = 'ua' | 'ru' | 'en' | 'pl' | 'es'

export interface SeedNewsCategory {
  alias: string
  names: Partial<Record<Lang, string>>
}
export interface SeedNews {
  alias: string
  category: string
  titles: Partial<Record<Lang, string>>
  descriptions: Partial<Record<Lang, string>>
  texts: Partial<Record<Lang, string>>
  daysAgo: number
  /** [sum of marks, count of marks] */
  rating: [number, number]
}

/** [alias, category, title, description, paragraphs] */
type Item = [string, string, string, string, string[]]
interface LangData {
  categories: [string, string][]
  items: (site: string) => Item[]
}

const BY_LANG: Record<Lang, LangData> = {
  ua: {
    categories: [
      ['education', 'Освіта'],
      ['exams', 'Іспити'],
      ['service', 'Новини сервісу'],
    ],
    items: (s) => [
      [
        'nmt-2027-dates',
        'exams',
        'НМТ-2027: коли реєстрація і як підготуватися',
        'Основні дати національного мультипредметного тесту та план підготовки на пів року.',
        [
          'Реєстрація на НМТ зазвичай відкривається на початку весни, а основна сесія проходить у травні–червні.',
          'Почніть із діагностичного тесту: він покаже, які теми потребують найбільше часу. Далі — два-три заняття на тиждень із репетитором і пробні тести щомісяця.',
          `На ${s} можна знайти репетиторів, які спеціалізуються саме на підготовці до НМТ з математики, української мови та історії.`,
        ],
      ],
      [
        'online-lessons-tips',
        'education',
        'Як отримати максимум від онлайн-занять',
        'Прості правила, що роблять урок онлайн таким же ефективним, як наживо.',
        [
          'Перевірте інтернет і навушники за 10 хвилин до початку. Тримайте зошит під рукою: записи від руки запам’ятовуються краще.',
          'Домовтеся з репетитором про спільну онлайн-дошку та формат домашніх завдань. Після уроку коротко запишіть, що було новим.',
        ],
      ],
      [
        'new-tutor-profiles',
        'service',
        'Оновлені анкети репетиторів',
        'Тепер в анкеті видно ціни за різну тривалість уроку, відгуки та досвід.',
        [
          `Ми оновили сторінки репетиторів на ${s}: ціни за 45, 60 і 90 хвилин показано поруч, а відгуки учнів — одразу під описом.`,
          'Перевірені документи про освіту позначено окремим значком.',
        ],
      ],
      [
        'english-speaking-club',
        'education',
        'Розмовна англійська: чому варто займатися в парі',
        'Заняття удвох допомагають подолати мовний бар’єр і економлять бюджет.',
        [
          'Коли поруч є партнер того ж рівня, говорити легше: помилки не лякають, а діалоги виходять природними.',
          'Багато репетиторів пропонують парні уроки зі знижкою для кожного учня. Запитайте про це у своїй заявці.',
        ],
      ],
      [
        'math-olympiad',
        'exams',
        'Олімпіада з математики: з чого почати',
        'Як підготуватися до шкільного етапу олімпіади та не перевтомитися.',
        [
          'Олімпіадні задачі вимагають не стільки знань, скільки звички міркувати. Розв’язуйте по дві-три задачі щодня, а не десять у вихідні.',
          'Репетитор допоможе розібрати типові ідеї: інваріанти, принцип Діріхле, оцінки.',
        ],
      ],
      [
        'summer-learning',
        'education',
        'Як не забути шкільну програму за літо',
        'Кілька занять на тиждень влітку зберігають навички без перевантаження.',
        [
          'За три місяці канікул діти втрачають частину навичок, особливо з математики та мов.',
          'Достатньо одного-двох легких занять на тиждень, читання й ігор зі словами, щоб у вересні почати впевнено.',
        ],
      ],
      [
        'request-in-two-minutes',
        'service',
        'Заявка на репетитора за дві хвилини',
        'Ми спростили форму заявки: предмет, рівень і зручний час — і менеджер підбере варіанти.',
        [
          'Нова форма заявки запитує лише головне. Решту менеджер уточнить у чаті заявки.',
          'Ви отримаєте кілька анкет репетиторів на вибір і зможете домовитися про пробне заняття.',
        ],
      ],
      [
        'homework-without-tears',
        'education',
        'Домашні завдання без сліз: поради батькам',
        'Як допомогти дитині з уроками й не робити їх замість неї.',
        [
          'Встановіть сталий час для домашніх завдань і приберіть телефон зі столу.',
          'Питайте «як ти думаєш?» замість того, щоб підказувати відповідь. Якщо тема не дається кілька тижнів — це привід звернутися до репетитора.',
        ],
      ],
    ],
  },
  ru: {
    categories: [
      ['education', 'Образование'],
      ['exams', 'Экзамены'],
      ['service', 'Новости сервиса'],
    ],
    items: (s) => [
      [
        'ent-2027-preparation',
        'exams',
        'ЕНТ-2027: как подготовиться за полгода',
        'План подготовки к единому национальному тестированию и полезные советы.',
        [
          'Начните с пробного теста: он покажет слабые темы. Затем два-три занятия в неделю с репетитором и пробный тест раз в месяц.',
          `На ${s} есть репетиторы, которые готовят к ЕНТ по математике, истории Казахстана и профильным предметам.`,
        ],
      ],
      [
        'online-lessons-tips',
        'education',
        'Как получить максимум от онлайн-занятий',
        'Простые правила, которые делают онлайн-урок таким же полезным, как очный.',
        [
          'Проверьте интернет и наушники за 10 минут до начала. Держите тетрадь под рукой: записи от руки запоминаются лучше.',
          'Договоритесь с репетитором об общей онлайн-доске и формате домашних заданий.',
        ],
      ],
      [
        'new-tutor-profiles',
        'service',
        'Обновлённые анкеты репетиторов',
        'Теперь в анкете видны цены за разную длительность урока, отзывы и опыт.',
        [
          `Мы обновили страницы репетиторов на ${s}: цены за 45, 60 и 90 минут показаны рядом, а отзывы учеников — сразу под описанием.`,
          'Проверенные документы об образовании отмечены отдельным значком.',
        ],
      ],
      [
        'english-in-pairs',
        'education',
        'Разговорный английский: почему стоит заниматься в паре',
        'Занятия вдвоём помогают преодолеть языковой барьер и экономят бюджет.',
        [
          'Когда рядом партнёр того же уровня, говорить легче: ошибки не пугают, а диалоги получаются естественными.',
          'Многие репетиторы предлагают парные уроки со скидкой для каждого ученика.',
        ],
      ],
      [
        'math-olympiad',
        'exams',
        'Олимпиада по математике: с чего начать',
        'Как подготовиться к школьному этапу олимпиады и не переутомиться.',
        [
          'Олимпиадные задачи требуют привычки рассуждать. Решайте по две-три задачи в день, а не десять в выходные.',
          'Репетитор поможет разобрать типичные идеи: инварианты, принцип Дирихле, оценки.',
        ],
      ],
      [
        'summer-learning',
        'education',
        'Как не забыть школьную программу за лето',
        'Пара занятий в неделю летом сохраняет навыки без перегрузки.',
        [
          'За три месяца каникул дети теряют часть навыков, особенно по математике и языкам.',
          'Достаточно одного-двух лёгких занятий в неделю и чтения, чтобы в сентябре начать уверенно.',
        ],
      ],
      [
        'request-in-two-minutes',
        'service',
        'Заявка на репетитора за две минуты',
        'Мы упростили форму заявки: предмет, уровень и удобное время.',
        [
          'Новая форма заявки спрашивает только главное. Остальное менеджер уточнит в чате заявки.',
          'Вы получите несколько анкет репетиторов на выбор и договоритесь о пробном занятии.',
        ],
      ],
      [
        'homework-without-tears',
        'education',
        'Домашние задания без слёз: советы родителям',
        'Как помочь ребёнку с уроками и не делать их за него.',
        [
          'Установите постоянное время для домашних заданий и уберите телефон со стола.',
          'Спрашивайте «как ты думаешь?» вместо подсказки. Если тема не даётся несколько недель — это повод обратиться к репетитору.',
        ],
      ],
    ],
  },
  pl: {
    categories: [
      ['edukacja', 'Edukacja'],
      ['egzaminy', 'Egzaminy'],
      ['serwis', 'Nowości serwisu'],
    ],
    items: (s) => [
      [
        'matura-2027-terminy',
        'egzaminy',
        'Matura 2027: terminy i plan nauki',
        'Najważniejsze daty egzaminu maturalnego i plan przygotowań na pół roku.',
        [
          'Egzaminy pisemne odbywają się w maju. Zacznij od próbnej matury, która pokaże, które działy wymagają najwięcej pracy.',
          `W serwisie ${s} znajdziesz korepetytorów specjalizujących się w przygotowaniu do matury z matematyki, polskiego i angielskiego.`,
        ],
      ],
      [
        'lekcje-online-porady',
        'edukacja',
        'Jak najlepiej wykorzystać lekcje online',
        'Proste zasady, dzięki którym lekcja online jest tak skuteczna jak na żywo.',
        [
          'Sprawdź internet i słuchawki 10 minut przed lekcją. Notuj ręcznie — tak zapamiętujesz lepiej.',
          'Ustal z korepetytorem wspólną tablicę online i formę zadań domowych.',
        ],
      ],
      [
        'nowe-profile',
        'serwis',
        'Nowe profile korepetytorów',
        'W profilu widać teraz ceny za lekcje różnej długości, opinie i doświadczenie.',
        [
          `Odświeżyliśmy strony korepetytorów w serwisie ${s}: ceny za 45, 60 i 90 minut są obok siebie, a opinie uczniów tuż pod opisem.`,
          'Zweryfikowane dyplomy mają osobną odznakę.',
        ],
      ],
      [
        'angielski-w-parach',
        'edukacja',
        'Angielski konwersacyjny: dlaczego warto uczyć się w parze',
        'Lekcje we dwoje pomagają przełamać barierę językową i obniżają koszt.',
        [
          'Z partnerem na tym samym poziomie łatwiej mówić: błędy nie onieśmielają, a dialogi są naturalne.',
          'Wielu korepetytorów oferuje lekcje w parach ze zniżką dla każdego ucznia.',
        ],
      ],
      [
        'egzamin-osmoklasisty',
        'egzaminy',
        'Egzamin ósmoklasisty bez stresu',
        'Jak rozłożyć powtórki, żeby zdążyć z całym materiałem.',
        [
          'Podziel materiał na tygodnie i zostaw ostatni miesiąc na arkusze egzaminacyjne.',
          'Regularne lekcje z korepetytorem raz w tygodniu pomagają utrzymać tempo.',
        ],
      ],
      [
        'nauka-latem',
        'edukacja',
        'Jak nie zapomnieć materiału przez wakacje',
        'Kilka krótkich lekcji w tygodniu zachowuje umiejętności bez przemęczenia.',
        [
          'Podczas wakacji dzieci tracą część umiejętności, zwłaszcza z matematyki i języków.',
          'Wystarczą jedna-dwie lekkie lekcje w tygodniu i codzienne czytanie.',
        ],
      ],
      [
        'zgloszenie-w-dwie-minuty',
        'serwis',
        'Zgłoszenie w dwie minuty',
        'Uprościliśmy formularz: przedmiot, poziom i dogodny czas.',
        [
          'Nowy formularz pyta tylko o najważniejsze. Resztę menedżer ustali na czacie zgłoszenia.',
          'Otrzymasz kilka profili korepetytorów do wyboru i umówisz lekcję próbną.',
        ],
      ],
      [
        'zadania-domowe',
        'edukacja',
        'Zadania domowe bez łez: porady dla rodziców',
        'Jak pomóc dziecku w nauce i nie odrabiać lekcji za nie.',
        [
          'Ustal stałą porę na zadania domowe i odłóż telefon.',
          'Pytaj „jak myślisz?” zamiast podpowiadać. Jeśli temat nie wchodzi od kilku tygodni, warto poszukać korepetytora.',
        ],
      ],
    ],
  },
  en: {
    categories: [
      ['education', 'Education'],
      ['exams', 'Exams'],
      ['service', 'Service news'],
    ],
    items: (s) => [
      [
        'exam-season-plan',
        'exams',
        'Exam season: a six-month study plan',
        'How to spread revision over half a year and arrive at the exam rested.',
        [
          'Start with a practice test to see which topics need the most time. Then plan two or three sessions a week and a mock exam every month.',
          `Tutors on ${s} specialise in test preparation for maths, English and sciences.`,
        ],
      ],
      [
        'online-lessons-tips',
        'education',
        'Getting the most out of online lessons',
        'Simple habits that make an online lesson as effective as one in person.',
        [
          'Check your connection and headphones ten minutes before the lesson. Take notes by hand: you remember them better.',
          'Agree with your tutor on a shared online whiteboard and how homework is handed in.',
        ],
      ],
      [
        'new-tutor-profiles',
        'service',
        'Redesigned tutor profiles',
        'Profiles now show prices for every lesson length, reviews and experience at a glance.',
        [
          `We refreshed the tutor pages on ${s}: prices for 45, 60 and 90 minutes sit side by side and student reviews follow the description.`,
          'Verified qualifications carry their own badge.',
        ],
      ],
      [
        'speaking-in-pairs',
        'education',
        'Speaking practice: why learning in pairs works',
        'Lessons for two help break the speaking barrier and cost less.',
        [
          'With a partner at the same level, speaking gets easier: mistakes are less scary and dialogues feel natural.',
          'Many tutors offer pair lessons with a discount for each student.',
        ],
      ],
      [
        'maths-olympiad',
        'exams',
        'Maths olympiad: where to begin',
        'Preparing for the school round without burning out.',
        [
          'Olympiad problems reward a habit of reasoning more than knowledge. Solve two or three problems a day rather than ten at the weekend.',
          'A tutor can walk you through the classic ideas: invariants, the pigeonhole principle, estimates.',
        ],
      ],
      [
        'summer-learning',
        'education',
        'Keeping skills sharp over the summer',
        'A couple of light lessons a week keeps skills without overload.',
        [
          'Over a long holiday children lose part of what they learned, especially in maths and languages.',
          'One or two light lessons a week and daily reading are enough to start the new year with confidence.',
        ],
      ],
      [
        'request-in-two-minutes',
        'service',
        'Find a tutor in two minutes',
        'The request form now asks only for the subject, level and a convenient time.',
        [
          'The new request form asks only what matters. Your manager clarifies the rest in the request chat.',
          'You get several tutor profiles to choose from and book a trial lesson.',
        ],
      ],
      [
        'homework-without-tears',
        'education',
        'Homework without tears: tips for parents',
        'How to help with homework without doing it for your child.',
        [
          'Set a regular homework time and keep phones off the desk.',
          'Ask “what do you think?” instead of giving the answer. If a topic stays hard for weeks, it is time to look for a tutor.',
        ],
      ],
    ],
  },
  es: {
    categories: [
      ['educacion', 'Educación'],
      ['examenes', 'Exámenes'],
      ['servicio', 'Novedades del servicio'],
    ],
    items: (s) => [
      [
        'plan-de-examenes',
        'examenes',
        'Temporada de exámenes: un plan de seis meses',
        'Cómo repartir el repaso en medio año y llegar descansado al examen.',
        [
          'Empieza con un examen de prueba para ver qué temas necesitan más tiempo. Después, dos o tres clases por semana y un simulacro cada mes.',
          `En ${s} hay profesores especializados en preparar exámenes de matemáticas, inglés y ciencias.`,
        ],
      ],
      [
        'clases-online-consejos',
        'educacion',
        'Cómo aprovechar al máximo las clases online',
        'Hábitos sencillos para que una clase online rinda como una presencial.',
        [
          'Revisa la conexión y los auriculares diez minutos antes. Toma notas a mano: se recuerdan mejor.',
          'Acuerda con tu profesor una pizarra online compartida y cómo entregar los deberes.',
        ],
      ],
      [
        'nuevos-perfiles',
        'servicio',
        'Perfiles de profesores renovados',
        'Ahora el perfil muestra precios por duración de clase, reseñas y experiencia.',
        [
          `Renovamos las páginas de profesores de ${s}: los precios de 45, 60 y 90 minutos aparecen juntos y las reseñas justo debajo de la descripción.`,
          'Los títulos verificados llevan su propia insignia.',
        ],
      ],
      [
        'ingles-en-pareja',
        'educacion',
        'Conversación en inglés: por qué estudiar en pareja',
        'Las clases para dos ayudan a perder el miedo a hablar y cuestan menos.',
        [
          'Con un compañero del mismo nivel es más fácil hablar: los errores asustan menos y los diálogos son naturales.',
          'Muchos profesores ofrecen clases en pareja con descuento para cada alumno.',
        ],
      ],
      [
        'olimpiada-matematicas',
        'examenes',
        'Olimpiada de matemáticas: por dónde empezar',
        'Cómo preparar la fase escolar sin agotarse.',
        [
          'Los problemas de olimpiada premian el hábito de razonar. Resuelve dos o tres al día en lugar de diez el fin de semana.',
          'Un profesor te ayudará con las ideas clásicas: invariantes, el principio del palomar, estimaciones.',
        ],
      ],
      [
        'aprender-en-verano',
        'educacion',
        'Cómo no olvidar lo aprendido en verano',
        'Un par de clases ligeras por semana mantienen las habilidades.',
        [
          'En las vacaciones largas los niños pierden parte de lo aprendido, sobre todo en matemáticas e idiomas.',
          'Bastan una o dos clases ligeras por semana y lectura diaria para empezar el curso con confianza.',
        ],
      ],
      [
        'solicitud-en-dos-minutos',
        'servicio',
        'Encuentra profesor en dos minutos',
        'El formulario de solicitud ahora pide solo la asignatura, el nivel y el horario.',
        [
          'El nuevo formulario pregunta solo lo esencial. Tu gestor aclara el resto en el chat de la solicitud.',
          'Recibirás varios perfiles de profesores para elegir y reservar una clase de prueba.',
        ],
      ],
      [
        'deberes-sin-lagrimas',
        'educacion',
        'Deberes sin lágrimas: consejos para familias',
        'Cómo ayudar con los deberes sin hacerlos por tu hijo.',
        [
          'Fija una hora habitual para los deberes y aparta el móvil de la mesa.',
          'Pregunta «¿tú qué crees?» en lugar de dar la respuesta. Si un tema cuesta durante semanas, es momento de buscar profesor.',
        ],
      ],
    ],
  },
}

const EDITIONS: Record<string, { site: string; lang: Lang }> = {
  ua: { site: 'Tutors UA', lang: 'ua' },
  pl: { site: 'Korepetycje', lang: 'pl' },
  kz: { site: 'Repetitor KZ', lang: 'ru' },
  us: { site: 'Tutors US', lang: 'en' },
  in: { site: 'Tutors India', lang: 'en' },
  mx: { site: 'Clases MX', lang: 'es' },
  es: { site: 'Tutores ES', lang: 'es' },
  ng: { site: 'Tutors NG', lang: 'en' },
}

// A plausible spread of marks: [sum, count] per item, by position.
const RATINGS: [number, number][] = [
  [43, 9],
  [27, 6],
  [14, 3],
  [38, 8],
  [19, 4],
  [22, 5],
  [9, 2],
  [31, 7],
]

export const EDITION_NEWS: Record<string, { categories: SeedNewsCategory[]; news: SeedNews[] }> = Object.fromEntries(
  Object.entries(EDITIONS).map(([code, ed]) => {
    const data = BY_LANG[ed.lang]
    const categories = data.categories.map(([alias, name]) => ({ alias, names: { [ed.lang]: name } }))
    const news = data.items(ed.site).map(
      ([alias, category, title, description, paragraphs], i): SeedNews => ({
        alias,
        category,
        titles: { [ed.lang]: title },
        descriptions: { [ed.lang]: description },
        texts: { [ed.lang]: paragraphs.map((p) => `<p>${p}</p>`).join('') },
        daysAgo: 2 + i * 4,
        rating: RATINGS[i % RATINGS.length]!,
      }),
    )
    return [code, { categories, news }]
  }),
)
