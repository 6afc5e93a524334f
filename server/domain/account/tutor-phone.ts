// The tutor's phone with an SMS code (docs/api.md#tutor-sign-in-and-account /tutor/profile/phone/*).
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import { msg, t } from '../../../i18n/keys'
import type { SmsSender } from '../../integrations/sms/sms'
import { audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { takeLimit } from '../shared/window-throttle'
import { FieldErrors, wrongStatus } from '../../../common/errors'
import { issueCode, newNumericCode } from '../auth/codes'
import { checkCode, consumeCode } from './codes'
import type { TutorRef } from './tutor-ref'

/** The SMS gateway the phone calls send codes through. */
export interface PhoneIo {
  sms: SmsSender
}

async function sendPhoneCode(
  { db, edition: ed }: Pick<Scope, 'db' | 'edition'>,
  a: { me: TutorRef; phone: string },
  io: PhoneIo,
) {
  const code = newNumericCode()
  await issueCode(db, { purpose: 'phone_confirm', personId: a.me.personId, secret: code, channel: 'sms' })
  await io.sms.send(`${ed.phone.prefix}${a.phone}`, t(ed.defaultLocale, 'sms.phone_confirm', { code }), {
    name: 'phone_confirm',
    locale: ed.defaultLocale,
    params: { code },
  })
}

async function assertCodeBudget(db: Db, personId: number) {
  await takeLimit(db, 'phone_confirm_code', personId)
}

/**
 * POST /tutor/profile/phone/set {phone}: `phone` is already the edition's digits (zPhone). Another
 * person's phone is a 422 on phone; the confirmation is cleared and a code goes by SMS. Setting the
 * phone the tutor already has confirmed is 409.
 */
export async function setTutorPhone({ db, edition, actor }: Scope, a: { me: TutorRef; phone: string }, io: PhoneIo) {
  const current = await db
    .selectFrom('people')
    .select(['phone', 'phone_confirmed_at'])
    .where('id', '=', a.me.personId)
    .executeTakeFirstOrThrow()
  if (current.phone === a.phone && current.phone_confirmed_at) throw wrongStatus()
  const taken = await db
    .selectFrom('people')
    .select('id')
    .where('phone', '=', a.phone)
    .where('id', '<>', a.me.personId)
    .executeTakeFirst()
  if (taken) throw new FieldErrors({ phone: [msg('validation.taken')] })
  await assertCodeBudget(db, a.me.personId)
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('people')
      .set({ phone: a.phone, phone_confirmed_at: null, updated_at: sql`now()` })
      .where('id', '=', a.me.personId)
      .execute()
    await audit(trx, actor, { action: 'tutor.phone_set', entity: 'tutor', id: a.me.tutorId, data: { phone: a.phone } })
  })
  await sendPhoneCode({ db, edition }, a, io)
  return { phone: a.phone, phone_confirmed: false }
}

/** POST /tutor/profile/phone/confirm {code}: a wrong code is a 422 on code; 5 wrong tries → 429. */
export async function confirmTutorPhone({ db, actor }: Scope, a: { me: TutorRef; code: string }) {
  const result = await db.transaction().execute(async (trx) => {
    const r = await checkCode(trx, { personId: a.me.personId, purpose: 'phone_confirm', code: a.code })
    if (!r.ok) return false
    await consumeCode(trx, r.id)
    await trx.updateTable('people').set({ phone_confirmed_at: sql`now()` }).where('id', '=', a.me.personId).execute()
    await audit(trx, actor, { action: 'tutor.phone_confirm', entity: 'tutor', id: a.me.tutorId })
    return true
  })
  if (!result) throw new FieldErrors({ code: [msg('errors.invalid_code')] })
  return { phone_confirmed: true }
}

/** POST /tutor/profile/phone/resend_code: 409 with no phone or a confirmed one; 5 codes per 15 minutes. */
export async function resendTutorPhoneCode({ db, edition, actor }: Scope, a: { me: TutorRef }, io: PhoneIo) {
  const p = await db
    .selectFrom('people')
    .select(['phone', 'phone_confirmed_at'])
    .where('id', '=', a.me.personId)
    .executeTakeFirstOrThrow()
  if (!p.phone || p.phone_confirmed_at) throw wrongStatus()
  await assertCodeBudget(db, a.me.personId)
  await audit(db, actor, { action: 'tutor.phone_resend_code', entity: 'tutor', id: a.me.tutorId })
  await sendPhoneCode({ db, edition }, { me: a.me, phone: p.phone }, io)
  return { sent: true }
}
