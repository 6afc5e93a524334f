// Staff calls on orders (docs/api.md#admin-orders) and the staff notifications (#admin-staff-accounts-and-session).
// set_{product}_new: the spec leaves the other site's name out; ours is `set_other_site_new`.
import { any, get, post } from '../adapter'
import type { Route } from '../adapter'

export const orderRoutes = [
  any('/admin/orders', (api) => api.admin.orders.list),
  any('/admin/count_orders_statuses', (api) => api.admin.orders.countStatuses),
  post('/admin/get_file_excel_export_orders', (api) => api.admin.orders.exportExcel, { raw: true }),
  get('/admin/resources/order_rules', (api) => api.admin.orders.rules),

  get('/admin/order/get', (api) => api.admin.orders.get),
  post('/admin/order/create', (api) => api.admin.orders.create),
  get('/admin/order/copy', (api) => api.admin.orders.copy),
  post('/admin/order/save', (api) => api.admin.orders.save),
  post('/admin/order/delete', (api) => api.admin.orders.delete),

  post('/admin/order/set_processing', (api) => api.admin.orders.setProcessing),
  post('/admin/order/set_potential', (api) => api.admin.orders.setPotential),
  post('/admin/order/set_potential_off', (api) => api.admin.orders.setPotentialOff),
  post('/admin/order/set_paid', (api) => api.admin.orders.setPaid),
  post('/admin/order/set_paid_off', (api) => api.admin.orders.setPaidOff),
  post('/admin/order/set_lost', (api) => api.admin.orders.setLost),
  post('/admin/order/set_lost_off', (api) => api.admin.orders.setLostOff),
  post('/admin/order/set_pause', (api) => api.admin.orders.setPause),
  post('/admin/order/unpause', (api) => api.admin.orders.unpause),
  post('/admin/order/set_no_review', (api) => api.admin.orders.setNoReview),
  post('/admin/order/set_empty_review', (api) => api.admin.orders.setEmptyReview),

  post('/admin/order/appoint_tutor', (api) => api.admin.orders.appointTutor),
  post('/admin/order/delete_tutor', (api) => api.admin.orders.deleteTutor),
  post('/admin/order/set_first_class', (api) => api.admin.orders.setFirstClass),
  post('/admin/order/set_review', (api) => api.admin.orders.setReview),
  post('/admin/order/set_review_response', (api) => api.admin.orders.setReviewResponse),

  post('/admin/order/search_tutors', (api) => api.admin.orders.searchTutors),
  post('/admin/order/get_potential_tutors', (api) => api.admin.orders.getPotentialTutors),
  post('/admin/order/set_auto_appoint_potential_tutors', (api) => api.admin.orders.setAutoAppointPotential),
  post('/admin/order/tutor_mark_yellow', (api) => api.admin.orders.tutorMarkYellow),
  post('/admin/order/tutor_mark_yellow_off', (api) => api.admin.orders.tutorMarkYellowOff),
  post('/admin/order/set_favorite', (api) => api.admin.orders.setFavorite),
  post('/admin/order/set_school_new', (api) => api.admin.orders.setSchoolNew),
  post('/admin/order/set_school_processing', (api) => api.admin.orders.setSchoolProcessing),
  post('/admin/order/set_other_site_new', (api) => api.admin.orders.setOtherSiteNew),
  post('/admin/order/sms_client', (api) => api.admin.orders.smsClient),
  post('/admin/order/sms_tutor', (api) => api.admin.orders.smsTutor),

  get('/admin/on_site_notifications', (api) => api.admin.orders.notifications.list, { envelope: 'auth' }),
  post('/admin/on_site_notification/set_read', (api) => api.admin.orders.notifications.setRead),
] satisfies Route[]
