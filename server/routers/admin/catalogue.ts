// Staff: paid TOP placement and the catalogue's SEO (texts per filter combination, page metatags,
// core files).
import { z } from 'zod'
import {
  createSeoText,
  deletePageMetatags,
  deleteSeoText,
  getCoreFiles,
  getPageMetatags,
  listPageMetatags,
  listSeoTexts,
  saveCoreFiles,
  saveSeoText,
  upsertPageMetatags,
} from '../../domain/catalogue/seo-admin'
import { createTop, deleteTop, getTop, listTops, saveTop } from '../../domain/catalogue/tops'
import { zId, zPage } from '../../../common/validators'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'
import {
  ZCoreFiles,
  ZCoreFilesAnswer,
  ZDeleted,
  ZIdAnswer,
  ZPageMetatagsId,
  ZSeoTextId,
  ZPageMetatagsCreate,
  ZPageMetatagsSave,
  ZSeoTextCreate,
  ZSeoTextSave,
  ZSeoTexts,
  ZTopCreate,
  ZTopList,
  ZTopSave,
  ZTop,
  ZTopListAnswer,
  ZSeoTextsAnswer,
  ZPageMetatagsRow,
  ZPageMetatagsListAnswer,
} from '../../../common/schemas/admin/catalogue.schema'

const tops = staffProcedure('tops')
const seo = staffProcedure('seo')

export const topsAdminRouter = t.router({
  list: tops
    .input(ZTopList)
    .output(ZTopListAnswer)
    .query(({ ctx, input }) => listTops(ctx.scope, { page: input.page, ...input.filters })),
  get: tops
    .input(z.object({ id: zId }))
    .output(ZTop)
    .query(({ ctx, input }) => getTop(ctx.db, input.id)),
  create: tops
    .input(ZTopCreate)
    .output(ZIdAnswer)
    .mutation(({ ctx, input }) => createTop(ctx.scope, input)),
  save: tops
    .input(ZTopSave)
    .output(ZIdAnswer)
    .mutation(({ ctx, input }) => saveTop(ctx.scope, input)),
  delete: tops
    .input(z.object({ id: zId }))
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteTop(ctx.scope, input.id)),
})

export const seoAdminRouter = t.router({
  texts: seo
    .input(ZSeoTexts)
    .output(ZSeoTextsAnswer)
    .query(({ ctx, input }) => listSeoTexts(ctx.scope, input.chosen_filters)),
  createText: seo
    .input(ZSeoTextCreate)
    .output(ZSeoTextId)
    .mutation(({ ctx, input }) => createSeoText(ctx.scope, input)),
  saveText: seo
    .input(ZSeoTextSave)
    .output(ZSeoTextId)
    .mutation(({ ctx, input }) => saveSeoText(ctx.scope, input)),
  deleteText: seo
    .input(z.object({ h2text_id: zId }))
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteSeoText(ctx.scope, input.h2text_id)),
  pageMetatagsList: seo
    .input(z.object({ page: zPage }).optional())
    .output(ZPageMetatagsListAnswer)
    .query(({ ctx, input }) => listPageMetatags(ctx.scope, input?.page ?? 1)),
  pageMetatagsGet: seo
    .input(z.object({ seo_page_metatags_id: zId }))
    .output(ZPageMetatagsRow)
    .query(({ ctx, input }) => getPageMetatags(ctx.db, input.seo_page_metatags_id)),
  pageMetatagsCreate: seo
    .input(ZPageMetatagsCreate)
    .output(ZPageMetatagsId)
    .mutation(({ ctx, input }) => upsertPageMetatags(ctx.scope, input.page_metatags)),
  pageMetatagsSave: seo
    .input(ZPageMetatagsSave)
    .output(ZPageMetatagsId)
    .mutation(({ ctx, input }) => {
      // The id may come beside the metatags or inside them (both forms are in use).
      const { seo_page_metatags_id: inner, ...m } = input.page_metatags
      return upsertPageMetatags(ctx.scope, m, input.seo_page_metatags_id ?? inner)
    }),
  pageMetatagsDelete: seo
    .input(z.object({ seo_page_metatags_id: zId }))
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deletePageMetatags(ctx.scope, input.seo_page_metatags_id)),
  coreFiles: seo.output(ZCoreFilesAnswer).query(({ ctx }) => getCoreFiles(ctx.db)),
  saveCoreFiles: seo
    .input(ZCoreFiles)
    .output(ZCoreFilesAnswer)
    .mutation(({ ctx, input }) => saveCoreFiles(ctx.scope, input.seo_resources)),
})
