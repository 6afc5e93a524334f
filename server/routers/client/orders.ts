// The client's orders (spec/api-calls.md §7.8). Own orders only (others 404). Rules:
// server/domain/orders/client-orders.ts.
import {
  clientAppointTutor,
  clientOrder,
  clientOrders,
  clientSetFirstClass,
  clientSetRate,
  clientSetReview,
  makePersonalTutor,
  schoolAuthToken,
} from '../../domain/orders/client-orders'
import { t } from '../../trpc/init'
import { clientProcedure } from '../../trpc/procedures'
import { ZClientOrderGet, ZClientOrderList, ZOrderId, ZOrderTutor, ZSetFirstClass, ZSetRate, ZSetReview } from '../../../common/schemas/client/orders.schema'

export const clientOrdersRouter = t.router({
  /** GET /client/orders/active?lang */
  active: clientProcedure.input(ZClientOrderList).query(({ ctx, input }) => clientOrders(ctx.db, ctx.client.id, 'active', input?.page ?? 1, ctx.locale, ctx.edition)),
  /** GET /client/orders/archive?lang */
  archive: clientProcedure.input(ZClientOrderList).query(({ ctx, input }) => clientOrders(ctx.db, ctx.client.id, 'archive', input?.page ?? 1, ctx.locale, ctx.edition)),
  /** GET /client/order/?id&lang */
  get: clientProcedure.input(ZClientOrderGet).query(({ ctx, input }) => clientOrder(ctx.db, ctx.client.id, input.id, ctx.locale, ctx.edition)),
  /** POST /client/order/set_rate {order_id, rate_id} */
  setRate: clientProcedure.input(ZSetRate).mutation(({ ctx, input }) => clientSetRate(ctx.db, ctx.actor, ctx.client.id, input.order_id, input.rate_id, ctx.edition.code)),
  /** POST /client/order/appoint_tutor {order_id, tutor_id} */
  appointTutor: clientProcedure.input(ZOrderTutor).mutation(({ ctx, input }) => clientAppointTutor(ctx.db, ctx.actor, ctx.client.id, input.order_id, input.tutor_id, ctx.edition.code)),
  /** POST /client/order/make_personal_tutor {order_id, tutor_id} */
  makePersonalTutor: clientProcedure.input(ZOrderTutor).mutation(({ ctx, input }) => makePersonalTutor(ctx.db, ctx.actor, ctx.client.id, input.order_id, input.tutor_id, ctx.edition.code)),
  /** POST /client/order/set_first_class {order_id, first_class} */
  setFirstClass: clientProcedure.input(ZSetFirstClass).mutation(({ ctx, input }) => clientSetFirstClass(ctx.db, ctx.actor, ctx.client.id, input.order_id, input.first_class, ctx.edition.code)),
  /** POST /client/order/set_review?lang {order_id, review_text, review_mark} */
  setReview: clientProcedure.input(ZSetReview).mutation(({ ctx, input }) => clientSetReview(ctx.db, ctx.actor, ctx.client.id, input.order_id, input, ctx.edition.code)),
  /** POST /client/order/get_school_auth_token {order_id} */
  getSchoolAuthToken: clientProcedure.input(ZOrderId).mutation(({ ctx, input }) => schoolAuthToken(ctx.db, ctx.client.id, input.order_id, ctx.edition.code)),
})
