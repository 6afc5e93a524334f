// zod only: tutor blogs and ads with moderation (docs/api.md#admin-ads-and-blogs "Ads" and
// "Blogs" for staff, docs/api.md#tutor-blog-and-ads "Blog" and "Ads" for the tutor, #public-reads public reads). One
// module for the three roles: the tutor's editor validates with the schema the server enforces, and the rules answers
// (`GET /tutor/resources/blog_rules`, `ad_rules`) are built from the same limits. A post's text is
// HTML (sanitised on the server); an ad's text is plain text with line breaks.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { zFieldsUnder, zFlag, zId, zJsonText, zPage } from '../../validators'
import { zPaged } from '../answer-parts'

const invalid = msg('validation.invalid')

export const CONTENT_STATUSES = ['draft', 'on_moderation', 'need_revision', 'published', 'deleted'] as const
export type ContentStatus = (typeof CONTENT_STATUSES)[number]

/** Images of posts and ads: type, size and pixel caps (the avatar upload's checks), and the count per item. */
export const CONTENT_IMAGE_RULES = {
  types: ['jpg', 'png', 'webp'],
  max_bytes: 10 * 1024 * 1024,
  max_pixels: 40_000_000,
  max_side: 1600,
} as const
export const BLOG_LIMITS = { title: { min: 5, max: 200 }, text: { min: 200, max: 50_000 }, images: 10 } as const
export const AD_LIMITS = {
  title: { min: 5, max: 150 },
  text: { min: 30, max: 5_000 },
  price: { min: 0, max: 1_000_000 },
  images: 5,
} as const
export const REVISION_REASON_MAX = 1000
export const BLOG_MARK = { min: 1, max: 5 } as const

/** The visible text of an HTML fragment (what a length rule counts). */
export const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, 'x')
    .replace(/\s+/g, ' ')
    .trim()

const noNul = (v: string) => !v.includes('\u0000')
const zTitle = (l: { min: number; max: number }) =>
  z
    .string({ error: msg('validation.required') })
    .trim()
    .min(1, msg('validation.required'))
    .refine((v) => v.length >= l.min && v.length <= l.max, msg('validation.length', l))
    .refine(noNul, invalid)
const zImageIds = z.array(zId).max(50, invalid).optional()

export const ZBlogFields = z.object({
  title: zTitle(BLOG_LIMITS.title),
  /** HTML: at most `max` characters of markup, at least `min` characters of visible text. */
  text: z
    .string({ error: msg('validation.required') })
    .refine(noNul, invalid)
    .refine((v) => v.length <= BLOG_LIMITS.text.max, msg('validation.length', BLOG_LIMITS.text))
    .refine((v) => plainText(v).length >= BLOG_LIMITS.text.min, msg('validation.length', BLOG_LIMITS.text)),
  /** Loose images of this tutor (uploaded before the first save) to attach. */
  image_ids: zImageIds,
  /** Keep it as a draft instead of sending it to moderation. */
  draft: zFlag.optional(),
})
export type TBlogFields = z.output<typeof ZBlogFields>
export type TBlogForm = z.input<typeof ZBlogFields>

/** POST /tutor/blog/create {blog} (JSON text or object, or the fields flat) */
export const ZBlogCreate = zFieldsUnder('blog', ZBlogFields)
/** POST /tutor/blog/save, /admin/blog/save {blog: {id, …}} */
export const ZBlogSave = zFieldsUnder('blog', ZBlogFields.extend({ id: zId }))

const zPrice = z.preprocess(
  (v) =>
    v === '' || v === undefined ? null : typeof v === 'string' && /^[0-9]{1,9}$/.test(v.trim()) ? Number(v.trim()) : v,
  z
    .number({ error: invalid })
    .int(invalid)
    .min(AD_LIMITS.price.min, invalid)
    .max(AD_LIMITS.price.max, invalid)
    .nullable(),
)
const zOptId = z.preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), zId.nullable())
/** multipart `images[]`: File objects (checked by content in the service). */
const zFiles = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.unknown()).max(AD_LIMITS.images, invalid),
)

export const ZAdFields = z.object({
  title: zTitle(AD_LIMITS.title),
  text: z
    .string({ error: msg('validation.required') })
    .trim()
    .refine(noNul, invalid)
    .refine(
      (v) => v.length >= AD_LIMITS.text.min && v.length <= AD_LIMITS.text.max,
      msg('validation.length', AD_LIMITS.text),
    ),
  lesson_id: zOptId.optional(),
  price: zPrice.optional(),
  image_ids: zImageIds,
  draft: zFlag.optional(),
})
export type TAdFields = z.output<typeof ZAdFields>
export type TAdForm = z.input<typeof ZAdFields>

/** POST /tutor/ad/create (multipart: `ad` JSON text plus `images[]`) */
export const ZAdCreate = z.object({ ad: zJsonText(ZAdFields), images: zFiles.optional() })
/** POST /tutor/ad/save, /admin/ad/save (`ad` JSON text with id, plus `images[]`) */
export const ZAdSave = z.object({ ad: zJsonText(ZAdFields.extend({ id: zId })), images: zFiles.optional() })

export const ZContentId = z.object({ id: zId })
export const ZPageOnly = z.object({ page: zPage }).optional()
/** POST /blog/add_image, /ad/add_image: multipart `image`, optional owner id (and tutor_id for staff). */
export const ZBlogImageAdd = z.object({ image: z.unknown(), blog_id: zOptId.optional(), tutor_id: zId.optional() })
export const ZAdImageAdd = z.object({ image: z.unknown(), ad_id: zOptId.optional(), tutor_id: zId.optional() })
export const ZImageRemove = z.object({ image_id: zId })

/** Tutor's change_status: withdraw to a draft, send to moderation, or delete. */
export const TUTOR_AD_STATUSES = ['draft', 'on_moderation', 'deleted'] as const
export const ZTutorAdStatus = z.object({ ad: zId, new_status: z.enum(TUTOR_AD_STATUSES, { error: invalid }) })
/** Staff's change_status {ad: id, tutor_id, new_status} (need_revision also takes a reason). */
export const ZStaffAdStatus = z.object({
  ad: zId,
  tutor_id: zId.optional(),
  new_status: z.enum(CONTENT_STATUSES, { error: invalid }),
  reason: z.string().trim().max(REVISION_REASON_MAX, invalid).optional(),
})

export const ZNeedRevision = z.object({
  id: zId,
  reason: z
    .string({ error: msg('validation.required') })
    .trim()
    .min(1, msg('validation.required'))
    .max(REVISION_REASON_MAX, msg('validation.length', { min: 1, max: REVISION_REASON_MAX }))
    .refine(noNul, invalid),
})
export const ZBlogMark = z.object({
  id: zId,
  mark: z.preprocess(
    (v) => (typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : v),
    z.number({ error: invalid }).int(invalid).min(BLOG_MARK.min, invalid).max(BLOG_MARK.max, invalid),
  ),
})

/** Staff lists: POST /admin/blogs/get, /admin/ads/get {page, filters} */
export const ZContentList = z.object({
  page: zPage,
  filters: zJsonText(
    z
      .object({
        status: z.enum(CONTENT_STATUSES, { error: invalid }).optional(),
        tutor_id: zId.optional(),
        text_search: z.string({ error: invalid }).trim().max(100, invalid).optional(),
      })
      .partial(),
  ).default({}),
})

/** GET /client/blogs?page&tutor_id */
export const ZPublicBlogsQuery = z.object({ page: zPage, tutor_id: zId.optional() }).optional()
/** GET /client/ads?page&tutor_id&lesson_id */
export const ZPublicAdsQuery = z.object({ page: zPage, tutor_id: zId.optional(), lesson_id: zId.optional() }).optional()
/** POST /client/blog/set_rating?id&rating */
export const ZBlogRating = z.object({
  id: zId,
  rating: z.preprocess(
    (v) => (typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : v),
    z.number({ error: invalid }).int(invalid).min(1, invalid).max(5, invalid),
  ),
})

/** POST /admin/blog/check_uniqueness {id} */
export const ZUniqueness = z.strictObject({
  unique: z.boolean(),
  matches: z.array(
    z.strictObject({
      kind: z.enum(['blog', 'static_page', 'news']),
      id: z.number(),
      title: z.string(),
      share: z.number(),
    }),
  ),
})

// ——— answers ———

export const ZContentImage = z.strictObject({ id: z.number(), url: z.string(), width: z.number(), height: z.number() })
export type ContentImage = z.infer<typeof ZContentImage>
export const ZImageAdded = ZContentImage.extend({ owner_id: z.number().nullable() })
export const ZImageRemoved = z.strictObject({ removed: z.literal(true) })

export const ZBlog = z.strictObject({
  id: z.number(),
  tutor_id: z.number(),
  tutor_name: z.string(),
  title: z.string(),
  text: z.string(),
  status: z.enum(CONTENT_STATUSES),
  revision_reason: z.string(),
  mark: z.number().nullable(),
  rating: z.number(),
  rating_count: z.number(),
  images: z.array(ZContentImage),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Blog = z.infer<typeof ZBlog>
export const ZBlogList = zPaged(ZBlog)

export const ZAd = z.strictObject({
  id: z.number(),
  tutor_id: z.number(),
  tutor_name: z.string(),
  lesson_id: z.number().nullable(),
  lesson_name: z.string().nullable(),
  title: z.string(),
  text: z.string(),
  price: z.number().nullable(),
  currency: z.string(),
  status: z.enum(CONTENT_STATUSES),
  revision_reason: z.string(),
  images: z.array(ZContentImage),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Ad = z.infer<typeof ZAd>
export const ZAdList = zPaged(ZAd)

const zPublicPaged = <T extends z.ZodType>(item: T) =>
  z.strictObject({ items: z.array(item), total: z.number(), page: z.number(), pages: z.number() })

export const ZPublicBlogCard = z.strictObject({
  id: z.number(),
  tutor_id: z.number(),
  tutor_name: z.string(),
  tutor_avatar: z.string().nullable(),
  title: z.string(),
  excerpt: z.string(),
  image: z.string().nullable(),
  rating: z.number(),
  rating_count: z.number(),
  published_at: z.string(),
})
export type PublicBlogCard = z.infer<typeof ZPublicBlogCard>
export const ZPublicBlogs = zPublicPaged(ZPublicBlogCard)
/** One published post: the card plus its sanitised HTML. */
export const ZPublicBlog = ZPublicBlogCard.extend({ text: z.string(), updated_at: z.string() })
export type PublicBlog = z.infer<typeof ZPublicBlog>
export const ZRated = z.strictObject({
  id: z.number(),
  rating: z.number(),
  rating_count: z.number(),
  already_rated: z.boolean(),
})

export const ZPublicAd = z.strictObject({
  id: z.number(),
  tutor_id: z.number(),
  tutor_name: z.string(),
  lesson_name: z.string().nullable(),
  title: z.string(),
  text: z.string(),
  price: z.number().nullable(),
  currency: z.string(),
  images: z.array(ZContentImage),
  published_at: z.string(),
})
export type PublicAd = z.infer<typeof ZPublicAd>
export const ZPublicAds = zPublicPaged(ZPublicAd)

const zLen = z.strictObject({ min: z.number(), max: z.number() })
const zImages = z.strictObject({
  max_count: z.number(),
  max_bytes: z.number(),
  max_pixels: z.number(),
  max_side: z.number(),
  types: z.array(z.string()),
})
/** GET /tutor/resources/blog_rules */
export const ZBlogRules = z.strictObject({
  title: zLen,
  text: zLen.extend({ allowed_tags: z.array(z.string()) }),
  images: zImages,
})
/** GET /tutor/resources/ad_rules */
export const ZAdRules = z.strictObject({ title: zLen, text: zLen, price: zLen, images: zImages })

export function imageRules(maxCount: number) {
  return {
    max_count: maxCount,
    max_bytes: CONTENT_IMAGE_RULES.max_bytes,
    max_pixels: CONTENT_IMAGE_RULES.max_pixels,
    max_side: CONTENT_IMAGE_RULES.max_side,
    types: [...CONTENT_IMAGE_RULES.types],
  }
}
