// zod only: inputs of the staff calls on clients (docs/api.md#admin-clients).
import { z } from 'zod'
import { zId, zJsonText, zListSort, zPage, zPassword } from '../../validators'
import { zFilterBit } from './tutors.schema'
import { zBit01, zIntOrNull, zIso, zPaged, zTextOrNull } from '../answer-parts'

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

export const ZClientFilters = z.object({
  /** name, e-mail, phone or id */
  text: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  blacklisted: zFilterBit,
  deleted: zFilterBit,
})

/** The clients list's sort keys (`sort`; default id, newest first). */
export const CLIENT_SORTS = ['id', 'name', 'email', 'created'] as const
export type ClientSort = (typeof CLIENT_SORTS)[number]

export const ZClientList = z.object({
  page: zPage,
  filters: z.preprocess((v) => (v === undefined || v === '' || v === null ? {} : v), zJsonText(ZClientFilters)),
  ...zListSort(CLIENT_SORTS),
})

export const ZClientId = z.object({ client_id: zId })
export const ZClientPassword = z.object({ client_id: zId, password: zPassword })
/** client_id is kept, client_id2 is merged into it. */
export const ZClientMerge = z.object({ client_id: zId, client_id2: zId })

export type TClientList = z.input<typeof ZClientList>
export type TClientMerge = z.input<typeof ZClientMerge>

// ——— answers (the procedures' .output()) ———

const zClientFields = {
  id: z.number(),
  client_id: z.number(),
  name: z.string(),
  email: zTextOrNull,
  phone: zTextOrNull,
  blacklisted: zBit01,
  tutor_id: zIntOrNull,
  created_at: zIso,
  deleted_at: zIso,
  merged_into_client_id: zIntOrNull,
}
export const ZClientListAnswer = zPaged(z.strictObject(zClientFields))
export const ZClientPasswordSet = z.strictObject({ client_id: z.number() })
export const ZClientBlacklistSet = z.strictObject({ client_id: z.number(), blacklisted: zBit01 })

const zClientProfile = z.strictObject({ ...zClientFields, person_id: z.number(), terms_confirmed_at: zIso })
export const ZMergePreviewAnswer = z.strictObject({
  client: zClientProfile,
  client2: zClientProfile,
  moves: z.array(z.strictObject({ table: z.string(), column: z.string(), rows: z.number() })),
  contacts_moved: z.array(z.enum(['email', 'phone'])),
  blacklisted_after: zBit01,
  allowed: z.boolean(),
})
export const ZMergeAnswer = z.strictObject({
  client_id: z.number(),
  client_id2: z.number(),
  moved: z.record(z.string(), z.number()),
  contacts_moved: z.array(z.enum(['email', 'phone'])),
  blacklisted: zBit01,
})
