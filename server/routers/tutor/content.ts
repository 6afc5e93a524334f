// The tutor's blog and ads (docs/api.md#tutor-blog-and-ads "Blog", "Ads"; rules: server/domain/content/).
import { z } from 'zod'
import {
  ZAd,
  ZAdCreate,
  ZAdImageAdd,
  ZAdList,
  ZAdRules,
  ZAdSave,
  ZBlog,
  ZBlogCreate,
  ZBlogImageAdd,
  ZBlogList,
  ZBlogRules,
  ZBlogSave,
  ZContentId,
  ZImageAdded,
  ZImageRemove,
  ZImageRemoved,
  ZPageOnly,
  ZTutorAdStatus,
} from '../../../common/schemas/content/blogs-ads.schema'
import {
  adRules,
  addAdImage,
  removeAdImage,
  tutorChangeAdStatus,
  tutorCreateAd,
  tutorGetAd,
  tutorListAds,
  tutorSaveAd,
} from '../../domain/content/ads'
import {
  addBlogImage,
  blogRules,
  tutorCreateBlog,
  tutorGetBlog,
  tutorListBlogs,
  tutorSaveBlog,
} from '../../domain/content/blogs'
import { fileStorage } from '../../integrations/storage/storage'
import type { Context } from '../../trpc/context'
import { t } from '../../trpc/init'
import { tutorProcedure } from '../../trpc/procedures'

const storage = (ctx: Context) => fileStorage(ctx.env)

export const tutorBlogRouter = t.router({
  /** GET /tutor/resources/blog_rules */
  rules: tutorProcedure
    .input(z.object({}).optional())
    .output(ZBlogRules)
    .query(() => blogRules()),
  /** POST /tutor/blog/create {blog} */
  create: tutorProcedure
    .input(ZBlogCreate)
    .output(ZBlog)
    .mutation(({ ctx, input }) => tutorCreateBlog(ctx.scope, input)),
  /** GET /tutor/blog/get?id */
  get: tutorProcedure
    .input(ZContentId)
    .output(ZBlog)
    .query(({ ctx, input }) => tutorGetBlog(ctx.scope, input)),
  /** POST /tutor/blog/save {blog: {id, …}} */
  save: tutorProcedure
    .input(ZBlogSave)
    .output(ZBlog)
    .mutation(({ ctx, input }) => tutorSaveBlog(ctx.scope, input)),
  /** GET /tutor/blogs/get?page */
  list: tutorProcedure
    .input(ZPageOnly)
    .output(ZBlogList)
    .query(({ ctx, input }) => tutorListBlogs(ctx.scope, { page: input?.page ?? 1 })),
  /** POST /tutor/blog/add_image (multipart image, optional blog_id) */
  addImage: tutorProcedure
    .input(ZBlogImageAdd)
    .output(ZImageAdded)
    .mutation(({ ctx, input }) =>
      addBlogImage(ctx.scope, { image: input.image, blog_id: input.blog_id, tutor_id: ctx.tutor.id }, storage(ctx)),
    ),
})

export const tutorAdsRouter = t.router({
  /** GET /tutor/resources/ad_rules */
  rules: tutorProcedure
    .input(z.object({}).optional())
    .output(ZAdRules)
    .query(() => adRules()),
  /** POST /tutor/ad/create (multipart `ad` + `images[]`) */
  create: tutorProcedure
    .input(ZAdCreate)
    .output(ZAd)
    .mutation(({ ctx, input }) => tutorCreateAd(ctx.scope, input, storage(ctx))),
  /** POST /tutor/ad/save (multipart `ad` with id + `images[]`) */
  save: tutorProcedure
    .input(ZAdSave)
    .output(ZAd)
    .mutation(({ ctx, input }) => tutorSaveAd(ctx.scope, input, storage(ctx))),
  /** GET /tutor/ad/get?id */
  get: tutorProcedure
    .input(ZContentId)
    .output(ZAd)
    .query(({ ctx, input }) => tutorGetAd(ctx.scope, input)),
  /** GET /tutor/ads/get?page */
  list: tutorProcedure
    .input(ZPageOnly)
    .output(ZAdList)
    .query(({ ctx, input }) => tutorListAds(ctx.scope, { page: input?.page ?? 1 })),
  /** POST /tutor/ad/add_image (multipart image, optional ad_id) */
  addImage: tutorProcedure
    .input(ZAdImageAdd)
    .output(ZImageAdded)
    .mutation(({ ctx, input }) =>
      addAdImage(ctx.scope, { image: input.image, ad_id: input.ad_id, tutor_id: ctx.tutor.id }, storage(ctx)),
    ),
  /** POST /tutor/ad/remove_image {image_id} */
  removeImage: tutorProcedure
    .input(ZImageRemove)
    .output(ZImageRemoved)
    .mutation(({ ctx, input }) =>
      removeAdImage(ctx.scope, { image_id: input.image_id, tutorId: ctx.tutor.id }, storage(ctx)),
    ),
  /** POST /tutor/ad/change_status {ad, new_status} */
  changeStatus: tutorProcedure
    .input(ZTutorAdStatus)
    .output(ZAd)
    .mutation(({ ctx, input }) => tutorChangeAdStatus(ctx.scope, input)),
})
