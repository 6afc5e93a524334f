// Staff: videos (docs/api.md#admin-pages-reviews-videos-vacancies-site-blocks "Videos"; panel area `videos`) and
// vacancies (our calls, the panel area `static_pages`). Rules: server/domain/content/videos.ts and vacancies.ts.
import { FieldErrors } from '../../../common/errors'
import {
  ZDeleted,
  ZVacancy,
  ZVacancyCreate,
  ZVacancyId,
  ZVacancyList,
  ZVacancyListAnswer,
  ZVacancySave,
  ZVideo,
  ZVideoCreate,
  ZVideoId,
  ZVideoList,
  ZVideoListAnswer,
  ZVideoSave,
} from '../../../common/schemas/admin/videos.schema'
import { msg } from '../../../i18n/format'
import { createVacancy, deleteVacancy, getVacancy, listVacancies, saveVacancy } from '../../domain/content/vacancies'
import { createVideo, deleteVideo, getVideo, listVideos, saveVideo } from '../../domain/content/videos'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'

const videos = staffProcedure('videos')
const vacancies = staffProcedure('static_pages')

/** The id beside the object or inside it (as static_pages/save takes it). */
function idOf(outer: number | undefined, inner: number | undefined): number {
  const id = outer ?? inner
  if (!id) throw new FieldErrors({ id: [msg('validation.required')] })
  return id
}

export const videosAdminRouter = t.router({
  /** GET /admin/videos/get?page */
  list: videos
    .input(ZVideoList)
    .output(ZVideoListAnswer)
    .query(({ ctx, input }) => listVideos(ctx.scope, input)),
  /** GET /admin/video/get?id */
  get: videos
    .input(ZVideoId)
    .output(ZVideo)
    .query(({ ctx, input }) => getVideo(ctx.scope, input)),
  /** POST /admin/video/create {video} */
  create: videos
    .input(ZVideoCreate)
    .output(ZVideo)
    .mutation(({ ctx, input }) => createVideo(ctx.scope, input)),
  /** POST /admin/video/save {id, video} */
  save: videos
    .input(ZVideoSave)
    .output(ZVideo)
    .mutation(({ ctx, input }) => {
      const { id: inner, ...video } = input.video
      return saveVideo(ctx.scope, { id: idOf(input.id, inner), video })
    }),
  /** POST /admin/video/delete?id */
  delete: videos
    .input(ZVideoId)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteVideo(ctx.scope, input)),
})

export const vacanciesAdminRouter = t.router({
  /** GET /admin/vacancies/get?page (our path) */
  list: vacancies
    .input(ZVacancyList)
    .output(ZVacancyListAnswer)
    .query(({ ctx, input }) => listVacancies(ctx.scope, input)),
  /** GET /admin/vacancy/get?id (our path) */
  get: vacancies
    .input(ZVacancyId)
    .output(ZVacancy)
    .query(({ ctx, input }) => getVacancy(ctx.scope, input)),
  /** POST /admin/vacancy/create {vacancy} (our path) */
  create: vacancies
    .input(ZVacancyCreate)
    .output(ZVacancy)
    .mutation(({ ctx, input }) => createVacancy(ctx.scope, input)),
  /** POST /admin/vacancy/save {id, vacancy} (our path) */
  save: vacancies
    .input(ZVacancySave)
    .output(ZVacancy)
    .mutation(({ ctx, input }) => {
      const { id: inner, ...vacancy } = input.vacancy
      return saveVacancy(ctx.scope, { id: idOf(input.id, inner), vacancy })
    }),
  /** POST /admin/vacancy/delete?id (our path) */
  delete: vacancies
    .input(ZVacancyId)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteVacancy(ctx.scope, input)),
})
