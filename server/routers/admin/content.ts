// Staff: tutor blogs (area `blogs`) and ads (area `ads`) — docs/api.md#admin-ads-and-blogs "Blogs", "Ads".
// Rules: server/domain/content/blogs.ts, ads.ts, uniqueness.ts.
import { FieldErrors, notFound } from '../../../common/errors'
import {
  ZAd,
  ZAdImageAdd,
  ZAdList,
  ZAdSave,
  ZBlog,
  ZBlogImageAdd,
  ZBlogList,
  ZBlogMark,
  ZBlogSave,
  ZContentId,
  ZContentList,
  ZImageAdded,
  ZImageRemove,
  ZImageRemoved,
  ZNeedRevision,
  ZStaffAdStatus,
  ZUniqueness,
} from '../../../common/schemas/content/blogs-ads.schema'
import { msg } from '../../../i18n/format'
import { addAdImage, removeAdImage, staffGetAd, staffListAds, staffMoveAd, staffSaveAd } from '../../domain/content/ads'
import {
  addBlogImage,
  staffBlogNeedRevision,
  staffDeleteBlog,
  staffGetBlog,
  staffListBlogs,
  staffPublishBlog,
  staffSaveBlog,
  staffSetBlogMark,
} from '../../domain/content/blogs'
import { checkBlogUniqueness } from '../../domain/content/uniqueness'
import { fileStorage } from '../../integrations/storage/storage'
import type { Context } from '../../trpc/context'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'

const storage = (ctx: Context) => fileStorage(ctx.env)
const blogs = staffProcedure('blogs')
const ads = staffProcedure('ads')

/** The tutor an image is for: the one named, else the owner of the post or ad it goes to. */
async function ownerOf(
  ctx: Context,
  a: { table: 'blogs' | 'ads'; id: number | null | undefined; tutorId: number | undefined },
): Promise<number> {
  if (a.tutorId) return a.tutorId
  if (!a.id) throw new FieldErrors({ tutor_id: [msg('validation.required')] })
  const row = await ctx.db.selectFrom(a.table).select('tutor_id').where('id', '=', a.id).executeTakeFirst()
  if (!row) throw notFound()
  return row.tutor_id
}

export const blogsAdminRouter = t.router({
  /** POST /admin/blogs/get {page, filters} */
  list: blogs
    .input(ZContentList)
    .output(ZBlogList)
    .query(({ ctx, input }) => staffListBlogs(ctx.scope, input)),
  /** GET /admin/blog/get?id */
  get: blogs
    .input(ZContentId)
    .output(ZBlog)
    .query(({ ctx, input }) => staffGetBlog(ctx.scope, input)),
  /** POST /admin/blog/save {blog} */
  save: blogs
    .input(ZBlogSave)
    .output(ZBlog)
    .mutation(({ ctx, input }) => staffSaveBlog(ctx.scope, input)),
  /** POST /admin/blog/set_deleted?id */
  setDeleted: blogs
    .input(ZContentId)
    .output(ZBlog)
    .mutation(({ ctx, input }) => staffDeleteBlog(ctx.scope, input)),
  /** POST /admin/blog/set_published?id */
  setPublished: blogs
    .input(ZContentId)
    .output(ZBlog)
    .mutation(({ ctx, input }) => staffPublishBlog(ctx.scope, input)),
  /** POST /admin/blog/set_need_revision?id&reason */
  setNeedRevision: blogs
    .input(ZNeedRevision)
    .output(ZBlog)
    .mutation(({ ctx, input }) => staffBlogNeedRevision(ctx.scope, input, ctx)),
  /** POST /admin/blog/set_mark?id&mark */
  setMark: blogs
    .input(ZBlogMark)
    .output(ZBlog)
    .mutation(({ ctx, input }) => staffSetBlogMark(ctx.scope, input)),
  /** POST /admin/blog/add_image (multipart image, tutor_id, optional blog_id) */
  addImage: blogs
    .input(ZBlogImageAdd)
    .output(ZImageAdded)
    .mutation(async ({ ctx, input }) =>
      addBlogImage(
        ctx.scope,
        {
          image: input.image,
          blog_id: input.blog_id,
          tutor_id: await ownerOf(ctx, { table: 'blogs', id: input.blog_id, tutorId: input.tutor_id }),
        },
        storage(ctx),
      ),
    ),
  /** POST /admin/blog/check_uniqueness {id} */
  checkUniqueness: blogs
    .input(ZContentId)
    .output(ZUniqueness)
    .mutation(({ ctx, input }) => checkBlogUniqueness(ctx.scope, input)),
})

export const adsAdminRouter = t.router({
  /** POST /admin/ads/get {page, filters} */
  list: ads
    .input(ZContentList)
    .output(ZAdList)
    .query(({ ctx, input }) => staffListAds(ctx.scope, input)),
  /** GET /admin/ad/get?id */
  get: ads
    .input(ZContentId)
    .output(ZAd)
    .query(({ ctx, input }) => staffGetAd(ctx.scope, input)),
  /** POST /admin/ad/save (multipart `ad` + `images[]`) */
  save: ads
    .input(ZAdSave)
    .output(ZAd)
    .mutation(({ ctx, input }) => staffSaveAd(ctx.scope, input, storage(ctx))),
  /** POST /admin/ad/set_deleted?id */
  setDeleted: ads
    .input(ZContentId)
    .output(ZAd)
    .mutation(({ ctx, input }) => staffMoveAd(ctx.scope, { id: input.id, to: 'deleted' }, ctx)),
  /** POST /admin/ad/set_published?id */
  setPublished: ads
    .input(ZContentId)
    .output(ZAd)
    .mutation(({ ctx, input }) => staffMoveAd(ctx.scope, { id: input.id, to: 'published' }, ctx)),
  /** POST /admin/ad/set_need_revision?id&reason */
  setNeedRevision: ads
    .input(ZNeedRevision)
    .output(ZAd)
    .mutation(({ ctx, input }) =>
      staffMoveAd(ctx.scope, { id: input.id, to: 'need_revision', reason: input.reason }, ctx),
    ),
  /** POST /admin/ad/change_status {ad, tutor_id, new_status} */
  changeStatus: ads
    .input(ZStaffAdStatus)
    .output(ZAd)
    .mutation(({ ctx, input }) =>
      staffMoveAd(ctx.scope, { id: input.ad, to: input.new_status, reason: input.reason }, ctx),
    ),
  /** POST /admin/ad/add_image (multipart image, tutor_id, optional ad_id) */
  addImage: ads
    .input(ZAdImageAdd)
    .output(ZImageAdded)
    .mutation(async ({ ctx, input }) =>
      addAdImage(
        ctx.scope,
        {
          image: input.image,
          ad_id: input.ad_id,
          tutor_id: await ownerOf(ctx, { table: 'ads', id: input.ad_id, tutorId: input.tutor_id }),
        },
        storage(ctx),
      ),
    ),
  /** POST /admin/ad/remove_image {image_id} */
  removeImage: ads
    .input(ZImageRemove)
    .output(ZImageRemoved)
    .mutation(({ ctx, input }) => removeAdImage(ctx.scope, { image_id: input.image_id, tutorId: null }, storage(ctx))),
})
