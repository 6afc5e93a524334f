import { menuFor } from '../../../common/routes'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'

export const desktopRouter = t.router({
  /** GET /admin/desktop: the panel's start page. Its widgets come with the areas that fill them. */
  get: staffProcedure('desktop').query(({ ctx }) => ({
    admin: { admin_id: ctx.staff.id, name: ctx.staff.name, status: ctx.staff.status },
    menu: menuFor(ctx.staff.status).map((m) => m.page),
    widgets: [] as never[],
  })),
})
