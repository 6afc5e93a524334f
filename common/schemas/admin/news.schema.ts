// zod only: news and news categories (docs/api.md#admin-news "News", "News categories", #public-reads
// `GET /client/news?query`, `POST /client/news_one/set_rating?id&rating`). A news
// item and a category belong to one edition and keep their texts per language ({locale: text}), like
// static pages; the spec's single `title`/`text`/`description`/`name` fill the request's language.
// Rules that need the edition or the database (a title in the default language, alias uniqueness
// across news and categories) are checked in server/domain/content/news.ts; the HTML is sanitised
// there too.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { EDITION_CODES, LOCALES } from '../../editions'
import { zFlag, zId, zJsonText, zPage } from '../../validators'
import { zPaged } from '../answer-parts'

const invalid = msg('validation.invalid')

export const NEWS_LIMITS = { alias: 120, title: 255, text: 100_000, description: 500, category_name: 100 } as const
/** Lower-case Latin letters, digits and dashes (a path segment: /news/{alias}/). */
export const NEWS_ALIAS = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
/** News a public page lists; staff lists page by NEWS_ADMIN_PAGE. */
export const NEWS_PER_PAGE = 9
export const NEWS_ADMIN_PAGE = 20
/** Image renditions (WebP): the main image at most this wide, and the list's thumbnail (16:9 cover). */
export const NEWS_IMAGE = { width: 1200, thumbWidth: 400, thumbHeight: 225 } as const

const zUpTo = (max: number) =>
  z
    .string({ error: invalid })
    .max(max, msg('validation.length', { min: 0, max }))
    .refine((v) => !v.includes('\u0000'), invalid)
const zPerLocale = (max: number) => zJsonText(z.partialRecord(z.enum(LOCALES, { error: invalid }), zUpTo(max)))
/** Checked in the domain (pattern, uniqueness), so that every alias refusal is the field `alias`; empty: made from the title. */
const zAlias = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : (v ?? '')),
  z.string({ error: invalid }),
)
/** A category id, or none (null, 0 or empty in a form). */
const zCategoryId = z.preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), zId.nullable())

export const ZNewsFields = z.object({
  alias: zAlias,
  category_id: zCategoryId.optional(),
  titles: zPerLocale(NEWS_LIMITS.title).optional(),
  texts: zPerLocale(NEWS_LIMITS.text).optional(),
  descriptions: zPerLocale(NEWS_LIMITS.description).optional(),
  /** The spec's single fields: the request's language. */
  title: zUpTo(NEWS_LIMITS.title).optional(),
  text: zUpTo(NEWS_LIMITS.text).optional(),
  description: zUpTo(NEWS_LIMITS.description).optional(),
  published: zFlag.optional(),
  active: zFlag.optional(),
})
export type TNewsFields = z.output<typeof ZNewsFields>
export type TNewsForm = z.input<typeof ZNewsFields>

/** POST /admin/news_one/create (multipart: news JSON text, optional image) */
export const ZNewsCreate = z.object({ news: zJsonText(ZNewsFields), image: z.unknown().optional() })
/** POST /admin/news_one/save (multipart: news JSON text with its id, or id beside it; optional image) */
export const ZNewsSave = z.object({
  id: zId.optional(),
  news: zJsonText(ZNewsFields.extend({ id: zId.optional() })),
  image: z.unknown().optional(),
})
/** GET /admin/news_one/get?id, POST delete?id, set_active_or_inactive?id, delete_main_image?id */
export const ZNewsId = z.object({ id: zId })
/** POST /admin/news_one/set_published?id[&published=0]: publishes (or, with published=0, withdraws). */
export const ZNewsSetPublished = z.object({ id: zId, published: zFlag.default(true) })
/** POST /admin/news_one/add_image {image, news_id}: an image for the text; answers its address. */
export const ZNewsAddImage = z.object({ news_id: zId, image: z.unknown() })
/** GET /admin/news/get?page&filters */
export const ZNewsList = z.object({
  page: zPage,
  filters: zJsonText(
    z
      .object({
        published: zFlag.optional(),
        active: zFlag.optional(),
        category_id: zId.optional(),
        text_search: z.string({ error: invalid }).trim().max(100, invalid).optional(),
      })
      .partial(),
  ).default({}),
})

export const ZNewsCategoryFields = z.object({
  alias: zAlias,
  names: zPerLocale(NEWS_LIMITS.category_name).optional(),
  name: zUpTo(NEWS_LIMITS.category_name).optional(),
  active: zFlag.optional(),
})
export type TNewsCategoryFields = z.output<typeof ZNewsCategoryFields>
export type TNewsCategoryForm = z.input<typeof ZNewsCategoryFields>
/** POST /admin/news_category/create {news_category: JSON text} */
export const ZNewsCategoryCreate = z.object({ news_category: zJsonText(ZNewsCategoryFields) })
/** POST /admin/news_category/save {news_category: JSON text with id, or id beside it} */
export const ZNewsCategorySave = z.object({
  id: zId.optional(),
  news_category: zJsonText(ZNewsCategoryFields.extend({ id: zId.optional() })),
})
/** GET /admin/news_categories/get?page */
export const ZNewsCategoryList = z.object({ page: zPage }).optional()

/** GET /client/news?page&category */
export const ZPublicNewsQuery = z
  .object({
    page: zPage,
    category: z.string({ error: invalid }).trim().toLowerCase().max(NEWS_LIMITS.alias, invalid).optional(),
  })
  .optional()
/** The public news pages: /news/ (no slug), /news/{category}/ or /news/{alias}/. */
export const ZPublicNewsPageQuery = z.object({
  slug: z.string({ error: invalid }).trim().toLowerCase().max(NEWS_LIMITS.alias, invalid).optional(),
  page: zPage.optional(),
})
/** POST /client/news_one/set_rating?id&rating */
export const ZNewsRate = z.object({
  id: zId,
  rating: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number({ error: invalid }).int(invalid).min(1, invalid).max(5, invalid),
  ),
})

// ——— answers ———

const zTexts = z.partialRecord(z.enum(LOCALES), z.string())
export const ZNewsImage = z.strictObject({
  url: z.string(),
  thumb_url: z.string(),
  width: z.number(),
  height: z.number(),
})
export const ZNewsRating = z.strictObject({ avg: z.number(), count: z.number() })

export const ZNewsOne = z.strictObject({
  id: z.number(),
  edition: z.enum(EDITION_CODES),
  alias: z.string(),
  category_id: z.number().nullable(),
  titles: zTexts,
  texts: zTexts,
  descriptions: zTexts,
  image: ZNewsImage.nullable(),
  published: z.boolean(),
  active: z.boolean(),
  published_at: z.string().nullable(),
  rating: ZNewsRating,
  created_at: z.string(),
  updated_at: z.string(),
})
export type NewsOne = z.infer<typeof ZNewsOne>
export const ZNewsListAnswer = zPaged(ZNewsOne)
export const ZNewsDeleted = z.strictObject({ deleted: z.literal(true) })
export const ZNewsAddedImage = z.strictObject({ url: z.string(), width: z.number(), height: z.number() })

export const ZNewsCategory = z.strictObject({
  id: z.number(),
  edition: z.enum(EDITION_CODES),
  alias: z.string(),
  names: zTexts,
  active: z.boolean(),
  news_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type NewsCategory = z.infer<typeof ZNewsCategory>
export const ZNewsCategoryListAnswer = zPaged(ZNewsCategory)

/** GET /admin/resources/news_rules */
export const ZNewsRules = z.strictObject({
  locales: z.array(z.enum(LOCALES)),
  default_locale: z.enum(LOCALES),
  alias: z.strictObject({ max: z.number(), pattern: z.string() }),
  title: z.strictObject({ max: z.number(), required_in: z.enum(LOCALES) }),
  text: z.strictObject({ max: z.number(), allowed_tags: z.array(z.string()) }),
  description: z.strictObject({ max: z.number() }),
  image: z.strictObject({
    types: z.array(z.string()),
    max_bytes: z.number(),
    max_pixels: z.number(),
    width: z.number(),
    thumb_width: z.number(),
    thumb_height: z.number(),
  }),
})
/** GET /admin/resources/news_categories: every category of the edition (the editor's select). */
export const ZNewsCategoryOptions = z.array(
  z.strictObject({ id: z.number(), alias: z.string(), name: z.string(), active: z.boolean() }),
)

const ZPublicCategory = z.strictObject({ alias: z.string(), name: z.string() })
export const ZPublicNewsCard = z.strictObject({
  id: z.number(),
  alias: z.string(),
  title: z.string(),
  description: z.string(),
  image: ZNewsImage.nullable(),
  category: ZPublicCategory.nullable(),
  published_at: z.string(),
  rating: ZNewsRating,
})
export type PublicNewsCard = z.infer<typeof ZPublicNewsCard>
export const ZPublicNewsList = z.strictObject({
  items: z.array(ZPublicNewsCard),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
  /** The category the list is filtered by. */
  category: ZPublicCategory.nullable(),
  /** The edition's active categories (the page's tabs). */
  categories: z.array(ZPublicCategory),
})
export type PublicNewsList = z.infer<typeof ZPublicNewsList>
export const ZPublicNewsArticle = ZPublicNewsCard.extend({
  locale: z.enum(LOCALES),
  /** Sanitised HTML. */
  text: z.string(),
  updated_at: z.string(),
})
export type PublicNewsArticle = z.infer<typeof ZPublicNewsArticle>
export const ZPublicNewsPage = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('list'), list: ZPublicNewsList }),
  z.strictObject({ kind: z.literal('article'), article: ZPublicNewsArticle }),
])
export type PublicNewsPage = z.infer<typeof ZPublicNewsPage>
export const ZNewsRated = z.strictObject({ id: z.number(), rating: ZNewsRating })
