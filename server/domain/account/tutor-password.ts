// The tutor's password set (docs/api.md#tutor-sign-in-and-account POST /tutor/profile/password/set). The reset by
// code is password-reset.ts.
import { sql } from 'kysely'
import { audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { hashPassword } from '../auth/passwords'
import { forgiveAttempt } from '../auth/throttle'
import { endPersonSessions } from './codes'
import { checkCurrentPassword } from './password-change'
import type { TutorRef } from './tutor-ref'

/**
 * POST /tutor/profile/password/set?password&current_password: the new password (the current one first,
 * when the account has one); the person's other sessions end.
 */
export async function setTutorPassword(
  { db, actor }: Scope,
  a: {
    me: TutorRef
    caller: { sessionId: string; ip: string }
    password: string
    current_password?: string | undefined
  },
) {
  const confirmed = await checkCurrentPassword(db, {
    personId: a.me.personId,
    currentPassword: a.current_password,
    ip: a.caller.ip,
  })
  const hash = await hashPassword(a.password)
  await db.transaction().execute(async (trx) => {
    if (confirmed) await forgiveAttempt(trx, confirmed)
    await trx
      .updateTable('people')
      .set({ password_hash: hash, updated_at: sql`now()` })
      .where('id', '=', a.me.personId)
      .execute()
    await endPersonSessions(trx, a.me.personId, a.caller.sessionId)
    await audit(trx, actor, { action: 'tutor.password_set', entity: 'tutor', id: a.me.tutorId })
  })
  return { set: true }
}
