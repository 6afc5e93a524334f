// A tutor's review figures (count and average of published reviews) feed the card and the
// ranking; recompute them, and the listing, in the transaction that changes a review.
import { sql } from 'kysely'
import type { Executor } from '../shared/audit'
import { refreshListings } from './listings'

export async function recomputeTutorReviews(db: Executor, tutorId: number) {
  await db
    .updateTable('tutors')
    .set({
      review_count: sql<number>`(select count(*)::int from reviews where tutor_id = ${tutorId} and status = 1)`,
      review_avg: sql<number>`coalesce((select avg(mark)::real from reviews where tutor_id = ${tutorId} and status = 1), 0)`,
      updated_at: sql`now()`,
    })
    .where('id', '=', tutorId)
    .execute()
  await refreshListings(db, [tutorId])
}
