// zod only: inputs of the staff calls on tutors (spec/api-calls.md §7.2), shared by the procedures and
// the panel's forms.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { unitsToMinor } from '../../money'
import { zId, zJsonText, zPage, zPassword } from '../../validators'

/** 0 or 1 (true/false accepted): the spec's flag values. */
export const zBit = z.preprocess((v) => {
  if (v === 1 || v === '1' || v === 'true' || v === true) return true
  if (v === 0 || v === '0' || v === 'false' || v === false) return false
  return v
}, z.boolean({ error: msg('validation.invalid') }))

/** A list filter flag: 0/1, or empty / absent for "any". */
export const zFilterBit = z.preprocess((v) => (v === '' || v === null || v === 'all' ? undefined : v), zBit.optional())

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

export const ZTutorFilters = z.object({
  /** name, e-mail, phone or id */
  text: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  status: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(99).optional()),
  published: zFilterBit,
  active: zFilterBit,
  verified: zFilterBit,
  school: zFilterBit,
  favorite: zFilterBit,
  deleted: zFilterBit,
})

export const ZTutorList = z.object({
  page: zPage,
  filters: z.preprocess((v) => (v === undefined || v === '' || v === null ? {} : v), zJsonText(ZTutorFilters)),
})

export const ZById = z.object({ id: zId })
export const ZTutorId = z.object({ tutor_id: zId })

export const ZTutorPassword = z.object({ tutor_id: zId, password: zPassword })

/** publish and set_school: {tutor_id}, optionally value 0 to undo. */
export const ZTutorFlagOptional = z.object({ tutor_id: zId, value: z.preprocess(blankToUndefined, zBit.optional()) })

/**
 * add_money: `sum` in whole currency units ("150", "150.50", -20 for a correction), at most two decimals,
 * not zero, at most 1,000,000 either way. Output: sum_minor (integer minor units).
 */
export const ZAddMoney = z
  .object({
    tutor_id: zId,
    sum: z.union([z.string(), z.number()], { error: msg('validation.required') }),
    comment: z.preprocess(blankToUndefined, z.string().trim().max(500).optional()),
  })
  .transform((i, ctx) => {
    const minor = unitsToMinor(i.sum)
    if (minor === null || minor === 0) {
      ctx.addIssue({ code: 'custom', message: msg('validation.invalid'), path: ['sum'] })
      return z.NEVER
    }
    return { tutor_id: i.tutor_id, sum_minor: minor, comment: i.comment }
  })

export const ZAdminComment = z.object({ tutor_id: zId, admin_comment: z.preprocess((v) => v ?? '', z.string().max(5000)) })
export const ZSetVerified = z.object({ tutor_id: zId, verified: zBit })
export const TOGGLE_NAMES = ['hide_phone', 'no_new_orders', 'potential_school_tutor'] as const
export const ZSetToggle = z.object({ tutor_id: zId, toggle: z.enum(TOGGLE_NAMES, { error: msg('validation.invalid') }), value: zBit })
export const ZSetFavorite = z.object({ tutor_id: zId, add_favorite: zBit })
export const ZTutorLog = z.object({ tutor_id: zId, page: zPage })

export type TTutorList = z.input<typeof ZTutorList>
export type TAddMoney = z.input<typeof ZAddMoney>
