import { desktopWidgets } from '../../domain/site/desktop'
import { staffOnDuty } from '../../domain/staff/on-duty'
import { menuFor } from '../../../common/routes'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'
import { ZDesktopAnswer } from '../../../common/schemas/site.schema'
import { ZWebVitalsSummary } from '../../../common/schemas/public/web-vitals.schema'
import { webVitalsSummary } from '../../domain/site/web-vitals'

export const desktopRouter = t.router({
  /** GET /admin/desktop: the panel's start page: who is signed in, the menu, the widgets (server/domain/site/desktop.ts). */
  get: staffProcedure('desktop')
    .output(ZDesktopAnswer)
    .query(async ({ ctx }) => ({
      admin: { admin_id: ctx.staff.id, name: ctx.staff.name, status: ctx.staff.status },
      menu: menuFor(ctx.staff.status).map((m) => m.page),
      widgets: await desktopWidgets(ctx.scope, ctx.staff.status),
      on_duty: await staffOnDuty(ctx.scope),
    })),
  /** GET /admin/desktop/web_vitals (our path): p75 LCP/INP/CLS per route and edition, last 7 days; staff whose status opens SEO. */
  webVitals: staffProcedure('seo')
    .output(ZWebVitalsSummary)
    .query(({ ctx }) => webVitalsSummary(ctx.scope)),
})
