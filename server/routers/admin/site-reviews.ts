import { z } from 'zod'
import { getSiteReview, listSiteReviews, moderateSiteReview, saveSiteReview } from '../../domain/site/site-reviews'
import { zId } from '../../../common/validators'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'
import {
  ZSiteReview,
  ZSiteReviewList,
  ZSiteReviewListInput,
  ZSiteReviewModerated,
  ZSiteReviewSave,
} from '../../../common/schemas/site.schema'

const reviews = staffProcedure('reviews')
const ZById = z.object({ id: zId })

export const siteReviewsRouter = t.router({
  list: reviews
    .input(ZSiteReviewListInput)
    .output(ZSiteReviewList)
    .query(({ ctx, input }) => listSiteReviews(ctx.db, { page: 1, ...input })),
  get: reviews
    .input(ZById)
    .output(ZSiteReview)
    .query(({ ctx, input }) => getSiteReview(ctx.db, input.id)),
  setActive: reviews
    .input(ZById)
    .output(ZSiteReviewModerated)
    .mutation(({ ctx, input }) => moderateSiteReview(ctx.scope, { id: input.id, action: 'set_active' })),
  setInactive: reviews
    .input(ZById)
    .output(ZSiteReviewModerated)
    .mutation(({ ctx, input }) => moderateSiteReview(ctx.scope, { id: input.id, action: 'set_inactive' })),
  setDeleted: reviews
    .input(ZById)
    .output(ZSiteReviewModerated)
    .mutation(({ ctx, input }) => moderateSiteReview(ctx.scope, { id: input.id, action: 'set_deleted' })),
  /** POST /admin/site_review/save {site_review: {id, name, text, mark}} */
  save: reviews
    .input(ZSiteReviewSave)
    .output(ZSiteReview)
    .mutation(({ ctx, input }) => saveSiteReview(ctx.scope, input)),
})
