// A tutor's prices per subject and lesson duration for staff (the tutors area; tRPC only, the spec
// documents no path): the tutor's own calls (tutor/prices.ts) with the tutor's id.
import { notFound } from '../../../common/errors'
import { pricesView, setTutorPrices } from '../../domain/tutors/prices'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'
import { ZStaffTutor } from '../../../common/schemas/tutor/profile.schema'
import { ZTutorPrices, ZTutorPricesAnswer } from '../../../common/schemas/tutor/prices.schema'

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
