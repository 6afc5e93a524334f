// Site reviews of visitors (docs/api.md#client-orders-and-chats, base /client; docs/contract.md).
import { type Route, get, post } from '../adapter'

export const siteReviewRoutes = [
  get('/client/reviews', (api) => api.public.site.reviews),
  post('/client/site_review/create', (api) => api.public.site.createReview),
  post('/client/site_review/set_active', (api) => api.public.site.confirmReview),
] satisfies Route[]
