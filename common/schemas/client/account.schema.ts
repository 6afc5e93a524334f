// zod only: the client account calls (spec/api-calls.md §7.8), importable by the browser's forms.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { zBool, zEmail } from '../../validators'

export const ZAdditionalEmail = z.object({ email: zEmail })
export type TAdditionalEmail = z.input<typeof ZAdditionalEmail>

/** {confirmation_terms}: must be true (1, "true", "on"). */
export const ZConfirmTerms = z.object({
  confirmation_terms: z.preprocess((v) => (v === undefined ? false : v), zBool).refine((v) => v, { message: msg('validation.required') }),
})
export type TConfirmTerms = z.input<typeof ZConfirmTerms>
