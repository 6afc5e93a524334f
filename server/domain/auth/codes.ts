// One-time secrets (codes and link tokens). Stored as SHA-256 only; each has a purpose, an expiry
// and, for typed codes, a count of wrong tries.
import { sql } from 'kysely'
import type { Executor } from '../shared/audit'

export type CodePurpose = 'client_login_code' | 'client_link' | 'email_confirm' | 'password_reset' | 'phone_confirm'

export const LIFETIME_MINUTES: Record<CodePurpose, number> = {
  client_login_code: 10,
  client_link: 7 * 24 * 60,
  email_confirm: 7 * 24 * 60,
  password_reset: 30,
  phone_confirm: 30,
}
/** Wrong tries a typed code survives; then it is dead and further tries are 429. */
export const CODE_TRIES = 5

export function hashSecret(secret: string): string {
  return new Bun.CryptoHasher('sha256').update(secret).digest('hex')
}

/** Six digits, uniformly random. */
export function newNumericCode(): string {
  const n = crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000
  return String(n).padStart(6, '0')
}

/** 32 random bytes, URL-safe. */
export function newLinkToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
}

export async function issueCode(
  db: Executor,
  a: {
    purpose: CodePurpose
    personId: number
    clientId?: number | null
    secret: string
    channel?: 'email' | 'sms' | null
  },
) {
  // A new code replaces the person's unused ones of the same purpose.
  await db
    .updateTable('auth_codes')
    .set({ used_at: sql`now()` })
    .where('person_id', '=', a.personId)
    .where('purpose', '=', a.purpose)
    .where('used_at', 'is', null)
    .execute()
  const row = await db
    .insertInto('auth_codes')
    .values({
      purpose: a.purpose,
      person_id: a.personId,
      client_id: a.clientId ?? null,
      secret_hash: hashSecret(a.secret),
      channel: a.channel ?? null,
      expires_at: sql<Date>`now() + make_interval(mins => ${LIFETIME_MINUTES[a.purpose]})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** A live link token (not expired, not used), or null. Link tokens are not consumed by use. */
export function findLiveToken(db: Executor, purpose: CodePurpose, secret: string) {
  return db
    .selectFrom('auth_codes')
    .select(['id', 'person_id', 'client_id', 'channel'])
    .where('purpose', '=', purpose)
    .where('secret_hash', '=', hashSecret(secret))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst()
}
