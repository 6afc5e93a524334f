// Sign-in throttling (contract: 429 after 10 failures in 15 minutes for one account, and after 100
// from one IP). Kept in the database so every server process sees the same counts.
import { sql } from 'kysely'
import { DomainError } from '../shared/errors'
import type { Executor } from '../shared/audit'

export const WINDOW_MINUTES = 15
export const ACCOUNT_LIMIT = 10
export const IP_LIMIT = 100

export async function assertNotThrottled(db: Executor, accountKey: string, ip: string) {
  const row = await db
    .selectFrom('auth_failures')
    .select([
      sql<number>`count(*) filter (where scope = 'account' and key = ${accountKey})::int`.as('account'),
      sql<number>`count(*) filter (where scope = 'ip' and key = ${ip})::int`.as('ip'),
    ])
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${WINDOW_MINUTES})`)
    .where((eb) => eb.or([eb.and([eb('scope', '=', 'account'), eb('key', '=', accountKey)]), eb.and([eb('scope', '=', 'ip'), eb('key', '=', ip)])]))
    .executeTakeFirstOrThrow()
  if (row.account >= ACCOUNT_LIMIT || row.ip >= IP_LIMIT) throw new DomainError('rate_limited')
}

export async function recordFailure(db: Executor, accountKey: string, ip: string) {
  await db
    .insertInto('auth_failures')
    .values([
      { scope: 'account', key: accountKey },
      { scope: 'ip', key: ip },
    ])
    .execute()
}

/** A successful sign-in forgives the account's failures (not the IP's). */
export async function clearAccountFailures(db: Executor, accountKey: string) {
  await db.deleteFrom('auth_failures').where('scope', '=', 'account').where('key', '=', accountKey).execute()
}
