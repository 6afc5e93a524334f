// zod only: importable by the browser's forms.
import { z } from 'zod'
import type { Edition } from '../../editions'
import { zEmail, zId, zPassword, zPhone, zText } from '../../validators'
import { msg } from '../../../i18n/format'

const required = z
  .string({ error: msg('validation.required') })
  .trim()
  .min(1, msg('validation.required'))

/** A ticked consent box: true, 1, "1", "true" or "on" (a form's checkbox); anything else says what to do. */
export const zAccepted = z.preprocess(
  (v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on',
  z.literal(true, { error: msg('validation.accept_terms') }),
)

export const ZStaffLogin = z.object({ email: required.max(254), password: required.max(128) })
export type TStaffLogin = z.input<typeof ZStaffLogin>

/** `login` is an e-mail or a phone. */
export const ZPersonLogin = z.object({ login: required.max(254), password: required.max(128) })
export type TPersonLogin = z.input<typeof ZPersonLogin>

export const ZRole = z.object({ role: z.enum(['tutor', 'client']) })

/** The phone rule depends on the edition: the server checks it with its own edition, forms with theirs. */
export function ZTutorRegister(ed: Edition) {
  return z.object({
    name: zText(2, 60),
    email: zEmail,
    phone: zPhone(ed),
    password: zPassword,
    affiliate_id: zId.optional(),
    /** The captcha token, when a captcha is configured. */
    captcha_token: z.string().max(4096).nullish(),
    /** The offer and privacy policy ticked: registration is refused without it. */
    accept_terms: zAccepted,
  })
}
export type TTutorRegister = z.input<ReturnType<typeof ZTutorRegister>>
/** What travels before the edition's phone rule is applied. */
export const ZTutorRegisterInput = z.object({
  name: z.unknown(),
  email: z.unknown(),
  phone: z.unknown(),
  password: z.unknown(),
  affiliate_id: z.unknown().optional(),
  captcha_token: z.unknown().optional(),
  accept_terms: z.unknown().optional(),
})

export const ZGetAuthCode = z.object({ login: required.max(254) })
export type TGetAuthCode = z.input<typeof ZGetAuthCode>
export const ZLoginByCode = z.object({ client_id: zId, auth_code: required.max(12) })
export type TLoginByCode = z.input<typeof ZLoginByCode>
export const ZLoginByToken = z.object({ auth_token: required.max(200) })
export const ZConfirmEmail = z.object({ confirmation_code: required.max(200) })

// ---- answers ----

/** The contract's `auth` object (docs/contract.md#sign-in): which roles the session holds and who they are. */
export const ZAuthObject = z.strictObject({
  admin: z.boolean(),
  client: z.boolean(),
  tutor: z.boolean(),
  current_role: z.enum(['tutor', 'client', '']),
  tutor_info: z.union([
    z.strictObject({
      id: z.number().int(),
      avatar: z.string().nullable(),
      name: z.string(),
      first_name: z.string(),
      potential_school_tutor: z.boolean(),
    }),
    z.literal(false),
  ]),
  client_info: z.union([z.strictObject({ id: z.number().int(), name: z.string() }), z.literal(false)]),
  admin_info: z.union([
    z.strictObject({
      admin_id: z.number().int(),
      name: z.string(),
      status: z.number().int(),
      /** The 130 px preview of the staff member's own avatar (readable by staff only), or null. */
      avatar: z.string().nullable(),
    }),
    z.literal(false),
  ]),
  impersonating: z.boolean(),
})
/** Every sign-in, sign-out and role switch answers with the session's `auth` object. */
export const ZAuthAnswer = z.strictObject({ auth: ZAuthObject })
export const ZTutorRegistered = z.strictObject({
  auth: ZAuthObject,
  data: z.strictObject({ tutor_id: z.number().int() }),
})
/** resend_email: false when the e-mail is confirmed already (nothing sent). */
export const ZSent = z.strictObject({ sent: z.boolean() })
export const ZEmailConfirmed = z.strictObject({ confirmed: z.boolean() })
/** get_auth_code: the client account the code signs into (created on first use). */
export const ZAuthCodeSent = z.strictObject({ client_id: z.number().int() })
