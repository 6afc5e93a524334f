// Tutor: the cabinet's level test entry: the tutor's English level badge. Taking the
// test is the public calls' (server/routers/public/level-test.ts), as the signed-in tutor.
import { ZTutorLevelBadge, ZTutorLevelBadgeQuery } from '../../../common/schemas/tutor/level-test.schema'
import { tutorLevelBadge } from '../../domain/content/level-test'
import { t } from '../../trpc/init'
import { tutorProcedure } from '../../trpc/procedures'

export const tutorLevelTestRouter = t.router({
  /** GET /tutor/examination_test/badge */
  badge: tutorProcedure
    .input(ZTutorLevelBadgeQuery)
    .output(ZTutorLevelBadge)
    .query(({ ctx }) => tutorLevelBadge(ctx.scope, { tutorId: ctx.tutor.id })),
})
