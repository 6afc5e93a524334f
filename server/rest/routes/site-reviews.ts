// Site reviews of visitors (spec/api-calls.md §7.8, base /client; CONTRACT.md).
import { type Route, get, post } from '../adapter'

export const siteReviewRoutes = [
  get('/client/reviews', (api) => api.public.site.reviews),
  post('/client/site_review/create', (api) => api.public.site.createReview),
  post('/client/site_review/set_active', (api) => api.public.site.confirmReview),
] satisfies Route[]
