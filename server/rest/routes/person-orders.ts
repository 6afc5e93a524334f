// The client's and the tutor's order calls (docs/api.md#tutor-orders-and-notifications, #client-orders-and-chats) and
// the tutor's bell.
import { type Route, get, post } from '../adapter'
import { TUTOR_CATEGORIES } from '../../domain/orders/tutor-orders'

export const personOrderRoutes = [
  // Client (docs/api.md#public-reads)
  get('/client/orders/active', (api) => api.clientArea.orders.active),
  get('/client/orders/archive', (api) => api.clientArea.orders.archive),
  get('/client/order', (api) => api.clientArea.orders.get),
  post('/client/order/set_review', (api) => api.clientArea.orders.setReview),
  post('/client/order/set_rate', (api) => api.clientArea.orders.setRate),
  post('/client/order/appoint_tutor', (api) => api.clientArea.orders.appointTutor),
  post('/client/order/make_personal_tutor', (api) => api.clientArea.orders.makePersonalTutor),
  post('/client/order/set_first_class', (api) => api.clientArea.orders.setFirstClass),
  post('/client/order/get_school_auth_token', (api) => api.clientArea.orders.getSchoolAuthToken),
  // Tutor (docs/api.md#tutor-sign-in-and-account): one path per category of docs/product.md#4-states-and-transitions
  ...TUTOR_CATEGORIES.map((category) =>
    get(
      `/tutor/orders/${category}`,
      (api) => (input: Record<string, unknown>) => api.tutor.orders.list({ ...input, category } as never),
    ),
  ),
  get('/tutor/order/get', (api) => api.tutor.orders.get),
  post('/tutor/order/respond_personal', (api) => api.tutor.orders.respondPersonal),
  post('/tutor/order/respond_potential', (api) => api.tutor.orders.respondPotential),
  post('/tutor/order/set_refused_reason', (api) => api.tutor.orders.setRefusedReason),
  post('/tutor/order/set_first_class', (api) => api.tutor.orders.setFirstClass),
  post('/tutor/order/request_review', (api) => api.tutor.orders.requestReview),
  post('/tutor/order/response_review', (api) => api.tutor.orders.responseReview),
  get('/tutor/on_site_notifications', (api) => api.tutor.notifications.list),
  post('/tutor/on_site_notifications/read', (api) => api.tutor.notifications.markRead),
] satisfies Route[]
