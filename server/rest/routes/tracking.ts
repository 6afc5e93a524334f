// Tracking and the school API (docs/api.md#other-public-calls) and the staff's redirect codes.
import { type Route, get, post } from '../adapter'

export const trackingRoutes = [
  get('/link/redirect', (api) => api.public.tracking.linkRedirect, { raw: true }),
  post('/cpa/set_cookie', (api) => api.public.tracking.setCpaCookie),
  post('/recaptcha/get', (api) => api.public.tracking.captcha),
  post('/api/email_unsubscribe', (api) => api.public.tracking.unsubscribe, { raw: true }),
  get('/api/email_unsubscribe', (api) => api.public.tracking.unsubscribePage, { raw: true }),
  post('/tutor/candidate/registration', (api) => api.public.tracking.candidateRegistration),
  // Staff (SEO area): redirect codes and the foreign hosts they may lead to (our paths).
  get('/admin/seo/links/get', (api) => api.admin.links.list),
  post('/admin/seo/link/create', (api) => api.admin.links.create),
  post('/admin/seo/link/save', (api) => api.admin.links.save),
  post('/admin/seo/link/delete', (api) => api.admin.links.delete),
  post('/admin/seo/link_host/create', (api) => api.admin.links.addHost),
  post('/admin/seo/link_host/delete', (api) => api.admin.links.removeHost),
] satisfies Route[]
