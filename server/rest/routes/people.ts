// Staff tools for people (docs/api.md#admin-tutors tutors, #admin-clients clients, #admin-staff-accounts-and-session
// staff accounts, schedule and impersonation). /admin/admins and /admin/get are in core.ts.
import { any, get, post } from '../adapter'
import type { Route } from '../adapter'

export const peopleRoutes = [
  // Tutors
  get('/admin/resources/tutor_rules', (api) => api.admin.tutors.rules),
  any('/admin/tutors', (api) => api.admin.tutors.list),
  get('/admin/tutor/profile/get', (api) => api.admin.tutors.profile.get),
  get('/admin/tutor/profile/preview', (api) => api.admin.tutors.profile.preview),
  get('/admin/tutor/profile/copy', (api) => api.admin.tutors.profile.copy),
  post('/admin/tutor/profile/save', (api) => api.admin.tutors.profile.save),
  post('/admin/tutor/profile/create', (api) => api.admin.tutors.profile.create),
  post('/admin/tutor/profile/password/set', (api) => api.admin.tutors.profile.passwordSet),
  post('/admin/tutor/profile/set_favorite', (api) => api.admin.tutors.profile.setFavorite),
  get('/admin/tutor/profile/transliterate_main_data', (api) => api.admin.tutors.profile.transliterate),
  post('/admin/tutor/delete', (api) => api.admin.tutors.delete),
  post('/admin/tutor/anonymization_delete', (api) => api.admin.tutors.anonymizationDelete),
  post('/admin/tutor/publish', (api) => api.admin.tutors.publish),
  post('/admin/tutor/send_back', (api) => api.admin.tutors.sendBack),
  post('/admin/tutor/set_active', (api) => api.admin.tutors.setActive),
  post('/admin/tutor/set_inactive', (api) => api.admin.tutors.setInactive),
  post('/admin/tutor/set_school', (api) => api.admin.tutors.setSchool),
  post('/admin/tutor/set_verified', (api) => api.admin.tutors.setVerified),
  post('/admin/tutor/set_toggle', (api) => api.admin.tutors.setToggle),
  post('/admin/tutor/save_admin_comment', (api) => api.admin.tutors.saveAdminComment),
  post('/admin/tutor/wallet/add_money', (api) => api.admin.tutors.addMoney),
  get('/admin/tutor/get_log_activities', (api) => api.admin.tutors.logActivities),

  // Clients
  any('/admin/clients', (api) => api.admin.clients.list),
  post('/admin/client/profile/password/set', (api) => api.admin.clients.passwordSet),
  post('/admin/client/blacklist/add', (api) => api.admin.clients.blacklistAdd),
  post('/admin/client/blacklist/remove', (api) => api.admin.clients.blacklistRemove),
  get('/admin/client/merge_profiles', (api) => api.admin.clients.mergePreview),
  post('/admin/client/merge', (api) => api.admin.clients.merge),

  // Staff accounts, schedule, impersonation
  post('/admin/create', (api) => api.admin.staff.create),
  post('/admin/save', (api) => api.admin.staff.save),
  post('/admin/delete', (api) => api.admin.staff.delete),
  post('/admin/change_checkout', (api) => api.admin.staff.changeCheckout),
  get('/admin/admins/schedule/get', (api) => api.admin.staff.schedule.get),
  post('/admin/admins/schedule/save', (api) => api.admin.staff.schedule.save),
  // The signed-in staff member's own avatar; the image is read through a raw route (the file, not the envelope).
  post('/admin/admin/avatar/set', (api) => api.admin.staff.avatar.set),
  post('/admin/admin/avatar/crop', (api) => api.admin.staff.avatar.crop),
  post('/admin/admin/avatar/remove', (api) => api.admin.staff.avatar.remove),
  get('/admin/admin/avatar/file', (api) => api.admin.staff.avatar.file, { raw: true }),
  post('/admin/authorize/client', (api) => api.admin.staff.authorize.client, { envelope: 'auth' }),
  post('/admin/authorize/tutor', (api) => api.admin.staff.authorize.tutor, { envelope: 'auth' }),
  post('/admin/authorize/admin', (api) => api.admin.staff.authorize.admin, { envelope: 'auth' }),
  post('/admin/authorize/return', (api) => api.admin.staff.authorize.return, { envelope: 'auth' }),
] satisfies Route[]
