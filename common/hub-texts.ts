// The texts of the two hub pages under the footer's links, /materials/ and /p/popular/, in every site
// language. Their heading and intro are the static pages `materials` and `popular` (staff edit them);
// below the intro the pages list live content (client/public/HubSections.tsx). Kept beside the pages,
// not in the size-capped shared catalogs, like common/media-texts.ts. Pure data.
import type { Locale } from './editions'

export interface HubTexts {
  level_test: string
  level_test_text: string
  level_test_start: string
  articles: string
  all_articles: string
  news: string
  all_news: string
  videos: string
  all_videos: string
  in_cities: string
  online: string
  all_tutors: string
  all_online: string
  /** "{count} tutors" without plural forms: "Tutors: 12". */
  tutors: string
  nothing_yet: string
}

const ua: HubTexts = {
  level_test: 'Тест рівня англійської',
  level_test_text:
    'Безкоштовний онлайн-тест із граматики й лексики: 40 питань, результат за шкалою A1–C2 одразу після завершення.',
  level_test_start: 'Пройти тест',
  articles: 'Статті репетиторів',
  all_articles: 'Усі статті',
  news: 'Новини освіти',
  all_news: 'Усі новини',
  videos: 'Відео про навчання',
  all_videos: 'Усі відео',
  in_cities: 'Репетитори у містах',
  online: 'Репетитори онлайн',
  all_tutors: 'Усі репетитори',
  all_online: 'Усі репетитори онлайн',
  tutors: 'Репетиторів: {count}',
  nothing_yet: 'Тут поки нічого немає.',
}
const ru: HubTexts = {
  level_test: 'Тест уровня английского',
  level_test_text:
    'Бесплатный онлайн-тест по грамматике и лексике: 40 вопросов, результат по шкале A1–C2 сразу после завершения.',
  level_test_start: 'Пройти тест',
  articles: 'Статьи репетиторов',
  all_articles: 'Все статьи',
  news: 'Новости образования',
  all_news: 'Все новости',
  videos: 'Видео об учёбе',
  all_videos: 'Все видео',
  in_cities: 'Репетиторы в городах',
  online: 'Репетиторы онлайн',
  all_tutors: 'Все репетиторы',
  all_online: 'Все репетиторы онлайн',
  tutors: 'Репетиторов: {count}',
  nothing_yet: 'Здесь пока ничего нет.',
}
const en: HubTexts = {
  level_test: 'English level test',
  level_test_text: 'A free online grammar and vocabulary test: 40 questions, your A1–C2 level as soon as you finish.',
  level_test_start: 'Take the test',
  articles: 'Articles by tutors',
  all_articles: 'All articles',
  news: 'Education news',
  all_news: 'All news',
  videos: 'Videos about learning',
  all_videos: 'All videos',
  in_cities: 'Tutors in cities',
  online: 'Online tutors',
  all_tutors: 'All tutors',
  all_online: 'All online tutors',
  tutors: 'Tutors: {count}',
  nothing_yet: 'Nothing here yet.',
}
const pl: HubTexts = {
  level_test: 'Test poziomu angielskiego',
  level_test_text: 'Bezpłatny test online z gramatyki i słownictwa: 40 pytań, poziom A1–C2 od razu po zakończeniu.',
  level_test_start: 'Rozwiąż test',
  articles: 'Artykuły korepetytorów',
  all_articles: 'Wszystkie artykuły',
  news: 'Wiadomości o edukacji',
  all_news: 'Wszystkie wiadomości',
  videos: 'Filmy o nauce',
  all_videos: 'Wszystkie filmy',
  in_cities: 'Korepetytorzy w miastach',
  online: 'Korepetytorzy online',
  all_tutors: 'Wszyscy korepetytorzy',
  all_online: 'Wszyscy korepetytorzy online',
  tutors: 'Korepetytorów: {count}',
  nothing_yet: 'Na razie nic tu nie ma.',
}
const es: HubTexts = {
  level_test: 'Test de nivel de inglés',
  level_test_text: 'Un test gratuito en línea de gramática y vocabulario: 40 preguntas y tu nivel A1–C2 al terminar.',
  level_test_start: 'Hacer el test',
  articles: 'Artículos de profesores',
  all_articles: 'Todos los artículos',
  news: 'Noticias de educación',
  all_news: 'Todas las noticias',
  videos: 'Vídeos sobre aprendizaje',
  all_videos: 'Todos los vídeos',
  in_cities: 'Profesores en ciudades',
  online: 'Profesores en línea',
  all_tutors: 'Todos los profesores',
  all_online: 'Todos los profesores en línea',
  tutors: 'Profesores: {count}',
  nothing_yet: 'Todavía no hay nada aquí.',
}

const BY_LOCALE: Record<Locale, HubTexts> = { ua, ru, en, pl, es }

export function hubTexts(locale: Locale): HubTexts {
  return BY_LOCALE[locale] ?? en
}
