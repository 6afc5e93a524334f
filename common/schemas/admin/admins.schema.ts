// zod only: inputs of the staff-account calls (docs/api.md#admin-staff-accounts-and-session). `admin` is JSON text or
// an object.
import { z } from 'zod'
import { ZAuthObject } from '../auth/sign-in.schema'
import { msg } from '../../../i18n/format'
import { jsonWithinLimits, zEmail, zId, zJsonText, zPage, zPassword, zText } from '../../validators'
import { zBit, zFilterBit } from './tutors.schema'
import { zBit01, zIso, zJsonValue, zPaged } from '../answer-parts'

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
const zStatus = z.coerce
  .number({ error: msg('validation.required') })
  .int()
  .min(1, msg('validation.invalid'))
  .max(4, msg('validation.invalid'))

export const ZStaffList = z.object({
  page: zPage,
  filters: z
    .preprocess(
      (v) => (v === undefined || v === '' || v === null ? {} : v),
      zJsonText(
        z.object({
          text: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
          status: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(4).optional()),
          checkout: zFilterBit,
        }),
      ),
    )
    .default({}),
})

export const ZAdminNew = z.object({
  name: zText(1, 100),
  email: zEmail,
  password: zPassword,
  status: zStatus,
  checkout: z.preprocess(blankToUndefined, zBit.optional()),
})

export const ZAdminChanges = z.object({
  admin_id: z.preprocess(blankToUndefined, zId.optional()),
  id: z.preprocess(blankToUndefined, zId.optional()),
  name: z.preprocess(blankToUndefined, zText(1, 100).optional()),
  email: z.preprocess(blankToUndefined, zEmail.optional()),
  /** A new password; empty or absent keeps the current one. */
  password: z.preprocess(blankToUndefined, zPassword.optional()),
  status: z.preprocess(blankToUndefined, zStatus.optional()),
  checkout: z.preprocess(blankToUndefined, zBit.optional()),
})

export const ZAdminCreate = z.object({ admin: zJsonText(ZAdminNew) })

/** save: {admin: JSON text with admin_id (or id)}, or admin_id beside it. */
export const ZAdminSave = z
  .object({ admin: zJsonText(ZAdminChanges), admin_id: z.preprocess(blankToUndefined, zId.optional()) })
  .transform((i, ctx) => {
    const id = i.admin_id ?? i.admin.admin_id ?? i.admin.id
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', message: msg('validation.required'), path: ['admin_id'] })
      return z.NEVER
    }
    const { admin_id: _a, id: _i, ...changes } = i.admin
    return { id, changes }
  })

export const ZAdminId = z.object({ admin_id: zId })
export const ZChangeCheckout = z.object({ admin_id: zId, value: zBit })

/** The schedule as JSON text (or an object / array); any JSON object or array. */
export const ZScheduleSave = z.object({
  schedule: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v
      try {
        return JSON.parse(v)
      } catch {
        return v
      }
    },
    z
      .union([z.record(z.string(), z.unknown()), z.array(z.unknown())], { error: msg('validation.invalid') })
      .refine((v) => jsonWithinLimits(v), msg('validation.invalid')),
  ),
})

export const ZImpersonate = z.object({ id: zId })

export type TAdminNew = z.input<typeof ZAdminNew>
export type TAdminChanges = z.input<typeof ZAdminChanges>

// ——— answers (the procedures' .output()) ———

export const ZAdminAnswer = z.strictObject({
  admin_id: z.number(),
  id: z.number(),
  name: z.string(),
  email: z.string(),
  status: z.number(),
  checkout: zBit01,
  created_at: zIso,
})
export const ZAdminListAnswer = zPaged(ZAdminAnswer)
export const ZAdminDeleted = z.strictObject({ admin_id: z.number(), deleted: z.literal(true) })
export const ZCheckoutChanged = z.strictObject({ admin_id: z.number(), checkout: zBit01 })
export const ZScheduleAnswer = z.strictObject({
  schedule: zJsonValue,
  updated_at: zIso,
  updated_by: z.strictObject({ admin_id: z.number(), name: z.string().nullable() }).nullable(),
})
/** Impersonation and its end: the new session's auth object (auth/sessions.ts authObject) and whether it impersonates. */
export const ZImpersonationAnswer = z.strictObject({
  auth: ZAuthObject,
  data: z.strictObject({ impersonating: z.boolean() }),
})

/** GET /admin/admin/avatar/file: a staff member's avatar image; `v` only tells one image from the next (caches). */
export const ZStaffAvatarFile = z.object({
  id: zId,
  size: z.enum(['main', 'preview']).optional(),
  v: z.string().max(64).optional(),
})
