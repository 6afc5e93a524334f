// Staff: provider payments (the panel area `payments`: staff statuses 1 and 2). Rules:
// server/domain/money/refunds.ts.
import { merchantCipherKey } from '../../domain/money/merchants'
import { listPayments, paymentSummary, refundPayment } from '../../domain/money/refunds'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'
import {
  ZPaymentFilters,
  ZPaymentListAnswer,
  ZPaymentSummary,
  ZRefund,
  ZRefundAnswer,
} from '../../../common/schemas/admin/payments.schema'

const payments = staffProcedure('payments')

export const paymentsAdminRouter = t.router({
  /** GET /admin/payments/get?page&provider&status&purpose&tutor_id&from&to */
  list: payments
    .input(ZPaymentFilters)
    .output(ZPaymentListAnswer)
    .query(({ ctx, input }) => listPayments(ctx.scope, input)),
  /** GET /admin/payments/summary?… (the same filters): totals per currency, takings per day and provider */
  summary: payments
    .input(ZPaymentFilters)
    .output(ZPaymentSummary)
    .query(({ ctx, input }) => paymentSummary(ctx.scope, input)),
  /** POST /admin/payments/refund {payment_id, amount_minor?, reason} */
  refund: payments
    .input(ZRefund)
    .output(ZRefundAnswer)
    .mutation(({ ctx, input }) =>
      refundPayment(ctx.scope, input, {
        config: ctx.payments.config,
        providers: ctx.payments.providers,
        origin: ctx.origin,
        merchantKey: () => merchantCipherKey(ctx.env),
      }),
    ),
})
