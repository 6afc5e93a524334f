// The tutor's money calls (docs/contract.md#payments; docs/api.md#tutor-wallet-payments-top wallet and payments, top)
// and the providers' notify endpoint. Rules: server/domain/money/.
import { z } from 'zod'
import {
  type PayDeps,
  deleteCard,
  paymentStatus,
  receiveNotification,
  savedCards,
  startCardPayment,
  startPayment,
} from '../../domain/money/payments'
import { localBankPage, pressLocalBank } from '../../domain/money/local-bank'
import { merchantCipherKey } from '../../domain/money/merchants'
import { payOrderFromWallet, payTopFromWallet, tutorTopsAndOffers, walletHistory } from '../../domain/money/wallet'
import type { Context } from '../../trpc/context'
import { t } from '../../trpc/init'
import { publicProcedure, tutorProcedure } from '../../trpc/procedures'
import { zFileResponse } from '../../../common/schemas/answer-parts'
import {
  ZCardDeleted,
  ZCardId,
  ZCardPayOrder,
  ZCardPayTop,
  ZCardPayWallet,
  ZCardPaymentAnswer,
  ZCards,
  ZOrderPayFromWallet,
  ZPayOrder,
  ZPayTop,
  ZPayWallet,
  ZPaymentId,
  ZPaymentStarted,
  ZPaymentStatus,
  ZTopPayFromWallet,
  ZTopPlacement,
  ZTopsAnswer,
  ZWalletHistory,
  ZWalletHistoryAnswer,
} from '../../../common/schemas/tutor/payments.schema'
import { ZTutorOrderAnswer } from '../../../common/schemas/tutor/orders.schema'

const deps = (ctx: Pick<Context, 'payments' | 'origin' | 'env'>): PayDeps => ({
  config: ctx.payments.config,
  providers: ctx.payments.providers,
  origin: ctx.origin,
  merchantKey: () => merchantCipherKey(ctx.env),
})
/** The provider named in the path (REST: one route per provider id). */
const zProvider = { provider: z.string().max(32) }

export const tutorPaymentsRouter = t.router({
  /** POST /tutor/payments/{provider}/wallet {sum} */
  wallet: tutorProcedure
    .input(ZPayWallet.extend(zProvider))
    .output(ZPaymentStarted)
    .mutation(({ ctx, input }) => startPayment(ctx.scope, { purpose: 'wallet', ...input }, deps(ctx))),
  /** POST /tutor/payments/{provider}/order {order_id, save_token?, donate_sum?} */
  order: tutorProcedure
    .input(ZPayOrder.extend(zProvider))
    .output(ZPaymentStarted)
    .mutation(({ ctx, input }) => startPayment(ctx.scope, { purpose: 'order', ...input }, deps(ctx))),
  /** POST /tutor/payments/{provider}/top {lesson_id, city_id?, days} */
  top: tutorProcedure
    .input(ZPayTop.extend(zProvider))
    .output(ZPaymentStarted)
    .mutation(({ ctx, input }) => startPayment(ctx.scope, { purpose: 'top', ...input }, deps(ctx))),
  /** POST /tutor/payments/{provider}/card/wallet {card_id, sum} */
  cardWallet: tutorProcedure
    .input(ZCardPayWallet.extend(zProvider))
    .output(ZCardPaymentAnswer)
    .mutation(({ ctx, input }) => startCardPayment(ctx.scope, { purpose: 'wallet', ...input }, deps(ctx))),
  /** POST /tutor/payments/{provider}/card/order {card_id, order_id, donate_sum?} */
  cardOrder: tutorProcedure
    .input(ZCardPayOrder.extend(zProvider))
    .output(ZCardPaymentAnswer)
    .mutation(({ ctx, input }) => startCardPayment(ctx.scope, { purpose: 'order', ...input }, deps(ctx))),
  /** POST /tutor/payments/{provider}/card/top {card_id, lesson_id, city_id?, days} */
  cardTop: tutorProcedure
    .input(ZCardPayTop.extend(zProvider))
    .output(ZCardPaymentAnswer)
    .mutation(({ ctx, input }) => startCardPayment(ctx.scope, { purpose: 'top', ...input }, deps(ctx))),
  /** POST /tutor/payments/get_status {payment_id} */
  getStatus: tutorProcedure
    .input(ZPaymentId)
    .output(ZPaymentStatus)
    .mutation(({ ctx, input }) => paymentStatus(ctx.scope, input, deps(ctx))),
  /** POST /tutor/payments/get_cards */
  getCards: tutorProcedure.output(ZCards).mutation(({ ctx }) => savedCards(ctx.scope, undefined, deps(ctx))),
  /** POST /tutor/payments/delete_payment_card {card_id} */
  deleteCard: tutorProcedure
    .input(ZCardId)
    .output(ZCardDeleted)
    .mutation(({ ctx, input }) => deleteCard(ctx.scope, input)),
})

export const tutorWalletRouter = t.router({
  /** GET /tutor/wallet/history?page */
  history: tutorProcedure
    .input(ZWalletHistory)
    .output(ZWalletHistoryAnswer)
    .query(({ ctx, input }) => walletHistory(ctx.scope, input, deps(ctx))),
  /** POST /tutor/order/pay_from_wallet {order_id} */
  payOrder: tutorProcedure
    .input(ZOrderPayFromWallet)
    .output(ZTutorOrderAnswer)
    .mutation(({ ctx, input }) => payOrderFromWallet(ctx.scope, input)),
})

export const tutorTopRouter = t.router({
  /** GET /tutor/top/get */
  get: tutorProcedure.output(ZTopsAnswer).query(({ ctx }) => tutorTopsAndOffers(ctx.scope)),
  /** POST /tutor/top/pay_from_wallet {lesson_id, city_id?, days} */
  payFromWallet: tutorProcedure
    .input(ZTopPayFromWallet)
    .output(ZTopPlacement)
    .mutation(({ ctx, input }) => payTopFromWallet(ctx.scope, input)),
})

/** The raw request a provider sent: REST hands over the exact bytes and headers (routes/payments.ts). */
const ZNotification = z.object({
  provider: z.string().max(32),
  body: z.instanceof(Uint8Array),
  headers: z.instanceof(Headers),
})

const ZLocalPage = z.object({ payment_ref: z.string().min(1).max(200), query: z.string().max(4000) })

export const paymentNotifyRouter = t.router({
  /** GET /api/payments/local/page?payment_ref&query: what the local bank page shows (its signed query checked). */
  localPage: publicProcedure
    .input(ZLocalPage)
    .output(
      z.strictObject({
        payment_ref: z.string(),
        amount_minor: z.number(),
        currency: z.string(),
        description: z.string(),
        return_url: z.string(),
        save_card: z.boolean(),
      }),
    )
    .query(({ ctx, input }) => localBankPage(ctx.scope, input, deps(ctx))),
  /** POST /api/payments/local/press {payment_ref, query, outcome}: the page's Pay / Decline button. */
  localPress: publicProcedure
    .input(ZLocalPage.extend({ outcome: z.enum(['paid', 'failed']) }))
    .output(z.strictObject({ accepted: z.boolean(), outcome: z.string(), return_url: z.string() }))
    .mutation(({ ctx, input }) => pressLocalBank(ctx.scope, input, deps(ctx))),
  /** POST /api/payments/{provider}/notify: answers the provider's acknowledgement, not our envelope. */
  notify: publicProcedure
    .input(ZNotification)
    .output(zFileResponse)
    .mutation(async ({ ctx, input }) => {
      const { ack, outcome } = await receiveNotification(ctx.scope, input, deps(ctx))
      if (ack.status >= 300 || outcome === 'mismatch' || outcome === 'unknown_payment')
        ctx.log.warn('payment notification refused', { requestId: ctx.requestId, provider: input.provider, outcome })
      return new Response(ack.body, {
        status: ack.status,
        headers: { 'content-type': ack.contentType, 'cache-control': 'no-store' },
      })
    }),
})
