// zod only: videos (docs/api.md#admin-pages-reviews-videos-vacancies-site-blocks "Videos", #public-reads `videos`),
// vacancies (#public-reads `vacancy/get`, `vacancies/get`; the staff calls are our own paths, docs/decisions.md) and
// the visitors' feedback e-mail (docs/api.md#public-reads `send_feedback_email`). Texts per
// language ({locale: text}) like static pages; the rules needing the edition (a title in its default language,
// languages it serves) and the YouTube link (common/youtube.ts) are checked in server/domain/content/videos.ts and
// vacancies.ts.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { EDITION_CODES, LOCALES } from '../../editions'
import { EMPLOYMENT_KINDS } from '../../media-texts'
import { zFlag, zId, zJsonText, zPage } from '../../validators'
import { zPaged } from '../answer-parts'

const invalid = msg('validation.invalid')

export const VIDEO_LIMITS = { link: 300, title: 255, description: 2000 } as const
export const VACANCY_LIMITS = { title: 255, text: 50_000, city: 100 } as const
export { EMPLOYMENT_KINDS }
export const VIDEOS_PER_PAGE = 12
export const VACANCIES_PER_PAGE = 20

const zUpTo = (max: number) =>
  z
    .string({ error: invalid })
    .max(max, msg('validation.length', { min: 0, max }))
    .refine((v) => !v.includes('\u0000'), invalid)
const zPerLocale = (max: number) => zJsonText(z.partialRecord(z.enum(LOCALES, { error: invalid }), zUpTo(max)))
const zSort = z.preprocess(
  (v) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v === '' ? undefined : v),
  z.number({ error: invalid }).int(invalid).min(-100000, invalid).max(100000, invalid),
)

// ——— videos ———

export const ZVideoFields = z.object({
  /** A YouTube link in any of its forms or the bare 11-character id (checked in the domain: the field `youtube_id`). */
  youtube_id: zUpTo(VIDEO_LIMITS.link).default(''),
  titles: zPerLocale(VIDEO_LIMITS.title).optional(),
  descriptions: zPerLocale(VIDEO_LIMITS.description).optional(),
  sort: zSort.optional(),
  active: zFlag.optional(),
})
export type TVideoFields = z.output<typeof ZVideoFields>
/** POST /admin/video/create {video: JSON text} */
export const ZVideoCreate = z.object({ video: zJsonText(ZVideoFields) })
/** POST /admin/video/save {id, video} (the id beside the object or inside it) */
export const ZVideoSave = z.object({
  id: zId.optional(),
  video: zJsonText(ZVideoFields.extend({ id: zId.optional() })),
})
/** GET /admin/video/get?id, POST /admin/video/delete?id */
export const ZVideoId = z.object({ id: zId })
/** GET /admin/videos/get?page */
export const ZVideoList = z.object({ page: zPage })
/** GET /client/videos?page&lang */
export const ZPublicVideosQuery = z
  .object({ page: zPage, lang: z.enum(LOCALES, { error: invalid }).optional() })
  .optional()

const zTexts = z.partialRecord(z.enum(LOCALES), z.string())

export const ZVideo = z.strictObject({
  id: z.number(),
  edition: z.enum(EDITION_CODES),
  youtube_id: z.string(),
  titles: zTexts,
  descriptions: zTexts,
  sort: z.number(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Video = z.infer<typeof ZVideo>
export const ZVideoListAnswer = zPaged(ZVideo)
export const ZDeleted = z.strictObject({ deleted: z.literal(true) })

export const ZPublicVideo = z.strictObject({
  id: z.number(),
  youtube_id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail_url: z.string(),
  watch_url: z.string(),
  created_at: z.string(),
})
export type PublicVideo = z.infer<typeof ZPublicVideo>
export const ZPublicVideos = zPaged(ZPublicVideo).extend({ per_page: z.number() })

// ——— vacancies ———

export const ZVacancyFields = z.object({
  titles: zPerLocale(VACANCY_LIMITS.title).optional(),
  texts: zPerLocale(VACANCY_LIMITS.text).optional(),
  cities: zPerLocale(VACANCY_LIMITS.city).optional(),
  employment: z.enum(EMPLOYMENT_KINDS, { error: invalid }).optional(),
  /** Work from anywhere (schema.org jobLocationType TELECOMMUTE). */
  remote: zFlag.optional(),
  sort: zSort.optional(),
  active: zFlag.optional(),
})
export type TVacancyFields = z.output<typeof ZVacancyFields>
/** POST /admin/vacancy/create {vacancy: JSON text} (our path) */
export const ZVacancyCreate = z.object({ vacancy: zJsonText(ZVacancyFields) })
/** POST /admin/vacancy/save {id, vacancy} (our path) */
export const ZVacancySave = z.object({
  id: zId.optional(),
  vacancy: zJsonText(ZVacancyFields.extend({ id: zId.optional() })),
})
export const ZVacancyId = z.object({ id: zId })
export const ZVacancyList = z.object({ page: zPage })
/** GET /client/vacancy/get?id&lang */
export const ZPublicVacancyQuery = z.object({ id: zId, lang: z.enum(LOCALES, { error: invalid }).optional() })
/** GET /client/vacancies/get?page&lang */
export const ZPublicVacanciesQuery = z
  .object({ page: zPage, lang: z.enum(LOCALES, { error: invalid }).optional() })
  .optional()

export const ZVacancy = z.strictObject({
  id: z.number(),
  edition: z.enum(EDITION_CODES),
  titles: zTexts,
  texts: zTexts,
  cities: zTexts,
  employment: z.enum(EMPLOYMENT_KINDS),
  remote: z.boolean(),
  sort: z.number(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Vacancy = z.infer<typeof ZVacancy>
export const ZVacancyListAnswer = zPaged(ZVacancy)

export const ZPublicVacancy = z.strictObject({
  id: z.number(),
  locale: z.enum(LOCALES),
  title: z.string(),
  /** Sanitised HTML. */
  text: z.string(),
  city: z.string(),
  employment: z.enum(EMPLOYMENT_KINDS),
  remote: z.boolean(),
  created_at: z.string(),
})
export type PublicVacancy = z.infer<typeof ZPublicVacancy>
export const ZPublicVacancies = zPaged(ZPublicVacancy).extend({ per_page: z.number() })

// ——— feedback ———

export const FEEDBACK_LIMITS = { name: 100, email: 255, text: 5000 } as const
export const ZFeedbackFields = z.object({
  name: zUpTo(FEEDBACK_LIMITS.name).trim().optional(),
  email: z
    .string({ error: msg('validation.required') })
    .trim()
    .min(1, msg('validation.required'))
    .max(FEEDBACK_LIMITS.email, invalid)
    .email(msg('validation.email')),
  text: zUpTo(FEEDBACK_LIMITS.text).trim().min(1, msg('validation.required')),
})
export type TFeedbackFields = z.input<typeof ZFeedbackFields>
/** POST /client/send_feedback_email {feedback: JSON text} */
export const ZFeedbackSend = z.object({ feedback: zJsonText(ZFeedbackFields) })
export const ZFeedbackSent = z.strictObject({ sent: z.boolean() })
