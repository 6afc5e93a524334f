// The tutor's profile editor (docs/api.md#tutor-sign-in-and-account) and the staff avatar calls (#admin-tutors).
import { type Route, get, post } from '../adapter'

export const tutorRoutes = [
  get('/tutor/profile/get', (api) => api.tutor.profile.get),
  get('/tutor/profile/completeness', (api) => api.tutor.profile.completeness),
  get('/tutor/profile/preview', (api) => api.tutor.profile.preview),
  post('/tutor/profile/save', (api) => api.tutor.profile.save),
  // The file itself, not the envelope: the procedure answers a Response.
  get('/tutor/profile/document', (api) => api.tutor.profile.document, { raw: true }),
  post('/tutor/profile/avatar/set', (api) => api.tutor.profile.avatar.set),
  post('/tutor/profile/avatar/crop', (api) => api.tutor.profile.avatar.crop),
  post('/tutor/profile/avatar/remove', (api) => api.tutor.profile.avatar.remove),

  // Staff: a tutor's avatar (tutors area)
  post('/admin/tutor/profile/avatar/set', (api) => api.admin.tutorAvatar.set),
  post('/admin/tutor/profile/avatar/crop', (api) => api.admin.tutorAvatar.crop),
  post('/admin/tutor/profile/avatar/remove', (api) => api.admin.tutorAvatar.remove),
] satisfies Route[]
