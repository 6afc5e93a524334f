// Tutor and client account calls (docs/api.md#tutor-sign-in-and-account, #public-reads).
import { type Route, get, post } from '../adapter'

export const accountRoutes = [
  // Tutor: password
  post('/tutor/profile/password/get_reset_code', (api) => api.tutor.account.password.getResetCode),
  post('/tutor/profile/password/check_reset_code', (api) => api.tutor.account.password.checkResetCode),
  post('/tutor/profile/password/reset', (api) => api.tutor.account.password.reset),
  post('/tutor/profile/password/set', (api) => api.tutor.account.password.set),
  // Tutor: phone
  post('/tutor/profile/phone/set', (api) => api.tutor.account.phone.set),
  post('/tutor/profile/phone/confirm', (api) => api.tutor.account.phone.confirm),
  post('/tutor/profile/phone/resend_code', (api) => api.tutor.account.phone.resendCode),
  // Tutor: terms, indicators, settings
  post('/tutor/terms/confirm', (api) => api.tutor.account.confirmTerms),
  get('/tutor/profile/indicators/get', (api) => api.tutor.account.indicators),
  get('/tutor/settings/get', (api) => api.tutor.account.settings.get),
  post('/tutor/settings/set_email_subscribe', (api) => api.tutor.account.settings.setEmailSubscribe),
  // Tutor: privacy
  get('/tutor/privacy/get', (api) => api.tutor.account.privacy.get),
  post('/tutor/privacy/save', (api) => api.tutor.account.privacy.save),
  get('/tutor/privacy/download_files', (api) => api.tutor.account.privacy.downloadFiles, { raw: true }),
  post('/tutor/privacy/delete_profile', (api) => api.tutor.account.privacy.deleteProfile),
  post('/tutor/privacy/cancel_delete_profile', (api) => api.tutor.account.privacy.cancelDeleteProfile),
  // Tutor: rating, verification, affiliate, prof
  get('/tutor/rating/get', (api) => api.tutor.account.rating),
  get('/tutor/profile/verified/get', (api) => api.tutor.account.verified.get),
  post('/tutor/profile/verified/confirm', (api) => api.tutor.account.verified.confirm),
  get('/tutor/affiliate/get', (api) => api.tutor.account.affiliate),
  post('/tutor/profile/set_prof', (api) => api.tutor.account.setProf),

  // Client
  post('/client/auth/generate_password', (api) => api.clientArea.account.generatePassword),
  get('/client/settings/get', (api) => api.clientArea.account.settings),
  post('/client/additional_email_subscription/subscribe', (api) => api.clientArea.account.subscribeAdditionalEmail),
  post('/client/terms/confirm', (api) => api.clientArea.account.confirmTerms),
  post('/client/profile/delete', (api) => api.clientArea.account.deleteProfile, { envelope: 'auth' }),
] satisfies Route[]
