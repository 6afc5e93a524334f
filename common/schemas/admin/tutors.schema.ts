// zod only: inputs of the staff calls on tutors (docs/api.md#admin-tutors), shared by the procedures and
// the panel's forms.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { unitsToMinor } from '../../money'
import { zId, zJsonText, zListSort, zPage, zPassword } from '../../validators'
import { zBit01, zIntOrNull, zIso, zJsonValue, zPaged, zTextOrNull } from '../answer-parts'

/** 0 or 1 (true/false accepted): the spec's flag values. */
export const zBit = z.preprocess(
  (v) => {
    if (v === 1 || v === '1' || v === 'true' || v === true) return true
    if (v === 0 || v === '0' || v === 'false' || v === false) return false
    return v
  },
  z.boolean({ error: msg('validation.invalid') }),
)

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
  /** School tutor candidates (POST /tutor/candidate/registration). */
  candidate: zFilterBit,
  deleted: zFilterBit,
})

/** The tutors list's sort keys (`sort`; default id, newest first). */
export const TUTOR_SORTS = ['id', 'name', 'email', 'status'] as const
export type TutorSort = (typeof TUTOR_SORTS)[number]

export const ZTutorList = z.object({
  page: zPage,
  filters: z.preprocess((v) => (v === undefined || v === '' || v === null ? {} : v), zJsonText(ZTutorFilters)),
  ...zListSort(TUTOR_SORTS),
})

export const ZById = z.object({ id: zId })
export const ZTutorId = z.object({ tutor_id: zId })

export const ZTutorPassword = z.object({ tutor_id: zId, password: zPassword })

/** publish and set_school: {tutor_id}, optionally value 0 to undo. */
/** send_back: the moderator's reason, which the tutor is shown (so it must say what to fix). */
export const ZTutorSendBack = z.object({
  tutor_id: zId,
  reason: z
    .string({ error: msg('validation.required') })
    .trim()
    .min(5, msg('validation.length', { min: 5, max: 1000 }))
    .max(1000, msg('validation.length', { min: 5, max: 1000 })),
})

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

export const ZAdminComment = z.object({
  tutor_id: zId,
  admin_comment: z.preprocess((v) => v ?? '', z.string().max(5000)),
})
export const ZSetVerified = z.object({ tutor_id: zId, verified: zBit })
export const TOGGLE_NAMES = ['hide_phone', 'no_new_orders', 'potential_school_tutor'] as const
export const ZSetToggle = z.object({
  tutor_id: zId,
  toggle: z.enum(TOGGLE_NAMES, { error: msg('validation.invalid') }),
  value: zBit,
})
export const ZSetFavorite = z.object({ tutor_id: zId, add_favorite: zBit })
export const ZTutorLog = z.object({ tutor_id: zId, page: zPage })

export type TTutorList = z.input<typeof ZTutorList>
export type TAddMoney = z.input<typeof ZAddMoney>

// ——— answers (the procedures' .output()) ———

/** A tutor's wallet as staff see it: the balance in minor units and as text in whole units. */
export const zWalletView = { balance_minor: z.number(), balance: z.string(), currency: z.string() }

export const ZStaffTutorListAnswer = zPaged(
  z.strictObject({
    id: z.number(),
    tutor_id: z.number(),
    name: z.string(),
    email: zTextOrNull,
    phone: zTextOrNull,
    avatar: zTextOrNull,
    status: z.number(),
    published: zBit01,
    active: zBit01,
    verified: zBit01,
    school: zBit01,
    favorite: zBit01,
    candidate: zBit01,
    wallet: z.strictObject(zWalletView),
    created_at: zIso,
    deleted_at: zIso,
    anonymized: zBit01,
  }),
)

const zPlaceEntry = z.strictObject({
  city: z.number(),
  districts: z.array(z.number()),
  subdistricts: z.array(z.number()),
})

/** One tutor in full for staff (admin.tutor.profile.get). */
export const ZStaffTutorAnswer = z.strictObject({
  id: z.number(),
  tutor_id: z.number(),
  person_id: z.number(),
  client_id: zIntOrNull,
  name: z.string(),
  first_name: z.string(),
  email: zTextOrNull,
  phone: zTextOrNull,
  email_confirmed: zBit01,
  phone_confirmed: zBit01,
  avatar: zTextOrNull,
  status: z.number(),
  published: zBit01,
  active: zBit01,
  verified: zBit01,
  school: zBit01,
  favorite: zBit01,
  admin_comment: z.string(),
  toggles: z.array(z.strictObject({ name: z.enum(TOGGLE_NAMES), value: zBit01 })),
  wallet: z.strictObject(zWalletView),
  description: z.string(),
  short_description: z.string(),
  university_name: z.string(),
  university_graduation_year: zIntOrNull,
  age: zIntOrNull,
  video_url: zTextOrNull,
  schedule: zJsonValue,
  work_home: zBit01,
  work_travel: zBit01,
  work_online: zBit01,
  online_communication_app: zTextOrNull,
  rate_id: zIntOrNull,
  price: zIntOrNull,
  rating: z.strictObject({ points_first_diploma: z.number(), points_second_diploma: z.number() }),
  review_count: z.number(),
  review_avg: z.number(),
  subjects: z.array(
    z.strictObject({ subject_id: z.number(), description: z.string(), selectedLevels: z.array(z.number()) }),
  ),
  locations_home: z.array(zPlaceEntry),
  locations_travel: z.array(zPlaceEntry),
  locations_online: zBit01,
  affiliate_id: zIntOrNull,
  terms_confirmed_at: zIso,
  created_at: zIso,
  updated_at: zIso,
  deleted_at: zIso,
  anonymized: zBit01,
  /** The moderator's view: a send-back's reason, the last approval and the public fields changed since. */
  moderation: z.strictObject({
    sent_back_reason: zTextOrNull,
    sent_back_at: zIso,
    approved_at: zIso,
    changed: z.array(z.string()),
  }),
})

export const ZTutorCopied = z.strictObject({ id: z.number(), tutor_id: z.number(), copied_from: z.number() })
export const ZTutorTouched = z.strictObject({ tutor_id: z.number() })
export const ZTutorDeleted = z.strictObject({ tutor_id: z.number(), deleted: z.literal(true) })
export const ZTutorFavoriteSet = z.strictObject({ tutor_id: z.number(), favorite: zBit01 })
export const ZTutorPublished = z.strictObject({ tutor_id: z.number(), published: zBit01, status: z.number() })
export const ZTutorSentBack = z.strictObject({ tutor_id: z.number(), reason: z.string() })
export const ZTutorActiveSet = z.strictObject({ tutor_id: z.number(), active: zBit01 })
export const ZTutorSchoolSet = z.strictObject({
  tutor_id: z.number(),
  school: zBit01,
  status: z.number(),
  from: z.number(),
})
export const ZTutorVerifiedSet = z.strictObject({ tutor_id: z.number(), verified: zBit01 })
export const ZTutorToggleSet = z.strictObject({
  tutor_id: z.number(),
  toggle: z.enum(TOGGLE_NAMES),
  value: zBit01,
  from: zBit01,
})
export const ZAdminCommentSaved = z.strictObject({ tutor_id: z.number(), admin_comment: z.string() })
export const ZTransliterateAnswer = z.strictObject({
  tutor_id: z.number(),
  name: z.string(),
  first_name: z.string(),
  description: z.string(),
  short_description: z.string(),
  university_name: z.string(),
})
export const ZTutorAnonymised = z.strictObject({
  tutor_id: z.number(),
  anonymized: z.literal(true),
  person_erased: z.boolean(),
  documents_deleted: z.number(),
  files_deleted: z.number(),
})
export const ZMoneyAdded = z.strictObject({ entry_id: z.number(), amount_minor: z.number(), ...zWalletView })
export const ZTutorLogAnswer = zPaged(
  z.strictObject({
    id: z.number(),
    action: z.string(),
    data: zJsonValue,
    created_at: zIso,
    actor: z.strictObject({ kind: z.string(), id: zIntOrNull, name: zTextOrNull }),
    on_behalf_of: z.strictObject({ kind: z.string(), id: z.number(), name: zTextOrNull }).nullable(),
  }),
)
