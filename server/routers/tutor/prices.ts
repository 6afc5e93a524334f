// The tutor's own prices per subject and lesson duration (tRPC only, the spec documents no path): the
// tutor's editor. Staff's: admin/tutor-prices.ts.
import { z } from 'zod'
import { pricesView, setTutorPrices } from '../../domain/tutors/prices'
import { t } from '../../trpc/init'
import { tutorProcedure } from '../../trpc/procedures'
import { ZTutorPrices, ZTutorPricesAnswer } from '../../../common/schemas/tutor/prices.schema'

export const tutorPricesRouter = t.router({
  get: tutorProcedure
    .input(z.object({}).optional())
    .output(ZTutorPricesAnswer)
    .query(({ ctx }) => pricesView(ctx.db, ctx.tutor.id, ctx.edition)),
  set: tutorProcedure
    .input(ZTutorPrices)
    .output(ZTutorPricesAnswer)
    .mutation(({ ctx, input }) => setTutorPrices(ctx.scope, { ...input, tutor_id: ctx.tutor.id })),
})
