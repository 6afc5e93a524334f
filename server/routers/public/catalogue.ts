// Public catalogue reads: the catalogue, its metatags, tutor profiles, reviews, the order form's
// data, viewed tutors and the main page. No sign-in needed.
import { z } from 'zod'
import { mainPage } from '../../domain/catalogue/main-page'
import { popularSearches } from '../../domain/catalogue/popular'
import {
  DEFAULT_REVIEWS_LIMIT,
  orderFormData,
  publicTutor,
  tutorReviews,
  viewedTutors,
} from '../../domain/catalogue/profile'
import { catalogueSeoTag, searchCatalogue } from '../../domain/catalogue/search'
import { LOCALES } from '../../../common/editions'
import { zId, zPage } from '../../../common/validators'
import { t } from '../../trpc/init'
import { publicProcedure } from '../../trpc/procedures'
import { hotAnswer, parsedSynchronously } from '../../trpc/sync-output'
import {
  ZCatalogueAnswer,
  ZCatalogueQuery,
  ZMainPageAnswer,
  ZOrderFormAnswer,
  ZPopularSearchesAnswer,
  ZPublicTutor,
  ZSeoTagAnswer,
  ZTutorReviewsAnswer,
  ZViewedAnswer,
} from '../../../common/schemas/public/catalogue.schema'

const zLang = z.enum(LOCALES).optional()

export const ZTutorReviews = z.object({
  tutor_id: zId,
  lang: zLang,
  limit: z.coerce.number().int().min(1).max(50).default(DEFAULT_REVIEWS_LIMIT),
  page: zPage,
  lesson_id: zId.optional(),
  level_id: zId.optional(),
})

/** ids as a list, or as "1,2,3" (the browser keeps them in local storage). */
const zIdList = z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(zId).max(50))

export const cataloguePublicRouter = t.router({
  /** GET /client/tutors — `g_bot` gets exactly the same answer. */
  tutors: publicProcedure
    .input(parsedSynchronously(ZCatalogueQuery))
    .output(hotAnswer(ZCatalogueAnswer))
    .query(({ ctx, input }) => searchCatalogue(ctx.scope, input)),
  /** GET /client/seo_tag — h1, title, metad and the staff SEO text for a filter combination. */
  seoTag: publicProcedure
    .input(ZCatalogueQuery)
    .output(ZSeoTagAnswer)
    .query(({ ctx, input }) => catalogueSeoTag(ctx.scope, input)),
  tutor: publicProcedure
    .input(z.object({ id: zId, lang: zLang }))
    .output(ZPublicTutor)
    .query(({ ctx, input }) => publicTutor(ctx.scope, input.id)),
  reviews: publicProcedure
    .input(ZTutorReviews)
    .output(ZTutorReviewsAnswer)
    .query(({ ctx, input }) =>
      tutorReviews(ctx.scope, {
        tutorId: input.tutor_id,
        limit: input.limit,
        page: input.page,
        lessonId: input.lesson_id,
        levelId: input.level_id,
      }),
    ),
  orderForm: publicProcedure
    .input(z.object({ id: zId, lang: zLang }))
    .output(ZOrderFormAnswer)
    .query(({ ctx, input }) => orderFormData(ctx.scope, input.id)),
  viewed: publicProcedure
    .input(z.object({ ids: zIdList.default([]), page: zPage, lang: zLang }))
    .output(hotAnswer(ZViewedAnswer))
    .query(async ({ ctx, input }) => ({ items: await viewedTutors(ctx.scope, input.ids), page: input.page })),
  mainPage: publicProcedure
    .input(z.object({ lang: zLang }).optional())
    .output(ZMainPageAnswer)
    .query(({ ctx }) => mainPage(ctx.scope)),
  /** GET /client/popular_searches: the catalogue pages with the most tutors (/p/popular/). */
  popularSearches: publicProcedure
    .input(z.object({ lang: zLang }).optional())
    .output(ZPopularSearchesAnswer)
    .query(({ ctx }) => popularSearches(ctx.scope)),
})
