// The tutor's own prices per subject and lesson duration (tRPC only, the spec
// documents no path): the tutor's editor, and the same calls for staff (the tutors area).
import { z } from 'zod'
import { notFound } from '../../../common/errors'
import { pricesView, setTutorPrices } from '../../domain/tutors/prices'
import { t } from '../../trpc/init'
import { staffProcedure, tutorProcedure } from '../../trpc/procedures'
import { ZStaffTutor } from '../../../common/schemas/tutor/profile.schema'
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

const tutors = staffProcedure('tutors')

export const staffTutorPricesRouter = t.router({
  get: tutors
    .input(ZStaffTutor)
    .output(ZTutorPricesAnswer)
    .query(async ({ ctx, input }) => {
      const found = await ctx.db.selectFrom('tutors').select('id').where('id', '=', input.tutor_id).executeTakeFirst()
      if (!found) throw notFound()
      return pricesView(ctx.db, input.tutor_id, ctx.edition)
    }),
  set: tutors
    .input(ZTutorPrices.extend(ZStaffTutor.shape))
    .output(ZTutorPricesAnswer)
    .mutation(({ ctx, input }) => setTutorPrices(ctx.scope, input)),
})
