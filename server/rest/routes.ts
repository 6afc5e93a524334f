// Every documented path of docs/api.md → its procedure, and the lookup by method and path.
import type { Route } from './adapter'
import { catalogueRoutes } from './routes/catalogue'
import { coreRoutes } from './routes/core'
import { oauthRoutes } from './routes/oauth'
import { peopleRoutes } from './routes/people'
import { referenceRoutes } from './routes/reference'
import { tutorRoutes } from './routes/tutor'
import { accountRoutes } from './routes/account'
import { chatRoutes } from './routes/chat'
import { orderRoutes } from './routes/orders'
import { requestRoutes } from './routes/requests'
import { personOrderRoutes } from './routes/person-orders'
import { paymentRoutes } from './routes/payments'
import { billingRoutes, merchantRoutes } from './routes/billing'
import { messageRoutes } from './routes/messages'
import { staticPageRoutes } from './routes/static-pages'
import { videoRoutes } from './routes/videos'
import { levelTestRoutes } from './routes/level-test'
import { siteReviewRoutes } from './routes/site-reviews'
import { newsRoutes } from './routes/news'
import { blogAdRoutes } from './routes/blogs-ads'
import { jobRoutes } from './routes/jobs'
import { telephonyRoutes } from './routes/telephony'
import { trackingRoutes } from './routes/tracking'

/** One file per area under routes/; each line maps a documented path to a procedure. */
const documented = [
  ...coreRoutes,
  ...catalogueRoutes,
  ...referenceRoutes,
  ...peopleRoutes,
  ...tutorRoutes,
  ...oauthRoutes,
  ...accountRoutes,
  ...orderRoutes,
  ...requestRoutes,
  ...personOrderRoutes,
  ...chatRoutes,
  ...paymentRoutes,
  ...billingRoutes,
  ...merchantRoutes,
  ...messageRoutes,
  ...staticPageRoutes,
  ...siteReviewRoutes,
  ...newsRoutes,
  ...blogAdRoutes,
  ...videoRoutes,
  ...levelTestRoutes,
  ...jobRoutes,
  ...telephonyRoutes,
  ...trackingRoutes,
]
export const routes: Route[] = documented
/** Each documented route with its literal path and procedure (types only: the typed test client reads it). */
export type DocumentedRoute = (typeof documented)[number]

/** Lookup by method and path; a trailing slash is ignored. */
export function routeTable(list: Route[]) {
  const byPath = new Map<string, Route[]>()
  for (const r of list) {
    const key = normalisePath(r.path)
    byPath.set(key, [...(byPath.get(key) ?? []), r])
  }
  return {
    match(method: string, path: string): Route | 'method_not_allowed' | null {
      const candidates = byPath.get(normalisePath(path))
      if (!candidates) return null
      const m = method === 'HEAD' ? 'GET' : method
      return candidates.find((r) => r.method === m || r.method === 'ANY') ?? 'method_not_allowed'
    },
    paths: () => [...byPath.keys()],
  }
}

export function normalisePath(path: string) {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
}
