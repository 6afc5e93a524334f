// Staff: static pages (docs/api.md#admin-pages-reviews-videos-vacancies-site-blocks; the panel area `static_pages`,
// staff statuses 1, 3 and 4 by the menu table of common/staff-areas.ts). Rules: server/domain/content/static-pages.ts.
import { FieldErrors } from '../../../common/errors'
import {
  ZStaticPage,
  ZStaticPageCreate,
  ZStaticPageDeleted,
  ZStaticPageId,
  ZStaticPageList,
  ZStaticPageListAnswer,
  ZStaticPageRules,
  ZStaticPageSave,
} from '../../../common/schemas/admin/static-pages.schema'
import { msg } from '../../../i18n/format'
import {
  changeStaticPageStatus,
  createStaticPage,
  deleteStaticPage,
  getStaticPage,
  listStaticPages,
  saveStaticPage,
  staticPageRules,
} from '../../domain/content/static-pages'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'

const pages = staffProcedure('static_pages')

export const staticPagesAdminRouter = t.router({
  /** GET /admin/resources/static_page_rules */
  rules: pages.output(ZStaticPageRules).query(({ ctx }) => staticPageRules(ctx.scope)),
  /** POST /admin/static_pages/index {page, filters} */
  list: pages
    .input(ZStaticPageList)
    .output(ZStaticPageListAnswer)
    .query(({ ctx, input }) => listStaticPages(ctx.scope, input)),
  /** GET /admin/static_pages/get?id */
  get: pages
    .input(ZStaticPageId)
    .output(ZStaticPage)
    .query(({ ctx, input }) => getStaticPage(ctx.scope, input)),
  /** POST /admin/static_pages/create {static_page} */
  create: pages
    .input(ZStaticPageCreate)
    .output(ZStaticPage)
    .mutation(({ ctx, input }) => createStaticPage(ctx.scope, input)),
  /** POST /admin/static_pages/save {static_page} (the id inside it or beside it) */
  save: pages
    .input(ZStaticPageSave)
    .output(ZStaticPage)
    .mutation(({ ctx, input }) => {
      const { id: inner, ...page } = input.static_page
      const id = input.id ?? inner
      if (!id) throw new FieldErrors({ id: [msg('validation.required')] })
      return saveStaticPage(ctx.scope, { id, static_page: page })
    }),
  /** POST /admin/static_pages/change_status?id */
  changeStatus: pages
    .input(ZStaticPageId)
    .output(ZStaticPage)
    .mutation(({ ctx, input }) => changeStaticPageStatus(ctx.scope, input)),
  /** POST /admin/static_pages/delete?id */
  delete: pages
    .input(ZStaticPageId)
    .output(ZStaticPageDeleted)
    .mutation(({ ctx, input }) => deleteStaticPage(ctx.scope, input)),
})
