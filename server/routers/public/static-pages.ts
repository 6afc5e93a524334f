// Public: one static page (docs/api.md#public-reads `GET /client/static_pages/get?lang&alias`).
import { ZPublicStaticPage, ZStaticPageAlias } from '../../../common/schemas/admin/static-pages.schema'
import { publicStaticPage } from '../../domain/content/static-pages'
import { t } from '../../trpc/init'
import { publicProcedure } from '../../trpc/procedures'

export const staticPagesPublicRouter = t.router({
  get: publicProcedure
    .input(ZStaticPageAlias)
    .output(ZPublicStaticPage)
    .query(({ ctx, input }) => publicStaticPage(ctx.scope, input)),
})
