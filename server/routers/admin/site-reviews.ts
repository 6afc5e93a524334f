import { z } from 'zod'
import { getSiteReview, listSiteReviews, moderateSiteReview, saveSiteReview } from '../../domain/site/site-reviews'
import { zId, zPage } from '../../../common/validators'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'
import { ZSiteReview, ZSiteReviewList, ZSiteReviewModerated, ZSiteReviewSave } from '../../../common/schemas/site.schema'

const reviews = staffProcedure('reviews')
const ZById = z.object({ id: zId })
/** `status`: 0 new, 1 published, 2 hidden, 3 deleted; absent or empty: all. */
const ZSiteReviewListInput = z
  .object({ page: zPage, status: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(0).max(3).optional()) })
  .optional()

export const siteReviewsRouter = t.router({
  list: reviews.input(ZSiteReviewListInput).output(ZSiteReviewList).query(({ ctx, input }) => listSiteReviews(ctx.db, { page: input?.page ?? 1, status: input?.status })),
  get: reviews.input(ZById).output(ZSiteReview).query(({ ctx, input }) => getSiteReview(ctx.db, input.id)),
  setActive: reviews.input(ZById).output(ZSiteReviewModerated).mutation(({ ctx, input }) => moderateSiteReview(ctx.scope, { id: input.id, action: 'set_active' })),
  setInactive: reviews.input(ZById).output(ZSiteReviewModerated).mutation(({ ctx, input }) => moderateSiteReview(ctx.scope, { id: input.id, action: 'set_inactive' })),
  setDeleted: reviews.input(ZById).output(ZSiteReviewModerated).mutation(({ ctx, input }) => moderateSiteReview(ctx.scope, { id: input.id, action: 'set_deleted' })),
  /** POST /admin/site_review/save {site_review: {id, name, text, mark}} */
  save: reviews.input(ZSiteReviewSave).output(ZSiteReview).mutation(({ ctx, input }) => saveSiteReview(ctx.scope, input)),
})
