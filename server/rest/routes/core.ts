// Sign-in, roles, the site shell and the panel's staff tools.
import { any, get, post } from '../adapter'
import type { Route } from '../adapter'

export const coreRoutes = [
  // Sign-in and roles (docs/contract.md)
  post('/admin/login', (api) => api.auth.staff.login, { envelope: 'auth' }),
  post('/admin/logout', (api) => api.auth.staff.logout, { envelope: 'auth' }),
  post('/tutor/login', (api) => api.auth.tutor.login, { envelope: 'auth' }),
  post('/tutor/logout', (api) => api.auth.tutor.logout, { envelope: 'auth' }),
  post('/tutor/register', (api) => api.auth.tutor.register, { envelope: 'auth' }),
  post('/client/auth/login', (api) => api.auth.client.login, { envelope: 'auth' }),
  post('/client/auth/logout', (api) => api.auth.client.logout, { envelope: 'auth' }),
  post('/client/auth/get_auth_code', (api) => api.auth.client.getAuthCode),
  post('/client/auth/login_by_code', (api) => api.auth.client.loginByCode, { envelope: 'auth' }),
  post('/client/auth/login_by_token', (api) => api.auth.client.loginByToken, { envelope: 'auth' }),
  post('/tutor/email/confirm', (api) => api.auth.tutor.confirmEmail),
  post('/tutor/email/resend', (api) => api.auth.tutor.resendEmail),
  get('/tutor/auth/role/get', (api) => api.auth.role.get, { envelope: 'auth' }),
  post('/tutor/auth/role/set', (api) => api.auth.role.set, { envelope: 'auth' }),

  // Site shell
  get('/client/footer', (api) => api.public.site.footer),

  // Panel
  get('/admin/desktop', (api) => api.admin.desktop.get),
  get('/admin/desktop/web_vitals', (api) => api.admin.desktop.webVitals),
  // Web vitals from the browser (docs/contract.md#other-public-endpoints); the body is read as sent (a beacon has no
  // headers).
  post('/api/metrics/web_vitals', (api) => api.public.metrics.webVitals, { rawBody: true }),
  any('/admin/admins', (api) => api.admin.staff.list),
  get('/admin/get', (api) => api.admin.staff.get),
  post('/admin/settings/set/transfer_offline_lesson', (api) => api.admin.settings.setTransferOfflineLesson),
  // School transfer settings per subject (docs/api.md#admin-tops-and-school-transfer; "save (body not shown)": ours is
  // {id, transfer}).
  get('/admin/lesson_school_transfer_settings/get', (api) => api.admin.transfer.list),
  get('/admin/lesson_school_transfer_setting/get', (api) => api.admin.transfer.get),
  post('/admin/lesson_school_transfer_setting/save', (api) => api.admin.transfer.save),
  post('/admin/system/clear_cache', (api) => api.admin.settings.clearCache),
  // Site blocks (the page units_blocks; the spec names the page, not its calls: these are ours).
  post('/admin/units_blocks/index', (api) => api.admin.siteBlocks.list),
  get('/admin/units_blocks/get', (api) => api.admin.siteBlocks.get),
  post('/admin/units_blocks/save', (api) => api.admin.siteBlocks.save),
  post('/admin/units_blocks/change_status', (api) => api.admin.siteBlocks.changeStatus),
  get('/admin/site_reviews/get', (api) => api.admin.siteReviews.list),
  get('/admin/site_review/get', (api) => api.admin.siteReviews.get),
  post('/admin/site_review/set_active', (api) => api.admin.siteReviews.setActive),
  post('/admin/site_review/set_inactive', (api) => api.admin.siteReviews.setInactive),
  post('/admin/site_review/set_deleted', (api) => api.admin.siteReviews.setDeleted),
  post('/admin/site_review/save', (api) => api.admin.siteReviews.save),
] satisfies Route[]
