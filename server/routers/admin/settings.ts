import { z } from 'zod'
import { getSetting, setSetting } from '../../domain/site/settings'
import { clearCaches } from '../../domain/site/clear-caches'
import { zFlag } from '../../../common/validators'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'

/** The transfer setting's answer: whether a missed offline lesson may be moved. */
const ZSettingValue = z.strictObject({ value: z.boolean() })
/** What clear_cache emptied on this process (the others empty theirs when they hear it). */
const ZCachesCleared = z.strictObject({ cleared: z.array(z.string()) })

export const settingsRouter = t.router({
  /**
   * POST /admin/system/clear_cache. Our choice of who: the staff who edit what the caches hold (the
   * static_pages area: statuses 1, 3 and 4), so an edit can be served at once.
   */
  clearCache: staffProcedure('static_pages')
    .output(ZCachesCleared)
    .mutation(({ ctx }) => clearCaches(ctx.scope, ctx.notifier)),
  /** Only status 1 may change transfer settings (docs/product.md#2-screens-and-routes). */
  getTransferOfflineLesson: staffProcedure('transfer_settings')
    .output(ZSettingValue)
    .query(async ({ ctx }) => ({
      value: await getSetting(ctx.db, 'transfer_offline_lesson'),
    })),
  setTransferOfflineLesson: staffProcedure('transfer_settings')
    .input(z.object({ value: zFlag }))
    .output(ZSettingValue)
    .mutation(async ({ ctx, input }) => {
      await setSetting(ctx.scope, { key: 'transfer_offline_lesson', value: input.value })
      return { value: input.value }
    }),
})
