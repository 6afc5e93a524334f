// Public: published tutor blog posts and ads (docs/api.md#public-reads `GET /client/blogs?query`,
// `GET /client/ads?query`, `POST /client/blog/set_rating?id&rating`; one post by id for /blog/{id}/).
import {
  ZBlogRating,
  ZContentId,
  ZPublicAds,
  ZPublicAdsQuery,
  ZPublicBlog,
  ZPublicBlogs,
  ZPublicBlogsQuery,
  ZRated,
} from '../../../common/schemas/content/blogs-ads.schema'
import { publicAds } from '../../domain/content/ads'
import { publicBlog, publicBlogs, rateBlog } from '../../domain/content/blogs'
import { t } from '../../trpc/init'
import { publicProcedure } from '../../trpc/procedures'

export const contentPublicRouter = t.router({
  /** GET /client/blogs?page&tutor_id */
  blogs: publicProcedure
    .input(ZPublicBlogsQuery)
    .output(ZPublicBlogs)
    .query(({ ctx, input }) => publicBlogs(ctx.scope, { page: input?.page ?? 1, tutor_id: input?.tutor_id })),
  /** GET /client/blog/get?id */
  blog: publicProcedure
    .input(ZContentId)
    .output(ZPublicBlog)
    .query(({ ctx, input }) => publicBlog(ctx.scope, input)),
  /** POST /client/blog/set_rating?id&rating: once per visitor (the signed-in person, else the address). */
  rateBlog: publicProcedure
    .input(ZBlogRating)
    .output(ZRated)
    .mutation(({ ctx, input }) =>
      rateBlog(ctx.scope, {
        ...input,
        voter: ctx.identity?.personId ? `person:${ctx.identity.personId}` : `ip:${ctx.ip}`,
      }),
    ),
  /** GET /client/ads?page&tutor_id&lesson_id */
  ads: publicProcedure
    .input(ZPublicAdsQuery)
    .output(ZPublicAds)
    .query(({ ctx, input }) =>
      publicAds(ctx.scope, { page: input?.page ?? 1, tutor_id: input?.tutor_id, lesson_id: input?.lesson_id }),
    ),
})
