// zod only: the tutor's password reset (docs/api.md#tutor-sign-in-and-account /tutor/profile/password/*), the
// procedures' input (server/routers/tutor/account.ts) and the recovery page's forms
// (client/public/RecoveryPage.tsx), which load this module on demand.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { zPassword } from '../../validators'

const required = z
  .string({ error: msg('validation.required') })
  .trim()
  .min(1, msg('validation.required'))

/** `login` is an e-mail or a phone (the edition's rule is applied by the service). */
export const ZGetResetCode = z.object({ login: required.max(254) })
export type TGetResetCode = z.input<typeof ZGetResetCode>
export const ZCheckResetCode = z.object({ login: required.max(254), reset_code: required.max(12) })
export type TCheckResetCode = z.input<typeof ZCheckResetCode>
export const ZResetPassword = z.object({ login: required.max(254), reset_code: required.max(12), password: zPassword })
export type TResetPassword = z.input<typeof ZResetPassword>

/**
 * The recovery page's last step: reset's own `password` rule, typed twice; the two must match (the
 * browser's check only: reset takes the password once, with the login and code of the earlier steps).
 */
export const ZNewPasswordTwice = ZResetPassword.pick({ password: true })
  .extend({ password_confirm: z.string() })
  .refine((v) => v.password === v.password_confirm, {
    path: ['password_confirm'],
    message: msg('validation.passwords_differ'),
  })
export type TNewPasswordTwice = z.input<typeof ZNewPasswordTwice>

// ---- answers ----

/** get_reset_code: the same answer whether or not the login has an account (no enumeration). */
export const ZSent = z.strictObject({ sent: z.boolean() })
export const ZResetCodeValid = z.strictObject({ valid: z.boolean() })
export const ZPasswordReset = z.strictObject({ reset: z.boolean() })
