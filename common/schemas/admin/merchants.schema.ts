// zod only: the LiqPay merchants of the panel (docs/api.md#admin-merchants "Payment merchants";
// item 3). The private key is write-only: the answers say only whether one is set.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { EDITION_CODES } from '../../editions'
import { zFlag, zId, zPage } from '../../validators'
import { zPaged } from '../answer-parts'

const invalid = msg('validation.invalid')
const required = msg('validation.required')
/** LiqPay keys: sandbox_i…/i… public keys and the private ones are ASCII letters, digits, _ and -. */
const KEY = /^[A-Za-z0-9_-]{8,128}$/

const zName = z.preprocess(
  (v) => v ?? '',
  z
    .string({ error: invalid })
    .trim()
    .min(1, required)
    .max(100, msg('validation.length', { min: 1, max: 100 })),
)
const zKey = z.preprocess(
  (v) => v ?? '',
  z
    .string({ error: invalid })
    .trim()
    .min(1, required)
    .refine((v) => KEY.test(v), invalid),
)
/** On save, '' or absent keeps the stored private key. */
const zKeepKey = z.preprocess(
  (v) => v ?? '',
  z
    .string({ error: invalid })
    .trim()
    .refine((v) => v === '' || KEY.test(v), invalid),
)

export const ZMerchantFields = z.object({
  name: zName,
  public_key: zKey,
  edition: z.enum(EDITION_CODES, { error: invalid }),
  active: zFlag.default(false),
})

export const ZMerchantCreate = z.object({ merchant: ZMerchantFields.extend({ private_key: zKey }) })
export const ZMerchantSave = z.object({
  merchant_id: zId.optional(),
  merchant: ZMerchantFields.extend({ private_key: zKeepKey.optional(), merchant_id: zId.optional() }),
})
export const ZMerchantId = z.object({ merchant_id: zId })
export const ZMerchantList = z.object({
  page: zPage,
  filters: z
    .object({
      edition: z.enum(EDITION_CODES, { error: invalid }).optional(),
      active: zFlag.optional(),
      text_search: z.string().trim().max(100, invalid).optional(),
    })
    .partial()
    .default({}),
})

export type TMerchantForm = z.input<typeof ZMerchantCreate>['merchant']

// ——— answers ———

export const ZMerchant = z.strictObject({
  merchant_id: z.number(),
  name: z.string(),
  public_key: z.string(),
  edition: z.enum(EDITION_CODES),
  active: z.boolean(),
  /** Whether a private key is stored (the key itself never leaves the server). */
  private_key_set: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Merchant = z.infer<typeof ZMerchant>
export const ZMerchantListAnswer = zPaged(ZMerchant)
export const ZMerchantDeleted = z.strictObject({ deleted: z.literal(true) })
