// The people of the demo marketplace, per edition, in the edition's own languages: first names and
// surnames (with their feminine forms where the language has them), universities, what tutors write
// about themselves and their subjects, and what clients write in reviews. Deterministic: the demo
// picks from these lists by index (demo-tutors.ts).
import type { EditionCode } from '../../common/editions'

/** The language the edition's texts are written in (its default locale's language). */
type TextLanguage = 'uk' | 'pl' | 'ru' | 'en' | 'es'

export interface EditionPeople {
  male: string[]
  female: string[]
  /** `Masculine|Feminine`, or one form for both. */
  surnames: string[]
  universities: string[]
  language: TextLanguage
}

export interface DemoWords {
  /** What a tutor writes about themselves (the profile's description). */
  about: string[]
  /** A short line under the name on cards. */
  short: string[]
  /** What a tutor writes about one subject. */
  subjectNotes: string[]
  /** Reviews: [mark, text]. */
  reviews: [number, string][]
  /** An order's description, as a client writes it. */
  requests: string[]
}

const PEOPLE: Record<EditionCode, EditionPeople> = {
  ua: {
    language: 'uk',
    male: ['Олександр', 'Андрій', 'Дмитро', 'Максим', 'Богдан', 'Ігор', 'Сергій', 'Тарас', 'Володимир', 'Юрій', 'Назар', 'Остап', 'Роман', 'Віталій', 'Євген', 'Михайло'],
    female: ['Олена', 'Наталія', 'Ірина', 'Оксана', 'Марія', 'Софія', 'Катерина', 'Юлія', 'Анна', 'Тетяна', 'Світлана', 'Христина', 'Дарина', 'Вікторія', 'Ольга', 'Леся'],
    surnames: ['Коваленко', 'Бондаренко', 'Ткаченко', 'Шевчук', 'Кравчук', 'Мельник', 'Бойко', 'Олійник', 'Савчук', 'Лисенко', 'Поліщук', 'Марченко', 'Гнатюк', 'Руденко', 'Павлюк', 'Кравець', 'Литвиненко', 'Остапчук', 'Ковальчук', 'Іваненко'],
    universities: ['КНУ імені Тараса Шевченка', 'КПІ імені Ігоря Сікорського', 'Львівський національний університет імені Івана Франка', 'Харківський національний університет імені В. Н. Каразіна', 'НаУКМА', 'Одеський національний університет імені І. І. Мечникова', 'НПУ імені М. П. Драгоманова'],
  },
  pl: {
    language: 'pl',
    male: ['Piotr', 'Krzysztof', 'Tomasz', 'Paweł', 'Michał', 'Marcin', 'Jakub', 'Adam', 'Łukasz', 'Mateusz', 'Bartosz', 'Kamil', 'Wojciech', 'Grzegorz', 'Szymon', 'Filip'],
    female: ['Anna', 'Katarzyna', 'Magdalena', 'Agnieszka', 'Joanna', 'Aleksandra', 'Monika', 'Natalia', 'Karolina', 'Zuzanna', 'Ewa', 'Marta', 'Julia', 'Paulina', 'Dominika', 'Weronika'],
    surnames: ['Nowak', 'Kowalski|Kowalska', 'Wiśniewski|Wiśniewska', 'Wójcik', 'Kowalczyk', 'Kamiński|Kamińska', 'Lewandowski|Lewandowska', 'Zieliński|Zielińska', 'Szymański|Szymańska', 'Woźniak', 'Dąbrowski|Dąbrowska', 'Kozłowski|Kozłowska', 'Jankowski|Jankowska', 'Mazur', 'Krawczyk', 'Piotrowski|Piotrowska', 'Grabowski|Grabowska', 'Pawlak', 'Michalski|Michalska', 'Król'],
    universities: ['Uniwersytet Warszawski', 'Uniwersytet Jagielloński', 'Politechnika Warszawska', 'Uniwersytet im. Adama Mickiewicza w Poznaniu', 'Uniwersytet Wrocławski', 'Akademia Górniczo-Hutnicza', 'Uniwersytet Łódzki'],
  },
  kz: {
    language: 'ru',
    male: ['Айбек', 'Нурлан', 'Ерлан', 'Данияр', 'Арман', 'Бауыржан', 'Тимур', 'Санжар', 'Алексей', 'Дмитрий', 'Асхат', 'Ержан', 'Марат', 'Руслан', 'Айдар', 'Серик'],
    female: ['Айгерим', 'Динара', 'Асель', 'Жанар', 'Гульнара', 'Алия', 'Мадина', 'Сауле', 'Анна', 'Екатерина', 'Камила', 'Аружан', 'Томирис', 'Ольга', 'Дана', 'Айжан'],
    surnames: ['Ахметов|Ахметова', 'Нурланов|Нурланова', 'Сейткали', 'Жумабаев|Жумабаева', 'Касымов|Касымова', 'Искаков|Искакова', 'Оспанов|Оспанова', 'Абдрахманов|Абдрахманова', 'Смагулов|Смагулова', 'Ким', 'Иванов|Иванова', 'Тулегенов|Тулегенова', 'Ермеков|Ермекова', 'Байжанов|Байжанова', 'Кенжебаев|Кенжебаева', 'Сулейменов|Сулейменова', 'Мусин|Мусина', 'Попов|Попова', 'Жаксылыков|Жаксылыкова', 'Омаров|Омарова'],
    universities: ['КазНУ имени аль-Фараби', 'ЕНУ имени Л. Н. Гумилёва', 'Назарбаев Университет', 'КБТУ', 'КазНПУ имени Абая', 'Карагандинский университет имени Букетова', 'SDU'],
  },
  us: {
    language: 'en',
    male: ['James', 'Michael', 'Daniel', 'David', 'Christopher', 'Matthew', 'Andrew', 'Joshua', 'Ryan', 'Nathan', 'Ethan', 'Jacob', 'Brandon', 'Tyler', 'Kevin', 'Marcus'],
    female: ['Emily', 'Sarah', 'Jessica', 'Ashley', 'Jennifer', 'Olivia', 'Hannah', 'Madison', 'Lauren', 'Rachel', 'Megan', 'Samantha', 'Abigail', 'Grace', 'Natalie', 'Chloe'],
    surnames: ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Garcia', 'Rodriguez', 'Wilson', 'Martinez', 'Anderson', 'Taylor', 'Thomas', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White'],
    universities: ['Columbia University', 'New York University', 'University of California, Los Angeles', 'University of Michigan', 'Boston University', 'University of Texas at Austin', 'Northwestern University'],
  },
  in: {
    language: 'en',
    male: ['Aarav', 'Rohan', 'Arjun', 'Vikram', 'Rahul', 'Siddharth', 'Karan', 'Aditya', 'Nikhil', 'Pranav', 'Rajesh', 'Amit', 'Suresh', 'Varun', 'Ankit', 'Manish'],
    female: ['Priya', 'Ananya', 'Kavya', 'Sneha', 'Pooja', 'Divya', 'Neha', 'Isha', 'Meera', 'Aishwarya', 'Riya', 'Shreya', 'Lakshmi', 'Deepika', 'Nandini', 'Sunita'],
    surnames: ['Sharma', 'Verma', 'Gupta', 'Iyer', 'Nair', 'Reddy', 'Patel', 'Singh', 'Mehta', 'Joshi', 'Kulkarni', 'Rao', 'Menon', 'Chopra', 'Banerjee', 'Das', 'Pillai', 'Agarwal', 'Mishra', 'Kapoor'],
    universities: ['University of Delhi', 'IIT Bombay', 'IIT Madras', 'Jawaharlal Nehru University', 'University of Mumbai', 'Anna University', 'Banaras Hindu University'],
  },
  mx: {
    language: 'es',
    male: ['José', 'Luis', 'Carlos', 'Juan', 'Miguel', 'Alejandro', 'Jorge', 'Fernando', 'Ricardo', 'Eduardo', 'Diego', 'Santiago', 'Emiliano', 'Rodrigo', 'Arturo', 'Manuel'],
    female: ['María', 'Guadalupe', 'Fernanda', 'Daniela', 'Valeria', 'Sofía', 'Ximena', 'Mariana', 'Gabriela', 'Andrea', 'Alejandra', 'Paola', 'Regina', 'Camila', 'Lucía', 'Verónica'],
    surnames: ['Hernández', 'García', 'Martínez', 'López', 'González', 'Rodríguez', 'Pérez', 'Sánchez', 'Ramírez', 'Flores', 'Gómez', 'Torres', 'Díaz', 'Vázquez', 'Cruz', 'Morales', 'Reyes', 'Jiménez', 'Ruiz', 'Mendoza'],
    universities: ['UNAM', 'Instituto Politécnico Nacional', 'Tecnológico de Monterrey', 'Universidad de Guadalajara', 'Universidad Autónoma Metropolitana', 'Universidad Iberoamericana', 'BUAP'],
  },
  es: {
    language: 'es',
    male: ['Antonio', 'Manuel', 'Javier', 'David', 'Daniel', 'Pablo', 'Álvaro', 'Sergio', 'Jorge', 'Alberto', 'Raúl', 'Adrián', 'Iván', 'Hugo', 'Marc', 'Jordi'],
    female: ['Lucía', 'Carmen', 'Laura', 'Marta', 'Paula', 'Elena', 'Cristina', 'Sara', 'Andrea', 'Irene', 'Nuria', 'Claudia', 'Alba', 'Beatriz', 'Montserrat', 'Silvia'],
    surnames: ['García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín', 'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Álvarez', 'Romero', 'Navarro', 'Torres', 'Puig'],
    universities: ['Universidad Complutense de Madrid', 'Universitat de Barcelona', 'Universidad Autónoma de Madrid', 'Universitat de València', 'Universidad de Sevilla', 'Universidad de Granada', 'Universidad de Salamanca'],
  },
  ng: {
    language: 'en',
    male: ['Chinedu', 'Emeka', 'Oluwaseun', 'Tunde', 'Ibrahim', 'Uche', 'Segun', 'Femi', 'Musa', 'Obinna', 'Kelechi', 'Adebayo', 'Yusuf', 'Chukwuma', 'Kunle', 'Ifeanyi'],
    female: ['Ngozi', 'Aisha', 'Funmilayo', 'Chiamaka', 'Adaeze', 'Yetunde', 'Blessing', 'Zainab', 'Amaka', 'Folake', 'Nneka', 'Temitope', 'Halima', 'Ifeoma', 'Bukola', 'Chioma'],
    surnames: ['Okafor', 'Adeyemi', 'Okonkwo', 'Bello', 'Eze', 'Ogunleye', 'Nwosu', 'Abubakar', 'Balogun', 'Obi', 'Adebayo', 'Ibrahim', 'Chukwu', 'Oladipo', 'Okeke', 'Lawal', 'Uzo', 'Afolabi', 'Danjuma', 'Nnamdi'],
    universities: ['University of Lagos', 'University of Ibadan', 'Obafemi Awolowo University', 'University of Nigeria, Nsukka', 'Ahmadu Bello University', 'Covenant University', 'University of Benin'],
  },
}

const WORDS: Record<TextLanguage, DemoWords> = {
  uk: {
    about: [
      'Викладаю понад десять років, готую до НМТ і олімпіад. На першому занятті визначаємо рівень і складаємо план.',
      'Пояснюю складне простими словами, даю домашні завдання з перевіркою і регулярно звітую батькам про успіхи.',
      'Працюю зі школярами та студентами. Мої учні щороку вступають до провідних університетів України.',
      'Заняття будую на практиці: задачі, тести, розбір помилок. Допомагаю повірити у власні сили.',
      'Маю педагогічну освіту і досвід роботи в ліцеї. Індивідуальний підхід до кожного учня.',
      'Займаюся онлайн і наживо. Використовую інтерактивну дошку, після уроку надсилаю конспект.',
    ],
    short: ['Підготовка до НМТ', 'Досвід понад 8 років', 'Індивідуальний план занять', 'Заняття онлайн і вдома', 'Викладач ліцею', 'Терпляче пояснюю'],
    subjectNotes: [
      'Шкільна програма, контрольні, підготовка до НМТ.',
      'Від основ до впевненого рівня, домашні завдання з перевіркою.',
      'Розмовна практика, граматика, підготовка до іспитів.',
      'Заповнюю прогалини і готую до олімпіад.',
    ],
    reviews: [
      [5, 'Дуже задоволені! Дитина нарешті почала розуміти предмет і отримала 11 за контрольну.'],
      [5, 'Чудовий викладач, пояснює зрозуміло і терпляче. Підготувалися до НМТ на 190 балів.'],
      [5, 'Заняття завжди цікаві, домашні завдання перевіряються швидко. Рекомендую.'],
      [4, 'Хороший репетитор, іноді переносив заняття, але результат є.'],
      [5, 'За два місяці підтягнули оцінки з 6 до 10. Дякуємо!'],
      [5, 'Приємна людина і професіонал. Син із задоволенням ходить на уроки.'],
      [4, 'Все сподобалося, хотілося б трохи більше практики.'],
      [5, 'Найкращий репетитор, якого ми мали. Усе чітко і по суті.'],
    ],
    requests: ['Потрібна підготовка до НМТ, двічі на тиждень.', 'Заняття для дитини, 7 клас.', 'Розмовна практика для дорослого.'],
  },
  pl: {
    about: [
      'Uczę od ponad dziesięciu lat, przygotowuję do egzaminu ósmoklasisty i matury. Na pierwszych zajęciach sprawdzamy poziom i układamy plan.',
      'Tłumaczę trudne rzeczy prostym językiem, zadaję prace domowe i regularnie informuję rodziców o postępach.',
      'Pracuję z uczniami szkół podstawowych, liceów i ze studentami. Moi uczniowie dostają się na najlepsze uczelnie.',
      'Zajęcia opieram na praktyce: zadania, testy, omawianie błędów. Pomagam uwierzyć we własne możliwości.',
      'Mam wykształcenie pedagogiczne i doświadczenie w pracy w liceum. Do każdego ucznia podchodzę indywidualnie.',
      'Prowadzę zajęcia online i stacjonarnie. Korzystam z tablicy interaktywnej, po lekcji wysyłam notatki.',
    ],
    short: ['Przygotowanie do matury', 'Ponad 8 lat doświadczenia', 'Indywidualny plan nauki', 'Zajęcia online i u ucznia', 'Nauczyciel liceum', 'Cierpliwie tłumaczę'],
    subjectNotes: [
      'Program szkolny, sprawdziany, przygotowanie do matury.',
      'Od podstaw do pewnego poziomu, prace domowe ze sprawdzeniem.',
      'Konwersacje, gramatyka, przygotowanie do egzaminów.',
      'Nadrabiam zaległości i przygotowuję do olimpiad.',
    ],
    reviews: [
      [5, 'Jesteśmy bardzo zadowoleni! Córka w końcu zrozumiała materiał i dostała piątkę ze sprawdzianu.'],
      [5, 'Świetny nauczyciel, tłumaczy jasno i cierpliwie. Matura zdana na 92%.'],
      [5, 'Zajęcia zawsze ciekawe, prace domowe szybko sprawdzane. Polecam.'],
      [4, 'Dobry korepetytor, czasem przesuwał zajęcia, ale efekty są.'],
      [5, 'W dwa miesiące oceny poprawiły się z trójki na piątkę. Dziękujemy!'],
      [5, 'Miła osoba i profesjonalista. Syn chętnie chodzi na lekcje.'],
      [4, 'Wszystko w porządku, przydałoby się trochę więcej ćwiczeń.'],
      [5, 'Najlepszy korepetytor, jakiego mieliśmy. Konkretnie i na temat.'],
    ],
    requests: ['Potrzebne przygotowanie do matury, dwa razy w tygodniu.', 'Zajęcia dla dziecka, 7 klasa.', 'Konwersacje dla osoby dorosłej.'],
  },
  ru: {
    about: [
      'Преподаю больше десяти лет, готовлю к ЕНТ и олимпиадам. На первом занятии определяем уровень и составляем план.',
      'Объясняю сложное простыми словами, даю домашние задания с проверкой и регулярно рассказываю родителям об успехах.',
      'Работаю со школьниками и студентами. Мои ученики каждый год поступают в ведущие университеты.',
      'Строю занятия на практике: задачи, тесты, разбор ошибок. Помогаю поверить в свои силы.',
      'Педагогическое образование и опыт работы в гимназии. Индивидуальный подход к каждому ученику.',
      'Занимаюсь онлайн и очно. Использую интерактивную доску, после урока присылаю конспект.',
    ],
    short: ['Подготовка к ЕНТ', 'Опыт более 8 лет', 'Индивидуальный план занятий', 'Онлайн и на дому', 'Учитель гимназии', 'Терпеливо объясняю'],
    subjectNotes: [
      'Школьная программа, контрольные, подготовка к ЕНТ.',
      'С нуля до уверенного уровня, домашние задания с проверкой.',
      'Разговорная практика, грамматика, подготовка к экзаменам.',
      'Закрываю пробелы и готовлю к олимпиадам.',
    ],
    reviews: [
      [5, 'Очень довольны! Ребёнок наконец начал понимать предмет и получил пятёрку за контрольную.'],
      [5, 'Прекрасный преподаватель, объясняет понятно и терпеливо. ЕНТ сдали на 120 баллов.'],
      [5, 'Занятия всегда интересные, домашние задания проверяются быстро. Рекомендую.'],
      [4, 'Хороший репетитор, иногда переносил занятия, но результат есть.'],
      [5, 'За два месяца оценки выросли с тройки до пятёрки. Спасибо!'],
      [5, 'Приятный человек и профессионал. Сын с удовольствием ходит на уроки.'],
      [4, 'Всё понравилось, хотелось бы чуть больше практики.'],
      [5, 'Лучший репетитор, который у нас был. Всё чётко и по делу.'],
    ],
    requests: ['Нужна подготовка к ЕНТ, два раза в неделю.', 'Занятия для ребёнка, 7 класс.', 'Разговорная практика для взрослого.'],
  },
  en: {
    about: [
      'I have been teaching for over ten years and prepare students for exams and competitions. In the first lesson we check the level and make a plan.',
      'I explain hard things in plain words, set homework with feedback and keep parents posted on progress.',
      'I work with school and university students. My students get into leading universities every year.',
      'My lessons are built on practice: problems, tests and going through mistakes. I help students believe in themselves.',
      'Qualified teacher with experience in a high school. Every student gets a plan of their own.',
      'I teach online and in person, use an interactive whiteboard and send notes after every lesson.',
    ],
    short: ['Exam preparation', 'Over 8 years of experience', 'A plan for every student', 'Online and at home', 'High school teacher', 'Patient and clear'],
    subjectNotes: [
      'School curriculum, tests and exam preparation.',
      'From the basics to a confident level, homework with feedback.',
      'Conversation practice, grammar and exam preparation.',
      'Filling the gaps and preparing for competitions.',
    ],
    reviews: [
      [5, 'Very happy! My daughter finally understands the subject and got an A on her test.'],
      [5, 'A wonderful tutor who explains clearly and patiently. Great exam results.'],
      [5, 'Lessons are always engaging and homework is checked quickly. Highly recommend.'],
      [4, 'Good tutor; a couple of lessons were moved, but the results are there.'],
      [5, 'Grades went from a C to an A in two months. Thank you!'],
      [5, 'Kind and professional. My son looks forward to every lesson.'],
      [4, 'All good, I would have liked a bit more practice.'],
      [5, 'The best tutor we have had. Clear and to the point.'],
    ],
    requests: ['Exam preparation, twice a week.', 'Lessons for my child, 7th grade.', 'Conversation practice for an adult.'],
  },
  es: {
    about: [
      'Doy clases desde hace más de diez años y preparo para exámenes y olimpiadas. En la primera clase vemos el nivel y hacemos un plan.',
      'Explico lo difícil con palabras sencillas, dejo tareas con corrección e informo a los padres de los avances.',
      'Trabajo con alumnos de secundaria, bachillerato y universidad. Mis alumnos entran cada año en las mejores universidades.',
      'Mis clases se basan en la práctica: problemas, exámenes de prueba y repaso de errores. Ayudo a ganar confianza.',
      'Profesor titulado con experiencia en un instituto. Un plan a la medida de cada alumno.',
      'Doy clases en línea y presenciales, uso pizarra interactiva y envío apuntes después de cada clase.',
    ],
    short: ['Preparación de exámenes', 'Más de 8 años de experiencia', 'Plan a la medida', 'En línea y a domicilio', 'Profesor de instituto', 'Paciente y claro'],
    subjectNotes: [
      'Temario escolar, exámenes y preparación para la selectividad.',
      'Desde lo básico hasta un nivel seguro, tareas con corrección.',
      'Conversación, gramática y preparación de exámenes oficiales.',
      'Recupero lagunas y preparo para olimpiadas.',
    ],
    reviews: [
      [5, '¡Muy contentos! Mi hija por fin entiende la materia y sacó un diez en el examen.'],
      [5, 'Un profesor excelente, explica con claridad y paciencia. Aprobamos con nota.'],
      [5, 'Las clases siempre son amenas y las tareas se corrigen rápido. Lo recomiendo.'],
      [4, 'Buen profesor; movió alguna clase, pero los resultados se notan.'],
      [5, 'En dos meses las notas pasaron de un cinco a un nueve. ¡Gracias!'],
      [5, 'Una persona amable y muy profesional. Mi hijo va a clase con ganas.'],
      [4, 'Todo bien, me habría gustado un poco más de práctica.'],
      [5, 'El mejor profesor que hemos tenido. Claro y directo.'],
    ],
    requests: ['Preparación de exámenes, dos veces por semana.', 'Clases para mi hijo, 2.º de ESO.', 'Conversación para un adulto.'],
  },
}

export const peopleOf = (code: EditionCode): EditionPeople => PEOPLE[code]
export const demoWords = (code: EditionCode): DemoWords => WORDS[PEOPLE[code].language]

/** The surname in the form that goes with the first name (`Kowalski|Kowalska`). */
export function surnameFor(surname: string, female: boolean): string {
  const [m, f] = surname.split('|')
  return female && f ? f : m!
}

/** The i-th person of the edition: first name, full name and whether the name is a woman's. */
export function demoPerson(code: EditionCode, i: number): { first: string; full: string; female: boolean } {
  const p = PEOPLE[code]
  const female = i % 2 === 1
  const firsts = female ? p.female : p.male
  const first = firsts[Math.floor(i / 2) % firsts.length]!
  // A stride coprime with the list lengths spreads surnames over first names.
  const surname = surnameFor(p.surnames[(i * 7 + 3) % p.surnames.length]!, female)
  return { first, full: `${first} ${surname}`, female }
}
