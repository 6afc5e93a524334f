// zod only: the answers of the site-wide calls (the footer) and of the staff's site reviews, for
// their `.output()`.
import { z } from 'zod'
import { zPaged } from './answer-parts'

/** GET /client/footer: the stars (average mark of published site reviews), how many, and the school link. */
export const ZFooterAnswer = z.strictObject({ avg_review_mark: z.number(), total_count: z.number(), school_url: z.string() })

/** A site review as staff see it; created_at is ISO text (UTC). */
export const ZSiteReview = z.strictObject({ id: z.number(), name: z.string(), text: z.string(), mark: z.number(), status: z.number(), created_at: z.string() })
export const ZSiteReviewList = zPaged(ZSiteReview)
export const ZSiteReviewModerated = z.strictObject({ id: z.number(), status: z.number() })

/** GET /admin/desktop: the panel's start page (who is signed in, the menu; widgets come with their areas). */
export const ZDesktopAnswer = z.strictObject({
  admin: z.strictObject({ admin_id: z.number(), name: z.string(), status: z.number() }),
  menu: z.array(z.string()),
  widgets: z.array(z.never()),
})
