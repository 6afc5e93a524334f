// The tutor's orders (docs/api.md#tutor-orders-and-notifications): lists by category, one order, answers to offers,
// first lesson, reviews. Rules and the categories' meaning: server/domain/orders/tutor-orders.ts.
import {
  requestReview,
  respondPersonal,
  respondPotential,
  responseReview,
  setRefusedReason,
  tutorOrder,
  tutorOrders,
  tutorSetFirstClass,
} from '../../domain/orders/tutor-orders'
import { t } from '../../trpc/init'
import { tutorProcedure } from '../../trpc/procedures'
import {
  ZRefusedReason,
  ZResponseReview,
  ZTutorFirstClass,
  ZTutorOrderAnswer,
  ZTutorOrderGet,
  ZTutorOrderId,
  ZTutorOrderList,
  ZTutorOrderListAnswer,
} from '../../../common/schemas/tutor/orders.schema'
import { ZPartyAppointed, ZPartyFirstClassSet, ZPartyMoved } from '../../../common/schemas/client/orders.schema'

export const tutorOrdersRouter = t.router({
  /** GET /tutor/orders/{category}?page */
  list: tutorProcedure
    .input(ZTutorOrderList)
    .output(ZTutorOrderListAnswer)
    .query(({ ctx, input }) => tutorOrders(ctx.scope, input)),
  /** GET /tutor/order/get?id */
  get: tutorProcedure
    .input(ZTutorOrderGet)
    .output(ZTutorOrderAnswer)
    .query(({ ctx, input }) => tutorOrder(ctx.scope, input)),
  /** POST /tutor/order/respond_personal {order_id} */
  respondPersonal: tutorProcedure
    .input(ZTutorOrderId)
    .output(ZPartyAppointed)
    .mutation(({ ctx, input }) => respondPersonal(ctx.scope, input)),
  /** POST /tutor/order/respond_potential {order_id} */
  respondPotential: tutorProcedure
    .input(ZTutorOrderId)
    .output(ZPartyAppointed)
    .mutation(({ ctx, input }) => respondPotential(ctx.scope, input)),
  /** POST /tutor/order/set_refused_reason {order_id, refused_reason} */
  setRefusedReason: tutorProcedure
    .input(ZRefusedReason)
    .output(ZPartyMoved)
    .mutation(({ ctx, input }) => setRefusedReason(ctx.scope, input)),
  /** POST /tutor/order/set_first_class {order_id, first_class} */
  setFirstClass: tutorProcedure
    .input(ZTutorFirstClass)
    .output(ZPartyFirstClassSet)
    .mutation(({ ctx, input }) => tutorSetFirstClass(ctx.scope, input)),
  /** POST /tutor/order/request_review?order_id */
  requestReview: tutorProcedure
    .input(ZTutorOrderId)
    .output(ZPartyMoved)
    .mutation(({ ctx, input }) => requestReview(ctx.scope, input)),
  /** POST /tutor/order/response_review {order_id, review_response_text} */
  responseReview: tutorProcedure
    .input(ZResponseReview)
    .output(ZPartyMoved)
    .mutation(({ ctx, input }) => responseReview(ctx.scope, input)),
})
