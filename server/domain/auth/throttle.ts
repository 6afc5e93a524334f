// Sign-in throttling (contract: repeated failed sign-ins or codes are answered 429). Kept in the
// database so every server process sees the same counts; 15-minute windows.
//
// Password and code sign-ins reserve their attempt before the secret is checked (reserveAttempt), so
// N concurrent guesses get at most the limit's checks. An attempt counts for the account from that
// client address (10), for the address (100, any accounts) and for the account from anywhere; past
// ACCOUNT_CEILING attempts on one account every address gets one try on it, so a correct password
// from a fresh address still signs in while an attacker's addresses are held to one guess each.
// A success forgives its own reservation and its (account, address) failures.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import { DomainError } from '../../../common/errors'
import type { Executor } from '../shared/audit'
import { LIMITS, lockLimitKeys } from '../shared/window-throttle'

export const WINDOW_MINUTES = LIMITS.sign_in_account.minutes
export const ACCOUNT_LIMIT = LIMITS.sign_in_account.max
export const IP_LIMIT = LIMITS.sign_in_ip.max
/** Attempts on one account from one client address. */
export const PAIR_LIMIT = LIMITS.sign_in_pair.max
/** Attempts on one account from all addresses, past which each address gets a single try on it. */
export const ACCOUNT_CEILING = 50

const inWindow = sql<boolean>`created_at > now() - make_interval(mins => ${WINDOW_MINUTES})`

export interface Reservation {
  ids: number[]
  pairKey: string
}

/**
 * Counts one attempt on `accountKey` from `ip` before its secret is checked; 429 (rate_limited) when a
 * limit is reached. Attempts on one account, and from one address, are counted one after another
 * (the limiter's advisory locks).
 */
export async function reserveAttempt(db: Db, accountKey: string, ip: string): Promise<Reservation> {
  const pairKey = `${accountKey}|${ip}`
  return db.transaction().execute(async (trx) => {
    await lockLimitKeys(trx, [`sign-in:account:${accountKey}`, `sign-in:ip:${ip}`])
    const n = await trx
      .selectFrom('auth_failures')
      .select([
        sql<number>`count(*) filter (where scope = 'account' and key = ${accountKey})::int`.as('account'),
        sql<number>`count(*) filter (where scope = 'ip' and key = ${ip})::int`.as('ip'),
        sql<number>`count(*) filter (where scope = 'pair' and key = ${pairKey})::int`.as('pair'),
      ])
      .where(inWindow)
      .where((eb) =>
        eb.or([
          eb.and([eb('scope', '=', 'account'), eb('key', '=', accountKey)]),
          eb.and([eb('scope', '=', 'ip'), eb('key', '=', ip)]),
          eb.and([eb('scope', '=', 'pair'), eb('key', '=', pairKey)]),
        ]),
      )
      .executeTakeFirstOrThrow()
    if (n.ip >= IP_LIMIT || n.pair >= PAIR_LIMIT || (n.account >= ACCOUNT_CEILING && n.pair > 0))
      throw new DomainError('rate_limited')
    const rows = await trx
      .insertInto('auth_failures')
      .values([
        { scope: 'account', key: accountKey },
        { scope: 'ip', key: ip },
        { scope: 'pair', key: pairKey },
      ])
      .returning('id')
      .execute()
    return { ids: rows.map((r) => r.id), pairKey }
  })
}

/** The secret was right: this attempt and the earlier failures on the account from this address are forgiven. */
export async function forgiveAttempt(db: Executor, r: Reservation) {
  await db
    .deleteFrom('auth_failures')
    .where((eb) => eb.or([eb('id', 'in', r.ids), eb.and([eb('scope', '=', 'pair'), eb('key', '=', r.pairKey)])]))
    .execute()
}

export async function assertNotThrottled(db: Executor, accountKey: string, ip: string) {
  const row = await db
    .selectFrom('auth_failures')
    .select([
      sql<number>`count(*) filter (where scope = 'account' and key = ${accountKey})::int`.as('account'),
      sql<number>`count(*) filter (where scope = 'ip' and key = ${ip})::int`.as('ip'),
    ])
    .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${WINDOW_MINUTES})`)
    .where((eb) =>
      eb.or([
        eb.and([eb('scope', '=', 'account'), eb('key', '=', accountKey)]),
        eb.and([eb('scope', '=', 'ip'), eb('key', '=', ip)]),
      ]),
    )
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
