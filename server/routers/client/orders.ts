// The client's orders (docs/api.md#client-orders-and-chats). Own orders only (others 404). Rules:
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
import {
  ZClientOrderAnswer,
  ZClientOrderGet,
  ZClientOrderList,
  ZClientOrderListAnswer,
  ZOrderId,
  ZOrderTutor,
  ZPartyAppointed,
  ZPartyFirstClassSet,
  ZPartyMoved,
  ZPartyReviewSet,
  ZSchoolAuthTokenAnswer,
  ZSetFirstClass,
  ZSetRate,
  ZSetReview,
} from '../../../common/schemas/client/orders.schema'

export const clientOrdersRouter = t.router({
  /** GET /client/orders/active?lang */
  active: clientProcedure
    .input(ZClientOrderList)
    .output(ZClientOrderListAnswer)
    .query(({ ctx, input }) => clientOrders(ctx.scope, { which: 'active', page: input?.page ?? 1 })),
  /** GET /client/orders/archive?lang */
  archive: clientProcedure
    .input(ZClientOrderList)
    .output(ZClientOrderListAnswer)
    .query(({ ctx, input }) => clientOrders(ctx.scope, { which: 'archive', page: input?.page ?? 1 })),
  /** GET /client/order/?id&lang */
  get: clientProcedure
    .input(ZClientOrderGet)
    .output(ZClientOrderAnswer)
    .query(({ ctx, input }) => clientOrder(ctx.scope, input)),
  /** POST /client/order/set_rate {order_id, rate_id} */
  setRate: clientProcedure
    .input(ZSetRate)
    .output(ZPartyMoved)
    .mutation(({ ctx, input }) => clientSetRate(ctx.scope, input)),
  /** POST /client/order/appoint_tutor {order_id, tutor_id} */
  appointTutor: clientProcedure
    .input(ZOrderTutor)
    .output(ZPartyAppointed)
    .mutation(({ ctx, input }) => clientAppointTutor(ctx.scope, input)),
  /** POST /client/order/make_personal_tutor {order_id, tutor_id} */
  makePersonalTutor: clientProcedure
    .input(ZOrderTutor)
    .output(ZPartyMoved)
    .mutation(({ ctx, input }) => makePersonalTutor(ctx.scope, input)),
  /** POST /client/order/set_first_class {order_id, first_class} */
  setFirstClass: clientProcedure
    .input(ZSetFirstClass)
    .output(ZPartyFirstClassSet)
    .mutation(({ ctx, input }) => clientSetFirstClass(ctx.scope, input)),
  /** POST /client/order/set_review?lang {order_id, review_text, review_mark} */
  setReview: clientProcedure
    .input(ZSetReview)
    .output(ZPartyReviewSet)
    .mutation(({ ctx, input }) => clientSetReview(ctx.scope, input)),
  /** POST /client/order/get_school_auth_token {order_id} */
  getSchoolAuthToken: clientProcedure
    .input(ZOrderId)
    .output(ZSchoolAuthTokenAnswer)
    .mutation(({ ctx, input }) => schoolAuthToken(ctx.scope, input)),
})
