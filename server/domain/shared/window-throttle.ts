// A fixed-window limit per key, counted in PostgreSQL (auth_failures, scope 'account'), so every server
// process sees the same numbers: the anonymous lesson requests, site reviews, feedback and school
// candidate registrations of one client address. The sign-in throttle (auth/throttle.ts) and the level
// test's starts (content/level-test.ts: several keys under advisory locks) have their own rules.
import { sql } from 'kysely'
import { DomainError } from '../../../common/errors'
import type { Executor } from './audit'

/** Counts one more use of `key`; 429 (rate_limited) when the window already holds `limit`. */
export async function countInWindow(
  db: Executor,
  { key, limit, minutes }: { key: string; limit: number; minutes: number },
) {
  const row = await db
    .selectFrom('auth_failures')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('scope', '=', 'account')
    .where('key', '=', key)
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .executeTakeFirstOrThrow()
  if (row.n >= limit) throw new DomainError('rate_limited')
  await db.insertInto('auth_failures').values({ scope: 'account', key }).execute()
}
