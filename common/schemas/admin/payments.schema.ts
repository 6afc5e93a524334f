// zod only: the staff's money calls (refunds of provider payments), shared by the procedures and the
// panel's forms.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { EDITION_CODES } from '../../editions'
import { minorToUnits, unitsToMinor } from '../../money'
import { PAYMENT_STATUSES } from '../../payments'
import { zId, zPage } from '../../validators'
import { zFileResponse, zIntOrNull, zIso, zPaged, zTextOrNull } from '../answer-parts'

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

/**
 * The panel's refund dialog: the amount as staff type it (whole units, "12.50"), from 0.01 up to what the
 * payment can still give back; sent as ZRefund's amount_minor.
 */
export const refundFormSchema = (refundableMinor: number) =>
  z.object({
    amount: z
      .string()
      .trim()
      .refine(
        (v) => {
          const minor = unitsToMinor(v)
          return minor !== null && minor > 0 && minor <= refundableMinor
        },
        msg('validation.range', { min: '0.01', max: minorToUnits(refundableMinor) }),
      ),
    reason: ZRefund.shape.reason,
  })

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

/**
 * GET /admin/payments/get, /summary and /export: the filters (all optional; dates inclusive, UTC). Staff
 * accounts serve every edition, so `edition` picks another edition's payments (unset: this site's).
 */
export const ZPaymentFilters = z.object({
  page: zPage,
  edition: z.enum(EDITION_CODES).optional(),
  provider: z.string().trim().max(32).optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
  purpose: z.enum(['wallet', 'order', 'top']).optional(),
  tutor_id: z.coerce.number().int().positive().optional(),
  from: zDay.optional(),
  to: zDay.optional(),
})
export type TPaymentFilters = z.input<typeof ZPaymentFilters>

export const ZPaymentListAnswer = zPaged(
  z.strictObject({
    id: z.number(),
    edition: z.string(),
    tutor_id: z.number(),
    tutor_name: z.string(),
    provider: z.string(),
    /** The provider's own id of the payment (what its report shows), when it gave one. */
    provider_payment_id: zTextOrNull,
    purpose: z.string(),
    status: z.string(),
    amount_minor: z.number(),
    refunded_minor: z.number(),
    /** Staff refunds asked and not yet confirmed by the provider. */
    pending_refund_minor: z.number(),
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

export type PaymentItem = z.infer<typeof ZPaymentListAnswer>['items'][number]

/** GET /admin/payments/export?format&…filters: every matching payment in one file (xlsx or csv). */
export const ZPaymentExport = ZPaymentFilters.omit({ page: true }).extend({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
})
export type TPaymentExport = z.input<typeof ZPaymentExport>
export const ZPaymentExportAnswer = zFileResponse
