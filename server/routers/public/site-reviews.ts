// Site reviews of visitors (docs/api.md#client-orders-and-chats; rules: server/domain/site/public-site-reviews.ts).
// Public: anybody may leave one (throttled per IP), confirm it from the e-mailed link, read the list.
import { confirmSiteReview, createSiteReview, publicSiteReviews } from '../../domain/site/public-site-reviews'
import { t } from '../../trpc/init'
import { publicProcedure } from '../../trpc/procedures'
import {
  ZPublicSiteReviews,
  ZPublicSiteReviewsQuery,
  ZSiteReviewConfirmed,
  ZSiteReviewCreate,
  ZSiteReviewCreated,
  ZSiteReviewToken,
} from '../../../common/schemas/site.schema'

export const publicSiteReviewsRouter = t.router({
  /** GET /client/reviews?page: published site reviews, newest first, with the average mark. */
  reviews: publicProcedure
    .input(ZPublicSiteReviewsQuery)
    .output(ZPublicSiteReviews)
    .query(({ ctx, input }) => publicSiteReviews(ctx.scope, { page: input?.page ?? 1 })),
  /** POST /client/site_review/create {site_review: {name, email, text, mark}} */
  createReview: publicProcedure
    .input(ZSiteReviewCreate)
    .output(ZSiteReviewCreated)
    .mutation(({ ctx, input }) =>
      createSiteReview(ctx.scope, input, { mail: ctx.mail, tokens: ctx.tokens, origin: ctx.origin, ip: ctx.ip }),
    ),
  /** POST /client/site_review/set_active {token} */
  confirmReview: publicProcedure
    .input(ZSiteReviewToken)
    .output(ZSiteReviewConfirmed)
    .mutation(({ ctx, input }) => confirmSiteReview(ctx.scope, input, ctx)),
})
