// The tutor's rating (docs/api.md#tutor-settings-privacy-rating GET /tutor/rating/get).
import { sql } from 'kysely'
import { localName } from '../shared/names'
import type { Scope } from '../shared/scope'
import { ANY_CITY, ONLINE_CITY } from '../catalogue/listings'
import { rankOfTutor } from '../catalogue/ranking'
import type { TutorRef } from './tutor-ref'

/**
 * GET /tutor/rating/get: the catalogue's own ranking (ranking.ts rank()) with its parts, and the tutor's
 * place in each catalogue slot (subject × city, online, or the subject without a city) in the
 * catalogue's default order — TOP first, then the rank points rank() gave, then the lower id
 * (search.ts) — counted over the same precomputed listing rows the catalogue pages read.
 */
export async function getTutorRating(scope: Scope, me: TutorRef) {
  const { db, locale, edition } = scope
  const t = await db
    .selectFrom('tutors')
    .select([
      'avatar_url',
      'schedule',
      'video_url',
      'description',
      'points_first_diploma',
      'points_second_diploma',
      'response_minutes',
      'response_rate',
      'review_count',
      'review_avg',
      'ignored_requests',
    ])
    .where('id', '=', me.tutorId)
    .executeTakeFirstOrThrow()
  const { points, parts } = rankOfTutor({
    ...t,
    has_schedule: t.schedule !== null,
    description_length: t.description.length,
  })
  const rows = await db
    .selectFrom('catalogue_listings as l')
    .innerJoin('lessons as s', 's.id', 'l.lesson_id')
    .leftJoin('cities as c', 'c.id', 'l.city_id')
    .select([
      'l.lesson_id',
      'l.city_id',
      'l.is_top',
      's.names as lesson_names',
      'c.names as city_names',
      sql<number>`(select count(*) from catalogue_listings o
        where o.lesson_id = l.lesson_id and o.city_id = l.city_id
          and (o.is_top, o.rank_points, -o.tutor_id) > (l.is_top, l.rank_points, -l.tutor_id))::int + 1`.as('position'),
      sql<number>`(select count(*) from catalogue_listings o
        where o.lesson_id = l.lesson_id and o.city_id = l.city_id)::int`.as('total'),
    ])
    .where('l.tutor_id', '=', me.tutorId)
    .orderBy('s.sort')
    .orderBy('l.lesson_id')
    .orderBy(sql`l.city_id = ${ANY_CITY}`)
    .orderBy(sql`l.city_id = ${ONLINE_CITY}`)
    .orderBy('c.sort')
    .orderBy('l.city_id')
    .execute()
  const slots = rows.map((r) => ({
    lesson_id: r.lesson_id,
    lesson: localName(r.lesson_names, locale, edition),
    city_id: r.city_id,
    kind:
      r.city_id === ONLINE_CITY
        ? ('online' as const)
        : r.city_id === ANY_CITY
          ? ('any_city' as const)
          : ('city' as const),
    city: r.city_names ? localName(r.city_names, locale, edition) : null,
    position: r.position,
    total: r.total,
    is_top: r.is_top,
  }))
  return {
    points,
    parts,
    listed: slots.length > 0,
    is_top: slots.some((s) => s.is_top),
    review_count: t.review_count,
    review_avg: t.review_avg,
    slots,
  }
}
