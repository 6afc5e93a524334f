// zod only: the staff's money calls (refunds of provider payments), shared by the procedures and the
// panel's forms.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { zId, zPage } from '../../validators'
import { zIntOrNull, zIso, zPaged } from '../answer-parts'

/** POST /admin/payments/refund: amount in minor units (unset: everything not yet given back). */
export const ZRefund = z.object({
  payment_id: zId,
  amount_minor: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  reason: z
    .string({ error: msg('validation.required') })
    .trim()
    .min(1, msg('validation.required'))
    .max(500),
})
export type TRefund = z.input<typeof ZRefund>

export const ZRefundAnswer = z.strictObject({
  payment_id: z.number(),
  refund_id: z.number(),
  status: z.enum(['confirmed', 'pending']),
  amount_minor: z.number(),
  refunded_minor: z.number(),
  payment_status: z.enum(['paid', 'refunded']),
})

const invalid = msg('validation.invalid')
const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, invalid)

/** GET /admin/payments/get and /admin/payments/summary: the filters (all optional; dates inclusive, UTC). */
export const ZPaymentFilters = z.object({
  page: zPage,
  provider: z.string().trim().max(32).optional(),
  status: z.enum(['pending', 'paid', 'failed', 'refunded']).optional(),
  purpose: z.enum(['wallet', 'order', 'top']).optional(),
  tutor_id: z.coerce.number().int().positive().optional(),
  from: zDay.optional(),
  to: zDay.optional(),
})
export type TPaymentFilters = z.input<typeof ZPaymentFilters>

export const ZPaymentListAnswer = zPaged(
  z.strictObject({
    id: z.number(),
    tutor_id: z.number(),
    provider: z.string(),
    purpose: z.string(),
    status: z.string(),
    amount_minor: z.number(),
    refunded_minor: z.number(),
    currency: z.string(),
    order_id: zIntOrNull,
    reference: z.string(),
    created_at: zIso,
    paid_at: zIso,
  }),
)

export const ZPaymentSummary = z.strictObject({
  /** Per currency: taken (paid payments), refunded, net. */
  totals: z.array(
    z.strictObject({
      currency: z.string(),
      paid_minor: z.number(),
      refunded_minor: z.number(),
      net_minor: z.number(),
      count: z.number(),
    }),
  ),
  /** Takings per day (UTC) and provider: the chart's series. */
  days: z.array(
    z.strictObject({ day: z.string(), provider: z.string(), currency: z.string(), paid_minor: z.number() }),
  ),
})
