// The popular searches of /p/popular/ (the spec names the footer link only): the
// catalogue pages with the most listed tutors — a subject in a city, or a subject online — read from
// the catalogue's own listings, so every link leads to a page with tutors on it. Our decision on the
// numbers: the 24 busiest city pages and the 12 busiest online pages, most tutors first.
import { sql } from 'kysely'
import { cataloguePath } from '../../../common/catalogue-paths'
import { localName } from '../shared/names'
import type { Reader } from './cards'
import { ONLINE_CITY } from './listings'

export const POPULAR_IN_CITIES = 24
export const POPULAR_ONLINE = 12

export interface PopularSearch {
  path: string
  lesson: string
  city: string | null
  tutors: number
}

/** GET /client/popular_searches */
export async function popularSearches(
  reader: Reader,
): Promise<{ in_cities: PopularSearch[]; online: PopularSearch[] }> {
  const { db, locale, edition: ed } = reader
  const base = db
    .selectFrom('catalogue_listings as l')
    .innerJoin('lessons as ls', 'ls.id', 'l.lesson_id')
    .where('ls.edition', '=', ed.code)
    .where('ls.active', '=', true)
  const [cities, online] = await Promise.all([
    base
      .innerJoin('cities as c', 'c.id', 'l.city_id')
      .where('c.active', '=', true)
      .select([
        'ls.alias as lesson',
        'ls.names as lesson_names',
        'c.alias as city',
        'c.names as city_names',
        sql<number>`count(distinct l.tutor_id)::int`.as('tutors'),
      ])
      .groupBy(['ls.id', 'c.id'])
      .orderBy('tutors', 'desc')
      .orderBy('ls.alias')
      .orderBy('c.alias')
      .limit(POPULAR_IN_CITIES)
      .execute(),
    base
      .where('l.city_id', '=', ONLINE_CITY)
      .select([
        'ls.alias as lesson',
        'ls.names as lesson_names',
        sql<number>`count(distinct l.tutor_id)::int`.as('tutors'),
      ])
      .groupBy('ls.id')
      .orderBy('tutors', 'desc')
      .orderBy('ls.alias')
      .limit(POPULAR_ONLINE)
      .execute(),
  ])
  return {
    in_cities: cities.map((r) => ({
      path: cataloguePath(ed, { online: false, lesson: r.lesson, city: r.city }),
      lesson: localName(r.lesson_names, locale, ed),
      city: localName(r.city_names, locale, ed),
      tutors: r.tutors,
    })),
    online: online.map((r) => ({
      path: cataloguePath(ed, { online: true, lesson: r.lesson }),
      lesson: localName(r.lesson_names, locale, ed),
      city: null,
      tutors: r.tutors,
    })),
  }
}
