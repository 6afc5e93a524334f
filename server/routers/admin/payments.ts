// Staff: provider payments (the panel area `payments`: staff statuses 1 and 2). Rules:
// server/domain/money/refunds.ts.
import { merchantCipherKey } from '../../domain/money/merchants'
import { exportPayments, listPayments, paymentSummary, refundPayment } from '../../domain/money/refunds'
import { downloadResponse } from '../../domain/shared/download'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'
import {
  ZPaymentExport,
  ZPaymentExportAnswer,
  ZPaymentFilters,
  ZPaymentListAnswer,
  ZPaymentSummary,
  ZRefund,
  ZRefundAnswer,
} from '../../../common/schemas/admin/payments.schema'

const payments = staffProcedure('payments')

export const paymentsAdminRouter = t.router({
  /** GET /admin/payments/get?page&edition&provider&status&purpose&tutor_id&from&to */
  list: payments
    .input(ZPaymentFilters)
    .output(ZPaymentListAnswer)
    .query(({ ctx, input }) => listPayments(ctx.scope, input)),
  /** GET /admin/payments/summary?… (the same filters): totals per currency, takings per day and provider */
  summary: payments
    .input(ZPaymentFilters)
    .output(ZPaymentSummary)
    .query(({ ctx, input }) => paymentSummary(ctx.scope, input)),
  /** GET /admin/payments/export?format=xlsx|csv&… (the same filters): a file of every matching payment */
  export: payments
    .input(ZPaymentExport)
    .output(ZPaymentExportAnswer)
    .query(async ({ ctx, input }) => {
      const file = await exportPayments(ctx.scope, input)
      const csv = input.format === 'csv'
      return downloadResponse(file, {
        type: csv ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        size: file.byteLength,
        name: `payments.${input.format}`,
      })
    }),
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
