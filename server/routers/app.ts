// The whole API: one router per role, composed here. The browser's client is typed from AppRouter.
import { t } from '../trpc/init'
import { seoAdminRouter, topsAdminRouter } from './admin/catalogue'
import { desktopRouter } from './admin/desktop'
import { referenceAdminRouter } from './admin/reference'
import { settingsRouter } from './admin/settings'
import { siteReviewsRouter } from './admin/site-reviews'
import { clientsAdminRouter } from './admin/clients'
import { tutorsAdminRouter } from './admin/tutors'
import { staffRouter } from './admin/staff'
import { authRouter } from './auth/sign-in'
import { cataloguePublicRouter } from './public/catalogue'
import { referencePublicRouter } from './public/reference'
import { siteRouter } from './public/site'
import { staffTutorAvatarRouter, tutorProfileRouter } from './tutor/profile'

export const appRouter = t.router({
  auth: authRouter,
  public: t.router({ site: siteRouter, catalogue: cataloguePublicRouter, reference: referencePublicRouter }),
  admin: t.router({ desktop: desktopRouter, staff: staffRouter, settings: settingsRouter, siteReviews: siteReviewsRouter, tops: topsAdminRouter, seo: seoAdminRouter, reference: referenceAdminRouter, tutors: tutorsAdminRouter, clients: clientsAdminRouter, tutorAvatar: staffTutorAvatarRouter }),
  tutor: t.router({ profile: tutorProfileRouter }),
})

export type AppRouter = typeof appRouter
export const createCaller = t.createCallerFactory(appRouter)
