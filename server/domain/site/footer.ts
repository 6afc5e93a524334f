import { sql } from 'kysely'
import type { Db } from '../../../db/client'

/** The footer's aggregate rating of the marketplace: published site reviews only. */
export async function footerRating(db: Db) {
  const row = await db
    .selectFrom('site_reviews')
    .select([
      sql<number | null>`round(avg(mark)::numeric, 2)::float8`.as('avg'),
      sql<number>`count(*)::int`.as('count'),
    ])
    .where('status', '=', 1)
    .executeTakeFirstOrThrow()
  return { avg_review_mark: row.avg ?? 0, total_count: row.count }
}
