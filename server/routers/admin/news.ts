// Staff: news and news categories (docs/api.md#admin-news "News", "News categories"; the panel area
// `news`: staff statuses 1, 3 and 4 by common/staff-areas.ts). Rules: server/domain/content/news.ts.
import { FieldErrors } from '../../../common/errors'
import {
  ZNewsAddImage,
  ZNewsAddedImage,
  ZNewsCategory,
  ZNewsCategoryCreate,
  ZNewsCategoryList,
  ZNewsCategoryListAnswer,
  ZNewsCategoryOptions,
  ZNewsCategorySave,
  ZNewsCreate,
  ZNewsDeleted,
  ZNewsId,
  ZNewsList,
  ZNewsListAnswer,
  ZNewsOne,
  ZNewsRules,
  ZNewsSave,
  ZNewsSetPublished,
} from '../../../common/schemas/admin/news.schema'
import { msg } from '../../../i18n/format'
import {
  addNewsImage,
  createNews,
  createNewsCategory,
  deleteNews,
  deleteNewsCategory,
  deleteNewsMainImage,
  getNews,
  getNewsCategory,
  listNews,
  listNewsCategories,
  newsCategoryOptions,
  newsRules,
  saveNews,
  saveNewsCategory,
  setNewsPublished,
  toggleNewsActive,
  toggleNewsCategory,
} from '../../domain/content/news'
import { fileStorage } from '../../integrations/storage/storage'
import type { Context } from '../../trpc/context'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'

const news = staffProcedure('news')
const storage = (ctx: Context) => fileStorage(ctx.env)
/** The id inside the JSON text or beside it. */
function idOf(outer: number | undefined, inner: number | undefined): number {
  const id = outer ?? inner
  if (!id) throw new FieldErrors({ id: [msg('validation.required')] })
  return id
}

export const newsAdminRouter = t.router({
  /** GET /admin/resources/news_rules */
  rules: news.output(ZNewsRules).query(({ ctx }) => newsRules(ctx.scope)),
  /** GET /admin/resources/news_categories */
  categoryOptions: news.output(ZNewsCategoryOptions).query(({ ctx }) => newsCategoryOptions(ctx.scope)),
  /** GET /admin/news/get?page&filters */
  list: news
    .input(ZNewsList)
    .output(ZNewsListAnswer)
    .query(({ ctx, input }) => listNews(ctx.scope, input)),
  /** GET /admin/news_one/get?id */
  get: news
    .input(ZNewsId)
    .output(ZNewsOne)
    .query(({ ctx, input }) => getNews(ctx.scope, input)),
  /** POST /admin/news_one/create (multipart: news, image) */
  create: news
    .input(ZNewsCreate)
    .output(ZNewsOne)
    .mutation(({ ctx, input }) => createNews(ctx.scope, input, storage(ctx))),
  /** POST /admin/news_one/save (multipart: news with id, image) */
  save: news
    .input(ZNewsSave)
    .output(ZNewsOne)
    .mutation(({ ctx, input }) => {
      const { id, ...fields } = input.news
      return saveNews(ctx.scope, { id: idOf(input.id, id), news: fields, image: input.image }, storage(ctx))
    }),
  /** POST /admin/news_one/delete?id */
  delete: news
    .input(ZNewsId)
    .output(ZNewsDeleted)
    .mutation(({ ctx, input }) => deleteNews(ctx.scope, input, storage(ctx))),
  /** POST /admin/news_one/set_published?id */
  setPublished: news
    .input(ZNewsSetPublished)
    .output(ZNewsOne)
    .mutation(({ ctx, input }) => setNewsPublished(ctx.scope, input)),
  /** POST /admin/news_one/set_active_or_inactive?id */
  toggleActive: news
    .input(ZNewsId)
    .output(ZNewsOne)
    .mutation(({ ctx, input }) => toggleNewsActive(ctx.scope, input)),
  /** POST /admin/news_one/add_image {image, news_id} */
  addImage: news
    .input(ZNewsAddImage)
    .output(ZNewsAddedImage)
    .mutation(({ ctx, input }) => addNewsImage(ctx.scope, input, storage(ctx))),
  /** POST /admin/news_one/delete_main_image?id */
  deleteMainImage: news
    .input(ZNewsId)
    .output(ZNewsOne)
    .mutation(({ ctx, input }) => deleteNewsMainImage(ctx.scope, input, storage(ctx))),
  categories: t.router({
    /** GET /admin/news_categories/get?page */
    list: news
      .input(ZNewsCategoryList)
      .output(ZNewsCategoryListAnswer)
      .query(({ ctx, input }) => listNewsCategories(ctx.scope, { page: input?.page ?? 1 })),
    /** GET /admin/news_category/get?id */
    get: news
      .input(ZNewsId)
      .output(ZNewsCategory)
      .query(({ ctx, input }) => getNewsCategory(ctx.scope, input)),
    /** POST /admin/news_category/create {news_category} */
    create: news
      .input(ZNewsCategoryCreate)
      .output(ZNewsCategory)
      .mutation(({ ctx, input }) => createNewsCategory(ctx.scope, input)),
    /** POST /admin/news_category/save {news_category} (the id inside it or beside it) */
    save: news
      .input(ZNewsCategorySave)
      .output(ZNewsCategory)
      .mutation(({ ctx, input }) => {
        const { id, ...fields } = input.news_category
        return saveNewsCategory(ctx.scope, { id: idOf(input.id, id), news_category: fields })
      }),
    /** POST /admin/news_category/delete?id */
    delete: news
      .input(ZNewsId)
      .output(ZNewsDeleted)
      .mutation(({ ctx, input }) => deleteNewsCategory(ctx.scope, input)),
    /** POST /admin/news_category/set_active_or_inactive?id */
    toggleActive: news
      .input(ZNewsId)
      .output(ZNewsCategory)
      .mutation(({ ctx, input }) => toggleNewsCategory(ctx.scope, input)),
  }),
})
