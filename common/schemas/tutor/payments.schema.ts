// zod only: the tutor's money calls (docs/contract.md#payments; docs/api.md#tutor-wallet-payments-top wallet and
// payments, top), importable by the browser's forms. Amounts arrive in whole currency units as people
// type them ("150", "150.50") and leave the schema as integer minor units.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { unitsToMinor } from '../../money'
import { zFlag, zId, zPage } from '../../validators'
import { zIntOrNull, zIso, zTextOrNull } from '../answer-parts'

/** The lengths a TOP placement is sold for (server/domain/catalogue/top-rules.ts prices them). */
export const TOP_DAYS = [7, 14, 30] as const

/** A positive amount in whole units (at most two decimals, at most 1,000,000) → minor units. */
const zSum = z.union([z.string(), z.number()], { error: msg('validation.required') }).transform((v, ctx) => {
  const minor = unitsToMinor(v)
  if (minor === null || minor <= 0) {
    ctx.addIssue({ code: 'custom', message: msg('validation.invalid') })
    return z.NEVER
  }
  return minor
})

const zDays = z.preprocess(
  (v) => (typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : v),
  z
    .number({ error: msg('validation.required') })
    .refine((n) => (TOP_DAYS as readonly number[]).includes(n), msg('validation.invalid')),
)
/** Absent, empty or null: online. */
const zCityOrOnline = z.preprocess((v) => (v === '' || v === undefined ? null : v), zId.nullable())

export const ZPayWallet = z.object({ sum: zSum })
export const ZPayOrder = z.object({ order_id: zId, save_token: zFlag.optional(), donate_sum: zSum.optional() })
export const ZPayTop = z.object({ lesson_id: zId, city_id: zCityOrOnline, days: zDays })
export const ZCardPayWallet = ZPayWallet.extend({ card_id: zId })
export const ZCardPayOrder = ZPayOrder.extend({ card_id: zId })
export const ZCardPayTop = ZPayTop.extend({ card_id: zId })
export const ZPaymentId = z.object({ payment_id: zId })
export const ZCardId = z.object({ card_id: zId })
export const ZWalletHistory = z
  .object({ page: zPage })
  .optional()
  .transform((v) => v ?? { page: 1 })
export const ZTopPayFromWallet = ZPayTop
export const ZOrderPayFromWallet = z.object({ order_id: zId })

// ——— answers (the procedures' .output()) ———

/** Where the browser goes next: a redirect, or a form auto-submitted to `url` with `fields`. */
export const ZPaymentStarted = z.strictObject({
  payment_id: z.number(),
  method: z.enum(['redirect', 'form']),
  url: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
})

/** A saved-card charge: paid at once, failed, or pending (then `url` is the bank's page when it wants the buyer). */
export const ZCardPaymentAnswer = z.strictObject({
  payment_id: z.number(),
  status: z.enum(['pending', 'paid', 'failed', 'refunded']),
  url: z.string().optional(),
})

export const ZPaymentStatus = z.strictObject({
  payment_id: z.number(),
  status: z.enum(['pending', 'paid', 'failed', 'refunded']),
  purpose: z.enum(['wallet', 'order', 'top']),
  /** Whole units ("150.00"), amount_minor the same in minor units. */
  amount: z.string(),
  amount_minor: z.number(),
  currency: z.string(),
  provider: z.string(),
  order_id: zIntOrNull,
  top_id: zIntOrNull,
  outcome: zTextOrNull,
  created_at: zIso,
  paid_at: zIso,
})

export const ZCard = z.strictObject({ id: z.number(), provider: z.string(), mask: z.string(), created_at: z.string() })
export const ZCards = z.strictObject({ items: z.array(ZCard) })
export const ZCardDeleted = z.strictObject({ deleted: z.literal(true) })

export const ZWalletItem = z.strictObject({
  id: z.number(),
  amount: z.string(),
  amount_minor: z.number(),
  currency: z.string(),
  kind: z.string(),
  reference: zTextOrNull,
  /** The provider payment behind the entry (its `payment:{id}` reference), else null: the invoice's key. */
  payment_id: zIntOrNull,
  /**
   * The order whose fee that provider payment paid, else null: a refund or charge reversal of an
   * order fee names the order it gives money back for.
   */
  order_id: zIntOrNull,
  created_at: z.string(),
})
export const ZWalletHistoryAnswer = z.strictObject({
  balance: z.string(),
  balance_minor: z.number(),
  currency: z.string(),
  items: z.array(ZWalletItem),
  total: z.number(),
  page: z.number(),
  /** The providers this edition offers here, in order (the top-up screen's choice). */
  providers: z.array(z.string()),
})

export const ZTopPlacement = z.strictObject({
  id: z.number(),
  lesson_id: z.number(),
  city_id: zIntOrNull,
  starts_at: z.string(),
  ends_at: z.string(),
  active: z.boolean(),
  paid_amount: z.number(),
})
export const ZTopOffer = z.strictObject({
  lesson_id: z.number(),
  city_id: zIntOrNull,
  days: z.number(),
  /** Whole units ("150.00"); price_minor the same in minor units. */
  price: z.string(),
  price_minor: z.number(),
  currency: z.string(),
})
export const ZTopsAnswer = z.strictObject({ items: z.array(ZTopPlacement), offers: z.array(ZTopOffer) })
