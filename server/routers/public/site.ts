import { z } from 'zod'
import { LOCALES } from '../../../common/editions'
import { footerLinks, footerRating } from '../../domain/site/footer'
import { publicSiteBlocks } from '../../domain/site/blocks'
import { ZPublicSiteBlocks } from '../../../common/schemas/admin/site-blocks.schema'
import { t } from '../../trpc/init'
import { publicProcedure } from '../../trpc/procedures'
import { ZFooterAnswer } from '../../../common/schemas/site.schema'
import { publicSiteReviewsRouter } from './site-reviews'

export const ZLang = z.object({ lang: z.enum(LOCALES).optional() }).optional()

const shellRouter = t.router({
  /** GET /client/footer: aggregate rating for the stars (percent of 5), the school link and the advanced-level links. */
  footer: publicProcedure
    .input(ZLang)
    .output(ZFooterAnswer)
    .query(async ({ ctx }) => {
      const [rating, links] = await Promise.all([footerRating(ctx.db), footerLinks(ctx.scope)])
      return { ...rating, school_url: `${ctx.env.PUBLIC_URL ?? ''}/school/`, links }
    }),
  /** The site blocks staff edit (panel units_blocks), in the request's language; tRPC only, rendered with every page. */
  blocks: publicProcedure
    .input(ZLang)
    .output(ZPublicSiteBlocks)
    .query(({ ctx }) => publicSiteBlocks(ctx.scope)),
})

/** The site shell's calls and the visitors' site reviews (server/routers/public/site-reviews.ts). */
export const siteRouter = t.mergeRouters(shellRouter, publicSiteReviewsRouter)
