// Staff: redirect codes and the hosts they may lead to (SEO area). Our paths (the spec
// shows only the public GET /link/redirect?code): GET /admin/seo/links/get?page, POST /admin/seo/link/create
// {link}, /save {link}, /delete?id, POST /admin/seo/link_host/create {host}, /delete?id.
import {
  ZById,
  ZLinkCreate,
  ZLinkHost,
  ZLinkHostCreate,
  ZLinkList,
  ZLinkListAnswer,
  ZLinkRow,
  ZLinkSave,
  ZRemoved,
} from '../../../common/schemas/public/tracking.schema'
import { addLinkHost, createLink, deleteLink, listLinks, removeLinkHost, saveLink } from '../../domain/site/links'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'

const seo = staffProcedure('seo')

export const linksAdminRouter = t.router({
  list: seo
    .input(ZLinkList)
    .output(ZLinkListAnswer)
    .query(({ ctx, input }) => listLinks(ctx.scope, { page: input?.page ?? 1 }, { origin: ctx.origin })),
  create: seo
    .input(ZLinkCreate)
    .output(ZLinkRow)
    .mutation(({ ctx, input }) => createLink(ctx.scope, input, { origin: ctx.origin })),
  save: seo
    .input(ZLinkSave)
    .output(ZLinkRow)
    .mutation(({ ctx, input }) => saveLink(ctx.scope, input, { origin: ctx.origin })),
  delete: seo
    .input(ZById)
    .output(ZRemoved)
    .mutation(({ ctx, input }) => deleteLink(ctx.scope, input)),
  addHost: seo
    .input(ZLinkHostCreate)
    .output(ZLinkHost)
    .mutation(({ ctx, input }) => addLinkHost(ctx.scope, input)),
  removeHost: seo
    .input(ZById)
    .output(ZRemoved)
    .mutation(({ ctx, input }) => removeLinkHost(ctx.scope, input)),
})
