// Staff calls on orders (spec/api-calls.md §7.1), panel area 'orders' (users_orders). Rules in
// server/domain/orders/: the status machine (status.ts) decides every move; staff.ts the actions.
import { authObject } from '../../domain/auth/sessions'
import { exportOrdersXlsx } from '../../domain/orders/export'
import { listOrderFees, saveOrderFee } from '../../domain/orders/fees'
import { countOrderStatuses, getOrderForStaff, listOrders } from '../../domain/orders/read'
import * as orders from '../../domain/orders/staff'
import { setStaffNotificationRead, staffNotifications } from '../../domain/orders/staff-notifications'
import { orderRulesResource } from '../../../common/order-status'
import { attachmentDisposition } from '../../domain/tutors/documents'
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
  ZSetLost,
  ZSetPaid,
  ZSetPause,
  ZSetReview,
  ZSetReviewResponse,
} from '../../../common/schemas/admin/orders.schema'

const staff = staffProcedure('orders')
/** The bell: every staff member; each sees the types of its areas. */
const anyStaff = staffProcedure('desktop')

export const ordersAdminRouter = t.router({
  /** POST /admin/orders {page, filters, sort_dir} */
  list: staff.input(ZOrderList).query(({ ctx, input }) => listOrders(ctx.scope, input)),
  /** POST /admin/count_orders_statuses {page, filters} */
  countStatuses: staff.input(ZOrderCount).query(({ ctx, input }) => countOrderStatuses(ctx.scope, input)),
  /** POST /admin/get_file_excel_export_orders {filters}: an .xlsx file */
  exportExcel: staff.input(ZOrderExport).query(async ({ ctx, input }) => {
    const file = await exportOrdersXlsx(ctx.scope, input)
    const name = `${(input.file_name ?? 'orders').replace(/\.xlsx$/i, '') || 'orders'}.xlsx`
    return new Response(file, {
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-length': String(file.byteLength),
        'content-disposition': attachmentDisposition(name),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      },
    })
  }),
  /** GET /admin/resources/order_rules: the status machine for the panel. */
  rules: staff.input(z.object({}).optional()).query(() => orderRulesResource()),

  get: staff.input(ZById).query(({ ctx, input }) => getOrderForStaff(ctx.scope, input)),
  create: staff.input(ZOrderCreate).mutation(({ ctx, input }) => orders.staffCreateOrder(ctx.scope, input)),
  /** GET /admin/order/copy?id — a state-changing GET (the CSRF check covers the path). */
  copy: staff.input(ZById).mutation(({ ctx, input }) => orders.copyOrder(ctx.scope, input)),
  save: staff.input(ZOrderSave).mutation(({ ctx, input }) => orders.saveOrder(ctx.scope, input)),
  delete: staff.input(ZOrderId).mutation(({ ctx, input }) => orders.deleteOrder(ctx.scope, input)),

  setProcessing: staff.input(ZOrderAction).mutation(({ ctx, input }) => orders.setProcessing(ctx.scope, input)),
  setPotential: staff.input(ZOrderAction).mutation(({ ctx, input }) => orders.setPotential(ctx.scope, input)),
  setPotentialOff: staff.input(ZOrderAction).mutation(({ ctx, input }) => orders.setPotentialOff(ctx.scope, input)),
  setPaid: staff.input(ZSetPaid).mutation(({ ctx, input }) => orders.setPaid(ctx.scope, input)),
  setPaidOff: staff.input(ZOrderAction).mutation(({ ctx, input }) => orders.setPaidOff(ctx.scope, input)),
  setLost: staff.input(ZSetLost).mutation(({ ctx, input }) => orders.setLost(ctx.scope, input)),
  setLostOff: staff.input(ZOrderAction).mutation(({ ctx, input }) => orders.setLostOff(ctx.scope, input)),
  setPause: staff.input(ZSetPause).mutation(({ ctx, input }) => orders.setPause(ctx.scope, input)),
  unpause: staff.input(ZOrderAction).mutation(({ ctx, input }) => orders.unpause(ctx.scope, input)),
  setNoReview: staff.input(ZOrderAction).mutation(({ ctx, input }) => orders.setNoReview(ctx.scope, input)),
  setEmptyReview: staff.input(ZOrderAction).mutation(({ ctx, input }) => orders.setEmptyReview(ctx.scope, input)),

  appointTutor: staff.input(ZOrderTutor).mutation(({ ctx, input }) => orders.staffAppointTutor(ctx.scope, input)),
  deleteTutor: staff.input(ZDeleteTutor).mutation(({ ctx, input }) => orders.deleteTutor(ctx.scope, input)),
  setFirstClass: staff.input(ZFirstClass).mutation(({ ctx, input }) => orders.staffSetFirstClass(ctx.scope, input)),

  setReview: staff.input(ZSetReview).mutation(({ ctx, input }) => orders.staffSetReview(ctx.scope, input)),
  setReviewResponse: staff.input(ZSetReviewResponse).mutation(({ ctx, input }) => orders.staffSetReviewResponse(ctx.scope, input)),

  searchTutors: staff.input(ZSearchTutors).query(({ ctx, input }) => orders.searchTutors(ctx.scope, input)),
  getPotentialTutors: staff.input(ZOrderId).query(({ ctx, input }) => orders.getPotentialTutors(ctx.scope, input)),
  setAutoAppointPotential: staff.input(ZAutoAppoint).mutation(({ ctx, input }) => orders.setAutoAppointPotential(ctx.scope, input)),
  tutorMarkYellow: staff.input(ZOrderTutor).mutation(({ ctx, input }) => orders.markYellow(ctx.scope, { ...input, value: true })),
  tutorMarkYellowOff: staff.input(ZOrderTutor).mutation(({ ctx, input }) => orders.markYellow(ctx.scope, { ...input, value: false })),
  setFavorite: staff.input(ZSetFavorite).mutation(({ ctx, input }) => orders.setFavorite(ctx.scope, input)),

  setSchoolNew: staff.input(ZOrderId).mutation(({ ctx, input }) => orders.setSchool(ctx.scope, { ...input, state: 'new' })),
  setSchoolProcessing: staff.input(ZOrderId).mutation(({ ctx, input }) => orders.setSchool(ctx.scope, { ...input, state: 'processing' })),
  setOtherSiteNew: staff.input(ZOrderId).mutation(({ ctx, input }) => orders.setOtherSiteNew(ctx.scope, input)),

  smsClient: staff.input(ZOrderId).mutation(({ ctx, input }) => orders.smsClient(ctx.scope, input, ctx.sms)),
  smsTutor: staff.input(ZOrderId).mutation(({ ctx, input }) => orders.smsTutor(ctx.scope, input, ctx.sms)),

  /** The fee table (tRPC only: the spec documents no path for it). */
  fees: t.router({
    list: staff.input(z.object({}).optional()).query(({ ctx }) => listOrderFees(ctx.scope)),
    save: staff.input(ZOrderFee).mutation(({ ctx, input }) => saveOrderFee(ctx.scope, input)),
  }),

  notifications: t.router({
    /** GET /admin/on_site_notifications: {auth, data: {notifications by type, count}} */
    list: anyStaff.input(z.object({}).optional()).query(async ({ ctx }) => ({ auth: authObject(ctx.identity), data: await staffNotifications(ctx.db, ctx.staff) })),
    /** POST /admin/on_site_notification/set_read?type&response_id */
    setRead: anyStaff.input(ZNotificationRead).mutation(({ ctx, input }) => setStaffNotificationRead(ctx.db, ctx.staff, input)),
  }),
})
