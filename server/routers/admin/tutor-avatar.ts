// Staff set, crop and remove a tutor's photo (docs/api.md#admin-tutors, the tutors area): the tutor's own
// avatar calls (tutor/profile.ts) with the tutor's id.
import { cropAvatar, removeAvatar, setAvatar } from '../../domain/tutors/avatar'
import { cropOf } from '../../domain/shared/avatar-files'
import { fileStorage } from '../../integrations/storage/storage'
import type { Context } from '../../trpc/context'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'
import { ZAvatarAnswer, ZAvatarSet, ZCrop, ZStaffTutor } from '../../../common/schemas/tutor/profile.schema'

const storage = (ctx: Context) => fileStorage(ctx.env)
const tutors = staffProcedure('tutors')

/** /admin/tutor/profile/avatar/{set,crop,remove} with tutor_id. */
export const staffTutorAvatarRouter = t.router({
  set: tutors
    .input(ZAvatarSet.extend(ZStaffTutor.shape))
    .output(ZAvatarAnswer)
    .mutation(({ ctx, input }) =>
      setAvatar(ctx.scope, { tutor_id: input.tutor_id, image: input.image, crop: cropOf(input) }, storage(ctx)),
    ),
  crop: tutors
    .input(ZCrop.extend(ZStaffTutor.shape))
    .output(ZAvatarAnswer)
    .mutation(({ ctx, input }) => cropAvatar(ctx.scope, input, storage(ctx))),
  remove: tutors
    .input(ZStaffTutor)
    .output(ZAvatarAnswer)
    .mutation(({ ctx, input }) => removeAvatar(ctx.scope, input, storage(ctx))),
})
