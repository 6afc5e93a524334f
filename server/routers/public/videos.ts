// Public: videos, vacancies and the feedback e-mail (docs/api.md#public-reads `videos`, `vacancy/get`,
// `vacancies/get`, `send_feedback_email`). Rules: server/domain/content/{videos,vacancies,feedback}.ts.
import {
  ZFeedbackSend,
  ZFeedbackSent,
  ZPublicVacancies,
  ZPublicVacanciesQuery,
  ZPublicVacancy,
  ZPublicVacancyQuery,
  ZPublicVideos,
  ZPublicVideosQuery,
} from '../../../common/schemas/admin/videos.schema'
import { sendFeedback } from '../../domain/content/feedback'
import { publicVacancies, publicVacancy } from '../../domain/content/vacancies'
import { publicVideos } from '../../domain/content/videos'
import { t } from '../../trpc/init'
import { publicProcedure } from '../../trpc/procedures'

export const mediaPublicRouter = t.router({
  /** GET /client/videos?page&lang */
  videos: publicProcedure
    .input(ZPublicVideosQuery)
    .output(ZPublicVideos)
    .query(({ ctx, input }) => publicVideos(ctx.scope, { page: input?.page ?? 1 })),
  /** GET /client/vacancies/get?page&lang */
  vacancies: publicProcedure
    .input(ZPublicVacanciesQuery)
    .output(ZPublicVacancies)
    .query(({ ctx, input }) => publicVacancies(ctx.scope, { page: input?.page ?? 1 })),
  /** GET /client/vacancy/get?id&lang */
  vacancy: publicProcedure
    .input(ZPublicVacancyQuery)
    .output(ZPublicVacancy)
    .query(({ ctx, input }) => publicVacancy(ctx.scope, input)),
  /** POST /client/send_feedback_email {feedback} */
  sendFeedback: publicProcedure
    .input(ZFeedbackSend)
    .output(ZFeedbackSent)
    .mutation(({ ctx, input }) =>
      sendFeedback(ctx.scope, input, {
        mail: ctx.mail,
        ip: ctx.ip,
        origin: ctx.origin,
        supportEmail: ctx.env.SUPPORT_EMAIL,
      }),
    ),
})
