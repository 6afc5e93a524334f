// Staff: school transfer settings (docs/api.md#admin-tops-and-school-transfer; only status 1 opens transfer_settings,
// docs/product.md#2-screens-and-routes). Rules: server/domain/reference/school-transfer.ts.
import {
  ZTransferGet,
  ZTransferList,
  ZTransferListQuery,
  ZTransferSave,
  ZTransferSetting,
} from '../../../common/schemas/admin/transfer.schema'
import { getTransferSetting, listTransferSettings, saveTransferSetting } from '../../domain/reference/school-transfer'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'

const area = staffProcedure('transfer_settings')

export const transferAdminRouter = t.router({
  /** GET /admin/lesson_school_transfer_settings/get?page */
  list: area
    .input(ZTransferListQuery)
    .output(ZTransferList)
    .query(({ ctx, input }) => listTransferSettings(ctx.scope, { page: input?.page ?? 1 })),
  /** GET /admin/lesson_school_transfer_setting/get?id */
  get: area
    .input(ZTransferGet)
    .output(ZTransferSetting)
    .query(({ ctx, input }) => getTransferSetting(ctx.scope, input)),
  /** POST /admin/lesson_school_transfer_setting/save {id, transfer} */
  save: area
    .input(ZTransferSave)
    .output(ZTransferSetting)
    .mutation(({ ctx, input }) => saveTransferSetting(ctx.scope, input)),
})
