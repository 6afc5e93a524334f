// Typed one-time codes of the account area (password reset, phone confirmation): the newest live
// code of a person and purpose, 5 wrong tries, single use. Secrets are stored as SHA-256 only
// (server/domain/auth/codes.ts).
import { sql } from 'kysely'
import type { Executor } from '../shared/audit'
import { DomainError } from '../../../common/errors'
import { CODE_TRIES, type CodePurpose, hashSecret } from '../auth/codes'

export type CodeCheck = { ok: true; id: number } | { ok: false }

/**
 * Checks `code` against the person's newest live code of `purpose`, counting a wrong try on it.
 * A code with 5 wrong tries is dead: further tries are 429 (rate_limited). Does not consume the code.
 */
export async function checkCode(
  db: Executor,
  { personId, purpose, code }: { personId: number; purpose: CodePurpose; code: string },
): Promise<CodeCheck> {
  const row = await db
    .selectFrom('auth_codes')
    .select(['id', 'secret_hash', 'attempts'])
    .where('person_id', '=', personId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('id', 'desc')
    .forUpdate()
    .executeTakeFirst()
  if (row && row.attempts >= CODE_TRIES) throw new DomainError('rate_limited')
  if (!row) return { ok: false }
  if (row.secret_hash !== hashSecret(code.trim())) {
    await db
      .updateTable('auth_codes')
      .set({ attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .execute()
    return { ok: false }
  }
  return { ok: true, id: row.id }
}

export async function consumeCode(db: Executor, id: number) {
  await db.updateTable('auth_codes').set({ used_at: sql`now()` }).where('id', '=', id).execute()
}

/** Ends every session of a person (all browsers), e.g. after a password reset. */
export async function endPersonSessions(db: Executor, personId: number, exceptSessionId?: string) {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('person_id', '=', personId)
    .where('revoked_at', 'is', null)
  if (exceptSessionId) q = q.where('id', '<>', exceptSessionId)
  await q.execute()
}
