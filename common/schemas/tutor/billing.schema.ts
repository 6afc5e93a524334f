// zod only: the tutor's billing data (docs/api.md#admin-tutors and #tutor-billing-data "Billing"),
// importable by the browser's form. Which fields are required depends on the edition
// (`billingSchema(edition)`): the full name always; company name and tax id for a company; where the
// edition's `billingData` flag is on (tax invoices, e.g. pl) also the address, postal code, city,
// country and IBAN.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import type { Edition } from '../../editions'
import { zFlag, zId } from '../../validators'

const required = msg('validation.required')
const invalid = msg('validation.invalid')

export const BILLING_TEXT_FIELDS = [
  'full_name',
  'company_name',
  'tax_id',
  'address',
  'postal_code',
  'city',
  'country',
  'iban',
] as const
export type BillingTextField = (typeof BILLING_TEXT_FIELDS)[number]
/** What staff may clear one at a time: a text field, or all documents of one kind. */
export const BILLING_CLEARABLE = [...BILLING_TEXT_FIELDS, 'billing_documents', 'address_documents'] as const
export type BillingClearable = (typeof BILLING_CLEARABLE)[number]

const MAX: Record<BillingTextField, number> = {
  full_name: 200,
  company_name: 200,
  tax_id: 32,
  address: 300,
  postal_code: 16,
  city: 100,
  country: 100,
  iban: 42,
}

const text = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z
      .string({ error: invalid })
      .trim()
      .max(max, msg('validation.length', { min: 0, max })),
  )

/** IBAN: 2 letters, 2 check digits, up to 30 letters/digits; spaces allowed; the ISO 7064 mod-97 check must hold. */
export function ibanValid(raw: string): boolean {
  const iban = raw.replace(/\s+/g, '').toUpperCase()
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false
  const moved = iban.slice(4) + iban.slice(0, 4)
  let rest = 0
  for (const ch of moved) {
    const n = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch
    for (const d of n) rest = (rest * 10 + Number(d)) % 97
  }
  return rest === 1
}

export const ZBillingFields = z.object({
  is_company: zFlag.default(false),
  full_name: text(MAX.full_name),
  company_name: text(MAX.company_name),
  tax_id: text(MAX.tax_id).refine((v) => v === '' || /^[A-Za-z0-9 ./-]{4,32}$/.test(v), invalid),
  address: text(MAX.address),
  postal_code: text(MAX.postal_code).refine((v) => v === '' || /^[A-Za-z0-9 -]{3,16}$/.test(v), invalid),
  city: text(MAX.city),
  country: text(MAX.country),
  iban: text(MAX.iban).refine((v) => v === '' || ibanValid(v), invalid),
  /** The documents to keep (ids of the tutor's own); absent keeps them all. */
  documents: z.array(zId).max(100, invalid).optional(),
})
export type TBillingFields = z.input<typeof ZBillingFields>
export type BillingFields = z.output<typeof ZBillingFields>

/** The fields an edition requires (besides company_name and tax_id, required for a company). */
export function requiredBillingFields(ed: Pick<Edition, 'billingData'>): BillingTextField[] {
  return ed.billingData ? ['full_name', 'address', 'postal_code', 'city', 'country', 'iban'] : ['full_name']
}

/** The billing form's schema for an edition: ZBillingFields plus the edition's required fields. */
export function billingSchema(ed: Pick<Edition, 'billingData'>) {
  const always = requiredBillingFields(ed)
  return ZBillingFields.superRefine((v, ctx) => {
    const need = new Set<BillingTextField>(always)
    if (v.is_company) {
      need.add('company_name')
      need.add('tax_id')
    }
    for (const f of need) if (!v[f]) ctx.addIssue({ code: 'custom', path: [f], message: required })
  })
}

const zFiles = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.unknown()),
)

/** POST /tutor/billing_data/save (multipart): `billing_data` JSON text (parsed by the service with the
 *  edition's schema, so its fields are named plainly in 422s) and the two lists of new files. */
export const ZBillingSave = z.object({
  billing_data: z.unknown(),
  new_billing_documents: zFiles.optional(),
  new_address_documents: zFiles.optional(),
})

export const ZStaffBillingApprove = z.object({
  tutor_id: zId,
  approve: zFlag,
  reject_comment: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z
      .string({ error: invalid })
      .trim()
      .max(1000, msg('validation.length', { min: 0, max: 1000 })),
  ),
  /** Optional (the panel sends it): the `updated_at` of the data staff looked at; a save since then is a 409. */
  updated_at: z.string().max(40).optional(),
})
export const ZStaffBillingClear = z.object({ tutor_id: zId, field: z.enum(BILLING_CLEARABLE, { error: invalid }) })
export const ZStaffBillingGet = z.object({ tutor_id: zId })
export const ZBillingDocumentId = z.object({ id: zId })
export const ZInvoiceFile = z.object({ payment_id: zId })
export const ZStaffInvoice = z.object({ tutor_id: zId, payment_id: zId })

// ——— answers ———

export const BILLING_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const
export type BillingStatus = (typeof BILLING_STATUSES)[number]

export const ZBillingDocument = z.strictObject({
  id: z.number(),
  kind: z.enum(['billing', 'address']),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  url: z.string(),
  created_at: z.string(),
})

export const ZBillingAnswer = z.strictObject({
  tutor_id: z.number(),
  billing_data: z.strictObject({
    is_company: z.boolean(),
    full_name: z.string(),
    company_name: z.string(),
    tax_id: z.string(),
    address: z.string(),
    postal_code: z.string(),
    city: z.string(),
    country: z.string(),
    iban: z.string(),
  }),
  /** none: never saved; pending: waiting for staff (also after any save of approved data). */
  status: z.enum(BILLING_STATUSES),
  reject_comment: z.string(),
  updated_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  documents: z.array(ZBillingDocument),
  /** The edition's rules: which fields it requires and the invoice tax percent. */
  required: z.array(z.enum(BILLING_TEXT_FIELDS)),
  billing_data_required: z.boolean(),
  tax_percent: z.number(),
})
export type BillingAnswer = z.infer<typeof ZBillingAnswer>
