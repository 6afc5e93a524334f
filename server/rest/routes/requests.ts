// Lesson requests (docs/api.md#client-lesson-requests, base /client).
import { type Route, post } from '../adapter'

export const requestRoutes = [
  post('/client/make_personal_request', (api) => api.clientArea.requests.makePersonalRequest),
  post('/client/make_personal_request_short_form', (api) => api.clientArea.requests.makePersonalRequestShortForm),
  post('/client/order/personal_request_add_info', (api) => api.clientArea.requests.addInfo),
  post('/client/order/personal_request_add_date_first_class', (api) => api.clientArea.requests.addDateFirstClass),
  post('/client/order/make_school_request', (api) => api.clientArea.requests.makeSchoolRequest),
  post('/client/make_short_school_request', (api) => api.clientArea.requests.makeShortSchoolRequest),
  post('/client/order/make_additional_school_request', (api) => api.clientArea.requests.makeAdditionalSchoolRequest),
  post('/client/order/make_test_landing_school_request', (api) => api.clientArea.requests.makeTestLandingSchoolRequest),
] satisfies Route[]
