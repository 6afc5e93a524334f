// Public catalogue reads (spec/api-calls.md §7.8 "Tutors", main page).
import { type Route, any, get } from '../adapter'

export const catalogueRoutes: Route[] = [
  get('/client/tutors', (api) => api.public.catalogue.tutors),
  get('/client/seo_tag', (api) => api.public.catalogue.seoTag),
  get('/client/tutor/get', (api) => api.public.catalogue.tutor),
  any('/client/tutor/reviews', (api) => api.public.catalogue.reviews),
  get('/client/tutor_data_for_order_form', (api) => api.public.catalogue.orderForm),
  get('/client/tutors/viewed', (api) => api.public.catalogue.viewed),
  get('/client/main_page', (api) => api.public.catalogue.mainPage),
]
