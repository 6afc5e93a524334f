// The main page: popular subjects and cities, top tutors and the latest reviews.
import { sql } from 'kysely'
import { localName } from '../shared/names'
import { type Reader, cardsByIds } from './cards'
import { ANY_CITY, ONLINE_CITY } from './listings'
import { cataloguePath } from '../../../common/catalogue-paths'

/** Structured data and the main page suggest at most 10 tutors (docs/product.md#9-business-constants-and-limits). */
export const SUGGESTED_TUTORS = 10

export async function mainPage(reader: Reader) {
  const { db, locale, edition: ed } = reader
  const [subjects, cities, top, reviews] = await Promise.all([
    db
      .selectFrom('lessons')
      .select(['id', 'alias', 'names'])
      .where('edition', '=', ed.code)
      .where('active', '=', true)
      .where('popular', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .limit(12)
      .execute(),
    db
      .selectFrom('cities')
      .select(['id', 'alias', 'names'])
      .where('edition', '=', ed.code)
      .where('active', '=', true)
      .where('popular', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .limit(12)
      .execute(),
    db
      .selectFrom('catalogue_listings')
      .select(['tutor_id', sql<number>`max(rank_points)`.as('points')])
      .where('city_id', 'in', [ANY_CITY, ONLINE_CITY])
      .groupBy('tutor_id')
      .orderBy('points', 'desc')
      .orderBy('tutor_id')
      .limit(SUGGESTED_TUTORS)
      .execute(),
    db
      .selectFrom('reviews as r')
      .innerJoin('tutors as t', 't.id', 'r.tutor_id')
      .select(['r.id', 'r.client_name', 'r.mark', 'r.text', 't.id as tutor_id', 't.name as tutor_name', 't.review_avg'])
      .where('r.status', '=', 1)
      .where('t.published', '=', true)
      .where('t.active', '=', true)
      .where('t.deleted_at', 'is', null)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(6)
      .execute(),
  ])
  const firstCity = cities[0]?.alias
  return {
    popular_subjects: subjects.map((s) => ({
      id: s.id,
      alias: s.alias,
      name: localName(s.names, locale, ed),
      link: cataloguePath(ed, { lesson: s.alias, city: firstCity }),
    })),
    popular_cities: cities.map((c) => ({ id: c.id, alias: c.alias, name: localName(c.names, locale, ed) })),
    top_tutors: await cardsByIds(
      reader,
      top.map((t) => t.tutor_id),
    ),
    latest_reviews: reviews.map((r) => ({
      id: r.id,
      review_text: r.text,
      review_mark: r.mark,
      client_name: r.client_name,
      tutor_id: r.tutor_id,
      tutor_name: r.tutor_name,
      tutor_avg_review_rate: Math.round(r.review_avg * 10) / 10,
    })),
  }
}
export type MainPage = Awaited<ReturnType<typeof mainPage>>
