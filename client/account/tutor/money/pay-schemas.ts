// The money forms' schemas, loaded on demand (zod stays out of the cabinet's first chunk): the
// procedures' own input schemas plus the form's payment choice (ProviderChoice's `p:…` / `card:…`).
import { z } from 'zod'
import { msg } from '../../../../i18n/format'
import { ZPayWallet } from '../../../../common/schemas/tutor/payments.schema'
import { zFlag } from '../../../../common/validators'

const zChoice = z
  .string({ error: msg('validation.required') })
  .regex(/^(p:[a-z0-9]+|card:\d+)$/, msg('validation.required'))

/** Top-up: {sum, choice}. */
export const ZTopUpForm = ZPayWallet.extend({ choice: zChoice })
/** An order's fee through a provider or a saved card: {choice, save_token}. */
export const ZOrderPayForm = z.object({ choice: zChoice, save_token: zFlag.optional() })
/** The choice alone (the TOP screen adds its own fields). */
export const ZChoiceForm = z.object({ choice: zChoice })
