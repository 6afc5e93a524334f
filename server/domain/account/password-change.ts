// Changing one's own password while signed in (contract: "needs current_password beside the new
// password, and ends the user's other sessions"). Every such path — /tutor/profile/password/set and
// the tutor's profile editor — checks the current password here. A session alone (a borrowed or
// stolen one) must not be enough to take the account over, nor to guess the password without limit:
// the check is throttled like a sign-in (reserved before it is verified).
import type { Db } from '../../../db/client'
import { msg } from '../../../i18n/keys'
import { verifyPassword } from '../auth/passwords'
import { type Reservation, reserveAttempt } from '../auth/throttle'
import { FieldErrors } from '../../../common/errors'

/**
 * When the person has a password, `current` must be it: missing or wrong is a 422 on current_password.
 * Answers the throttle reservation to forgive in the change's transaction (null: no password to check).
 */
export async function checkCurrentPassword(
  db: Db,
  {
    personId,
    currentPassword: current,
    ip,
  }: { personId: number; currentPassword: string | null | undefined; ip: string },
): Promise<Reservation | null> {
  const person = await db
    .selectFrom('people')
    .select('password_hash')
    .where('id', '=', personId)
    .executeTakeFirstOrThrow()
  if (!person.password_hash) return null // signed in by code or OpenID only: nothing to confirm with
  if (!current) throw new FieldErrors({ current_password: [msg('validation.required')] })
  const attempt = await reserveAttempt(db, `password-change:${personId}`, ip)
  if (!(await verifyPassword(current, person.password_hash)))
    throw new FieldErrors({ current_password: [msg('validation.wrong_password')] })
  return attempt
}
