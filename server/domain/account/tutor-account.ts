// The signed-in tutor's account (spec/api-calls.md §7.7): password set, phone with an SMS code, terms,
// indicators, settings, privacy, deletion requests, rating, verification requests, affiliate, prof.
// Every write is audited in its transaction. Decisions are in README.md "Decisions".
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import { msg, t } from '../../../i18n/keys'
import type { Edition } from '../editions/editions'
import type { SmsSender } from '../../integrations/sms/sms'
import { type Actor, audit } from '../shared/audit'
import { DomainError, FieldErrors, forbidden, wrongStatus } from '../shared/errors'
import { CODES_PER_WINDOW, codesIssuedRecently, issueCode, newNumericCode } from '../auth/codes'
import { hashPassword } from '../auth/passwords'
import { WINDOW_MINUTES, forgiveAttempt } from '../auth/throttle'
import { refreshListings } from '../catalogue/listings'
import { rankOfTutor } from '../catalogue/ranking'
import { checkCode, consumeCode, endPersonSessions } from './codes'
import { checkCurrentPassword } from './password-change'
import type { Prof } from './profs'

export interface TutorRef {
  tutorId: number
  personId: number
}

// ---- password ----

/**
 * POST /tutor/profile/password/set?password&current_password: the new password (the current one first,
 * when the account has one); the person's other sessions end.
 */
export async function setTutorPassword(
  db: Db,
  actor: Actor,
  me: TutorRef,
  caller: { sessionId: string; ip: string },
  password: string,
  currentPassword: string | undefined,
) {
  const confirmed = await checkCurrentPassword(db, me.personId, currentPassword, caller.ip)
  const hash = await hashPassword(password)
  await db.transaction().execute(async (trx) => {
    if (confirmed) await forgiveAttempt(trx, confirmed)
    await trx.updateTable('people').set({ password_hash: hash, updated_at: sql`now()` }).where('id', '=', me.personId).execute()
    await endPersonSessions(trx, me.personId, caller.sessionId)
    await audit(trx, actor, 'tutor.password_set', 'tutor', me.tutorId)
  })
  return { set: true }
}

// ---- phone ----

async function sendPhoneCode(db: Db, me: TutorRef, phone: string, ed: Edition, sms: SmsSender) {
  const code = newNumericCode()
  await issueCode(db, { purpose: 'phone_confirm', personId: me.personId, secret: code, channel: 'sms' })
  await sms.send(`${ed.phone.prefix}${phone}`, t(ed.defaultLocale, 'sms.phone_confirm', { code }))
}

async function assertCodeBudget(db: Db, personId: number) {
  if ((await codesIssuedRecently(db, personId, 'phone_confirm', WINDOW_MINUTES)) >= CODES_PER_WINDOW) throw new DomainError('rate_limited')
}

/**
 * POST /tutor/profile/phone/set {phone}: `phone` is already the edition's digits (zPhone). Another
 * person's phone is a 422 on phone; the confirmation is cleared and a code goes by SMS. Setting the
 * phone the tutor already has confirmed is 409.
 */
export async function setTutorPhone(db: Db, a: { actor: Actor; me: TutorRef; phone: string; edition: Edition; sms: SmsSender }) {
  const current = await db.selectFrom('people').select(['phone', 'phone_confirmed_at']).where('id', '=', a.me.personId).executeTakeFirstOrThrow()
  if (current.phone === a.phone && current.phone_confirmed_at) throw wrongStatus()
  const taken = await db.selectFrom('people').select('id').where('phone', '=', a.phone).where('id', '<>', a.me.personId).executeTakeFirst()
  if (taken) throw new FieldErrors({ phone: [msg('validation.taken')] })
  await assertCodeBudget(db, a.me.personId)
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('people').set({ phone: a.phone, phone_confirmed_at: null, updated_at: sql`now()` }).where('id', '=', a.me.personId).execute()
    await audit(trx, a.actor, 'tutor.phone_set', 'tutor', a.me.tutorId, { phone: a.phone })
  })
  await sendPhoneCode(db, a.me, a.phone, a.edition, a.sms)
  return { phone: a.phone, phone_confirmed: false }
}

/** POST /tutor/profile/phone/confirm {code}: a wrong code is a 422 on code; 5 wrong tries → 429. */
export async function confirmTutorPhone(db: Db, actor: Actor, me: TutorRef, code: string) {
  const result = await db.transaction().execute(async (trx) => {
    const r = await checkCode(trx, me.personId, 'phone_confirm', code)
    if (!r.ok) return false
    await consumeCode(trx, r.id)
    await trx.updateTable('people').set({ phone_confirmed_at: sql`now()` }).where('id', '=', me.personId).execute()
    await audit(trx, actor, 'tutor.phone_confirm', 'tutor', me.tutorId)
    return true
  })
  if (!result) throw new FieldErrors({ code: [msg('errors.invalid_code')] })
  return { phone_confirmed: true }
}

/** POST /tutor/profile/phone/resend_code: 409 with no phone or a confirmed one; 5 codes per 15 minutes. */
export async function resendTutorPhoneCode(db: Db, a: { actor: Actor; me: TutorRef; edition: Edition; sms: SmsSender }) {
  const p = await db.selectFrom('people').select(['phone', 'phone_confirmed_at']).where('id', '=', a.me.personId).executeTakeFirstOrThrow()
  if (!p.phone || p.phone_confirmed_at) throw wrongStatus()
  await assertCodeBudget(db, a.me.personId)
  await audit(db, a.actor, 'tutor.phone_resend_code', 'tutor', a.me.tutorId)
  await sendPhoneCode(db, a.me, p.phone, a.edition, a.sms)
  return { sent: true }
}

// ---- terms, settings ----

/** POST /tutor/terms/confirm: idempotent; the first confirmation's time is kept. */
export async function confirmTutorTerms(db: Db, actor: Actor, me: TutorRef) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('tutors')
      .set({ terms_confirmed_at: sql`coalesce(terms_confirmed_at, now())` })
      .where('id', '=', me.tutorId)
      .returning('terms_confirmed_at')
      .executeTakeFirstOrThrow()
    await audit(trx, actor, 'tutor.terms_confirm', 'tutor', me.tutorId)
    return { terms_confirmed_at: row.terms_confirmed_at }
  })
}

export async function getTutorSettings(db: Db, me: TutorRef) {
  const r = await db
    .selectFrom('tutors as t')
    .innerJoin('people as p', 'p.id', 't.person_id')
    .select(['t.email_subscribe', 't.terms_confirmed_at', 'p.email', 'p.phone', 'p.email_confirmed_at', 'p.phone_confirmed_at'])
    .where('t.id', '=', me.tutorId)
    .executeTakeFirstOrThrow()
  return {
    email_subscribe: r.email_subscribe,
    email: r.email,
    email_confirmed: r.email_confirmed_at !== null,
    phone: r.phone,
    phone_confirmed: r.phone_confirmed_at !== null,
    terms_confirmed: r.terms_confirmed_at !== null,
  }
}

export async function setTutorEmailSubscribe(db: Db, actor: Actor, me: TutorRef, value: boolean) {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('tutors').set({ email_subscribe: value }).where('id', '=', me.tutorId).execute()
    await audit(trx, actor, 'tutor.set_email_subscribe', 'tutor', me.tutorId, { value })
  })
  return { email_subscribe: value }
}

// ---- privacy and deletion ----

/** The tutor's privacy choices (POST /tutor/privacy/save {tutor}); any subset may be sent. */
export interface Privacy {
  /** The phone is not shown to clients (the same flag staff can set with set_toggle). */
  hide_phone: boolean
  /** The full name on the public profile; false shows the first name only. */
  show_last_name: boolean
  /** Consent to marketing messages from the site and its partners. */
  marketing_consent: boolean
}

export async function getTutorPrivacy(db: Db, me: TutorRef) {
  const r = await db
    .selectFrom('tutors')
    .select(['hide_phone', 'show_last_name', 'marketing_consent', 'deletion_requested_at'])
    .where('id', '=', me.tutorId)
    .executeTakeFirstOrThrow()
  return { ...r, delete_requested: r.deletion_requested_at !== null }
}

export async function saveTutorPrivacy(db: Db, actor: Actor, me: TutorRef, privacy: Partial<Privacy>) {
  await db.transaction().execute(async (trx) => {
    if (Object.keys(privacy).length > 0) await trx.updateTable('tutors').set(privacy).where('id', '=', me.tutorId).execute()
    await audit(trx, actor, 'tutor.privacy_save', 'tutor', me.tutorId, privacy)
  })
  return getTutorPrivacy(db, me)
}

/**
 * POST /tutor/privacy/delete_profile: records the request and takes the tutor out of the catalogue
 * (active = false, the previous value kept) until staff delete or anonymise the profile. Twice is 409.
 */
export async function requestTutorDeletion(db: Db, actor: Actor, me: TutorRef) {
  return db.transaction().execute(async (trx) => {
    const t = await trx.selectFrom('tutors').select(['active', 'deletion_requested_at']).where('id', '=', me.tutorId).forUpdate().executeTakeFirstOrThrow()
    if (t.deletion_requested_at) throw wrongStatus()
    const row = await trx
      .updateTable('tutors')
      .set({ deletion_requested_at: sql`now()`, active_before_deletion: t.active, active: false, updated_at: sql`now()` })
      .where('id', '=', me.tutorId)
      .returning('deletion_requested_at')
      .executeTakeFirstOrThrow()
    await refreshListings(trx, [me.tutorId])
    await audit(trx, actor, 'tutor.delete_request', 'tutor', me.tutorId)
    return { deletion_requested_at: row.deletion_requested_at }
  })
}

/** POST /tutor/privacy/cancel_delete_profile: restores `active` as it was; 409 without a request. */
export async function cancelTutorDeletion(db: Db, actor: Actor, me: TutorRef) {
  return db.transaction().execute(async (trx) => {
    const t = await trx.selectFrom('tutors').select(['active_before_deletion', 'deletion_requested_at']).where('id', '=', me.tutorId).forUpdate().executeTakeFirstOrThrow()
    if (!t.deletion_requested_at) throw wrongStatus()
    await trx
      .updateTable('tutors')
      .set({ deletion_requested_at: null, active: t.active_before_deletion ?? true, active_before_deletion: null, updated_at: sql`now()` })
      .where('id', '=', me.tutorId)
      .execute()
    await refreshListings(trx, [me.tutorId])
    await audit(trx, actor, 'tutor.delete_request_cancel', 'tutor', me.tutorId)
    return { deletion_requested_at: null }
  })
}

// ---- indicators, verification ----

export const MIN_DESCRIPTION_FOR_VERIFICATION = 100

/**
 * Whether the profile is complete enough to ask for verification: an avatar, a subject, a place
 * (home or travel in a city, with that kind of work on) or online work, a description of at least 100
 * characters, and a confirmed e-mail. `missing` names what is lacking.
 */
export async function tutorIndicators(db: Db, me: TutorRef) {
  const r = await db
    .selectFrom('tutors as t')
    .innerJoin('people as p', 'p.id', 't.person_id')
    .select([
      't.avatar_url', 't.description', 't.work_online', 'p.email_confirmed_at',
      sql<number>`(select count(*)::int from tutor_subjects s where s.tutor_id = t.id)`.as('subjects'),
      sql<number>`(select count(*)::int from tutor_places pl where pl.tutor_id = t.id
        and ((pl.kind = 'home' and t.work_home) or (pl.kind = 'travel' and t.work_travel)))`.as('places'),
    ])
    .where('t.id', '=', me.tutorId)
    .executeTakeFirstOrThrow()
  const missing: string[] = []
  if (!r.avatar_url) missing.push('avatar')
  if (r.subjects === 0) missing.push('subject')
  if (r.places === 0 && !r.work_online) missing.push('place')
  if (r.description.trim().length < MIN_DESCRIPTION_FOR_VERIFICATION) missing.push('description')
  if (!r.email_confirmed_at) missing.push('email_confirmed')
  return { is_allow_verification: missing.length === 0, missing, lastUpdate: new Date().toISOString() }
}

export async function getTutorVerification(db: Db, me: TutorRef) {
  const t = await db.selectFrom('tutors').select(['verified', 'verification_requested_at']).where('id', '=', me.tutorId).executeTakeFirstOrThrow()
  const ind = await tutorIndicators(db, me)
  return {
    verified: t.verified,
    verification_requested: t.verification_requested_at !== null,
    verification_requested_at: t.verification_requested_at,
    is_allow_verification: ind.is_allow_verification,
    missing: ind.missing,
  }
}

/** POST /tutor/profile/verified/confirm: records the request for staff; 409 when verified, already requested, or incomplete. */
export async function requestTutorVerification(db: Db, actor: Actor, me: TutorRef) {
  const ind = await tutorIndicators(db, me)
  return db.transaction().execute(async (trx) => {
    const t = await trx.selectFrom('tutors').select(['verified', 'verification_requested_at']).where('id', '=', me.tutorId).forUpdate().executeTakeFirstOrThrow()
    if (t.verified || t.verification_requested_at || !ind.is_allow_verification) throw wrongStatus()
    const row = await trx
      .updateTable('tutors')
      .set({ verification_requested_at: sql`now()` })
      .where('id', '=', me.tutorId)
      .returning('verification_requested_at')
      .executeTakeFirstOrThrow()
    await audit(trx, actor, 'tutor.verification_request', 'tutor', me.tutorId)
    return { verification_requested: true, verification_requested_at: row.verification_requested_at }
  })
}

// ---- rating, affiliate, prof ----

/** GET /tutor/rating/get: the catalogue's own ranking (ranking.ts rank()) with its parts. */
export async function getTutorRating(db: Db, me: TutorRef) {
  const t = await db
    .selectFrom('tutors')
    .select([
      'avatar_url', 'schedule', 'video_url', 'description', 'points_first_diploma', 'points_second_diploma', 'response_minutes',
      'response_rate', 'review_count', 'review_avg', 'ignored_requests',
    ])
    .where('id', '=', me.tutorId)
    .executeTakeFirstOrThrow()
  const { points, parts } = rankOfTutor({ ...t, has_schedule: t.schedule !== null, description_length: t.description.length })
  const listed = await db
    .selectFrom('catalogue_listings')
    .select([sql<number>`count(*)::int`.as('n'), sql<boolean>`coalesce(bool_or(is_top), false)`.as('top')])
    .where('tutor_id', '=', me.tutorId)
    .executeTakeFirstOrThrow()
  return { points, parts, listed: listed.n > 0, is_top: listed.top, review_count: t.review_count, review_avg: t.review_avg }
}

export async function getTutorAffiliate(db: Db, me: TutorRef, origin: string) {
  const r = await db
    .selectFrom('tutors')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('affiliate_id', '=', me.tutorId)
    .executeTakeFirstOrThrow()
  return { affiliate_link: `${origin}/register?affiliate_id=${me.tutorId}`, registered: r.n }
}

export { PROFS, type Prof } from './profs'

export async function setTutorProf(db: Db, actor: Actor, me: TutorRef, tutorId: number, prof: Prof | null) {
  if (tutorId !== me.tutorId) throw forbidden()
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('tutors').set({ prof, updated_at: sql`now()` }).where('id', '=', me.tutorId).execute()
    await audit(trx, actor, 'tutor.set_prof', 'tutor', me.tutorId, { prof })
  })
  return { tutor_id: me.tutorId, prof }
}
