// The tutor's money calls (docs/contract.md#payments; docs/api.md#tutor-wallet-payments-top wallet and payments, top).
// The providers' notify endpoint and the local bank page: public/integrations.ts. Rules: server/domain/money/.
import { z } from 'zod'
import { deleteCard, paymentStatus, savedCards, startCardPayment, startPayment } from '../../domain/money/payments'
import { payOrderFromWallet, payTopFromWallet, tutorTopsAndOffers, walletHistory } from '../../domain/money/wallet'
import { paymentDeps } from '../integration-deps'
import { t } from '../../trpc/init'
import { tutorProcedure } from '../../trpc/procedures'
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

const deps = paymentDeps
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
