// Demo reference data per edition: regions, the largest cities with their real districts (and a few
// subdistricts in Kyiv and Warsaw), subjects with their levels, and price bands in local currency.
// Deterministic; the lists are exported for tests and the bulk seeder.
//
// The tables below are written compactly, one entry a line:
//   cities     `alias Name|Name|Name @region *`  (names in the order of the edition's locales; a
//              missing one repeats the first; `*` marks a popular city). Two-space indent: a district
//              of the city above; four: a subdistrict of the district above.
//   subjects   `alias Name|Name +popular +school +lang|+hobby` (+lang: language levels A1–C2,
//              +hobby: age groups, otherwise school grades and exams)
//   rates      `min-max Name|Name` (no max: the top band)
import { sql } from 'kysely'
import { type Db, inTransaction } from '../client'
import { startStep } from '../start-steps'
import { jsonb } from '../jsonb'
import { fillOrderFees } from '../migrations/data/order-fees'
import type { Edition, EditionCode, Locale } from '../../common/editions'
import { EDITIONS } from '../../common/editions'

export type SeedNames = Partial<Record<Locale, string>>

export interface SeedPlace {
  alias: string
  names: SeedNames
}
export interface SeedDistrict extends SeedPlace {
  subdistricts: SeedPlace[]
}
export interface SeedCity extends SeedPlace {
  region: string | null
  popular: boolean
  districts: SeedDistrict[]
}
export type LevelSet = 'school' | 'lang' | 'hobby'
export interface SeedLesson extends SeedPlace {
  popular: boolean
  school: boolean
  levelSet: LevelSet
}
export interface SeedRate {
  min_price: number
  max_price: number | null
  names: SeedNames
}
export interface EditionReference {
  regions: SeedPlace[]
  cities: SeedCity[]
  lessons: SeedLesson[]
  levels: Record<LevelSet, SeedPlace[]>
  rates: SeedRate[]
}

interface Source {
  regions: string
  cities: string
  lessons: string
  levels: Record<LevelSet, string>
  rates: string
}

const SOURCE: Record<EditionCode, Source> = {
  ua: {
    regions: `
kyiv Київ|Киев|Kyiv
kharkivska Харківська область|Харьковская область|Kharkiv Oblast
odeska Одеська область|Одесская область|Odesa Oblast
dnipropetrovska Дніпропетровська область|Днепропетровская область|Dnipropetrovsk Oblast
lvivska Львівська область|Львовская область|Lviv Oblast
zaporizka Запорізька область|Запорожская область|Zaporizhzhia Oblast
vinnytska Вінницька область|Винницкая область|Vinnytsia Oblast
ivano-frankivska Івано-Франківська область|Ивано-Франковская область|Ivano-Frankivsk Oblast`,
    cities: `
kyiv Київ|Киев|Kyiv @kyiv *
  holosiivskyi Голосіївський|Голосеевский|Holosiivskyi
    teremky Теремки|Теремки|Teremky
    demiivka Деміївка|Демеевка|Demiivka
  darnytskyi Дарницький|Дарницкий|Darnytskyi
    pozniaky Позняки|Позняки|Pozniaky
    osokorky Осокорки|Осокорки|Osokorky
    kharkivskyi-masyv Харківський масив|Харьковский массив|Kharkivskyi masyv
  desnianskyi Деснянський|Деснянский|Desnianskyi
    troieshchyna Троєщина|Троещина|Troieshchyna
    lisovyi-masyv Лісовий масив|Лесной массив|Lisovyi masyv
  dniprovskyi Дніпровський|Днепровский|Dniprovskyi
    livoberezhnyi-masyv Лівобережний масив|Левобережный массив|Livoberezhnyi masyv
    rusanivka Русанівка|Русановка|Rusanivka
  obolonskyi Оболонський|Оболонский|Obolonskyi
    obolon Оболонь|Оболонь|Obolon
    minskyi-masyv Мінський масив|Минский массив|Minskyi masyv
  pecherskyi Печерський|Печерский|Pecherskyi
    lypky Липки|Липки|Lypky
    pechersk Печерськ|Печерск|Pechersk
    zvirynets Звіринець|Зверинец|Zvirynets
  podilskyi Подільський|Подольский|Podilskyi
    podil Поділ|Подол|Podil
    vynohradar Виноградар|Виноградарь|Vynohradar
  sviatoshynskyi Святошинський|Святошинский|Sviatoshynskyi
    akademmistechko Академмістечко|Академгородок|Akademmistechko
    borshchahivka Борщагівка|Борщаговка|Borshchahivka
  solomianskyi Солом'янський|Соломенский|Solomianskyi
    vidradnyi Відрадний|Отрадный|Vidradnyi
    chokolivka Чоколівка|Чоколовка|Chokolivka
  shevchenkivskyi Шевченківський|Шевченковский|Shevchenkivskyi
    lukianivka Лук'янівка|Лукьяновка|Lukianivka
    tatarka Татарка|Татарка|Tatarka
kharkiv Харків|Харьков|Kharkiv @kharkivska *
  shevchenkivskyi Шевченківський|Шевченковский|Shevchenkivskyi
  kyivskyi Київський|Киевский|Kyivskyi
  saltivskyi Салтівський|Салтовский|Saltivskyi
  nemyshlianskyi Немишлянський|Немышлянский|Nemyshlianskyi
  industrialnyi Індустріальний|Индустриальный|Industrialnyi
  slobidskyi Слобідський|Слободской|Slobidskyi
  osnovianskyi Основ'янський|Основянский|Osnovianskyi
  kholodnohirskyi Холодногірський|Холодногорский|Kholodnohirskyi
  novobavarskyi Новобаварський|Новобаварский|Novobavarskyi
odesa Одеса|Одесса|Odesa @odeska *
  kyivskyi Київський|Киевский|Kyivskyi
  malynovskyi Малиновський|Малиновский|Malynovskyi
  prymorskyi Приморський|Приморский|Prymorskyi
  peresypskyi Пересипський|Пересыпский|Peresypskyi
dnipro Дніпро|Днепр|Dnipro @dnipropetrovska *
  amur-nyzhnodniprovskyi Амур-Нижньодніпровський|Амур-Нижнеднепровский|Amur-Nyzhnodniprovskyi
  industrialnyi Індустріальний|Индустриальный|Industrialnyi
  novokodatskyi Новокодацький|Новокодацкий|Novokodatskyi
  samarskyi Самарський|Самарский|Samarskyi
  sobornyi Соборний|Соборный|Sobornyi
  tsentralnyi Центральний|Центральный|Tsentralnyi
  chechelivskyi Чечелівський|Чечеловский|Chechelivskyi
  shevchenkivskyi Шевченківський|Шевченковский|Shevchenkivskyi
lviv Львів|Львов|Lviv @lvivska *
  halytskyi Галицький|Галицкий|Halytskyi
  zaliznychnyi Залізничний|Железнодорожный|Zaliznychnyi
  lychakivskyi Личаківський|Лычаковский|Lychakivskyi
  sykhivskyi Сихівський|Сыховский|Sykhivskyi
  frankivskyi Франківський|Франковский|Frankivskyi
  shevchenkivskyi Шевченківський|Шевченковский|Shevchenkivskyi
zaporizhzhia Запоріжжя|Запорожье|Zaporizhzhia @zaporizka
  dniprovskyi Дніпровський|Днепровский|Dniprovskyi
  oleksandrivskyi Олександрівський|Александровский|Oleksandrivskyi
  khortytskyi Хортицький|Хортицкий|Khortytskyi
  shevchenkivskyi Шевченківський|Шевченковский|Shevchenkivskyi
vinnytsia Вінниця|Винница|Vinnytsia @vinnytska
ivano-frankivsk Івано-Франківськ|Ивано-Франковск|Ivano-Frankivsk @ivano-frankivska`,
    lessons: `
mathematics Математика|Математика|Mathematics +popular +school
english Англійська мова|Английский язык|English +popular +school +lang
ukrainian Українська мова|Украинский язык|Ukrainian +popular
physics Фізика|Физика|Physics +popular
chemistry Хімія|Химия|Chemistry +popular
german Німецька мова|Немецкий язык|German +popular +lang
biology Біологія|Биология|Biology
history Історія України|История Украины|History of Ukraine
geography Географія|География|Geography
informatics Інформатика|Информатика|Computer science
french Французька мова|Французский язык|French +lang
spanish Іспанська мова|Испанский язык|Spanish +lang
music Музика|Музыка|Music +hobby
drawing Малювання|Рисование|Drawing +hobby`,
    levels: {
      school: `
grades-1-4 1–4 класи|1–4 классы|Grades 1–4
grades-5-9 5–9 класи|5–9 классы|Grades 5–9
grades-10-11 10–11 класи|10–11 классы|Grades 10–11
nmt Підготовка до НМТ (ЗНО)|Подготовка к НМТ (ВНО)|NMT (ZNO) preparation
university Студенти|Студенты|University students
adults Дорослі|Взрослые|Adults`,
      lang: `
beginner Початковий (A1)|Начальный (A1)|Beginner (A1)
elementary Елементарний (A2)|Элементарный (A2)|Elementary (A2)
intermediate Середній (B1)|Средний (B1)|Intermediate (B1)
upper-intermediate Вище середнього (B2)|Выше среднего (B2)|Upper-intermediate (B2)
advanced Просунутий (C1–C2)|Продвинутый (C1–C2)|Advanced (C1–C2)`,
      hobby: `
children Діти|Дети|Children
teenagers Підлітки|Подростки|Teenagers
adults Дорослі|Взрослые|Adults`,
    },
    rates: `
0-300 до 300 грн|до 300 грн|up to 300 UAH
300-500 300–500 грн|300–500 грн|300–500 UAH
500-700 500–700 грн|500–700 грн|500–700 UAH
700-1000 700–1000 грн|700–1000 грн|700–1000 UAH
1000- від 1000 грн|от 1000 грн|from 1000 UAH`,
  },

  pl: {
    regions: `
mazowieckie Mazowieckie|Masovian
malopolskie Małopolskie|Lesser Poland
lodzkie Łódzkie|Łódź Voivodeship
dolnoslaskie Dolnośląskie|Lower Silesian
wielkopolskie Wielkopolskie|Greater Poland
pomorskie Pomorskie|Pomeranian
zachodniopomorskie Zachodniopomorskie|West Pomeranian
lubelskie Lubelskie|Lublin Voivodeship`,
    cities: `
warszawa Warszawa|Warsaw @mazowieckie *
  bemowo Bemowo
  bielany Bielany
  mokotow Mokotów
    stary-mokotow Stary Mokotów
    sadyba Sadyba
    sluzew Służew
  ochota Ochota
  praga-poludnie Praga-Południe
    saska-kepa Saska Kępa
    grochow Grochów
    goclaw Gocław
  praga-polnoc Praga-Północ
  srodmiescie Śródmieście
    powisle Powiśle
    muranow Muranów
    stare-miasto Stare Miasto|Old Town
  targowek Targówek
  ursynow Ursynów
    kabaty Kabaty
    natolin Natolin
  wilanow Wilanów
  wola Wola
  zoliborz Żoliborz
krakow Kraków|Krakow @malopolskie *
  stare-miasto Stare Miasto|Old Town
  krowodrza Krowodrza
  podgorze Podgórze
  nowa-huta Nowa Huta
  debniki Dębniki
  bronowice Bronowice
lodz Łódź|Lodz @lodzkie *
  baluty Bałuty
  gorna Górna
  polesie Polesie
  srodmiescie Śródmieście
  widzew Widzew
wroclaw Wrocław|Wroclaw @dolnoslaskie *
  stare-miasto Stare Miasto|Old Town
  srodmiescie Śródmieście
  krzyki Krzyki
  fabryczna Fabryczna
  psie-pole Psie Pole
poznan Poznań|Poznan @wielkopolskie *
  stare-miasto Stare Miasto|Old Town
  nowe-miasto Nowe Miasto|New Town
  jezyce Jeżyce
  grunwald Grunwald
  wilda Wilda
gdansk Gdańsk|Gdansk @pomorskie
  srodmiescie Śródmieście
  wrzeszcz Wrzeszcz
  oliwa Oliwa
  przymorze Przymorze
szczecin Szczecin @zachodniopomorskie
lublin Lublin @lubelskie`,
    lessons: `
matematyka Matematyka|Mathematics +popular +school
angielski Język angielski|English +popular +school +lang
polski Język polski|Polish +popular
fizyka Fizyka|Physics +popular
chemia Chemia|Chemistry +popular
niemiecki Język niemiecki|German +popular +lang
biologia Biologia|Biology
historia Historia|History
geografia Geografia|Geography
informatyka Informatyka|Computer science
francuski Język francuski|French +lang
hiszpanski Język hiszpański|Spanish +lang
muzyka Muzyka|Music +hobby
rysunek Rysunek|Drawing +hobby`,
    levels: {
      school: `
grades-1-3 Klasy 1–3|Grades 1–3
grades-4-8 Klasy 4–8|Grades 4–8
egzamin-osmoklasisty Egzamin ósmoklasisty|Eighth-grade exam
liceum Liceum i technikum|Secondary school
matura Matura|Matura exam
university Studia|University
adults Dorośli|Adults`,
      lang: `
beginner Początkujący (A1)|Beginner (A1)
elementary Podstawowy (A2)|Elementary (A2)
intermediate Średniozaawansowany (B1)|Intermediate (B1)
upper-intermediate Wyższy średniozaawansowany (B2)|Upper-intermediate (B2)
advanced Zaawansowany (C1–C2)|Advanced (C1–C2)`,
      hobby: `
children Dzieci|Children
teenagers Młodzież|Teenagers
adults Dorośli|Adults`,
    },
    rates: `
0-60 do 60 zł|up to 60 PLN
60-90 60–90 zł|60–90 PLN
90-120 90–120 zł|90–120 PLN
120-160 120–160 zł|120–160 PLN
160- od 160 zł|from 160 PLN`,
  },

  kz: {
    regions: `
almaty г. Алматы
astana г. Астана
shymkent г. Шымкент
karagandinskaya Карагандинская область`,
    cities: `
almaty Алматы @almaty *
  alatauskiy Алатауский район
  almalinskiy Алмалинский район
  auezovskiy Ауэзовский район
  bostandykskiy Бостандыкский район
  zhetysuskiy Жетысуский район
  medeuskiy Медеуский район
  nauryzbayskiy Наурызбайский район
  turksibskiy Турксибский район
astana Астана @astana *
  almaty Район Алматы
  baikonur Район Байконур
  yesil Район Есиль
  saryarka Район Сарыарка
  nura Район Нура
shymkent Шымкент @shymkent *
  abayskiy Абайский район
  al-farabiyskiy Аль-Фарабийский район
  enbekshinskiy Енбекшинский район
  karatauskiy Каратауский район
  turan Район Туран
karaganda Караганда @karagandinskaya`,
    lessons: `
matematika Математика +popular +school
angliyskiy Английский язык +popular +school +lang
russkiy Русский язык +popular
kazakhskiy Казахский язык +popular +lang
fizika Физика +popular
khimiya Химия
biologiya Биология
istoriya История Казахстана
geografiya География
informatika Информатика
nemetskiy Немецкий язык +lang
frantsuzskiy Французский язык +lang
muzyka Музыка +hobby
risovanie Рисование +hobby`,
    levels: {
      school: `
grades-1-4 1–4 классы
grades-5-9 5–9 классы
grades-10-11 10–11 классы
ent Подготовка к ЕНТ
university Студенты
adults Взрослые`,
      lang: `
beginner Начальный (A1)
elementary Элементарный (A2)
intermediate Средний (B1)
upper-intermediate Выше среднего (B2)
advanced Продвинутый (C1–C2)`,
      hobby: `
children Дети
teenagers Подростки
adults Взрослые`,
    },
    rates: `
0-4000 до 4000 ₸
4000-6000 4000–6000 ₸
6000-8000 6000–8000 ₸
8000-12000 8000–12000 ₸
12000- от 12000 ₸`,
  },

  us: {
    regions: `
new-york New York
california California
illinois Illinois
texas Texas
arizona Arizona`,
    cities: `
new-york New York @new-york *
  manhattan Manhattan
  brooklyn Brooklyn
  queens Queens
  the-bronx The Bronx
  staten-island Staten Island
los-angeles Los Angeles @california *
  downtown Downtown
  hollywood Hollywood
  koreatown Koreatown
  silver-lake Silver Lake
  venice Venice
chicago Chicago @illinois *
  the-loop The Loop
  lincoln-park Lincoln Park
  lakeview Lakeview
  hyde-park Hyde Park
  wicker-park Wicker Park
houston Houston @texas
phoenix Phoenix @arizona`,
    lessons: `
mathematics Math +popular +school
english English +popular +school
spanish Spanish +popular +lang
physics Physics +popular
chemistry Chemistry +popular
biology Biology
history History
geography Geography
informatics Computer Science
french French +lang
german German +lang
chinese Chinese +lang
music Music +hobby
drawing Drawing +hobby`,
    levels: {
      school: `
elementary-school Elementary school
middle-school Middle school
high-school High school
sat SAT / ACT prep
college College
adults Adults`,
      lang: ENGLISH_LANGUAGE_LEVELS(),
      hobby: ENGLISH_HOBBY_LEVELS(),
    },
    rates: `
0-30 up to $30
30-50 $30–50
50-70 $50–70
70-100 $70–100
100- from $100`,
  },

  in: {
    regions: `
maharashtra Maharashtra
delhi Delhi
karnataka Karnataka
telangana Telangana
tamil-nadu Tamil Nadu`,
    cities: `
mumbai Mumbai @maharashtra *
  andheri Andheri
  bandra Bandra
  colaba Colaba
  dadar Dadar
  powai Powai
delhi Delhi @delhi *
  connaught-place Connaught Place
  dwarka Dwarka
  karol-bagh Karol Bagh
  rohini Rohini
  saket Saket
bengaluru Bengaluru @karnataka *
  indiranagar Indiranagar
  jayanagar Jayanagar
  koramangala Koramangala
  malleshwaram Malleshwaram
  whitefield Whitefield
hyderabad Hyderabad @telangana
chennai Chennai @tamil-nadu`,
    lessons: `
mathematics Mathematics +popular +school
english English +popular +school +lang
hindi Hindi +popular
physics Physics +popular
chemistry Chemistry +popular
biology Biology +popular
history History
geography Geography
informatics Computer Science
german German +lang
french French +lang
spanish Spanish +lang
music Music +hobby
drawing Drawing +hobby`,
    levels: {
      school: `
primary Classes 1–5
middle Classes 6–8
secondary Classes 9–10
senior-secondary Classes 11–12
jee-neet JEE / NEET preparation
university University
adults Adults`,
      lang: ENGLISH_LANGUAGE_LEVELS(),
      hobby: ENGLISH_HOBBY_LEVELS(),
    },
    rates: `
0-10 up to $10
10-20 $10–20
20-30 $20–30
30-50 $30–50
50- from $50`,
  },

  mx: {
    regions: `
ciudad-de-mexico Ciudad de México
jalisco Jalisco
nuevo-leon Nuevo León
puebla Puebla`,
    cities: `
ciudad-de-mexico Ciudad de México @ciudad-de-mexico *
  alvaro-obregon Álvaro Obregón
  benito-juarez Benito Juárez
  coyoacan Coyoacán
  cuauhtemoc Cuauhtémoc
  miguel-hidalgo Miguel Hidalgo
  tlalpan Tlalpan
guadalajara Guadalajara @jalisco *
  centro Centro
  providencia Providencia
  chapalita Chapalita
  colonia-americana Colonia Americana
monterrey Monterrey @nuevo-leon *
  centro Centro
  cumbres Cumbres
  mitras Mitras
  obispado Obispado
puebla Puebla @puebla`,
    lessons: `
matematicas Matemáticas +popular +school
ingles Inglés +popular +school +lang
espanol Español +popular
fisica Física +popular
quimica Química +popular
biologia Biología
historia Historia
geografia Geografía
informatica Informática
frances Francés +lang
aleman Alemán +lang
portugues Portugués +lang
musica Música +hobby
dibujo Dibujo +hobby`,
    levels: {
      school: `
primary-school Primaria
secondary-school Secundaria
high-school Preparatoria
entrance-exam Examen de admisión (EXANI)
university Universidad
adults Adultos`,
      lang: SPANISH_LANGUAGE_LEVELS(),
      hobby: SPANISH_HOBBY_LEVELS(),
    },
    rates: `
0-300 hasta $300 MXN
300-500 $300–500 MXN
500-700 $500–700 MXN
700-1000 $700–1000 MXN
1000- desde $1000 MXN`,
  },

  es: {
    regions: `
comunidad-de-madrid Comunidad de Madrid
cataluna Cataluña
comunidad-valenciana Comunidad Valenciana
andalucia Andalucía
aragon Aragón`,
    cities: `
madrid Madrid @comunidad-de-madrid *
  centro Centro
  salamanca Salamanca
  chamberi Chamberí
  retiro Retiro
  chamartin Chamartín
  tetuan Tetuán
  moncloa-aravaca Moncloa-Aravaca
barcelona Barcelona @cataluna *
  ciutat-vella Ciutat Vella
  eixample Eixample
  gracia Gràcia
  sants-montjuic Sants-Montjuïc
  les-corts Les Corts
  sarria-sant-gervasi Sarrià-Sant Gervasi
valencia Valencia @comunidad-valenciana *
  ciutat-vella Ciutat Vella
  eixample L'Eixample
  extramurs Extramurs
  campanar Campanar
  benimaclet Benimaclet
sevilla Sevilla @andalucia
zaragoza Zaragoza @aragon`,
    lessons: `
matematicas Matemáticas +popular +school
ingles Inglés +popular +school +lang
lengua Lengua castellana +popular
fisica Física +popular
quimica Química +popular
catalan Catalán +lang
biologia Biología
historia Historia
geografia Geografía
informatica Informática
frances Francés +lang
aleman Alemán +lang
musica Música +hobby
dibujo Dibujo +hobby`,
    levels: {
      school: `
primary-school Educación Primaria
eso ESO
bachillerato Bachillerato
selectividad Selectividad (PAU / EBAU)
university Universidad
adults Adultos`,
      lang: SPANISH_LANGUAGE_LEVELS(),
      hobby: SPANISH_HOBBY_LEVELS(),
    },
    rates: `
0-20 hasta 20 €
20-30 20–30 €
30-40 30–40 €
40-60 40–60 €
60- desde 60 €`,
  },

  ng: {
    regions: `
lagos Lagos State
fct Federal Capital Territory
kano Kano State
oyo Oyo State`,
    cities: `
lagos Lagos @lagos *
  ikeja Ikeja
  lekki Lekki
  surulere Surulere
  victoria-island Victoria Island
  yaba Yaba
abuja Abuja @fct *
  asokoro Asokoro
  garki Garki
  gwarinpa Gwarinpa
  maitama Maitama
  wuse Wuse
kano Kano @kano *
  fagge Fagge
  gwale Gwale
  nassarawa Nassarawa
  tarauni Tarauni
ibadan Ibadan @oyo`,
    lessons: `
mathematics Mathematics +popular +school
english English +popular +school
physics Physics +popular
chemistry Chemistry +popular
biology Biology +popular
economics Economics
geography Geography
informatics Computer Studies
french French +lang
yoruba Yoruba +lang
igbo Igbo +lang
hausa Hausa +lang
music Music +hobby
drawing Fine Art +hobby`,
    levels: {
      school: `
primary-school Primary school
junior-secondary Junior secondary (JSS)
senior-secondary Senior secondary (SSS)
waec-jamb WAEC / JAMB preparation
university University
adults Adults`,
      lang: ENGLISH_LANGUAGE_LEVELS(),
      hobby: ENGLISH_HOBBY_LEVELS(),
    },
    rates: `
0-5000 up to ₦5,000
5000-10000 ₦5,000–10,000
10000-15000 ₦10,000–15,000
15000-25000 ₦15,000–25,000
25000- from ₦25,000`,
  },
}

function ENGLISH_LANGUAGE_LEVELS() {
  return `
beginner Beginner (A1)
elementary Elementary (A2)
intermediate Intermediate (B1)
upper-intermediate Upper-intermediate (B2)
advanced Advanced (C1–C2)`
}
function ENGLISH_HOBBY_LEVELS() {
  return `
children Children
teenagers Teenagers
adults Adults`
}
function SPANISH_LANGUAGE_LEVELS() {
  return `
beginner Principiante (A1)
elementary Elemental (A2)
intermediate Intermedio (B1)
upper-intermediate Intermedio alto (B2)
advanced Avanzado (C1–C2)`
}
function SPANISH_HOBBY_LEVELS() {
  return `
children Niños
teenagers Adolescentes
adults Adultos`
}

// ---------------------------------------------------------------------------------------------
// Reading the tables

function lines(text: string): { depth: number; body: string }[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => ({ depth: (l.length - l.trimStart().length) / 2, body: l.trim() }))
}

function namesFor(ed: Edition, text: string): SeedNames {
  const parts = text.split('|').map((s) => s.trim())
  const out: SeedNames = {}
  for (const [i, locale] of ed.locales.entries()) out[locale] = parts[i] || parts[0]!
  return out
}

/** `alias rest` → alias and the rest. */
function head(body: string): [string, string] {
  const i = body.indexOf(' ')
  return [body.slice(0, i), body.slice(i + 1)]
}

function places(ed: Edition, text: string): SeedPlace[] {
  return lines(text).map(({ body }) => {
    const [alias, rest] = head(body)
    return { alias, names: namesFor(ed, rest) }
  })
}

function readCities(ed: Edition, text: string): SeedCity[] {
  const out: SeedCity[] = []
  for (const { depth, body } of lines(text)) {
    const [alias, rest] = head(body)
    if (depth === 0) {
      const m = /^(.*?)(?: @(\S+))?( \*)?$/.exec(rest)!
      out.push({ alias, names: namesFor(ed, m[1]!), region: m[2] ?? null, popular: !!m[3], districts: [] })
    } else if (depth === 1) out.at(-1)!.districts.push({ alias, names: namesFor(ed, rest), subdistricts: [] })
    else
      out
        .at(-1)!
        .districts.at(-1)!
        .subdistricts.push({ alias, names: namesFor(ed, rest) })
  }
  return out
}

function readLessons(ed: Edition, text: string): SeedLesson[] {
  return lines(text).map(({ body }) => {
    const [alias, rest] = head(body)
    const [name, ...flags] = rest.split(' +')
    return {
      alias,
      names: namesFor(ed, name!),
      popular: flags.includes('popular'),
      school: flags.includes('school'),
      levelSet: flags.includes('lang') ? 'lang' : flags.includes('hobby') ? 'hobby' : 'school',
    }
  })
}

function readRates(ed: Edition, text: string): SeedRate[] {
  return lines(text).map(({ body }) => {
    const [range, rest] = head(body)
    const [min, max] = range.split('-')
    return { min_price: Number(min), max_price: max ? Number(max) : null, names: namesFor(ed, rest) }
  })
}

function read(code: EditionCode): EditionReference {
  const ed = EDITIONS[code]
  const s = SOURCE[code]
  return {
    regions: places(ed, s.regions),
    cities: readCities(ed, s.cities),
    lessons: readLessons(ed, s.lessons),
    levels: { school: places(ed, s.levels.school), lang: places(ed, s.levels.lang), hobby: places(ed, s.levels.hobby) },
    rates: readRates(ed, s.rates),
  }
}

/** Every edition's demo reference data. */
export const REFERENCE: Record<EditionCode, EditionReference> = Object.fromEntries(
  (Object.keys(SOURCE) as EditionCode[]).map((code) => [code, read(code)]),
) as Record<EditionCode, EditionReference>

// ---------------------------------------------------------------------------------------------
// Writing

/** The edition's regions (they come with the schema: migration 0014); answers their ids by alias. */
export async function regionIds(db: Db, ed: Edition): Promise<Map<string, number>> {
  const rows = await db.selectFrom('regions').select(['id', 'alias']).where('edition', '=', ed.code).execute()
  return new Map(rows.map((r) => [r.alias, r.id]))
}

/**
 * The edition's reference data, upserted: places, subjects and levels by their aliases (names and
 * order brought up to date), price bands added when the edition has no band with that minimum. So a
 * second run, or one after a run that was interrupted, finishes the data instead of failing.
 */
export async function seedReference(db: Db, ed: Edition): Promise<void> {
  const data = REFERENCE[ed.code]
  await inTransaction(db, async (trx) => {
    const regionId = await regionIds(trx, ed)
    const cities = await trx
      .insertInto('cities')
      .values(
        data.cities.map((c, i) => ({
          edition: ed.code,
          alias: c.alias,
          names: jsonb(c.names),
          region_id: c.region ? (regionId.get(c.region) ?? null) : null,
          popular: c.popular,
          sort: (i + 1) * 10,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['edition', 'alias']).doUpdateSet({
          names: sql`excluded.names`,
          region_id: sql`excluded.region_id`,
          popular: sql`excluded.popular`,
          sort: sql`excluded.sort`,
        }),
      )
      .returning(['id', 'alias'])
      .execute()
    await startStep('reference')
    const cityId = new Map(cities.map((c) => [c.alias, c.id]))
    const districtRows = data.cities.flatMap((c) =>
      c.districts.map((d) => ({ city_id: cityId.get(c.alias)!, alias: d.alias, names: jsonb(d.names) })),
    )
    const districts = districtRows.length
      ? await trx
          .insertInto('districts')
          .values(districtRows)
          .onConflict((oc) => oc.columns(['city_id', 'alias']).doUpdateSet({ names: sql`excluded.names` }))
          .returning(['id', 'city_id', 'alias'])
          .execute()
      : []
    const districtId = new Map(districts.map((d) => [`${d.city_id}/${d.alias}`, d.id]))
    const subRows = data.cities.flatMap((c) =>
      c.districts.flatMap((d) =>
        d.subdistricts.map((s) => ({
          district_id: districtId.get(`${cityId.get(c.alias)}/${d.alias}`)!,
          alias: s.alias,
          names: jsonb(s.names),
        })),
      ),
    )
    if (subRows.length)
      await trx
        .insertInto('subdistricts')
        .values(subRows)
        .onConflict((oc) => oc.columns(['district_id', 'alias']).doUpdateSet({ names: sql`excluded.names` }))
        .execute()

    const lessons = await trx
      .insertInto('lessons')
      .values(
        data.lessons.map((l, i) => ({
          edition: ed.code,
          alias: l.alias,
          names: jsonb(l.names),
          popular: l.popular,
          school: l.school,
          sort: (i + 1) * 10,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['edition', 'alias']).doUpdateSet({
          names: sql`excluded.names`,
          popular: sql`excluded.popular`,
          school: sql`excluded.school`,
          sort: sql`excluded.sort`,
        }),
      )
      .returning(['id', 'alias'])
      .execute()
    const lessonId = new Map(lessons.map((l) => [l.alias, l.id]))
    await trx
      .insertInto('levels')
      .values(
        data.lessons.flatMap((l) =>
          data.levels[l.levelSet].map((level, i) => ({
            lesson_id: lessonId.get(l.alias)!,
            alias: level.alias,
            names: jsonb(level.names),
            sort: (i + 1) * 10,
          })),
        ),
      )
      .onConflict((oc) =>
        oc.columns(['lesson_id', 'alias']).doUpdateSet({ names: sql`excluded.names`, sort: sql`excluded.sort` }),
      )
      .execute()
    const haveRates = await trx.selectFrom('rates').select('min_price').where('edition', '=', ed.code).execute()
    const have = new Set(haveRates.map((r) => Number(r.min_price)))
    const newRates = data.rates
      .map((r, i) => ({
        edition: ed.code,
        min_price: r.min_price,
        max_price: r.max_price,
        names: jsonb(r.names),
        sort: (i + 1) * 10,
      }))
      .filter((r) => !have.has(r.min_price))
    if (newRates.length) await trx.insertInto('rates').values(newRates).execute()
    // The fee table of the new bands (the migration filled only the edition's default).
    await fillOrderFees(trx, ed.code)
  })
}
