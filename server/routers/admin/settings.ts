import { z } from 'zod'
import { getSetting, setSetting } from '../../domain/site/settings'
import { zFlag } from '../../../common/validators'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'

export const settingsRouter = t.router({
  /** Only status 1 may change transfer settings (spec/product.md §2). */
  getTransferOfflineLesson: staffProcedure('transfer_settings').query(async ({ ctx }) => ({
    value: await getSetting(ctx.db, 'transfer_offline_lesson'),
  })),
  setTransferOfflineLesson: staffProcedure('transfer_settings')
    .input(z.object({ value: zFlag }))
    .mutation(async ({ ctx, input }) => {
      await setSetting(ctx.db, ctx.actor, 'transfer_offline_lesson', input.value)
      return { value: input.value }
    }),
})
