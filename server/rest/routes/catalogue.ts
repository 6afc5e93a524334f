// Public catalogue reads (docs/api.md#public-reads "Tutors", main page).
import { withCardsJson } from '../../domain/catalogue/cards'
import { type Route, any, get, post } from '../adapter'

export const catalogueRoutes = [
  get('/client/tutors', (api) => api.public.catalogue.tutors, { json: withCardsJson }),
  get('/client/seo_tag', (api) => api.public.catalogue.seoTag),
  get('/client/tutor/get', (api) => api.public.catalogue.tutor),
  any('/client/tutor/reviews', (api) => api.public.catalogue.reviews),
  get('/client/tutor_data_for_order_form', (api) => api.public.catalogue.orderForm),
  get('/client/tutors/viewed', (api) => api.public.catalogue.viewed, { json: withCardsJson }),
  get('/client/main_page', (api) => api.public.catalogue.mainPage),
  get('/client/popular_searches', (api) => api.public.catalogue.popularSearches),

  // Staff: TOP placement
  any('/admin/tops', (api) => api.admin.tops.list),
  get('/admin/top/get', (api) => api.admin.tops.get),
  post('/admin/top/create', (api) => api.admin.tops.create),
  post('/admin/top/save', (api) => api.admin.tops.save),
  post('/admin/top/delete', (api) => api.admin.tops.delete),

  // Staff: SEO
  get('/admin/seo/tutors/h2texts', (api) => api.admin.seo.texts),
  post('/admin/seo/tutors/h2text/create', (api) => api.admin.seo.createText),
  post('/admin/seo/tutors/h2text/save', (api) => api.admin.seo.saveText),
  post('/admin/seo/tutors/h2text/delete', (api) => api.admin.seo.deleteText),
  get('/admin/seo/page/metatags/get', (api) => api.admin.seo.pageMetatagsGet),
  post('/admin/seo/page/metatags/create', (api) => api.admin.seo.pageMetatagsCreate),
  post('/admin/seo/page/metatags/save', (api) => api.admin.seo.pageMetatagsSave),
  post('/admin/seo/page/metatags/delete', (api) => api.admin.seo.pageMetatagsDelete),
  any('/admin/seo/pages/metatags/get', (api) => api.admin.seo.pageMetatagsList),
  get('/admin/seo/core_files/get', (api) => api.admin.seo.coreFiles),
  post('/admin/seo/core_files/save', (api) => api.admin.seo.saveCoreFiles),
] satisfies Route[]
