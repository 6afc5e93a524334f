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
  list: staff.input(ZOrderList).query(({ ctx, input }) => listOrders(ctx.db, ctx.edition, ctx.locale, input.page, input.filters, input.sort_dir)),
  /** POST /admin/count_orders_statuses {page, filters} */
  countStatuses: staff.input(ZOrderCount).query(({ ctx, input }) => countOrderStatuses(ctx.db, ctx.edition, input.filters)),
  /** POST /admin/get_file_excel_export_orders {filters}: an .xlsx file */
  exportExcel: staff.input(ZOrderExport).query(async ({ ctx, input }) => {
    const file = await exportOrdersXlsx(ctx.db, ctx.edition, ctx.locale, input.filters)
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

  get: staff.input(ZById).query(({ ctx, input }) => getOrderForStaff(ctx.db, ctx.edition, ctx.locale, input.id)),
  create: staff.input(ZOrderCreate).mutation(({ ctx, input }) => orders.staffCreateOrder(ctx.db, ctx.edition, ctx.actor, input.order)),
  /** GET /admin/order/copy?id — a state-changing GET (the CSRF check covers the path). */
  copy: staff.input(ZById).mutation(({ ctx, input }) => orders.copyOrder(ctx.db, ctx.edition, ctx.actor, input.id)),
  save: staff.input(ZOrderSave).mutation(({ ctx, input }) => orders.saveOrder(ctx.db, ctx.edition, ctx.actor, input.order_id, input.order)),
  delete: staff.input(ZOrderId).mutation(({ ctx, input }) => orders.deleteOrder(ctx.db, ctx.edition, ctx.actor, input.order_id)),

  setProcessing: staff.input(ZOrderAction).mutation(({ ctx, input }) => orders.setProcessing(ctx.db, ctx.edition, ctx.actor, input.order_id)),
  setPotential: staff.input(ZOrderAction).mutation(({ ctx, input }) => orders.setPotential(ctx.db, ctx.edition, ctx.actor, input.order_id)),
  setPotentialOff: staff.input(ZOrderAction).mutation(({ ctx, input }) => orders.setPotentialOff(ctx.db, ctx.edition, ctx.actor, input.order_id)),
  setPaid: staff.input(ZSetPaid).mutation(({ ctx, input }) =>
    orders.setPaid(ctx.db, ctx.edition, ctx.actor, input.order_id, { amount_minor: input.payment_data.amount, method: input.payment_data.method, date: input.payment_data.date, comment: input.payment_data.comment }),
  ),
  setPaidOff: staff.input(ZOrderAction).mutation(({ ctx, input }) => orders.setPaidOff(ctx.db, ctx.edition, ctx.actor, input.order_id)),
  setLost: staff.input(ZSetLost).mutation(({ ctx, input }) => orders.setLost(ctx.db, ctx.edition, ctx.actor, input.order_id, input.remove_reasons)),
  setLostOff: staff.input(ZOrderAction).mutation(({ ctx, input }) => orders.setLostOff(ctx.db, ctx.edition, ctx.actor, input.order_id)),
  setPause: staff.input(ZSetPause).mutation(({ ctx, input }) => orders.setPause(ctx.db, ctx.edition, ctx.actor, input.order_id, input.date_pause_off)),
  unpause: staff.input(ZOrderAction).mutation(({ ctx, input }) => orders.unpause(ctx.db, ctx.edition, ctx.actor, input.order_id)),
  setNoReview: staff.input(ZOrderAction).mutation(({ ctx, input }) => orders.setNoReview(ctx.db, ctx.edition, ctx.actor, input.order_id)),
  setEmptyReview: staff.input(ZOrderAction).mutation(({ ctx, input }) => orders.setEmptyReview(ctx.db, ctx.edition, ctx.actor, input.order_id)),

  appointTutor: staff.input(ZOrderTutor).mutation(({ ctx, input }) => orders.staffAppointTutor(ctx.db, ctx.edition, ctx.actor, input.order_id, input.tutor_id)),
  deleteTutor: staff.input(ZDeleteTutor).mutation(({ ctx, input }) => orders.deleteTutor(ctx.db, ctx.edition, ctx.actor, input.order_id, input.tutor_id, input.remove_reasons)),
  setFirstClass: staff.input(ZFirstClass).mutation(({ ctx, input }) => orders.staffSetFirstClass(ctx.db, ctx.edition, ctx.actor, input.order_id, input.first_class)),

  setReview: staff.input(ZSetReview).mutation(({ ctx, input }) => orders.staffSetReview(ctx.db, ctx.edition, ctx.actor, input.order_id, input.review_mark, input.review_text)),
  setReviewResponse: staff.input(ZSetReviewResponse).mutation(({ ctx, input }) => orders.staffSetReviewResponse(ctx.db, ctx.edition, ctx.actor, input.order_id, input.review_response_text)),

  searchTutors: staff.input(ZSearchTutors).query(({ ctx, input }) => orders.searchTutors(ctx.db, ctx.edition, input.order_id, input.filters.text_search ?? '')),
  getPotentialTutors: staff.input(ZOrderId).query(({ ctx, input }) => orders.getPotentialTutors(ctx.db, ctx.edition, input.order_id)),
  setAutoAppointPotential: staff.input(ZAutoAppoint).mutation(({ ctx, input }) => orders.setAutoAppointPotential(ctx.db, ctx.edition, ctx.actor, input.order_id, input.value)),
  tutorMarkYellow: staff.input(ZOrderTutor).mutation(({ ctx, input }) => orders.markYellow(ctx.db, ctx.edition, ctx.actor, input.order_id, input.tutor_id, true)),
  tutorMarkYellowOff: staff.input(ZOrderTutor).mutation(({ ctx, input }) => orders.markYellow(ctx.db, ctx.edition, ctx.actor, input.order_id, input.tutor_id, false)),
  setFavorite: staff.input(ZSetFavorite).mutation(({ ctx, input }) => orders.setFavorite(ctx.db, ctx.edition, ctx.actor, input.order_id, input.add_favorite)),

  setSchoolNew: staff.input(ZOrderId).mutation(({ ctx, input }) => orders.setSchool(ctx.db, ctx.edition, ctx.actor, input.order_id, 'new')),
  setSchoolProcessing: staff.input(ZOrderId).mutation(({ ctx, input }) => orders.setSchool(ctx.db, ctx.edition, ctx.actor, input.order_id, 'processing')),
  setOtherSiteNew: staff.input(ZOrderId).mutation(({ ctx, input }) => orders.setOtherSiteNew(ctx.db, ctx.edition, ctx.actor, input.order_id)),

  smsClient: staff.input(ZOrderId).mutation(({ ctx, input }) => orders.smsClient(ctx.db, ctx.edition, ctx.sms, ctx.actor, input.order_id)),
  smsTutor: staff.input(ZOrderId).mutation(({ ctx, input }) => orders.smsTutor(ctx.db, ctx.edition, ctx.sms, ctx.actor, input.order_id)),

  /** The fee table (tRPC only: the spec documents no path for it). */
  fees: t.router({
    list: staff.input(z.object({}).optional()).query(({ ctx }) => listOrderFees(ctx.db, ctx.edition)),
    save: staff.input(ZOrderFee).mutation(({ ctx, input }) => saveOrderFee(ctx.db, ctx.edition, ctx.actor, input.rate_id, input.fee)),
  }),

  notifications: t.router({
    /** GET /admin/on_site_notifications: {auth, data: {notifications by type, count}} */
    list: anyStaff.input(z.object({}).optional()).query(async ({ ctx }) => ({ auth: authObject(ctx.identity), data: await staffNotifications(ctx.db, ctx.staff) })),
    /** POST /admin/on_site_notification/set_read?type&response_id */
    setRead: anyStaff.input(ZNotificationRead).mutation(({ ctx, input }) => setStaffNotificationRead(ctx.db, ctx.staff, input)),
  }),
})
