// zod only: inputs of the staff calls on clients (spec/api-calls.md §7.3).
import { z } from 'zod'
import { zId, zJsonText, zPage, zPassword } from '../../validators'
import { zFilterBit } from './tutors.schema'

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

export const ZClientFilters = z.object({
  /** name, e-mail, phone or id */
  text: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  blacklisted: zFilterBit,
  deleted: zFilterBit,
})

export const ZClientList = z.object({
  page: zPage,
  filters: z.preprocess((v) => (v === undefined || v === '' || v === null ? {} : v), zJsonText(ZClientFilters)),
})

export const ZClientId = z.object({ client_id: zId })
export const ZClientPassword = z.object({ client_id: zId, password: zPassword })
/** client_id is kept, client_id2 is merged into it. */
export const ZClientMerge = z.object({ client_id: zId, client_id2: zId })

export type TClientList = z.input<typeof ZClientList>
export type TClientMerge = z.input<typeof ZClientMerge>
