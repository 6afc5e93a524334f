// zod only: the answers of the site-wide calls (the footer) and of the staff's site reviews, for
// their `.output()`.
import { z } from 'zod'
import { zPaged } from './answer-parts'
import { msg } from '../../i18n/format'
import { zEmail, zFieldsUnder, zId, zListSort, zPage, zText } from '../validators'

/**
 * GET /client/footer: the stars (average mark of published site reviews), how many, the school link,
 * and the advanced-level links `/{url}` (catalogue pages, in the page's language).
 */
export const ZFooterAnswer = z.strictObject({
  avg_review_mark: z.number(),
  total_count: z.number(),
  school_url: z.string(),
  links: z.array(z.strictObject({ url: z.string(), text: z.string() })),
})

/**
 * A site review as staff see it; created_at and confirmed_at (its author opened the e-mailed link) are
 * ISO text (UTC); email and locale are null for reviews staff or the demo made.
 */
export const ZSiteReview = z.strictObject({
  id: z.number(),
  name: z.string(),
  text: z.string(),
  mark: z.number(),
  status: z.number(),
  email: z.string().nullable(),
  locale: z.string().nullable(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
})
export const ZSiteReviewList = zPaged(ZSiteReview)

/** The staff list's sort keys (`sort`; default id, newest first). */
export const SITE_REVIEW_SORTS = ['id', 'name', 'mark', 'status', 'created'] as const
export type SiteReviewSort = (typeof SITE_REVIEW_SORTS)[number]
/** The staff list (GET /admin/site_reviews/get): `status` 0 new, 1 published, 2 hidden, 3 deleted; absent or empty: all. */
export const ZSiteReviewListInput = z
  .object({
    page: zPage,
    status: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number().int().min(0).max(3).optional(),
    ),
    ...zListSort(SITE_REVIEW_SORTS),
  })
  .optional()
export const ZSiteReviewModerated = z.strictObject({ id: z.number(), status: z.number() })

/** GET /admin/desktop: the panel's start page (who is signed in, the menu, the widgets). */
/** The desktop's widgets (server/domain/site/desktop.ts says what each counts). */
export const DESKTOP_WIDGETS = [
  'orders_today',
  'orders_waiting',
  'unpaid_fees',
  'tutors_to_publish',
  'reviews_to_moderate',
  'calls_to_return',
] as const

export const ZDesktopAnswer = z.strictObject({
  admin: z.strictObject({ admin_id: z.number(), name: z.string(), status: z.number() }),
  menu: z.array(z.string()),
  /** What waits for staff, in the areas their status opens: a count and the link to the filtered list. */
  widgets: z.array(
    z.strictObject({
      key: z.enum(DESKTOP_WIDGETS),
      count: z.number(),
      href: z.string(),
      /** orders_waiting only: the caller's open orders and the open ones nobody is responsible for, each with its list. */
      mine: z.strictObject({ count: z.number(), href: z.string() }).optional(),
      unowned: z.strictObject({ count: z.number(), href: z.string() }).optional(),
    }),
  ),
  /** Staff the schedule puts on duty at this moment (server/domain/staff/on-duty.ts), with today's hours. */
  on_duty: z.array(z.strictObject({ admin_id: z.number(), name: z.string(), hours: z.string() })),
})

// ——— Site reviews left by visitors (docs/api.md#client-orders-and-chats, docs/contract.md) ———

/** Lengths of a visitor's site review (our decision: a name as on other forms, a text of a few words at least). */
export const SITE_REVIEW_LIMITS = { name: { min: 2, max: 100 }, text: { min: 10, max: 3000 } } as const

export const ZSiteReviewFields = z.object({
  name: zText(SITE_REVIEW_LIMITS.name.min, SITE_REVIEW_LIMITS.name.max),
  email: zEmail,
  text: zText(SITE_REVIEW_LIMITS.text.min, SITE_REVIEW_LIMITS.text.max),
  mark: z.coerce
    .number({ error: msg('validation.required') })
    .int(msg('validation.invalid'))
    .min(1, msg('validation.invalid'))
    .max(5, msg('validation.invalid')),
})
export type TSiteReviewFields = z.input<typeof ZSiteReviewFields>

/**
 * POST /client/site_review/create {site_review: {name, email, text, mark}}: the review as an object
 * (or JSON text) under `site_review`, or its fields at the top level; field errors name its fields.
 */
export const ZSiteReviewCreate = zFieldsUnder('site_review', ZSiteReviewFields)

/** The review is kept inactive until its author opens the link sent to `email`. */
export const ZSiteReviewCreated = z.strictObject({ id: z.number(), status: z.number(), email_sent: z.boolean() })

/** POST /client/site_review/set_active {token}: the token of the e-mailed link. */
export const ZSiteReviewToken = z.object({
  token: z
    .string({ error: msg('validation.required') })
    .trim()
    .min(1, msg('validation.required'))
    .max(2000, msg('validation.invalid')),
})
/** `already_confirmed`: the link was used before; nothing changed (a review staff hid stays hidden). */
export const ZSiteReviewConfirmed = z.strictObject({
  id: z.number(),
  status: z.number(),
  already_confirmed: z.boolean(),
})

/** GET /client/reviews?page: published site reviews, newest first, with their average mark and count. */
export const SITE_REVIEWS_PER_PAGE = 10
export const ZPublicSiteReviewsQuery = z.object({ page: zPage }).optional()
export const ZPublicSiteReview = z.strictObject({
  id: z.number(),
  name: z.string(),
  text: z.string(),
  mark: z.number(),
  created_at: z.string(),
})
export const ZPublicSiteReviews = z.strictObject({
  items: z.array(ZPublicSiteReview),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
  avg_review_mark: z.number(),
})

/** POST /admin/site_review/save {site_review: {id, name, text, mark}}: staff correct a review (its status apart). */
export const ZSiteReviewSave = zFieldsUnder(
  'site_review',
  z.object({ id: zId }).extend(ZSiteReviewFields.omit({ email: true }).shape),
)
