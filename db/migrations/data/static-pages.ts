// The footer's static pages of every edition as of migration 2026_11_25_0024 (frozen: a migration must
// not change when the editions table or the demo seed does, so the few edition facts the texts use are
// copied here). One text per language the edition serves; links inside a text carry the locale prefix
// of a non-default language. HTML is the small subset the server's sanitiser keeps.

type Lang = 'ua' | 'ru' | 'en' | 'pl' | 'es'
interface Ctx {
  site: string
  cat: string
  online: string
  pre: string
}
/** alias → [title, meta description, HTML] */
type Texts = Record<string, [string, string, string]>

export const STATIC_PAGE_ALIASES = [
  'about',
  'contacts',
  'how-it-works',
  'faq',
  'oferta',
  'ofertaclient',
  'pp',
  'cookies',
  'materials',
  'popular',
  'media',
  'vacancy',
] as const

const ul = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`
const p = (...ps: string[]) => ps.map((x) => `<p>${x}</p>`).join('')

const ua = (c: Ctx): Texts => ({
  about: [
    'Про нас',
    `${c.site} — сервіс пошуку репетиторів: перевірені викладачі, чесні ціни й підтримка на кожному кроці.`,
    p(
      `${c.site} допомагає учням, батькам і студентам знайти репетитора з потрібного предмета — поруч із домом або онлайн.`,
      'Кожна анкета проходить модерацію: ми перевіряємо документи про освіту, досвід і фото викладача.',
      'Менеджер підбирає репетиторів під вашу заявку безкоштовно, а відгуки пишуть лише учні, які справді займалися.',
    ) +
      ul([
        `<a href="${c.pre}/${c.cat}/">Каталог репетиторів</a>`,
        `<a href="${c.pre}/${c.online}/">Заняття онлайн</a>`,
        `<a href="${c.pre}/how-it-works">Як це працює</a>`,
      ]),
  ],
  contacts: [
    'Контакти',
    `Як зв'язатися зі службою підтримки ${c.site}.`,
    p(
      "Ми на зв'язку щодня з 9:00 до 21:00.",
      'Учням: напишіть менеджеру в чаті своєї заявки в особистому кабінеті — він відповість і допоможе з вибором репетитора.',
      'Репетиторам: питання щодо анкети, оплати чи замовлень ставте в кабінеті репетитора, у чаті відповідного замовлення.',
      `Відповіді на часті питання зібрані на сторінці <a href="${c.pre}/p/faq">Питання та відповіді</a>.`,
    ),
  ],
  'how-it-works': [
    'Як це працює',
    `Як знайти репетитора на ${c.site}: заявка, підбір, пробне заняття.`,
    '<ol><li>Залиште заявку: предмет, рівень, зручний час і формат — вдома, у репетитора чи онлайн.</li>' +
      '<li>Менеджер підбере кількох репетиторів, які підходять саме вам, або оберіть самі в каталозі.</li>' +
      '<li>Домовтеся про перше заняття з обраним репетитором.</li>' +
      '<li>Якщо заняття сподобалося — продовжуйте; якщо ні — ми безкоштовно запропонуємо іншого викладача.</li>' +
      '<li>Після занять залиште відгук: це допомагає іншим учням.</li></ol>',
  ],
  faq: [
    'Питання та відповіді',
    `Відповіді на часті питання учнів і репетиторів ${c.site}.`,
    '<h2>Скільки коштує підбір репетитора?</h2>' +
      p('Для учнів підбір безкоштовний. Ви платите лише репетитору за заняття за ціною з його анкети.') +
      '<h2>Чи можна займатися онлайн?</h2>' +
      p(
        `Так. Більшість репетиторів проводять заняття онлайн — дивіться <a href="${c.pre}/${c.online}/">каталог онлайн-занять</a>.`,
      ) +
      '<h2>Що робити, якщо репетитор не підійшов?</h2>' +
      p('Напишіть менеджеру в чаті заявки — ми запропонуємо іншого викладача.') +
      '<h2>Як стати репетитором?</h2>' +
      p("Зареєструйтеся, заповніть анкету й завантажте документи. Після модерації анкета з'явиться в каталозі."),
  ],
  oferta: [
    'Договір для репетиторів',
    `Умови співпраці ${c.site} з репетиторами.`,
    p(`Цей договір визначає умови, на яких ${c.site} передає репетитору заявки учнів.`) +
      ul([
        'Репетитор зазначає в анкеті правдиві дані про освіту, досвід і ціни та підтверджує їх документами.',
        "Отримавши заявку, репетитор зв'язується з учнем у погоджений строк і повідомляє про результат.",
        'За кожного учня, з яким почалися заняття, репетитор сплачує сервісу комісію за тарифами, вказаними в кабінеті.',
        'Сервіс може призупинити анкету за порушення умов або скарги учнів.',
      ]),
  ],
  ofertaclient: [
    'Договір для учнів',
    `Умови користування ${c.site} для учнів і батьків.`,
    p(`${c.site} безкоштовно допомагає учням знайти репетитора.`) +
      ul([
        "Учень надає правдиві контактні дані, щоб менеджер і репетитор могли зв'язатися з ним.",
        'Ціну, розклад і формат занять учень погоджує з репетитором безпосередньо.',
        "Сервіс не є стороною договору про навчання, але допомагає розв'язати спірні ситуації.",
        'Відгуки мають бути чесними й стосуватися реальних занять.',
      ]),
  ],
  pp: [
    'Політика конфіденційності',
    `Які персональні дані збирає ${c.site} і як їх захищає.`,
    p("Ми збираємо лише дані, потрібні для підбору репетитора: ім'я, телефон, e-mail, предмет і побажання до занять.") +
      ul([
        'Дані учня бачить менеджер і репетитор, якому передано заявку.',
        'Ми не продаємо персональні дані третім особам.',
        "Дані передаються захищеним з'єднанням і зберігаються на захищених серверах.",
        'Ви можете попросити змінити або видалити свої дані, написавши в підтримку.',
      ]),
  ],
  cookies: [
    'Політика щодо файлів cookie',
    `Як ${c.site} використовує файли cookie.`,
    p('Cookie — це невеликі файли, які сайт зберігає у вашому браузері.') +
      ul([
        'Необхідні cookie тримають вас у системі й захищають форми — без них сайт не працює.',
        'Аналітичні cookie допомагають зрозуміти, які сторінки корисні, щоб покращувати сервіс.',
        'Ви можете видалити cookie або заборонити їх у налаштуваннях браузера.',
      ]),
  ],
  materials: [
    'Матеріали',
    'Корисні матеріали для навчання та підготовки до іспитів.',
    p('Поради, які допоможуть отримати більше від занять з репетитором:') +
      ul([
        'Поставте ціль: іспит, оцінка чи рівень мови — і строк, до якого її досягти.',
        'Займайтеся регулярно: два заняття на тиждень дають кращий результат, ніж одне довге.',
        'Виконуйте домашні завдання — саме вони закріплюють матеріал.',
        'Раз на місяць обговорюйте з репетитором прогрес і коригуйте план.',
      ]),
  ],
  media: [
    'ЗМІ про нас',
    `${c.site} для журналістів: хто ми, що робимо і як отримати коментар.`,
    p(
      `${c.site} — онлайн-сервіс, який з'єднує учнів і репетиторів: каталог перевірених викладачів, підбір за заявкою і заняття вдома чи онлайн.`,
      'Готуєте матеріал про освіту, репетиторство чи підготовку до іспитів? Ми охоче поділимося спостереженнями про попит на предмети й формати занять.',
      `Запити від редакцій приймаємо через сторінку <a href="${c.pre}/contacts">Контакти</a>; логотип і опис сервісу надамо на запит.`,
    ),
  ],
  vacancy: [
    'Вакансії',
    `Робота репетитором на ${c.site}: учні поруч із домом і онлайн, вільний графік.`,
    p(`${c.site} шукає репетиторів з усіх шкільних предметів, іноземних мов, музики та підготовки до іспитів.`) +
      ul([
        'Учні з вашого міста й онлайн: заявки надходять у ваш кабінет.',
        'Ви самі обираєте предмети, ціну й графік занять.',
        'Відгуки учнів і рейтинг піднімають вашу анкету в каталозі.',
      ]) +
      p(
        `Щоб почати, <a href="${c.pre}/register">зареєструйтеся як репетитор</a> і заповніть анкету: освіта, досвід, фото. Після перевірки анкета з'явиться в каталозі.`,
      ),
  ],
  popular: [
    'Популярні запити',
    'Популярні запити: репетитори з різних предметів у вашому місті й онлайн.',
    p('Найчастіше на сайті шукають:') +
      ul([
        `<a href="${c.pre}/${c.cat}/">Усі репетитори</a>`,
        `<a href="${c.pre}/${c.online}/">Репетитори онлайн</a>`,
        `<a href="${c.pre}/how-it-works">Як обрати репетитора</a>`,
        `<a href="${c.pre}/p/faq">Питання та відповіді</a>`,
      ]),
  ],
})

const ru = (c: Ctx): Texts => ({
  about: [
    'О нас',
    `${c.site} — сервис поиска репетиторов: проверенные преподаватели, честные цены и поддержка на каждом шаге.`,
    p(
      `${c.site} помогает ученикам, родителям и студентам найти репетитора по нужному предмету — рядом с домом или онлайн.`,
      'Каждая анкета проходит модерацию: мы проверяем документы об образовании, опыт и фото преподавателя.',
      'Менеджер бесплатно подбирает репетиторов под вашу заявку, а отзывы пишут только ученики, которые действительно занимались.',
    ) +
      ul([
        `<a href="${c.pre}/${c.cat}/">Каталог репетиторов</a>`,
        `<a href="${c.pre}/${c.online}/">Занятия онлайн</a>`,
        `<a href="${c.pre}/how-it-works">Как это работает</a>`,
      ]),
  ],
  contacts: [
    'Контакты',
    `Как связаться со службой поддержки ${c.site}.`,
    p(
      'Мы на связи ежедневно с 9:00 до 21:00.',
      'Ученикам: напишите менеджеру в чате своей заявки в личном кабинете — он ответит и поможет с выбором репетитора.',
      'Репетиторам: вопросы об анкете, оплате и заказах задавайте в кабинете репетитора, в чате соответствующего заказа.',
      `Ответы на частые вопросы собраны на странице <a href="${c.pre}/p/faq">Вопросы и ответы</a>.`,
    ),
  ],
  'how-it-works': [
    'Как это работает',
    `Как найти репетитора на ${c.site}: заявка, подбор, пробное занятие.`,
    '<ol><li>Оставьте заявку: предмет, уровень, удобное время и формат — дома, у репетитора или онлайн.</li>' +
      '<li>Менеджер подберёт нескольких подходящих репетиторов, или выберите сами в каталоге.</li>' +
      '<li>Договоритесь о первом занятии с выбранным репетитором.</li>' +
      '<li>Понравилось — продолжайте; нет — мы бесплатно предложим другого преподавателя.</li>' +
      '<li>После занятий оставьте отзыв: это помогает другим ученикам.</li></ol>',
  ],
  faq: [
    'Вопросы и ответы',
    `Ответы на частые вопросы учеников и репетиторов ${c.site}.`,
    '<h2>Сколько стоит подбор репетитора?</h2>' +
      p('Для учеников подбор бесплатный. Вы платите только репетитору за занятия по цене из его анкеты.') +
      '<h2>Можно ли заниматься онлайн?</h2>' +
      p(
        `Да. Большинство репетиторов проводят занятия онлайн — смотрите <a href="${c.pre}/${c.online}/">каталог онлайн-занятий</a>.`,
      ) +
      '<h2>Что делать, если репетитор не подошёл?</h2>' +
      p('Напишите менеджеру в чате заявки — мы предложим другого преподавателя.') +
      '<h2>Как стать репетитором?</h2>' +
      p('Зарегистрируйтесь, заполните анкету и загрузите документы. После модерации анкета появится в каталоге.'),
  ],
  oferta: [
    'Договор для репетиторов',
    `Условия сотрудничества ${c.site} с репетиторами.`,
    p(`Этот договор определяет условия, на которых ${c.site} передаёт репетитору заявки учеников.`) +
      ul([
        'Репетитор указывает в анкете достоверные данные об образовании, опыте и ценах и подтверждает их документами.',
        'Получив заявку, репетитор связывается с учеником в согласованный срок и сообщает о результате.',
        'За каждого ученика, с которым начались занятия, репетитор платит сервису комиссию по тарифам, указанным в кабинете.',
        'Сервис может приостановить анкету за нарушение условий или жалобы учеников.',
      ]),
  ],
  ofertaclient: [
    'Договор для учеников',
    `Условия пользования ${c.site} для учеников и родителей.`,
    p(`${c.site} бесплатно помогает ученикам найти репетитора.`) +
      ul([
        'Ученик указывает достоверные контактные данные, чтобы менеджер и репетитор могли с ним связаться.',
        'Цену, расписание и формат занятий ученик согласует с репетитором напрямую.',
        'Сервис не является стороной договора об обучении, но помогает решить спорные ситуации.',
        'Отзывы должны быть честными и касаться реальных занятий.',
      ]),
  ],
  pp: [
    'Политика конфиденциальности',
    `Какие персональные данные собирает ${c.site} и как их защищает.`,
    p(
      'Мы собираем только данные, нужные для подбора репетитора: имя, телефон, e-mail, предмет и пожелания к занятиям.',
    ) +
      ul([
        'Данные ученика видят менеджер и репетитор, которому передана заявка.',
        'Мы не продаём персональные данные третьим лицам.',
        'Данные передаются по защищённому соединению и хранятся на защищённых серверах.',
        'Вы можете попросить изменить или удалить свои данные, написав в поддержку.',
      ]),
  ],
  cookies: [
    'Политика в отношении файлов cookie',
    `Как ${c.site} использует файлы cookie.`,
    p('Cookie — это небольшие файлы, которые сайт сохраняет в вашем браузере.') +
      ul([
        'Необходимые cookie сохраняют вход в систему и защищают формы — без них сайт не работает.',
        'Аналитические cookie помогают понять, какие страницы полезны, чтобы улучшать сервис.',
        'Вы можете удалить cookie или запретить их в настройках браузера.',
      ]),
  ],
  materials: [
    'Материалы',
    'Полезные материалы для учёбы и подготовки к экзаменам.',
    p('Советы, которые помогут получить больше от занятий с репетитором:') +
      ul([
        'Поставьте цель: экзамен, оценка или уровень языка — и срок, к которому её достичь.',
        'Занимайтесь регулярно: два занятия в неделю дают лучший результат, чем одно длинное.',
        'Выполняйте домашние задания — именно они закрепляют материал.',
        'Раз в месяц обсуждайте с репетитором прогресс и корректируйте план.',
      ]),
  ],
  media: [
    'СМИ о нас',
    `${c.site} для журналистов: кто мы, что делаем и как получить комментарий.`,
    p(
      `${c.site} — онлайн-сервис, который соединяет учеников и репетиторов: каталог проверенных преподавателей, подбор по заявке и занятия дома или онлайн.`,
      'Готовите материал об образовании, репетиторстве или подготовке к экзаменам? Мы охотно поделимся наблюдениями о спросе на предметы и форматы занятий.',
      `Запросы от редакций принимаем через страницу <a href="${c.pre}/contacts">Контакты</a>; логотип и описание сервиса предоставим по запросу.`,
    ),
  ],
  vacancy: [
    'Вакансии',
    `Работа репетитором на ${c.site}: ученики рядом с домом и онлайн, свободный график.`,
    p(`${c.site} ищет репетиторов по всем школьным предметам, иностранным языкам, музыке и подготовке к экзаменам.`) +
      ul([
        'Ученики из вашего города и онлайн: заявки приходят в ваш кабинет.',
        'Вы сами выбираете предметы, цену и график занятий.',
        'Отзывы учеников и рейтинг поднимают вашу анкету в каталоге.',
      ]) +
      p(
        `Чтобы начать, <a href="${c.pre}/register">зарегистрируйтесь как репетитор</a> и заполните анкету: образование, опыт, фото. После проверки анкета появится в каталоге.`,
      ),
  ],
  popular: [
    'Популярные запросы',
    'Популярные запросы: репетиторы по разным предметам в вашем городе и онлайн.',
    p('Чаще всего на сайте ищут:') +
      ul([
        `<a href="${c.pre}/${c.cat}/">Все репетиторы</a>`,
        `<a href="${c.pre}/${c.online}/">Репетиторы онлайн</a>`,
        `<a href="${c.pre}/how-it-works">Как выбрать репетитора</a>`,
        `<a href="${c.pre}/p/faq">Вопросы и ответы</a>`,
      ]),
  ],
})

const en = (c: Ctx): Texts => ({
  about: [
    'About us',
    `${c.site} helps you find a tutor: verified teachers, fair prices and support at every step.`,
    p(
      `${c.site} helps students, parents and learners of any age find a tutor for the subject they need — near home or online.`,
      "Every profile is moderated: we check the tutor's education documents, experience and photo.",
      'A manager matches tutors to your request free of charge, and only students who really took lessons can leave reviews.',
    ) +
      ul([
        `<a href="${c.pre}/${c.cat}/">Find a tutor</a>`,
        `<a href="${c.pre}/${c.online}/">Online lessons</a>`,
        `<a href="${c.pre}/how-it-works">How it works</a>`,
      ]),
  ],
  contacts: [
    'Contacts',
    `How to reach ${c.site} support.`,
    p(
      'We are available every day from 9 am to 9 pm.',
      'Students: write to your manager in the chat of your request in your account — they will answer and help you choose a tutor.',
      'Tutors: ask about your profile, payments or orders in the tutor account, in the chat of the order concerned.',
      `Answers to common questions are on the <a href="${c.pre}/p/faq">FAQ page</a>.`,
    ),
  ],
  'how-it-works': [
    'How it works',
    `How to find a tutor on ${c.site}: request, matching, first lesson.`,
    "<ol><li>Leave a request: subject, level, convenient time and format — at your home, at the tutor's or online.</li>" +
      '<li>A manager suggests a few tutors who fit you, or you pick one yourself in the catalogue.</li>' +
      '<li>Arrange the first lesson with the tutor you chose.</li>' +
      '<li>Liked it? Carry on. If not, we suggest another tutor at no cost.</li>' +
      '<li>After your lessons, leave a review: it helps other students.</li></ol>',
  ],
  faq: [
    'FAQ',
    `Answers to common questions from ${c.site} students and tutors.`,
    '<h2>How much does matching cost?</h2>' +
      p('Matching is free for students. You pay the tutor only for lessons, at the price in their profile.') +
      '<h2>Can I study online?</h2>' +
      p(`Yes. Most tutors teach online — see the <a href="${c.pre}/${c.online}/">online catalogue</a>.`) +
      '<h2>What if the tutor is not a good fit?</h2>' +
      p('Write to your manager in the request chat and we will suggest another tutor.') +
      '<h2>How do I become a tutor?</h2>' +
      p(
        'Sign up, fill in your profile and upload your documents. After moderation your profile appears in the catalogue.',
      ),
  ],
  oferta: [
    'Terms for tutors',
    `The terms on which ${c.site} works with tutors.`,
    p(`These terms set out how ${c.site} passes student requests to tutors.`) +
      ul([
        'The tutor gives true information about education, experience and prices and confirms it with documents.',
        'Having accepted a request, the tutor contacts the student within the agreed time and reports the outcome.',
        'For each student who starts lessons, the tutor pays the service a fee at the rates shown in the tutor account.',
        'The service may suspend a profile for breaking these terms or after student complaints.',
      ]),
  ],
  ofertaclient: [
    'Terms for clients',
    `The terms of using ${c.site} for students and parents.`,
    p(`${c.site} helps students find a tutor free of charge.`) +
      ul([
        'The student gives true contact details so that the manager and the tutor can reach them.',
        'The price, schedule and format of lessons are agreed with the tutor directly.',
        'The service is not a party to the tutoring agreement but helps resolve disputes.',
        'Reviews must be honest and about real lessons.',
      ]),
  ],
  pp: [
    'Privacy policy',
    `What personal data ${c.site} collects and how it is protected.`,
    p(
      'We collect only what is needed to find you a tutor: name, phone, e-mail, subject and your wishes for the lessons.',
    ) +
      ul([
        "A student's data is seen by the manager and by the tutor the request is passed to.",
        'We never sell personal data to third parties.',
        'Data travels over encrypted connections and is kept on protected servers.',
        'You can ask us to correct or delete your data by writing to support.',
      ]),
  ],
  cookies: [
    'Cookie policy',
    `How ${c.site} uses cookies.`,
    p('Cookies are small files a website stores in your browser.') +
      ul([
        'Essential cookies keep you signed in and protect forms — the site does not work without them.',
        'Analytics cookies show us which pages are useful so we can improve the service.',
        'You can delete or block cookies in your browser settings.',
      ]),
  ],
  materials: [
    'Materials',
    'Useful materials for studying and exam preparation.',
    p('Tips to get more out of lessons with a tutor:') +
      ul([
        'Set a goal — an exam, a grade or a language level — and a date to reach it by.',
        'Study regularly: two lessons a week work better than one long one.',
        'Do your homework: it is what makes the material stick.',
        'Once a month, review progress with your tutor and adjust the plan.',
      ]),
  ],
  media: [
    'Press',
    `${c.site} for journalists: who we are, what we do and how to get a comment.`,
    p(
      `${c.site} is an online service that connects students with tutors: a catalogue of checked teachers, matching on request, and lessons at home or online.`,
      'Writing about education, tutoring or exam preparation? We are glad to share what we see in the demand for subjects and lesson formats.',
      `Press enquiries go through the <a href="${c.pre}/contacts">Contacts</a> page; we send our logo and a description of the service on request.`,
    ),
  ],
  vacancy: [
    'Vacancies',
    `Work as a tutor on ${c.site}: students near you and online, your own schedule.`,
    p(`${c.site} is looking for tutors of every school subject, foreign languages, music and exam preparation.`) +
      ul([
        'Students in your city and online: requests arrive in your account.',
        'You choose your subjects, price and schedule.',
        'Student reviews and your rating move your profile up the catalogue.',
      ]) +
      p(
        `To start, <a href="${c.pre}/register">register as a tutor</a> and fill in your profile: education, experience, photo. Once checked, it appears in the catalogue.`,
      ),
  ],
  popular: [
    'Popular searches',
    'Popular searches: tutors for every subject in your city and online.',
    p('What people look for most often:') +
      ul([
        `<a href="${c.pre}/${c.cat}/">All tutors</a>`,
        `<a href="${c.pre}/${c.online}/">Online tutors</a>`,
        `<a href="${c.pre}/how-it-works">How to choose a tutor</a>`,
        `<a href="${c.pre}/p/faq">FAQ</a>`,
      ]),
  ],
})

const pl = (c: Ctx): Texts => ({
  about: [
    'O nas',
    `${c.site} pomaga znaleźć korepetytora: sprawdzeni nauczyciele, uczciwe ceny i wsparcie na każdym etapie.`,
    p(
      `${c.site} pomaga uczniom, rodzicom i studentom znaleźć korepetytora z potrzebnego przedmiotu — blisko domu lub online.`,
      'Każdy profil przechodzi moderację: sprawdzamy dokumenty o wykształceniu, doświadczenie i zdjęcie nauczyciela.',
      'Menedżer bezpłatnie dobiera korepetytorów do Twojego zgłoszenia, a opinie wystawiają tylko uczniowie, którzy naprawdę mieli zajęcia.',
    ) +
      ul([
        `<a href="${c.pre}/${c.cat}/">Katalog korepetytorów</a>`,
        `<a href="${c.pre}/${c.online}/">Zajęcia online</a>`,
        `<a href="${c.pre}/how-it-works">Jak to działa</a>`,
      ]),
  ],
  contacts: [
    'Kontakt',
    `Jak skontaktować się z obsługą ${c.site}.`,
    p(
      'Jesteśmy dostępni codziennie od 9:00 do 21:00.',
      'Uczniowie: napisz do menedżera na czacie swojego zgłoszenia w koncie — odpowie i pomoże wybrać korepetytora.',
      'Korepetytorzy: pytania o profil, płatności i zlecenia zadawaj w koncie korepetytora, na czacie danego zlecenia.',
      `Odpowiedzi na częste pytania znajdziesz na stronie <a href="${c.pre}/p/faq">Pytania i odpowiedzi</a>.`,
    ),
  ],
  'how-it-works': [
    'Jak to działa',
    `Jak znaleźć korepetytora w ${c.site}: zgłoszenie, dobór, pierwsza lekcja.`,
    '<ol><li>Wyślij zgłoszenie: przedmiot, poziom, dogodny czas i forma — u Ciebie, u korepetytora lub online.</li>' +
      '<li>Menedżer zaproponuje kilku pasujących korepetytorów albo wybierz sam w katalogu.</li>' +
      '<li>Umów pierwszą lekcję z wybranym korepetytorem.</li>' +
      '<li>Podobało się — kontynuuj; jeśli nie, bezpłatnie zaproponujemy innego nauczyciela.</li>' +
      '<li>Po zajęciach wystaw opinię: pomaga ona innym uczniom.</li></ol>',
  ],
  faq: [
    'Pytania i odpowiedzi',
    `Odpowiedzi na częste pytania uczniów i korepetytorów ${c.site}.`,
    '<h2>Ile kosztuje dobór korepetytora?</h2>' +
      p('Dla uczniów dobór jest bezpłatny. Płacisz tylko korepetytorowi za lekcje według ceny z jego profilu.') +
      '<h2>Czy można uczyć się online?</h2>' +
      p(
        `Tak. Większość korepetytorów prowadzi zajęcia online — zobacz <a href="${c.pre}/${c.online}/">katalog zajęć online</a>.`,
      ) +
      '<h2>Co zrobić, jeśli korepetytor nie pasuje?</h2>' +
      p('Napisz do menedżera na czacie zgłoszenia — zaproponujemy innego nauczyciela.') +
      '<h2>Jak zostać korepetytorem?</h2>' +
      p('Zarejestruj się, wypełnij profil i dodaj dokumenty. Po moderacji profil pojawi się w katalogu.'),
  ],
  oferta: [
    'Regulamin dla korepetytorów',
    `Warunki współpracy ${c.site} z korepetytorami.`,
    p(`Regulamin określa, na jakich warunkach ${c.site} przekazuje korepetytorom zgłoszenia uczniów.`) +
      ul([
        'Korepetytor podaje w profilu prawdziwe dane o wykształceniu, doświadczeniu i cenach oraz potwierdza je dokumentami.',
        'Po przyjęciu zgłoszenia korepetytor kontaktuje się z uczniem w uzgodnionym terminie i informuje o wyniku.',
        'Za każdego ucznia, z którym rozpoczął zajęcia, korepetytor płaci prowizję według stawek podanych w koncie.',
        'Serwis może zawiesić profil za naruszenie regulaminu lub skargi uczniów.',
      ]),
  ],
  ofertaclient: [
    'Regulamin dla klientów',
    `Warunki korzystania z ${c.site} dla uczniów i rodziców.`,
    p(`${c.site} bezpłatnie pomaga uczniom znaleźć korepetytora.`) +
      ul([
        'Uczeń podaje prawdziwe dane kontaktowe, aby menedżer i korepetytor mogli się z nim skontaktować.',
        'Cenę, harmonogram i formę zajęć uczeń uzgadnia bezpośrednio z korepetytorem.',
        'Serwis nie jest stroną umowy o naukę, ale pomaga rozwiązywać spory.',
        'Opinie muszą być uczciwe i dotyczyć rzeczywistych zajęć.',
      ]),
  ],
  pp: [
    'Polityka prywatności',
    `Jakie dane osobowe zbiera ${c.site} i jak je chroni.`,
    p(
      'Zbieramy tylko dane potrzebne do doboru korepetytora: imię, telefon, e-mail, przedmiot i oczekiwania wobec zajęć. Administratorem danych jest operator serwisu; przetwarzamy je zgodnie z RODO.',
    ) +
      ul([
        'Dane ucznia widzi menedżer oraz korepetytor, któremu przekazano zgłoszenie.',
        'Nie sprzedajemy danych osobowych osobom trzecim.',
        'Dane są przesyłane szyfrowanym połączeniem i przechowywane na chronionych serwerach.',
        'Masz prawo do wglądu, poprawienia, przeniesienia i usunięcia swoich danych — napisz do obsługi.',
      ]),
  ],
  cookies: [
    'Polityka plików cookie',
    `Jak ${c.site} używa plików cookie.`,
    p('Pliki cookie to małe pliki, które strona zapisuje w Twojej przeglądarce.') +
      ul([
        'Niezbędne pliki cookie utrzymują logowanie i chronią formularze — bez nich strona nie działa.',
        'Analityczne pliki cookie, na które wyrażasz zgodę w banerze, pokazują nam, które strony są przydatne.',
        'Zgodę możesz zmienić, a pliki cookie usunąć lub zablokować w ustawieniach przeglądarki.',
      ]),
  ],
  materials: [
    'Materiały',
    'Przydatne materiały do nauki i przygotowania do egzaminów.',
    p('Wskazówki, dzięki którym więcej zyskasz na zajęciach z korepetytorem:') +
      ul([
        'Wyznacz cel — egzamin, ocenę lub poziom języka — i termin jego osiągnięcia.',
        'Ucz się regularnie: dwie lekcje w tygodniu dają lepszy efekt niż jedna długa.',
        'Odrabiaj zadania domowe — to one utrwalają materiał.',
        'Raz w miesiącu omów z korepetytorem postępy i popraw plan.',
      ]),
  ],
  media: [
    'Media o nas',
    `${c.site} dla dziennikarzy: kim jesteśmy, co robimy i jak uzyskać komentarz.`,
    p(
      `${c.site} to serwis internetowy, który łączy uczniów z korepetytorami: katalog sprawdzonych nauczycieli, dobór na podstawie zgłoszenia oraz zajęcia w domu lub online.`,
      'Przygotowujesz materiał o edukacji, korepetycjach lub przygotowaniu do egzaminów? Chętnie podzielimy się obserwacjami o popycie na przedmioty i formy zajęć.',
      `Zapytania od redakcji przyjmujemy przez stronę <a href="${c.pre}/contacts">Kontakt</a>; logo i opis serwisu wyślemy na prośbę.`,
    ),
  ],
  vacancy: [
    'Praca',
    `Praca korepetytora w ${c.site}: uczniowie blisko domu i online, własny grafik.`,
    p(
      `${c.site} szuka korepetytorów ze wszystkich przedmiotów szkolnych, języków obcych, muzyki i przygotowania do egzaminów.`,
    ) +
      ul([
        'Uczniowie z Twojego miasta i online: zgłoszenia trafiają do Twojego konta.',
        'Sam wybierasz przedmioty, cenę i grafik zajęć.',
        'Opinie uczniów i ocena podnoszą Twój profil w katalogu.',
      ]) +
      p(
        `Aby zacząć, <a href="${c.pre}/register">zarejestruj się jako korepetytor</a> i uzupełnij profil: wykształcenie, doświadczenie, zdjęcie. Po weryfikacji profil pojawi się w katalogu.`,
      ),
  ],
  popular: [
    'Popularne wyszukiwania',
    'Popularne wyszukiwania: korepetytorzy z każdego przedmiotu w Twoim mieście i online.',
    p('Najczęściej szukane:') +
      ul([
        `<a href="${c.pre}/${c.cat}/">Wszyscy korepetytorzy</a>`,
        `<a href="${c.pre}/${c.online}/">Korepetycje online</a>`,
        `<a href="${c.pre}/how-it-works">Jak wybrać korepetytora</a>`,
        `<a href="${c.pre}/p/faq">Pytania i odpowiedzi</a>`,
      ]),
  ],
})

const es = (c: Ctx): Texts => ({
  about: [
    'Sobre nosotros',
    `${c.site} te ayuda a encontrar profesor particular: docentes verificados, precios justos y apoyo en cada paso.`,
    p(
      `${c.site} ayuda a alumnos, padres y estudiantes a encontrar un profesor particular de la materia que necesitan, cerca de casa o en línea.`,
      'Cada perfil pasa por moderación: revisamos los títulos, la experiencia y la foto del profesor.',
      'Un gestor busca profesores para tu solicitud sin coste, y solo los alumnos que realmente tomaron clases pueden dejar opiniones.',
    ) +
      ul([
        `<a href="${c.pre}/${c.cat}/">Catálogo de profesores</a>`,
        `<a href="${c.pre}/${c.online}/">Clases en línea</a>`,
        `<a href="${c.pre}/how-it-works">Cómo funciona</a>`,
      ]),
  ],
  contacts: [
    'Contacto',
    `Cómo contactar con el soporte de ${c.site}.`,
    p(
      'Atendemos todos los días de 9:00 a 21:00.',
      'Alumnos: escribe a tu gestor en el chat de tu solicitud, en tu cuenta; te responderá y te ayudará a elegir profesor.',
      'Profesores: consulta sobre tu perfil, pagos o pedidos en tu cuenta de profesor, en el chat del pedido correspondiente.',
      `Las respuestas a las dudas frecuentes están en <a href="${c.pre}/p/faq">Preguntas frecuentes</a>.`,
    ),
  ],
  'how-it-works': [
    'Cómo funciona',
    `Cómo encontrar profesor en ${c.site}: solicitud, selección y primera clase.`,
    '<ol><li>Envía una solicitud: materia, nivel, horario y modalidad — en tu casa, en la del profesor o en línea.</li>' +
      '<li>Un gestor te propone varios profesores adecuados, o eliges tú mismo en el catálogo.</li>' +
      '<li>Acuerda la primera clase con el profesor elegido.</li>' +
      '<li>¿Te gustó? Continúa. Si no, te proponemos otro profesor sin coste.</li>' +
      '<li>Después de las clases deja tu opinión: ayuda a otros alumnos.</li></ol>',
  ],
  faq: [
    'Preguntas frecuentes',
    `Respuestas a las preguntas frecuentes de alumnos y profesores de ${c.site}.`,
    '<h2>¿Cuánto cuesta encontrar profesor?</h2>' +
      p('Para los alumnos es gratis. Solo pagas al profesor por las clases, al precio de su perfil.') +
      '<h2>¿Puedo tomar clases en línea?</h2>' +
      p(
        `Sí. La mayoría de los profesores da clases en línea: consulta el <a href="${c.pre}/${c.online}/">catálogo en línea</a>.`,
      ) +
      '<h2>¿Y si el profesor no me convence?</h2>' +
      p('Escribe a tu gestor en el chat de la solicitud y te propondremos otro profesor.') +
      '<h2>¿Cómo me hago profesor?</h2>' +
      p(
        'Regístrate, completa tu perfil y sube tus documentos. Tras la moderación, tu perfil aparecerá en el catálogo.',
      ),
  ],
  oferta: [
    'Condiciones para profesores',
    `Condiciones de colaboración de ${c.site} con los profesores.`,
    p(`Estas condiciones regulan cómo ${c.site} envía las solicitudes de los alumnos a los profesores.`) +
      ul([
        'El profesor indica datos veraces sobre su formación, experiencia y precios y los acredita con documentos.',
        'Al aceptar una solicitud, el profesor contacta con el alumno en el plazo acordado e informa del resultado.',
        'Por cada alumno con el que empieza clases, el profesor paga al servicio una comisión según las tarifas de su cuenta.',
        'El servicio puede suspender un perfil por incumplir estas condiciones o por quejas de los alumnos.',
      ]),
  ],
  ofertaclient: [
    'Condiciones para clientes',
    `Condiciones de uso de ${c.site} para alumnos y familias.`,
    p(`${c.site} ayuda gratuitamente a los alumnos a encontrar profesor.`) +
      ul([
        'El alumno facilita datos de contacto veraces para que el gestor y el profesor puedan localizarlo.',
        'El precio, el horario y la modalidad de las clases se acuerdan directamente con el profesor.',
        'El servicio no es parte del acuerdo de enseñanza, pero ayuda a resolver desacuerdos.',
        'Las opiniones deben ser honestas y referirse a clases reales.',
      ]),
  ],
  pp: [
    'Política de privacidad',
    `Qué datos personales recoge ${c.site} y cómo los protege.`,
    p(
      'Solo recogemos los datos necesarios para encontrarte profesor: nombre, teléfono, correo electrónico, materia y preferencias de clase.',
    ) +
      ul([
        'Los datos del alumno los ven el gestor y el profesor al que se envía la solicitud.',
        'Nunca vendemos datos personales a terceros.',
        'Los datos viajan por conexiones cifradas y se guardan en servidores protegidos.',
        'Puedes pedir el acceso, la rectificación o la supresión de tus datos escribiendo al soporte.',
      ]),
  ],
  cookies: [
    'Política de cookies',
    `Cómo usa ${c.site} las cookies.`,
    p('Las cookies son pequeños archivos que un sitio web guarda en tu navegador.') +
      ul([
        'Las cookies necesarias mantienen tu sesión y protegen los formularios; sin ellas el sitio no funciona.',
        'Las cookies analíticas, si las aceptas, nos muestran qué páginas son útiles para mejorar el servicio.',
        'Puedes cambiar tu consentimiento y borrar o bloquear las cookies en la configuración del navegador.',
      ]),
  ],
  materials: [
    'Materiales',
    'Materiales útiles para estudiar y preparar exámenes.',
    p('Consejos para aprovechar mejor las clases con un profesor:') +
      ul([
        'Fija una meta — un examen, una nota o un nivel de idioma — y una fecha para alcanzarla.',
        'Estudia con regularidad: dos clases por semana funcionan mejor que una larga.',
        'Haz los deberes: son los que consolidan lo aprendido.',
        'Una vez al mes revisa el progreso con tu profesor y ajusta el plan.',
      ]),
  ],
  media: [
    'Prensa',
    `${c.site} para periodistas: quiénes somos, qué hacemos y cómo obtener un comentario.`,
    p(
      `${c.site} es un servicio en línea que conecta a estudiantes con profesores particulares: un catálogo de profesores verificados, selección según la solicitud y clases en casa o en línea.`,
      '¿Preparas un artículo sobre educación, clases particulares o preparación de exámenes? Compartimos con gusto lo que observamos sobre la demanda de materias y formatos de clase.',
      `Las consultas de prensa llegan a través de la página <a href="${c.pre}/contacts">Contacto</a>; enviamos nuestro logotipo y una descripción del servicio si nos lo pides.`,
    ),
  ],
  vacancy: [
    'Empleo',
    `Trabaja como profesor en ${c.site}: alumnos cerca de ti y en línea, con tu propio horario.`,
    p(
      `${c.site} busca profesores particulares de todas las asignaturas escolares, idiomas, música y preparación de exámenes.`,
    ) +
      ul([
        'Alumnos de tu ciudad y en línea: las solicitudes llegan a tu cuenta.',
        'Tú eliges las materias, el precio y el horario.',
        'Las reseñas de los alumnos y tu valoración suben tu perfil en el catálogo.',
      ]) +
      p(
        `Para empezar, <a href="${c.pre}/register">regístrate como profesor</a> y completa tu perfil: formación, experiencia y foto. Tras la revisión, aparecerá en el catálogo.`,
      ),
  ],
  popular: [
    'Búsquedas populares',
    'Búsquedas populares: profesores de todas las materias en tu ciudad y en línea.',
    p('Lo que más se busca:') +
      ul([
        `<a href="${c.pre}/${c.cat}/">Todos los profesores</a>`,
        `<a href="${c.pre}/${c.online}/">Clases en línea</a>`,
        `<a href="${c.pre}/how-it-works">Cómo elegir profesor</a>`,
        `<a href="${c.pre}/p/faq">Preguntas frecuentes</a>`,
      ]),
  ],
})

const BY_LANG: Record<Lang, (c: Ctx) => Texts> = { ua, ru, en, pl, es }

/** The editions' facts the texts use, copied from common/editions.ts as of this migration. */
const EDITIONS: Record<string, { site: string; cat: string; online: string; locales: Lang[] }> = {
  ua: { site: 'Tutors UA', cat: 'tutors', online: 'tutors-online', locales: ['ua', 'ru', 'en'] },
  pl: { site: 'Korepetycje', cat: 'korepetycje', online: 'korepetycje-online', locales: ['pl', 'en'] },
  kz: { site: 'Repetitor KZ', cat: 'repetitor', online: 'repetitor-online', locales: ['ru'] },
  us: { site: 'Tutors US', cat: 'tutors', online: 'tutors-online', locales: ['en'] },
  in: { site: 'Tutors India', cat: 'tutors', online: 'tutors-online', locales: ['en'] },
  mx: { site: 'Clases MX', cat: 'clases', online: 'clases-online', locales: ['es'] },
  es: { site: 'Tutores ES', cat: 'tutors', online: 'tutors-online', locales: ['es'] },
  ng: { site: 'Tutors NG', cat: 'tutors', online: 'tutors-online', locales: ['en'] },
}

export interface SeedStaticPage {
  alias: string
  titles: Record<string, string>
  texts: Record<string, string>
  meta_titles: Record<string, string>
  meta_descriptions: Record<string, string>
}

export const EDITION_STATIC_PAGES: Record<string, SeedStaticPage[]> = Object.fromEntries(
  Object.entries(EDITIONS).map(([code, ed]) => {
    const perLang = ed.locales.map(
      (lang, i) =>
        [
          lang,
          BY_LANG[lang]({ site: ed.site, cat: ed.cat, online: ed.online, pre: i === 0 ? '' : `/${lang}` }),
        ] as const,
    )
    const pages = STATIC_PAGE_ALIASES.map((alias) => {
      const page: SeedStaticPage = { alias, titles: {}, texts: {}, meta_titles: {}, meta_descriptions: {} }
      for (const [lang, texts] of perLang) {
        const [title, description, html] = texts[alias]!
        page.titles[lang] = title
        page.texts[lang] = html
        page.meta_titles[lang] = title
        page.meta_descriptions[lang] = description
      }
      return page
    })
    return [code, pages]
  }),
)
