import { z } from 'zod'
import { getSetting, setSetting } from '../../domain/site/settings'
import { zFlag } from '../../../common/validators'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'

/** The transfer setting's answer: whether a missed offline lesson may be moved. */
const ZSettingValue = z.strictObject({ value: z.boolean() })

export const settingsRouter = t.router({
  /** Only status 1 may change transfer settings (spec/product.md §2). */
  getTransferOfflineLesson: staffProcedure('transfer_settings').output(ZSettingValue).query(async ({ ctx }) => ({
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
