// Public: the English level test (docs/api.md#client-level-test `examination_tests`; start, attempt and
// submit are our paths, docs/decisions.md). Rules: server/domain/content/level-test.ts.
import {
  ZExaminationAttempt,
  ZExaminationAttemptQuery,
  ZExaminationResult,
  ZExaminationStart,
  ZExaminationSubmit,
  ZExaminationTests,
  ZExaminationTestsQuery,
} from '../../../common/schemas/public/examination.schema'
import { attemptOf, examinationTests, startLevelTest, submitLevelTest } from '../../domain/content/level-test'
import { t } from '../../trpc/init'
import { publicProcedure } from '../../trpc/procedures'

export const levelTestPublicRouter = t.router({
  /** GET /client/examination_tests?query */
  list: publicProcedure
    .input(ZExaminationTestsQuery)
    .output(ZExaminationTests)
    .query(({ ctx }) => examinationTests(ctx.scope)),
  /** POST /client/examination_test/start: as the signed-in tutor (unless acting as a client), for the profile badge; 429 past the hour's starts per address or person. */
  start: publicProcedure
    .input(ZExaminationStart)
    .output(ZExaminationAttempt)
    .mutation(({ ctx }) =>
      startLevelTest(
        ctx.scope,
        { tutorId: ctx.identity?.tutor && ctx.identity.currentRole !== 'client' ? ctx.identity.tutor.id : null },
        { ip: ctx.ip, personId: ctx.identity?.personId ?? null },
      ),
    ),
  /** GET /client/examination_test/attempt?attempt */
  attempt: publicProcedure
    .input(ZExaminationAttemptQuery)
    .output(ZExaminationAttempt)
    .query(({ ctx, input }) => attemptOf(ctx.scope, { token: input.attempt })),
  /** POST /client/examination_test/submit {attempt, answers} */
  submit: publicProcedure
    .input(ZExaminationSubmit)
    .output(ZExaminationResult)
    .mutation(({ ctx, input }) => submitLevelTest(ctx.scope, { token: input.attempt, answers: input.answers })),
})
