// zod only: the tutor profile form (docs/product.md#3-entities-and-their-fields), importable by the browser's forms.
// The `tutor` field of POST /tutor/profile/save is JSON text holding a TTutorProfile; a field that is
// absent keeps its stored value, so a form may send only what it shows.
import { z } from 'zod'
import { zFileResponse, zIntOrNull, zJsonValue, zTextOrNull } from '../answer-parts'
import { msg } from '../../../i18n/format'
import { jsonWithinLimits, zFlag, zId } from '../../validators'

const invalid = msg('validation.invalid')
const empty = (v: unknown) => v === '' || v === null

/** An optional whole number from min to max (the message names the range); '' and null clear it. */
const zOptInt = (min: number, max: number, range = msg('validation.range', { min, max })) =>
  z
    .preprocess(
      (v) => (empty(v) ? null : v),
      z.coerce.number({ error: range }).int(range).min(min, range).max(max, range).nullable(),
    )
    .optional()

/** A choice from a list: the form's "choose …" row (0 or empty) is the field's own message, not "invalid". */
const zChosenId = (message: string) =>
  z
    .preprocess((v) => (v === 0 || v === '0' || v === '' || v === null ? undefined : v), zId.optional())
    .refine((v) => v !== undefined, message)
    .transform((v) => v as number)

/** Optional text up to max characters; null clears it. */
const zOptText = (max: number) =>
  z
    .preprocess(
      (v) => (v === null ? '' : v),
      z
        .string({ error: invalid })
        .trim()
        .max(max, msg('validation.length', { min: 0, max })),
    )
    .optional()

const zIdList = (max: number) =>
  z
    .preprocess((v) => (v === null || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(zId).max(max, invalid))
    .default([])

export const MAX_SUBJECTS = 30
export const MAX_PLACES = 30
export const MIN_AGE = 14
export const MAX_AGE = 100
export const MIN_GRADUATION_YEAR = 1950
/** Graduation may be up to six years ahead (students still studying). */
export const maxGraduationYear = () => new Date().getUTCFullYear() + 6

export const ZTutorSubject = z.object({
  subject_id: zChosenId(msg('validation.choose_subject')),
  description: zOptText(2000),
  selectedLevels: zIdList(50),
})

export const ZTutorPlace = z.object({
  city: zChosenId(msg('validation.choose_city')),
  districts: zIdList(200),
  subdistricts: zIdList(500),
})

/** YouTube links are recognised by an 11-character video id (docs/product.md#5-validation-rules). */
export const YOUTUBE_ID =
  /(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/

export const ZTutorProfile = z
  .object({
    name: z
      .string({ error: invalid })
      .trim()
      .min(2, msg('validation.length', { min: 2, max: 60 }))
      .max(60, msg('validation.length', { min: 2, max: 60 }))
      .optional(),
    subjects: z
      .array(ZTutorSubject)
      .max(MAX_SUBJECTS, msg('validation.max_items', { max: MAX_SUBJECTS }))
      .optional(),
    /** Legacy: {subject id: [level ids]}; merged into subjects when subjects is absent. */
    lesson_levels: z.record(z.string(), zIdList(50)).optional(),
    /** Legacy: {subject id: description}. */
    lesson_descriptions: z
      .record(
        z.string(),
        z.preprocess(
          (v) => v ?? '',
          z
            .string()
            .trim()
            .max(2000, msg('validation.length', { min: 0, max: 2000 })),
        ),
      )
      .optional(),
    locations_home: z
      .array(ZTutorPlace)
      .max(MAX_PLACES, msg('validation.max_items', { max: MAX_PLACES }))
      .optional(),
    locations_travel: z
      .array(ZTutorPlace)
      .max(MAX_PLACES, msg('validation.max_items', { max: MAX_PLACES }))
      .optional(),
    locations_online: zFlag.optional(),
    work_home: zFlag.optional(),
    work_travel: zFlag.optional(),
    work_online: zFlag.optional(),
    /** Aliases of work_travel, work_online and work_home (the answer carries both). */
    location_at_client: zFlag.optional(),
    location_at_online: zFlag.optional(),
    location_at_tutor: zFlag.optional(),
    university_name: zOptText(200),
    university: z
      .object({ name: zOptText(200) })
      .partial()
      .nullish(),
    university_graduation_year: zOptInt(
      MIN_GRADUATION_YEAR,
      9999,
      msg('validation.year_range', { min: MIN_GRADUATION_YEAR, max: maxGraduationYear() }),
    ).refine(
      (v) => v == null || v <= maxGraduationYear(),
      msg('validation.year_range', { min: MIN_GRADUATION_YEAR, max: maxGraduationYear() }),
    ),
    age: zOptInt(MIN_AGE, MAX_AGE),
    /** The week's free hours, as the form keeps them (an object or a list); null clears it. */
    schedule: z
      .unknown()
      .refine((v) => v === undefined || v === null || typeof v === 'object', invalid)
      .refine((v) => jsonWithinLimits(v), invalid)
      .optional(),
    description: zOptText(10000),
    short_description: zOptText(500),
    video_url: zOptText(300).refine((v) => !v || YOUTUBE_ID.test(v), msg('validation.youtube')),
    online_communication_app: zOptText(200),
    tutor_points_for_order: zOptInt(0, 100000),
    practice_id: zOptInt(1, 1000000),
    rate_id: zOptInt(1, 2147483647),
    price: zOptInt(0, 10000000),
    password: z
      .preprocess(
        (v) => (v === null ? '' : v),
        z.string({ error: invalid }).max(128, msg('validation.length', { min: 8, max: 128 })),
      )
      .optional(),
    confirm_password: z
      .preprocess((v) => (v === null ? '' : v), z.string({ error: invalid }).max(128, invalid))
      .optional(),
    /** The tutor's own save needs it beside a new password when the account has one (the service checks it). */
    current_password: z
      .preprocess((v) => (v === null ? '' : v), z.string({ error: invalid }).max(128, invalid))
      .optional(),
    /** The documents to keep (others are removed), with their descriptions. Absent: all are kept. */
    documents: z
      .array(z.object({ id: zId, description: zOptText(500) }))
      .max(100, invalid)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.password) {
      if (v.password.length < 8)
        ctx.addIssue({ code: 'custom', path: ['password'], message: msg('validation.length', { min: 8, max: 128 }) })
      if (v.confirm_password !== v.password)
        ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: msg('validation.passwords_differ') })
    }
  })
export type TTutorProfile = z.input<typeof ZTutorProfile>
export type TutorProfileInput = z.output<typeof ZTutorProfile>

const zFiles = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.unknown()),
)
const zStrings = z.preprocess(
  (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : typeof v === 'object' ? Object.values(v) : [v]),
  z.array(z.unknown().transform((s) => (typeof s === 'string' ? s : ''))),
)

/** POST /tutor/profile/save: `tutor` JSON text (parsed by the service, so its fields are named plainly in 422s). */
export const ZProfileSave = z.object({
  tutor: z.unknown(),
  /** multipart `new_documents[]`: File objects (checked by content in the service). */
  new_documents: zFiles.optional(),
  new_documents_descriptions: zStrings.optional(),
})

export const ZStaffTutor = z.object({ tutor_id: zId })

/** Crop of the stored original, in its pixels (the avatar answer gives the original's size). */
export const ZCrop = z.object({
  x: z.coerce.number({ error: invalid }).min(0, invalid),
  y: z.coerce.number({ error: invalid }).min(0, invalid),
  width: z.coerce.number({ error: invalid }).min(1, invalid),
  height: z.coerce.number({ error: invalid }).min(1, invalid),
})
export type TCrop = z.output<typeof ZCrop>

/** multipart `image`, with an optional crop applied at once. */
export const ZAvatarSet = z.object({ image: z.unknown() }).extend(ZCrop.partial().shape)

export const ZDocumentId = z.object({ id: zId })

// ——— answers (the procedures' .output()) ———

export const ZCropAnswer = z.strictObject({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })
/** The avatar: its public and preview URLs, the original's size (the crop's space) and the crop; null without one. */
export const ZAvatarAnswer = z
  .strictObject({
    url: z.string(),
    preview_url: z.string(),
    original: z.strictObject({ width: z.number(), height: z.number() }).nullable(),
    crop: ZCropAnswer.nullable(),
  })
  .nullable()

const zPlaceAnswer = z.strictObject({
  city: z.number(),
  districts: z.array(z.number()),
  subdistricts: z.array(z.number()),
})
const zLabels = z.record(z.string(), z.string())

/** The profile editor's data (tutor.profile.get; save answers the saved profile). */
export const ZTutorProfileAnswer = z.strictObject({
  id: z.number(),
  name: z.string(),
  first_name: z.string(),
  email: zTextOrNull,
  phone: zTextOrNull,
  status: z.number(),
  published: z.boolean(),
  active: z.boolean(),
  verified: z.boolean(),
  /** The moderator's reason when the profile was sent back, until the tutor's next save. */
  sent_back_reason: zTextOrNull,
  subjects: z.array(
    z.strictObject({ subject_id: z.number(), description: z.string(), selectedLevels: z.array(z.number()) }),
  ),
  lesson_levels: z.record(z.string(), z.array(z.number())),
  lesson_descriptions: z.record(z.string(), z.string()),
  locations_home: z.array(zPlaceAnswer),
  locations_travel: z.array(zPlaceAnswer),
  /** Legacy shape: {city id: [district ids]} per place kind. */
  locations: z.strictObject({
    tutor_place: z.record(z.string(), z.array(z.number())),
    client_place: z.record(z.string(), z.array(z.number())),
  }),
  locations_online: z.boolean(),
  work_home: z.boolean(),
  work_travel: z.boolean(),
  work_online: z.boolean(),
  location_at_tutor: z.boolean(),
  location_at_client: z.boolean(),
  location_at_online: z.boolean(),
  university_name: z.string(),
  university: z.strictObject({ name: z.string() }),
  university_graduation_year: zIntOrNull,
  age: zIntOrNull,
  schedule: zJsonValue,
  description: z.string(),
  short_description: z.string(),
  video_url: zTextOrNull,
  online_communication_app: zTextOrNull,
  tutor_points_for_order: z.number(),
  practice_id: zIntOrNull,
  rate_id: zIntOrNull,
  rate: z.strictObject({ id: z.number(), name: z.string() }).nullable(),
  price: zIntOrNull,
  currency: z.string(),
  avatar: ZAvatarAnswer,
  documents: z.array(
    z.strictObject({
      id: z.number(),
      description: z.string(),
      name: z.string(),
      mime: z.string(),
      size: z.number(),
      created_at: z.string(),
      url: z.string(),
    }),
  ),
  labels: z.strictObject({
    subjects: zLabels,
    levels: zLabels,
    cities: zLabels,
    districts: zLabels,
    subdistricts: zLabels,
  }),
})

/** GET /tutor/profile/document: the file itself (a raw route; the procedure builds the Response). */
export const ZDocumentAnswer = zFileResponse

/**
 * GET /tutor/profile/completeness: the onboarding steps done or not, what keeps the profile out of the
 * catalogue (the catalogue's own listing rule) and the rating points each unfilled part would add.
 */
export const ZTutorCompleteness = z.strictObject({
  steps: z.array(
    z.strictObject({
      step: z.enum(['basics', 'subjects', 'prices', 'places', 'photo', 'about']),
      done: z.boolean(),
    }),
  ),
  listing_gaps: z.array(z.enum(['subject', 'place', 'published', 'active', 'deleted'])),
  published: z.boolean(),
  points: z.number(),
  gains: z.array(z.strictObject({ reason: z.enum(['photo', 'description', 'schedule', 'video']), points: z.number() })),
})
export type TTutorCompleteness = z.infer<typeof ZTutorCompleteness>
