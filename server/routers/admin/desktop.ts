import { menuFor } from '../../../common/routes'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'
import { ZDesktopAnswer } from '../../../common/schemas/site.schema'

export const desktopRouter = t.router({
  /** GET /admin/desktop: the panel's start page. Its widgets come with the areas that fill them. */
  get: staffProcedure('desktop').output(ZDesktopAnswer).query(({ ctx }) => ({
    admin: { admin_id: ctx.staff.id, name: ctx.staff.name, status: ctx.staff.status },
    menu: menuFor(ctx.staff.status).map((m) => m.page),
    widgets: [] as never[],
  })),
})
