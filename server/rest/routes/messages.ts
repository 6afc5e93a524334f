// E-mail templates, e-mail profiles and SMS templates (docs/api.md#admin-e-mail-and-sms-templates "Emails", "SMS")
import { type Route, get, post } from '../adapter'

export const messageRoutes = [
  get('/admin/email/email/get', (api) => api.admin.emails.get),
  post('/admin/email/email/create', (api) => api.admin.emails.create),
  post('/admin/email/email/save', (api) => api.admin.emails.save),
  post('/admin/email/email/delete', (api) => api.admin.emails.delete),
  post('/admin/email/emails/get', (api) => api.admin.emails.list),
  post('/admin/email/email/send_test', (api) => api.admin.emails.sendTest),
  get('/admin/email/profile/get', (api) => api.admin.emails.profile),
  post('/admin/email/profile/create', (api) => api.admin.emails.createProfile),
  post('/admin/email/profile/save', (api) => api.admin.emails.saveProfile),
  post('/admin/email/profile/delete', (api) => api.admin.emails.deleteProfile),
  get('/admin/email/profiles/get', (api) => api.admin.emails.profiles),
  get('/admin/sms/get', (api) => api.admin.sms.get),
  post('/admin/sms/create', (api) => api.admin.sms.create),
  post('/admin/sms/save', (api) => api.admin.sms.save),
  post('/admin/sms/delete', (api) => api.admin.sms.delete),
  post('/admin/smslist/get', (api) => api.admin.sms.list),
] satisfies Route[]
