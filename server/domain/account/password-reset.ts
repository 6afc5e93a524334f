// Tutor password reset by a 6-digit code (docs/api.md#tutor-sign-in-and-account /tutor/profile/password/*).
//
// - get_reset_code {login}: the code goes by e-mail or SMS, as the login is. The answer is the same
//   whether or not a tutor has that login (no account enumeration); every request counts against the
//   sign-in throttle (10 per login or 100 per IP in 15 minutes → 429) for existing and unknown logins
//   alike, and at most 5 codes are sent per person in that window (more requests answer success
//   without sending).
// - check_reset_code {login, reset_code}: valid, or 422 on reset_code. A code dies after 5 wrong tries
//   (then 429); for an unknown login the 5 wrong tries are counted in the throttle table instead, so
//   both behave alike.
// - reset {login, reset_code, password}: sets the password (the person's: shared by their tutor and
//   client roles), uses the code up and ends every session of the person. It does not sign in.
// Codes live 30 minutes (LIFETIME_MINUTES.password_reset).
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import { msg, t } from '../../../i18n/keys'
import type { Mailer } from '../../integrations/mail/mailer'
import type { SmsSender } from '../../integrations/sms/sms'
import { audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { tryTakeLimits } from '../shared/window-throttle'
import { DomainError, FieldErrors } from '../../../common/errors'
import { parseLogin } from '../auth/client-sign-in'
import { CODE_TRIES, issueCode, newNumericCode } from '../auth/codes'
import { hashPassword } from '../auth/passwords'
import type { RequestInfo } from '../auth/sign-in'
import { WINDOW_MINUTES, assertNotThrottled, recordFailure } from '../auth/throttle'
import { checkCode, endPersonSessions } from './codes'

type Login = ReturnType<typeof parseLogin>

const keyOf = (login: Login) => (login.channel === 'email' ? login.email : login.phone)

/** The person holding a live tutor role with this login, or null. */
async function findTutorPerson(db: Db, login: Login) {
  return db
    .selectFrom('people')
    .innerJoin('tutors', (j) => j.onRef('tutors.person_id', '=', 'people.id').on('tutors.deleted_at', 'is', null))
    .select(['people.id', 'people.email', 'people.phone', 'tutors.id as tutor_id'])
    .where((eb) =>
      login.channel === 'email'
        ? eb(sql<string>`lower(people.email)`, '=', login.email)
        : eb('people.phone', '=', login.phone),
    )
    .executeTakeFirst()
}

/** How the codes travel. */
export interface ResetIo {
  mail: Mailer
  sms: SmsSender
}

export async function sendResetCode(
  { db, edition, actor }: Scope,
  a: { login: string; req: RequestInfo },
  io: ResetIo,
) {
  const login = parseLogin(a.login, edition)
  const accountKey = `tutor-reset:${keyOf(login)}`
  await assertNotThrottled(db, accountKey, a.req.ip)
  // Counted for every request, known login or not, so the limit says nothing about the account.
  await recordFailure(db, accountKey, a.req.ip)
  const person = await findTutorPerson(db, login)
  if (!person) return { sent: true }
  if (!(await tryTakeLimits(db, [{ limit: 'password_reset_code', key: person.id }]))) return { sent: true }
  const code = newNumericCode()
  await db.transaction().execute(async (trx) => {
    await issueCode(trx, { purpose: 'password_reset', personId: person.id, secret: code, channel: login.channel })
    await audit(trx, actor, {
      action: 'tutor.password_reset_code',
      entity: 'tutor',
      id: person.tutor_id,
      data: { channel: login.channel, ip: a.req.ip },
    })
  })
  const locale = edition.defaultLocale
  if (login.channel === 'email')
    await io.mail.send({
      to: login.email,
      subject: t(locale, 'mail.password_reset_subject'),
      text: t(locale, 'mail.password_reset_body', { code }),
      event: { name: 'password_reset', locale, params: { code } },
    })
  else
    await io.sms.send(`${edition.phone.prefix}${login.phone}`, t(locale, 'sms.password_reset', { code }), {
      name: 'password_reset',
      locale,
      params: { code },
    })
  return { sent: true }
}

const invalidCode = () => new FieldErrors({ reset_code: [msg('errors.invalid_code')] })

/**
 * Verifies the code inside `trx`; a wrong code is a 422 on reset_code (its try is counted and kept,
 * since the caller's transaction commits before the error is thrown). Returns the person and code ids.
 */
async function verify({ db, edition }: Scope, a: { login: string; code: string; req: RequestInfo }) {
  const login = parseLogin(a.login, edition)
  const accountKey = `tutor-reset-check:${keyOf(login)}`
  await assertNotThrottled(db, accountKey, a.req.ip)
  const person = await findTutorPerson(db, login)
  if (!person) {
    // No account: count the wrong tries in the throttle table, 429 after as many as a real code allows.
    const n = await db
      .selectFrom('auth_failures')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('scope', '=', 'account')
      .where('key', '=', accountKey)
      .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${WINDOW_MINUTES})`)
      .executeTakeFirstOrThrow()
    if (n.n >= CODE_TRIES) throw new DomainError('rate_limited')
    await recordFailure(db, accountKey, a.req.ip)
    return { ok: false as const }
  }
  const result = await db.transaction().execute(async (trx) => {
    const r = await checkCode(trx, { personId: person.id, purpose: 'password_reset', code: a.code })
    if (!r.ok) await recordFailure(trx, accountKey, a.req.ip)
    return r
  })
  return result.ok
    ? { ok: true as const, personId: person.id, tutorId: person.tutor_id, codeId: result.id }
    : { ok: false as const }
}

export async function checkResetCode(scope: Scope, a: { login: string; code: string; req: RequestInfo }) {
  const r = await verify(scope, a)
  if (!r.ok) throw invalidCode()
  return { valid: true }
}

export async function resetPassword(
  scope: Scope,
  a: { login: string; code: string; password: string; req: RequestInfo },
) {
  const { db, actor } = scope
  const r = await verify(scope, a)
  if (!r.ok) throw invalidCode()
  const hash = await hashPassword(a.password)
  await db.transaction().execute(async (trx) => {
    // Single use: only the transaction that marks the code used goes on.
    const used = await trx
      .updateTable('auth_codes')
      .set({ used_at: sql`now()` })
      .where('id', '=', r.codeId)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst()
    if (!used) throw invalidCode()
    await trx
      .updateTable('people')
      .set({ password_hash: hash, updated_at: sql`now()` })
      .where('id', '=', r.personId)
      .execute()
    await endPersonSessions(trx, r.personId)
    await audit(trx, actor, { action: 'tutor.password_reset', entity: 'tutor', id: r.tutorId, data: { ip: a.req.ip } })
  })
  return { reset: true }
}
