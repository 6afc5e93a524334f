// Staff: paid TOP placement and the catalogue's SEO (texts per filter combination, page metatags,
// core files).
import { z } from 'zod'
import {
  createSeoText, deletePageMetatags, deleteSeoText, getCoreFiles, getPageMetatags, listPageMetatags, listSeoTexts, saveCoreFiles,
  saveSeoText, upsertPageMetatags,
} from '../../domain/catalogue/seo-admin'
import { createTop, deleteTop, getTop, listTops, saveTop } from '../../domain/catalogue/tops'
import { zId, zPage } from '../../../common/validators'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'
import {
  ZCoreFiles, ZPageMetatagsCreate, ZPageMetatagsSave, ZSeoTextCreate, ZSeoTextSave, ZSeoTexts, ZTopCreate, ZTopList, ZTopSave,
} from '../../../common/schemas/admin/catalogue.schema'

const tops = staffProcedure('tops')
const seo = staffProcedure('seo')

export const topsAdminRouter = t.router({
  list: tops.input(ZTopList).query(({ ctx, input }) => listTops(ctx.db, { page: input.page, ...input.filters })),
  get: tops.input(z.object({ id: zId })).query(({ ctx, input }) => getTop(ctx.db, input.id)),
  create: tops.input(ZTopCreate).mutation(({ ctx, input }) => createTop(ctx.db, ctx.actor, input)),
  save: tops.input(ZTopSave).mutation(({ ctx, input }) => {
    const { id, ...top } = input
    return saveTop(ctx.db, ctx.actor, id, top)
  }),
  delete: tops.input(z.object({ id: zId })).mutation(({ ctx, input }) => deleteTop(ctx.db, ctx.actor, input.id)),
})

export const seoAdminRouter = t.router({
  texts: seo.input(ZSeoTexts).query(({ ctx, input }) => listSeoTexts(ctx.db, ctx.edition, input.chosen_filters)),
  createText: seo.input(ZSeoTextCreate).mutation(({ ctx, input }) => createSeoText(ctx.db, ctx.edition, ctx.actor, input.chosen_filters, input.catalog_metatags)),
  saveText: seo.input(ZSeoTextSave).mutation(({ ctx, input }) => saveSeoText(ctx.db, ctx.actor, input.h2text_id, input.catalog_metatags)),
  deleteText: seo.input(z.object({ h2text_id: zId })).mutation(({ ctx, input }) => deleteSeoText(ctx.db, ctx.actor, input.h2text_id)),
  pageMetatagsList: seo.input(z.object({ page: zPage }).optional()).query(({ ctx, input }) => listPageMetatags(ctx.db, ctx.edition, input?.page ?? 1)),
  pageMetatagsGet: seo.input(z.object({ seo_page_metatags_id: zId })).query(({ ctx, input }) => getPageMetatags(ctx.db, input.seo_page_metatags_id)),
  pageMetatagsCreate: seo.input(ZPageMetatagsCreate).mutation(({ ctx, input }) => upsertPageMetatags(ctx.db, ctx.edition, ctx.actor, input.page_metatags)),
  pageMetatagsSave: seo.input(ZPageMetatagsSave).mutation(({ ctx, input }) => {
    const { seo_page_metatags_id: inner, ...m } = input.page_metatags
    return upsertPageMetatags(ctx.db, ctx.edition, ctx.actor, m, input.seo_page_metatags_id ?? inner)
  }),
  pageMetatagsDelete: seo.input(z.object({ seo_page_metatags_id: zId })).mutation(({ ctx, input }) => deletePageMetatags(ctx.db, ctx.actor, input.seo_page_metatags_id)),
  coreFiles: seo.query(({ ctx }) => getCoreFiles(ctx.db)),
  saveCoreFiles: seo.input(ZCoreFiles).mutation(({ ctx, input }) => saveCoreFiles(ctx.db, ctx.actor, input.seo_resources)),
})
