// Staff: site blocks (the panel page units_blocks, area `units_blocks`: staff statuses 1, 3 and 4 by the menu
// table of common/staff-areas.ts). Our calls (the spec names the page only). Rules: server/domain/site/blocks.ts.
import {
  ZSiteBlock,
  ZSiteBlockId,
  ZSiteBlockList,
  ZSiteBlockListAnswer,
  ZSiteBlockSave,
} from '../../../common/schemas/admin/site-blocks.schema'
import { changeSiteBlockStatus, getSiteBlock, listSiteBlocks, saveSiteBlock } from '../../domain/site/blocks'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'

const area = staffProcedure('units_blocks')

export const siteBlocksAdminRouter = t.router({
  /** POST /admin/units_blocks/index {page} */
  list: area
    .input(ZSiteBlockList)
    .output(ZSiteBlockListAnswer)
    .query(({ ctx, input }) => listSiteBlocks(ctx.scope, input)),
  /** GET /admin/units_blocks/get?id */
  get: area
    .input(ZSiteBlockId)
    .output(ZSiteBlock)
    .query(({ ctx, input }) => getSiteBlock(ctx.scope, input)),
  /** POST /admin/units_blocks/save {id, texts} */
  save: area
    .input(ZSiteBlockSave)
    .output(ZSiteBlock)
    .mutation(({ ctx, input }) => saveSiteBlock(ctx.scope, input)),
  /** POST /admin/units_blocks/change_status {id} */
  changeStatus: area
    .input(ZSiteBlockId)
    .output(ZSiteBlock)
    .mutation(({ ctx, input }) => changeSiteBlockStatus(ctx.scope, input)),
})
