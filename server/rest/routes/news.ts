// News and news categories (docs/api.md#admin-news, #public-reads).
import { type Route, get, post } from '../adapter'

export const newsRoutes = [
  get('/admin/resources/news_rules', (api) => api.admin.news.rules),
  get('/admin/resources/news_categories', (api) => api.admin.news.categoryOptions),
  get('/admin/news/get', (api) => api.admin.news.list),
  // The spec's calls are POST unless said otherwise; the list answers both.
  post('/admin/news/get', (api) => api.admin.news.list),
  get('/admin/news_one/get', (api) => api.admin.news.get),
  post('/admin/news_one/create', (api) => api.admin.news.create),
  post('/admin/news_one/save', (api) => api.admin.news.save),
  post('/admin/news_one/delete', (api) => api.admin.news.delete),
  post('/admin/news_one/set_published', (api) => api.admin.news.setPublished),
  post('/admin/news_one/set_active_or_inactive', (api) => api.admin.news.toggleActive),
  post('/admin/news_one/add_image', (api) => api.admin.news.addImage),
  post('/admin/news_one/delete_main_image', (api) => api.admin.news.deleteMainImage),
  get('/admin/news_category/get', (api) => api.admin.news.categories.get),
  post('/admin/news_category/create', (api) => api.admin.news.categories.create),
  post('/admin/news_category/save', (api) => api.admin.news.categories.save),
  post('/admin/news_category/delete', (api) => api.admin.news.categories.delete),
  post('/admin/news_category/set_active_or_inactive', (api) => api.admin.news.categories.toggleActive),
  get('/admin/news_categories/get', (api) => api.admin.news.categories.list),
  get('/client/news', (api) => api.public.news.list),
  post('/client/news_one/set_rating', (api) => api.public.news.setRating),
] satisfies Route[]
