// Staff calls on orders (docs/api.md#admin-orders), panel area 'orders' (users_orders). Rules in
// server/domain/orders/: the status machine (status.ts) decides every move; staff.ts the actions.
import { authObject } from '../../domain/auth/sessions'
import { exportOrdersXlsx } from '../../domain/orders/export'
import { listOrderFees, saveOrderFee } from '../../domain/orders/fees'
import { countOrderStatuses, getOrderForStaff, listOrders } from '../../domain/orders/read'
import * as orders from '../../domain/orders/staff'
import { setStaffNotificationRead, staffNotifications } from '../../domain/orders/staff-notifications'
import { orderStaffOptions, setOrderStaff } from '../../domain/orders/responsible'
import { orderRulesResource } from '../../../common/order-status'
import { downloadResponse } from '../../domain/shared/download'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'
import { z } from 'zod'
import {
  ZAutoAppoint,
  ZById,
  ZDeleteTutor,
  ZFirstClass,
  ZNotificationRead,
  ZOrderAction,
  ZOrderCount,
  ZOrderCreate,
  ZOrderExport,
  ZOrderFee,
  ZOrderId,
  ZOrderList,
  ZOrderSave,
  ZOrderTutor,
  ZSearchTutors,
  ZSetFavorite,
  ZSetOrderStaff,
  ZOrderStaffOptions,
  ZOrderStaffSet,
  ZSetLost,
  ZSetPaid,
  ZSetPause,
  ZSetReview,
  ZSetReviewResponse,
  ZAutoAppointAnswer,
  ZNotificationReadAnswer,
  ZOrderAppointed,
  ZOrderCountAnswer,
  ZOrderCreated,
  ZOrderExportAnswer,
  ZOrderFeeSaved,
  ZOrderFeesAnswer,
  ZOrderFirstClassSet,
  ZOrderListAnswer,
  ZOrderMoved,
  ZOrderReviewSet,
  ZOrderRulesAnswer,
  ZOrderSmsSent,
  ZOrderTutorSearchAnswer,
  ZPotentialTutorsAnswer,
  ZStaffNotificationsAnswer,
  ZStaffOrderAnswer,
} from '../../../common/schemas/admin/orders.schema'

const staff = staffProcedure('orders')
/** The bell: every staff member; each sees the types of its areas. */
const anyStaff = staffProcedure('desktop')

export const ordersAdminRouter = t.router({
  /** POST /admin/orders {page, filters, sort_dir} */
  list: staff
    .input(ZOrderList)
    .output(ZOrderListAnswer)
    .query(({ ctx, input }) => listOrders(ctx.scope, input)),
  /** POST /admin/count_orders_statuses {page, filters} */
  countStatuses: staff
    .input(ZOrderCount)
    .output(ZOrderCountAnswer)
    .query(({ ctx, input }) => countOrderStatuses(ctx.scope, input)),
  /** POST /admin/get_file_excel_export_orders {filters}: an .xlsx file */
  exportExcel: staff
    .input(ZOrderExport)
    .output(ZOrderExportAnswer)
    .query(async ({ ctx, input }) => {
      const file = await exportOrdersXlsx(ctx.scope, input)
      const name = `${(input.file_name ?? 'orders').replace(/\.xlsx$/i, '') || 'orders'}.xlsx`
      return downloadResponse(file, {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        size: file.byteLength,
        name,
      })
    }),
  /** GET /admin/resources/order_rules: the status machine for the panel. */
  rules: staff
    .input(z.object({}).optional())
    .output(ZOrderRulesAnswer)
    .query(() => orderRulesResource()),

  get: staff
    .input(ZById)
    .output(ZStaffOrderAnswer)
    .query(({ ctx, input }) => getOrderForStaff(ctx.scope, input)),
  create: staff
    .input(ZOrderCreate)
    .output(ZOrderCreated)
    .mutation(({ ctx, input }) => orders.staffCreateOrder(ctx.scope, input)),
  /** GET /admin/order/copy?id — a state-changing GET (the CSRF check covers the path). */
  copy: staff
    .input(ZById)
    .output(ZOrderCreated)
    .mutation(({ ctx, input }) => orders.copyOrder(ctx.scope, input)),
  save: staff
    .input(ZOrderSave)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.saveOrder(ctx.scope, input)),
  delete: staff
    .input(ZOrderId)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.deleteOrder(ctx.scope, input)),

  setProcessing: staff
    .input(ZOrderAction)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.setProcessing(ctx.scope, input)),
  setPotential: staff
    .input(ZOrderAction)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.setPotential(ctx.scope, input)),
  setPotentialOff: staff
    .input(ZOrderAction)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.setPotentialOff(ctx.scope, input)),
  setPaid: staff
    .input(ZSetPaid)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.setPaid(ctx.scope, input)),
  setPaidOff: staff
    .input(ZOrderAction)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.setPaidOff(ctx.scope, input)),
  setLost: staff
    .input(ZSetLost)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.setLost(ctx.scope, input)),
  setLostOff: staff
    .input(ZOrderAction)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.setLostOff(ctx.scope, input)),
  setPause: staff
    .input(ZSetPause)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.setPause(ctx.scope, input)),
  unpause: staff
    .input(ZOrderAction)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.unpause(ctx.scope, input)),
  setNoReview: staff
    .input(ZOrderAction)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.setNoReview(ctx.scope, input)),
  setEmptyReview: staff
    .input(ZOrderAction)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.setEmptyReview(ctx.scope, input)),

  appointTutor: staff
    .input(ZOrderTutor)
    .output(ZOrderAppointed)
    .mutation(({ ctx, input }) => orders.staffAppointTutor(ctx.scope, input)),
  deleteTutor: staff
    .input(ZDeleteTutor)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.deleteTutor(ctx.scope, input)),
  setFirstClass: staff
    .input(ZFirstClass)
    .output(ZOrderFirstClassSet)
    .mutation(({ ctx, input }) => orders.staffSetFirstClass(ctx.scope, input)),

  setReview: staff
    .input(ZSetReview)
    .output(ZOrderReviewSet)
    .mutation(({ ctx, input }) => orders.staffSetReview(ctx.scope, input)),
  setReviewResponse: staff
    .input(ZSetReviewResponse)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.staffSetReviewResponse(ctx.scope, input)),

  searchTutors: staff
    .input(ZSearchTutors)
    .output(ZOrderTutorSearchAnswer)
    .query(({ ctx, input }) => orders.searchTutors(ctx.scope, input)),
  getPotentialTutors: staff
    .input(ZOrderId)
    .output(ZPotentialTutorsAnswer)
    .query(({ ctx, input }) => orders.getPotentialTutors(ctx.scope, input)),
  setAutoAppointPotential: staff
    .input(ZAutoAppoint)
    .output(ZAutoAppointAnswer)
    .mutation(({ ctx, input }) => orders.setAutoAppointPotential(ctx.scope, input)),
  tutorMarkYellow: staff
    .input(ZOrderTutor)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.markYellow(ctx.scope, { ...input, value: true })),
  tutorMarkYellowOff: staff
    .input(ZOrderTutor)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.markYellow(ctx.scope, { ...input, value: false })),
  setFavorite: staff
    .input(ZSetFavorite)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.setFavorite(ctx.scope, input)),

  setSchoolNew: staff
    .input(ZOrderId)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.setSchool(ctx.scope, { ...input, state: 'new' })),
  setSchoolProcessing: staff
    .input(ZOrderId)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.setSchool(ctx.scope, { ...input, state: 'processing' })),
  setOtherSiteNew: staff
    .input(ZOrderId)
    .output(ZOrderMoved)
    .mutation(({ ctx, input }) => orders.setOtherSiteNew(ctx.scope, input)),

  smsClient: staff
    .input(ZOrderId)
    .output(ZOrderSmsSent)
    .mutation(({ ctx, input }) => orders.smsClient(ctx.scope, input, ctx.sms)),
  smsTutor: staff
    .input(ZOrderId)
    .output(ZOrderSmsSent)
    .mutation(({ ctx, input }) => orders.smsTutor(ctx.scope, input, ctx.sms)),

  /** The responsible staff member (docs/domain.md#order-states; tRPC only, like the fee table: the spec documents no
   * path). */
  staffOptions: staff
    .input(z.object({}).optional())
    .output(ZOrderStaffOptions)
    .query(({ ctx }) => orderStaffOptions(ctx.scope)),
  setStaff: staff
    .input(ZSetOrderStaff)
    .output(ZOrderStaffSet)
    .mutation(({ ctx, input }) => setOrderStaff(ctx.scope, input)),

  /** The fee table (tRPC only: the spec documents no path for it). */
  fees: t.router({
    list: staff
      .input(z.object({}).optional())
      .output(ZOrderFeesAnswer)
      .query(({ ctx }) => listOrderFees(ctx.scope)),
    save: staff
      .input(ZOrderFee)
      .output(ZOrderFeeSaved)
      .mutation(({ ctx, input }) => saveOrderFee(ctx.scope, input)),
  }),

  notifications: t.router({
    /** GET /admin/on_site_notifications: {auth, data: {notifications by type, count}} */
    list: anyStaff
      .input(z.object({}).optional())
      .output(ZStaffNotificationsAnswer)
      .query(async ({ ctx }) => ({
        auth: authObject(ctx.identity),
        data: await staffNotifications(ctx.db, ctx.staff),
      })),
    /** POST /admin/on_site_notification/set_read?type&response_id */
    setRead: anyStaff
      .input(ZNotificationRead)
      .output(ZNotificationReadAnswer)
      .mutation(({ ctx, input }) => setStaffNotificationRead(ctx.db, ctx.staff, input)),
  }),
})
