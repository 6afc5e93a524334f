// The tutor's rating (spec/api-calls.md §7.7 GET /tutor/rating/get).
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import { rankOfTutor } from '../catalogue/ranking'
import type { TutorRef } from './tutor-ref'

/** GET /tutor/rating/get: the catalogue's own ranking (ranking.ts rank()) with its parts. */
export async function getTutorRating(db: Db, me: TutorRef) {
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
  const listed = await db
    .selectFrom('catalogue_listings')
    .select([sql<number>`count(*)::int`.as('n'), sql<boolean>`coalesce(bool_or(is_top), false)`.as('top')])
    .where('tutor_id', '=', me.tutorId)
    .executeTakeFirstOrThrow()
  return {
    points,
    parts,
    listed: listed.n > 0,
    is_top: listed.top,
    review_count: t.review_count,
    review_avg: t.review_avg,
  }
}
