// zod only: staff catalogue inputs (TOP placement, SEO texts and metatags, core files).
import { z } from 'zod'
import { LOCALES } from '../../editions'
import { MAX_ID, zFlag, zId, zJsonText, zPage } from '../../validators'
import { zPaged } from '../answer-parts'

/** The spec sends a top as `{data: {input: {...}}}`; plain fields are accepted too. */
const unwrapData = (v: unknown) => {
  const input = (v as { data?: { input?: unknown } } | null)?.data?.input
  return input && typeof input === 'object'
    ? { ...(input as object), ...((v as { id?: unknown }).id !== undefined ? { id: (v as { id: unknown }).id } : {}) }
    : v
}

export const ZTopInput = z.object({
  tutor_id: zId,
  lesson_id: zId,
  city_id: z.preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), zId.nullable()).default(null),
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }),
  paid_amount: z.coerce.number().int().min(0).max(MAX_ID).default(0),
})
export const ZTopCreate = z.preprocess(unwrapData, ZTopInput)
export const ZTopSave = z.preprocess(unwrapData, ZTopInput.extend({ id: zId }))
export const ZTopList = z.object({
  page: zPage,
  filters: z
    .object({
      tutor_id: zId.optional(),
      lesson_id: zId.optional(),
      city_id: zId.optional(),
      online: zFlag.optional(),
      active: zFlag.optional(),
    })
    .default({}),
})

export const ZChosenFilters = z.object({
  lesson: z.string().trim().min(1).max(80),
  city: z.string().trim().max(80).nullish(),
  district: z.string().trim().max(80).nullish(),
  online: zFlag.optional(),
})
const ZCatalogMetatags = z.object({
  locale: z.enum(LOCALES),
  h1: z.string().trim().max(200).default(''),
  title: z.string().trim().max(200).default(''),
  metad: z.string().trim().max(400).default(''),
  h2text: z.string().trim().max(20000).default(''),
})
export const ZSeoTexts = z.object({ chosen_filters: zJsonText(ZChosenFilters) })
export const ZSeoTextCreate = z.object({
  chosen_filters: zJsonText(ZChosenFilters),
  catalog_metatags: zJsonText(ZCatalogMetatags),
})
export const ZSeoTextSave = z.object({
  h2text_id: zId,
  catalog_metatags: zJsonText(ZCatalogMetatags.omit({ locale: true })),
})

const ZPageMetatags = z.object({
  path: z
    .string()
    .trim()
    .regex(/^\/[^\s]*$/)
    .max(300),
  locale: z.enum(LOCALES),
  title: z.string().trim().max(200).default(''),
  description: z.string().trim().max(400).default(''),
  h1: z.string().trim().max(200).default(''),
})
export const ZPageMetatagsCreate = z.object({ page_metatags: zJsonText(ZPageMetatags) })
export const ZPageMetatagsSave = z.object({
  seo_page_metatags_id: zId.optional(),
  page_metatags: zJsonText(ZPageMetatags.extend({ seo_page_metatags_id: zId.optional() })),
})
export const ZCoreFiles = z.object({
  seo_resources: zJsonText(z.object({ robots_txt: z.string().max(20000).nullable() })),
})

// ---- answers ----

export const ZIdAnswer = z.strictObject({ id: z.number().int() })
export const ZDeleted = z.strictObject({ deleted: z.boolean() })
export const ZSeoTextId = z.strictObject({ h2text_id: z.number().int() })
export const ZPageMetatagsId = z.strictObject({ seo_page_metatags_id: z.number().int() })
/** The core files staff edit (robots.txt; null: the default one is served). */
export const ZCoreFilesAnswer = z.strictObject({ robots_txt: z.string().nullable() })

// ---------------------------------------------------------------------------------------------
// Answers of the readers (`.output()`): tops, SEO texts, page metatags.

/** A paid TOP placement; times are ISO text (UTC); active: running now. */
export const ZTop = z.strictObject({
  id: z.number(),
  tutor_id: z.number(),
  lesson_id: z.number(),
  city_id: z.number().nullable(),
  paid_amount: z.number(),
  starts_at: z.string(),
  ends_at: z.string(),
  active: z.boolean(),
})
/** A list row: the placement and the names staff read (tutor, subject, city; '' online). */
export const ZTopListAnswer = zPaged(
  ZTop.extend({ tutor_name: z.string(), lesson_name: z.string(), city_name: z.string() }),
)
/** The SEO texts of one filter combination, one per language. */
export const ZSeoTextsAnswer = z.array(
  z.strictObject({
    h2text_id: z.number(),
    chosen_filters: z.unknown(),
    locale: z.string(),
    h1: z.string(),
    title: z.string(),
    metad: z.string(),
    h2text: z.string(),
  }),
)
export const ZPageMetatagsRow = z.strictObject({
  seo_page_metatags_id: z.number(),
  path: z.string(),
  locale: z.string(),
  title: z.string(),
  description: z.string(),
  h1: z.string(),
})
export const ZPageMetatagsListAnswer = zPaged(ZPageMetatagsRow)
