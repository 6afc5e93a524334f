// zod only: static pages (docs/api.md#admin-pages-reviews-videos-vacancies-site-blocks "Static pages" and #public-reads
// `static_pages/get`). A page is one alias per edition with its texts per language ({locale: text},
// like the reference data's `names`); the spec's single `title`/`text`/`meta_title`/`meta_description` fill the
// language of the request. Rules that need the edition or the database (a title in the edition's
// default language, alias uniqueness) are checked in server/domain/content/static-pages.ts; the HTML
// is sanitised there too.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { EDITION_CODES, LOCALES } from '../../editions'
import { zFlag, zId, zJsonText, zPage } from '../../validators'
import { zPaged } from '../answer-parts'

const invalid = msg('validation.invalid')

export const STATIC_PAGE_LIMITS = {
  alias: 100,
  title: 255,
  text: 100_000,
  meta_title: 255,
  meta_description: 500,
} as const
/** Lower-case Latin letters, digits and dashes (it is a path segment: /p/{alias}/). */
export const STATIC_PAGE_ALIAS = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** A text of at most `max` characters; NUL (possible inside a JSON text, past the request's own check) is refused. */
const zUpTo = (max: number) =>
  z
    .string({ error: invalid })
    .max(max, msg('validation.length', { min: 0, max }))
    .refine((v) => !v.includes('\u0000'), invalid)
const zPerLocale = (max: number) => zJsonText(z.partialRecord(z.enum(LOCALES, { error: invalid }), zUpTo(max)))
const zOne = (max: number) => zUpTo(max).optional()

export const ZStaticPageFields = z.object({
  /** Checked in the domain (required, pattern, uniqueness), so that every alias refusal is the field `alias`. */
  alias: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : (v ?? '')),
    z.string({ error: invalid }),
  ),
  titles: zPerLocale(STATIC_PAGE_LIMITS.title).optional(),
  texts: zPerLocale(STATIC_PAGE_LIMITS.text).optional(),
  meta_titles: zPerLocale(STATIC_PAGE_LIMITS.meta_title).optional(),
  meta_descriptions: zPerLocale(STATIC_PAGE_LIMITS.meta_description).optional(),
  /** The spec's single fields: the request's language. */
  title: zOne(STATIC_PAGE_LIMITS.title),
  text: zOne(STATIC_PAGE_LIMITS.text),
  meta_title: zOne(STATIC_PAGE_LIMITS.meta_title),
  meta_description: zOne(STATIC_PAGE_LIMITS.meta_description),
  active: zFlag.optional(),
})
export type TStaticPageFields = z.output<typeof ZStaticPageFields>
export type TStaticPageForm = z.input<typeof ZStaticPageFields>

/** POST /admin/static_pages/create {static_page: JSON text} */
export const ZStaticPageCreate = z.object({ static_page: zJsonText(ZStaticPageFields) })
/** POST /admin/static_pages/save {static_page: JSON text with id, or id beside it} */
export const ZStaticPageSave = z.object({
  id: zId.optional(),
  static_page: zJsonText(ZStaticPageFields.extend({ id: zId.optional() })),
})
/** GET /admin/static_pages/get?id, POST /delete?id, POST /change_status?id */
export const ZStaticPageId = z.object({ id: zId })
/** POST /admin/static_pages/index {page, filters} */
export const ZStaticPageList = z.object({
  page: zPage,
  filters: zJsonText(
    z
      .object({
        active: zFlag.optional(),
        text_search: z.string({ error: invalid }).trim().max(100, invalid).optional(),
      })
      .partial(),
  ).default({}),
})
/** GET /client/static_pages/get?lang&alias */
export const ZStaticPageAlias = z.object({
  alias: z
    .string({ error: invalid })
    .trim()
    .toLowerCase()
    .min(1, msg('validation.required'))
    .max(STATIC_PAGE_LIMITS.alias, invalid),
  lang: z.enum(LOCALES, { error: invalid }).optional(),
})

// ——— answers ———

const zTexts = z.partialRecord(z.enum(LOCALES), z.string())

export const ZStaticPage = z.strictObject({
  id: z.number(),
  edition: z.enum(EDITION_CODES),
  alias: z.string(),
  titles: zTexts,
  texts: zTexts,
  meta_titles: zTexts,
  meta_descriptions: zTexts,
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type StaticPage = z.infer<typeof ZStaticPage>
export const ZStaticPageListAnswer = zPaged(ZStaticPage)
export const ZStaticPageDeleted = z.strictObject({ deleted: z.literal(true) })

/** The public read: one language's texts (falling back to the edition's default language). */
export const ZPublicStaticPage = z.strictObject({
  id: z.number(),
  alias: z.string(),
  locale: z.enum(LOCALES),
  title: z.string(),
  /** Sanitised HTML. */
  text: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
})
export type PublicStaticPage = z.infer<typeof ZPublicStaticPage>

/** GET /admin/resources/static_page_rules */
export const ZStaticPageRules = z.strictObject({
  locales: z.array(z.enum(LOCALES)),
  default_locale: z.enum(LOCALES),
  alias: z.strictObject({ max: z.number(), pattern: z.string() }),
  title: z.strictObject({ max: z.number(), required_in: z.enum(LOCALES) }),
  text: z.strictObject({ max: z.number(), allowed_tags: z.array(z.string()) }),
  meta_title: z.strictObject({ max: z.number() }),
  meta_description: z.strictObject({ max: z.number() }),
})
