// The tutor's profile editor (docs/api.md#tutor-sign-in-and-account): get, save (multipart), documents, avatar.
// Staff's avatar calls: admin/tutor-avatar.ts.
import { z } from 'zod'
import { cropAvatar, removeAvatar, setAvatar } from '../../domain/tutors/avatar'
import { cropOf } from '../../domain/shared/avatar-files'
import { readTutorDocument } from '../../domain/tutors/documents'
import { uploadedFileResponse } from '../../domain/shared/download'
import { getTutorProfile, saveTutorProfile } from '../../domain/tutors/profile'
import { tutorCompleteness } from '../../domain/tutors/completeness'
import { publicTutor } from '../../domain/catalogue/profile'
import { ZPublicTutor } from '../../../common/schemas/public/catalogue.schema'
import { fileStorage } from '../../integrations/storage/storage'
import type { Context } from '../../trpc/context'
import { t } from '../../trpc/init'
import { partyOrStaffProcedure, tutorProcedure } from '../../trpc/procedures'
import {
  ZAvatarAnswer,
  ZAvatarSet,
  ZCrop,
  ZDocumentAnswer,
  ZDocumentId,
  ZProfileSave,
  ZTutorCompleteness,
  ZTutorProfileAnswer,
} from '../../../common/schemas/tutor/profile.schema'

const storage = (ctx: Context) => fileStorage(ctx.env)

export const tutorProfileRouter = t.router({
  /** GET /tutor/profile/get?lang */
  get: tutorProcedure
    .input(z.object({}).optional())
    .output(ZTutorProfileAnswer)
    .query(({ ctx }) => getTutorProfile(ctx.scope, { tutor_id: ctx.tutor.id })),

  /** GET /tutor/profile/completeness: the onboarding checklist (domain/tutors/completeness.ts). */
  completeness: tutorProcedure
    .input(z.object({}).optional())
    .output(ZTutorCompleteness)
    .query(({ ctx }) => tutorCompleteness(ctx.scope, ctx.tutor.id)),

  /** GET /tutor/profile/preview?lang: the own public profile as visitors will see it, published or not. */
  preview: tutorProcedure
    .input(z.object({}).optional())
    .output(ZPublicTutor)
    .query(({ ctx }) => publicTutor(ctx.scope, ctx.tutor.id, { preview: true })),

  /** POST /tutor/profile/save (multipart: `tutor` JSON text, `new_documents[]`, `new_documents_descriptions[]`) */
  save: tutorProcedure
    .input(ZProfileSave)
    .output(ZTutorProfileAnswer)
    .mutation(({ ctx, input }) =>
      saveTutorProfile(
        ctx.scope,
        { ...input, tutor_id: ctx.tutor.id, self: { sessionId: ctx.identity.sessionId, ip: ctx.ip } },
        storage(ctx),
      ),
    ),

  /** GET /tutor/profile/document?id: the file itself (a raw route), for the owner tutor and staff of the tutors area. */
  document: partyOrStaffProcedure('tutors')
    .input(ZDocumentId)
    .output(ZDocumentAnswer)
    .query(async ({ ctx, input }) =>
      uploadedFileResponse(await readTutorDocument(ctx.db, { identity: ctx.identity, id: input.id }, storage(ctx))),
    ),

  avatar: t.router({
    /** POST /tutor/profile/avatar/set (multipart `image`; optional x, y, width, height) */
    set: tutorProcedure
      .input(ZAvatarSet)
      .output(ZAvatarAnswer)
      .mutation(({ ctx, input }) =>
        setAvatar(ctx.scope, { tutor_id: ctx.tutor.id, image: input.image, crop: cropOf(input) }, storage(ctx)),
      ),
    /** POST /tutor/profile/avatar/crop {x, y, width, height} */
    crop: tutorProcedure
      .input(ZCrop)
      .output(ZAvatarAnswer)
      .mutation(({ ctx, input }) => cropAvatar(ctx.scope, { ...input, tutor_id: ctx.tutor.id }, storage(ctx))),
    /** POST /tutor/profile/avatar/remove */
    remove: tutorProcedure
      .output(ZAvatarAnswer)
      .mutation(({ ctx }) => removeAvatar(ctx.scope, { tutor_id: ctx.tutor.id }, storage(ctx))),
  }),
})
