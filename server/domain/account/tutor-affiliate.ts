// The tutor's affiliate link (docs/api.md#tutor-settings-privacy-rating GET /tutor/affiliate/get).
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import type { TutorRef } from './tutor-ref'

/** The link a tutor shares to bring other tutors, and how many registered through it. */
export async function getTutorAffiliate(db: Db, a: { me: TutorRef; origin: string }) {
  const r = await db
    .selectFrom('tutors')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('affiliate_id', '=', a.me.tutorId)
    .executeTakeFirstOrThrow()
  return { affiliate_link: `${a.origin}/register?affiliate_id=${a.me.tutorId}`, registered: r.n }
}
