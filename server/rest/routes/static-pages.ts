// Static pages (docs/api.md#admin-pages-reviews-videos-vacancies-site-blocks, #public-reads).
import { type Route, get, post } from '../adapter'

export const staticPageRoutes = [
  get('/admin/resources/static_page_rules', (api) => api.admin.staticPages.rules),
  post('/admin/static_pages/index', (api) => api.admin.staticPages.list),
  get('/admin/static_pages/get', (api) => api.admin.staticPages.get),
  post('/admin/static_pages/create', (api) => api.admin.staticPages.create),
  post('/admin/static_pages/save', (api) => api.admin.staticPages.save),
  post('/admin/static_pages/change_status', (api) => api.admin.staticPages.changeStatus),
  post('/admin/static_pages/delete', (api) => api.admin.staticPages.delete),
  get('/client/static_pages/get', (api) => api.public.staticPages.get),
] satisfies Route[]
