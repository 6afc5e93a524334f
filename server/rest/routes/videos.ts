// Videos (docs/api.md#admin-pages-reviews-videos-vacancies-site-blocks, #public-reads), vacancies (#public-reads; the
// /admin ones are our paths, docs/decisions.md) and the feedback e-mail (docs/api.md#public-reads) items 4
// and 7.
import { type Route, get, post } from '../adapter'

export const videoRoutes = [
  get('/admin/videos/get', (api) => api.admin.videos.list),
  get('/admin/video/get', (api) => api.admin.videos.get),
  post('/admin/video/create', (api) => api.admin.videos.create),
  post('/admin/video/save', (api) => api.admin.videos.save),
  post('/admin/video/delete', (api) => api.admin.videos.delete),
  get('/admin/vacancies/get', (api) => api.admin.vacancies.list),
  get('/admin/vacancy/get', (api) => api.admin.vacancies.get),
  post('/admin/vacancy/create', (api) => api.admin.vacancies.create),
  post('/admin/vacancy/save', (api) => api.admin.vacancies.save),
  post('/admin/vacancy/delete', (api) => api.admin.vacancies.delete),
  get('/client/videos', (api) => api.public.media.videos),
  get('/client/vacancies/get', (api) => api.public.media.vacancies),
  get('/client/vacancy/get', (api) => api.public.media.vacancy),
  post('/client/send_feedback_email', (api) => api.public.media.sendFeedback),
] satisfies Route[]
