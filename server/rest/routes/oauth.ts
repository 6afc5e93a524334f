// OpenID Connect sign-in (docs/api.md#admin-staff-accounts-and-session, #tutor-sign-in-and-account,
// #client-sign-in-and-settings) and the local provider's page.
import { get, post } from '../adapter'
import type { Route } from '../adapter'

export const oauthRoutes = [
  get('/admin/oauth/redirect', (api) => api.auth.oauth.staff.redirect),
  post('/admin/oauth/login', (api) => api.auth.oauth.staff.login, { envelope: 'auth' }),
  get('/tutor/oauth/redirect', (api) => api.auth.oauth.tutor.redirect),
  post('/tutor/oauth/login', (api) => api.auth.oauth.tutor.login, { envelope: 'auth' }),
  get('/client/oauth/redirect', (api) => api.auth.oauth.client.redirect),
  post('/client/oauth/login', (api) => api.auth.oauth.client.login, { envelope: 'auth' }),
  // docs/api.md#client-sign-in-and-settings lists the client's OAuth among its /client/auth calls; both spellings
  // answer.
  get('/client/auth/oauth/redirect', (api) => api.auth.oauth.client.redirect),
  post('/client/auth/oauth/login', (api) => api.auth.oauth.client.login, { envelope: 'auth' }),
  get('/oauth/local/authorize', (api) => api.auth.oauth.localAuthorize, { raw: true }),
] satisfies Route[]
