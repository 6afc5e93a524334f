// Public: news (docs/api.md#public-reads `GET /client/news?query`, `POST /client/news_one/set_rating`;
// rules and the visitor key: server/domain/content/public-news.ts).
import {
  ZNewsRate,
  ZNewsRated,
  ZPublicNewsList,
  ZPublicNewsPage,
  ZPublicNewsPageQuery,
  ZPublicNewsQuery,
} from '../../../common/schemas/admin/news.schema'
import { publicNewsList, publicNewsPage, rateNews, visitorKey } from '../../domain/content/public-news'
import { t } from '../../trpc/init'
import { publicProcedure } from '../../trpc/procedures'

export const newsPublicRouter = t.router({
  /** GET /client/news?page&category */
  list: publicProcedure
    .input(ZPublicNewsQuery)
    .output(ZPublicNewsList)
    .query(({ ctx, input }) => publicNewsList(ctx.scope, input ?? {})),
  /** The server-rendered /news/ pages (no REST path): the list, a category's list or one item. */
  page: publicProcedure
    .input(ZPublicNewsPageQuery)
    .output(ZPublicNewsPage)
    .query(({ ctx, input }) => publicNewsPage(ctx.scope, input)),
  /** POST /client/news_one/set_rating?id&rating: once per visitor. */
  setRating: publicProcedure
    .input(ZNewsRate)
    .output(ZNewsRated)
    .mutation(({ ctx, input }) =>
      rateNews(ctx.scope, {
        ...input,
        visitor: visitorKey({ personId: ctx.identity?.personId, staffId: ctx.identity?.staff?.id, ip: ctx.ip }),
      }),
    ),
})
