// School transfer settings (docs/api.md#admin-tops-and-school-transfer): per subject, hand school
// requests to the school site; the site-wide offline rule beside them.
import { z } from 'zod'
import { zFlag, zId, zPage } from '../../validators'

export const ZTransferListQuery = z.object({ page: zPage }).optional()
export const ZTransferGet = z.object({ id: zId })
export const ZTransferSave = z.object({ id: zId, transfer: zFlag })

export const ZTransferSetting = z.strictObject({
  id: z.number().int(),
  alias: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** A school request for this subject goes to the school site at once. */
  transfer: z.boolean(),
})
export type TransferSetting = z.infer<typeof ZTransferSetting>

export const ZTransferList = z.strictObject({
  items: z.array(ZTransferSetting),
  total: z.number().int(),
  page: z.number().int(),
  /** The site-wide rule: offline lessons of a transferring subject go too (settings.transfer_offline_lesson). */
  transfer_offline_lesson: z.boolean(),
})
