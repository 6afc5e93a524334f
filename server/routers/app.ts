// The whole API: one router per role, composed here. The browser's client is typed from AppRouter.
import { t } from '../trpc/init'
import { desktopRouter } from './admin/desktop'
import { authRouter } from './auth/sign-in'
import { siteRouter } from './public/site'

export const appRouter = t.router({
  auth: authRouter,
  public: t.router({ site: siteRouter }),
  admin: t.router({ desktop: desktopRouter }),
})

export type AppRouter = typeof appRouter
export const createCaller = t.createCallerFactory(appRouter)
