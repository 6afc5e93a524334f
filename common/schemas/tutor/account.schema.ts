// zod only: the tutor account calls (docs/api.md#tutor-sign-in-and-account), importable by the browser's forms.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import type { Edition } from '../../editions'
import { zBool, zId, zJsonText, zPassword, zPhone } from '../../validators'
import { zTimestamp } from '../answers'

const required = z
  .string({ error: msg('validation.required') })
  .trim()
  .min(1, msg('validation.required'))
const invalid = msg('validation.invalid')

export { zBool }

/** `current_password` is required by the service when the account has a password (422 on it otherwise). */
export const ZSetPassword = z.object({
  password: zPassword,
  current_password: z.string({ error: invalid }).max(128, invalid).optional(),
})
export type TSetPassword = z.input<typeof ZSetPassword>
/**
 * The settings page's password form: set's own rules, the new password typed twice (the browser's
 * check only: set takes it once); an empty `current_password` is not sent.
 */
export const ZSetPasswordTwice = ZSetPassword.extend({ password_confirm: z.string() }).refine(
  (v) => v.password === v.password_confirm,
  {
    path: ['password_confirm'],
    message: msg('validation.passwords_differ'),
  },
)
export type TSetPasswordTwice = z.input<typeof ZSetPasswordTwice>

/** The phone rule depends on the edition. */
export function ZPhoneSet(ed: Edition) {
  return z.object({ phone: zPhone(ed) })
}
export const ZPhoneSetInput = z.object({ phone: z.unknown() })
export type TPhoneSet = z.input<ReturnType<typeof ZPhoneSet>>
export const ZPhoneConfirm = z.object({ code: required.max(12) })
export type TPhoneConfirm = z.input<typeof ZPhoneConfirm>

export const ZEmailSubscribe = z.object({ value: zBool })

/** POST /tutor/privacy/save {tutor: JSON text}: any subset of the privacy choices. */
export const ZPrivacy = z
  .object({ hide_phone: zBool.optional(), show_last_name: zBool.optional(), marketing_consent: zBool.optional() })
  .strip()
export const ZPrivacySave = z.object({ tutor: zJsonText(ZPrivacy) })
export type TPrivacySave = z.input<typeof ZPrivacySave>

/** What a tutor is by profession (set_prof). */
export const PROFS = ['school_teacher', 'university_teacher', 'student', 'private_tutor', 'native_speaker'] as const
export type Prof = (typeof PROFS)[number]

/** POST /tutor/profile/set_prof {tutor_id, prof}: one of PROFS, or '' / null to clear. */
export const ZSetProf = z.object({
  tutor_id: zId,
  prof: z.preprocess((v) => (v === '' ? null : v), z.enum(PROFS, { error: invalid }).nullable()),
})
export type TSetProf = z.input<typeof ZSetProf>

// ---- answers ----

export { ZSent } from './password-reset.schema'
export const ZPasswordSet = z.strictObject({ set: z.boolean() })
export const ZPhoneSetAnswer = z.strictObject({ phone: z.string(), phone_confirmed: z.boolean() })
export const ZPhoneConfirmed = z.strictObject({ phone_confirmed: z.boolean() })
export const ZTermsConfirmed = z.strictObject({ terms_confirmed_at: zTimestamp.nullable() })
/** What the profile still lacks before verification may be asked (avatar, subject, place, description, email_confirmed). */
export const ZTutorIndicators = z.strictObject({
  is_allow_verification: z.boolean(),
  missing: z.array(z.string()),
  lastUpdate: z.string(),
})
export const ZTutorSettingsAnswer = z.strictObject({
  email_subscribe: z.boolean(),
  email: z.string().nullable(),
  email_confirmed: z.boolean(),
  phone: z.string().nullable(),
  phone_confirmed: z.boolean(),
  terms_confirmed: z.boolean(),
})
export const ZEmailSubscribeAnswer = z.strictObject({ email_subscribe: z.boolean() })
export const ZPrivacyAnswer = z.strictObject({
  hide_phone: z.boolean(),
  show_last_name: z.boolean(),
  marketing_consent: z.boolean(),
  deletion_requested_at: zTimestamp.nullable(),
  delete_requested: z.boolean(),
})
export const ZDeletionAnswer = z.strictObject({ deletion_requested_at: zTimestamp.nullable() })
export const ZTutorRating = z.strictObject({
  points: z.number(),
  parts: z.array(z.strictObject({ reason: z.string(), points: z.number() })),
  listed: z.boolean(),
  is_top: z.boolean(),
  review_count: z.number(),
  review_avg: z.number(),
  /** The tutor's place in each catalogue slot listing them, in the catalogue's default order. */
  slots: z.array(
    z.strictObject({
      lesson_id: z.number().int(),
      lesson: z.string(),
      city_id: z.number().int(),
      /** `city`: a city's page; `online`: the online catalogue; `any_city`: the subject's page without a city. */
      kind: z.enum(['city', 'online', 'any_city']),
      city: z.string().nullable(),
      position: z.number().int(),
      total: z.number().int(),
      is_top: z.boolean(),
    }),
  ),
})
export const ZVerificationAnswer = z.strictObject({
  verified: z.boolean(),
  verification_requested: z.boolean(),
  verification_requested_at: zTimestamp.nullable(),
  is_allow_verification: z.boolean(),
  missing: z.array(z.string()),
})
export const ZVerificationRequested = z.strictObject({
  verification_requested: z.boolean(),
  verification_requested_at: zTimestamp.nullable(),
})
export const ZAffiliateAnswer = z.strictObject({ affiliate_link: z.string(), registered: z.number().int() })
export const ZSetProfAnswer = z.strictObject({ tutor_id: z.number().int(), prof: z.enum(PROFS).nullable() })
