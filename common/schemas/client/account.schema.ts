// zod only: the client account calls (docs/api.md#public-reads), importable by the browser's forms.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { zBool, zEmail } from '../../validators'
import { zTimestamp } from '../answers'
import { ZAuthObject } from '../auth/sign-in.schema'

export const ZAdditionalEmail = z.object({ email: zEmail })
export type TAdditionalEmail = z.input<typeof ZAdditionalEmail>

/** {confirmation_terms}: must be true (1, "true", "on"). */
export const ZConfirmTerms = z.object({
  confirmation_terms: z
    .preprocess((v) => (v === undefined ? false : v), zBool)
    .refine((v) => v, { message: msg('validation.required') }),
})
export type TConfirmTerms = z.input<typeof ZConfirmTerms>

// ---- answers ----

/** The new password itself never travels in the answer, only which way it went. */
export const ZPasswordGenerated = z.strictObject({ sent: z.boolean(), channel: z.enum(['email', 'sms']) })
export const ZClientSettings = z.strictObject({
  email: z.string().nullable(),
  email_confirmed: z.boolean(),
  phone: z.string().nullable(),
  phone_confirmed: z.boolean(),
  additional_email: z.string().nullable(),
  additional_email_subscribed: z.boolean(),
  terms_confirmed: z.boolean(),
  has_password: z.boolean(),
})
export const ZAdditionalEmailAnswer = z.strictObject({ additional_email: z.string() })
export const ZClientTermsConfirmed = z.strictObject({ terms_confirmed_at: zTimestamp.nullable() })
export const ZClientProfileDeleted = z.strictObject({
  auth: ZAuthObject,
  data: z.strictObject({ deleted: z.boolean() }),
})
