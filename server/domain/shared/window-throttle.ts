// Every count-then-act limit of the site, in one table, through one mechanism that a burst cannot beat.
//
// A use is a row in auth_failures (scope 'account', key `prefix:key`) counted over a sliding window in
// PostgreSQL, so every server process sees the same numbers. The count and the insert run under a
// transaction-scoped advisory lock per key (keys locked in sorted order: no deadlock), so of N requests
// at once exactly the limit's `max` get through, on PGlite and on a PostgreSQL server shared by several
// processes. The sign-in throttle (auth/throttle.ts) takes the same locks for its own rule.
import { type Transaction, sql } from 'kysely'
import type { DB } from '../../../db/types'
import { DomainError } from '../../../common/errors'
import type { Executor } from './audit'

export interface Limit {
  /** The stored key's prefix (auth_failures.key = `prefix:key`). */
  prefix: string
  /** What the key is, for people reading the table. */
  per: 'client address' | 'person' | 'login' | 'login and address'
  minutes: number
  max: number
}

/** The limits (our decisions where the spec is silent: a person needs a few, a bot many). */
export const LIMITS = {
  /** Sign-in codes sent to one client (e-mail or SMS). */
  client_login_code: { prefix: 'client-code-sent', per: 'person', minutes: 15, max: 5 },
  /** Password-reset codes sent to one tutor. */
  password_reset_code: { prefix: 'reset-code-sent', per: 'person', minutes: 15, max: 5 },
  /** Phone-confirmation codes sent by SMS to one tutor. */
  phone_confirm_code: { prefix: 'phone-code-sent', per: 'person', minutes: 15, max: 5 },
  /** Feedback e-mails to support. */
  feedback: { prefix: 'feedback', per: 'client address', minutes: 60, max: 3 },
  /** Site reviews (each e-mails a confirmation link). */
  site_review: { prefix: 'site-review', per: 'client address', minutes: 60, max: 5 },
  /** School candidate registrations. */
  candidate: { prefix: 'candidate', per: 'client address', minutes: 60, max: 5 },
  /** Lesson requests by visitors who are not signed in. */
  anon_request: { prefix: 'anon-request', per: 'client address', minutes: 60, max: 10 },
  /** Level-test starts from one address (a school's visitors share one). */
  level_test_ip: { prefix: 'level-test:ip', per: 'client address', minutes: 60, max: 10 },
  /** Level-test starts by one signed-in person, whatever the address. */
  level_test_person: { prefix: 'level-test:person', per: 'person', minutes: 60, max: 10 },
  // The sign-in throttle's numbers; auth/throttle.ts keeps them under scopes 'account', 'pair', 'ip' (key
  // unprefixed) with one more rule: past ACCOUNT_CEILING attempts on an account each address gets one try.
  /** Failed sign-ins (or code requests) on one account; then 429 until the window passes. */
  sign_in_account: { prefix: 'account', per: 'login', minutes: 15, max: 10 },
  /** Sign-in attempts on one account from one address. */
  sign_in_pair: { prefix: 'pair', per: 'login and address', minutes: 15, max: 10 },
  /** Sign-in attempts from one address on any accounts. */
  sign_in_ip: { prefix: 'ip', per: 'client address', minutes: 15, max: 100 },
} as const satisfies Record<string, Limit>

export type LimitName = keyof typeof LIMITS

export interface LimitUse {
  limit: LimitName
  key: string | number
}

/** Serialises the uses of these keys until the transaction ends (sorted: two callers never wait on each other in a cycle). */
export async function lockLimitKeys(trx: Transaction<DB>, keys: string[]) {
  for (const k of [...new Set(keys)].sort()) await sql`select pg_advisory_xact_lock(3, hashtext(${k}))`.execute(trx)
}

async function take(trx: Transaction<DB>, uses: LimitUse[]): Promise<boolean> {
  const keyed = uses.map((u) => ({ ...LIMITS[u.limit], key: `${LIMITS[u.limit].prefix}:${u.key}` }))
  await lockLimitKeys(
    trx,
    keyed.map((k) => k.key),
  )
  for (const k of keyed) {
    const row = await trx
      .selectFrom('auth_failures')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('scope', '=', 'account')
      .where('key', '=', k.key)
      .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${k.minutes})`)
      .executeTakeFirstOrThrow()
    if (row.n >= k.max) return false
  }
  await trx
    .insertInto('auth_failures')
    .values(keyed.map((k) => ({ scope: 'account' as const, key: k.key })))
    .execute()
  return true
}

/**
 * Counts one use of every limit in `uses` if none is spent; false (and nothing counted) otherwise. Inside
 * a transaction the uses are counted in it (undone with it); otherwise in a short one of their own.
 */
export function tryTakeLimits(db: Executor, uses: LimitUse[]): Promise<boolean> {
  return db.isTransaction ? take(db as Transaction<DB>, uses) : db.transaction().execute((trx) => take(trx, uses))
}

/** As tryTakeLimits; a spent limit is 429 (rate_limited). */
export async function takeLimits(db: Executor, uses: LimitUse[]) {
  if (!(await tryTakeLimits(db, uses))) throw new DomainError('rate_limited')
}

/** One use of one limit; 429 (rate_limited) when it is spent. */
export function takeLimit(db: Executor, limit: LimitName, key: string | number) {
  return takeLimits(db, [{ limit, key }])
}
