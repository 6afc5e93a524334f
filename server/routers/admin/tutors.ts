// Staff calls on tutors (docs/api.md#admin-tutors), panel area 'tutors'. Rules in server/domain/people/.
import { z } from 'zod'
import { anonymiseTutor } from '../../domain/people/anonymise'
import { tutorRules } from '../../domain/people/tutor-rules'
import { ZTutorRules } from '../../../common/schemas/admin/tutor-rules.schema'
import { tutorActivity } from '../../domain/people/activity'
import {
  copyTutor,
  deleteTutor,
  getTutorForStaff,
  listTutors,
  publishTutor,
  saveAdminComment,
  sendBackTutor,
  setTutorActive,
  setTutorFavorite,
  setTutorPassword,
  setTutorSchool,
  setTutorToggle,
  setTutorVerified,
  transliterateTutor,
} from '../../domain/people/tutor-admin'
import { staffAddMoney } from '../../domain/people/wallet'
import { mailProfileNotice } from '../../domain/onboarding/notices'
import { createTutorByStaff } from '../../domain/people/tutor-create'
import { saveTutorProfile } from '../../domain/tutors/profile'
import { publicTutor } from '../../domain/catalogue/profile'
import { ZStaffTutorPreview } from '../../../common/schemas/public/catalogue.schema'
import { tutorDocumentList } from '../../domain/tutors/documents'
import { ZProfileSave, ZStaffTutor, ZTutorProfileAnswer } from '../../../common/schemas/tutor/profile.schema'
import {
  ZAdminCommentSaved,
  ZMoneyAdded,
  ZStaffTutorAnswer,
  ZStaffTutorListAnswer,
  ZTransliterateAnswer,
  ZTutorActiveSet,
  ZTutorAnonymised,
  ZTutorCopied,
  ZTutorDeleted,
  ZTutorFavoriteSet,
  ZTutorLogAnswer,
  ZTutorPublished,
  ZTutorSchoolSet,
  ZTutorSentBack,
  ZTutorToggleSet,
  ZTutorTouched,
  ZTutorVerifiedSet,
} from '../../../common/schemas/admin/tutors.schema'
import { fileStorage } from '../../integrations/storage/storage'
import { errorFields } from '../../log'
import { t } from '../../trpc/init'
import type { Context } from '../../trpc/context'
import { staffProcedure } from '../../trpc/procedures'
import {
  ZAddMoney,
  ZAdminComment,
  ZById,
  ZSetFavorite,
  ZSetToggle,
  ZSetVerified,
  ZTutorFlagOptional,
  ZTutorSendBack,
  ZTutorId,
  ZTutorList,
  ZTutorLog,
  ZTutorPassword,
} from '../../../common/schemas/admin/tutors.schema'

const staff = staffProcedure('tutors')

/** A notice's e-mail that failed is logged; the change it reports stays. */
const mailFailed = (ctx: { log: Context['log']; requestId: string }) => (err: unknown) =>
  ctx.log.error('profile notice e-mail failed', { requestId: ctx.requestId, ...errorFields(err) })

export const tutorsAdminRouter = t.router({
  /** GET /admin/resources/tutor_rules */
  rules: staff
    .input(z.object({}).optional())
    .output(ZTutorRules)
    .query(() => tutorRules()),
  list: staff
    .input(ZTutorList)
    .output(ZStaffTutorListAnswer)
    .query(({ ctx, input }) => listTutors(ctx.scope, input)),
  profile: t.router({
    get: staff
      .input(ZById)
      .output(ZStaffTutorAnswer)
      .query(({ ctx, input }) => getTutorForStaff(ctx.scope, input)),
    /** GET /admin/tutor/profile/preview?id: the tutor's public profile as visitors will see it, published or not. */
    preview: staff
      .input(ZById)
      .output(ZStaffTutorPreview)
      .query(async ({ ctx, input }) => ({
        ...(await publicTutor(ctx.scope, input.id, { preview: true })),
        documents: await tutorDocumentList(ctx.db, input.id),
      })),
    /** GET /admin/tutor/profile/copy?id — state-changing GET (the CSRF check covers the path). */
    copy: staff
      .input(ZById)
      .output(ZTutorCopied)
      .mutation(({ ctx, input }) => copyTutor(ctx.scope, input)),
    /** POST /admin/tutor/profile/save (multipart: tutor_id, `tutor` JSON text, `new_documents[]`): the tutor's own form, by staff. */
    save: staff
      .input(ZProfileSave.extend(ZStaffTutor.shape))
      .output(ZTutorProfileAnswer)
      .mutation(({ ctx, input }) => saveTutorProfile(ctx.scope, input, fileStorage(ctx.env))),
    /** POST /admin/tutor/profile/create (multipart: `tutor` JSON text with name and e-mail or phone, then the profile form). */
    create: staff
      .input(ZProfileSave)
      .output(ZTutorProfileAnswer)
      .mutation(({ ctx, input }) => createTutorByStaff(ctx.scope, input, fileStorage(ctx.env))),
    passwordSet: staff
      .input(ZTutorPassword)
      .output(ZTutorTouched)
      .mutation(({ ctx, input }) => setTutorPassword(ctx.scope, input)),
    setFavorite: staff
      .input(ZSetFavorite)
      .output(ZTutorFavoriteSet)
      .mutation(({ ctx, input }) => setTutorFavorite(ctx.scope, input)),
    transliterate: staff
      .input(ZById)
      .output(ZTransliterateAnswer)
      .query(({ ctx, input }) => transliterateTutor(ctx.db, input)),
  }),
  delete: staff
    .input(ZTutorId)
    .output(ZTutorDeleted)
    .mutation(({ ctx, input }) => deleteTutor(ctx.scope, input)),
  anonymizationDelete: staff
    .input(ZTutorId)
    .output(ZTutorAnonymised)
    .mutation(({ ctx, input }) =>
      anonymiseTutor(ctx.db, {
        actor: ctx.actor,
        tutorId: input.tutor_id,
        edition: ctx.edition,
        storage: fileStorage(ctx.env),
        onFileError: (key, err) =>
          ctx.log.error('anonymisation: file not deleted', { requestId: ctx.requestId, key, ...errorFields(err) }),
      }),
    ),
  publish: staff
    .input(ZTutorFlagOptional)
    .output(ZTutorPublished)
    .mutation(async ({ ctx, input }) => {
      const done = await publishTutor(ctx.scope, input)
      if (done.published)
        await mailProfileNotice(ctx, { tutorId: done.tutor_id, kind: 'profile_live' }, mailFailed(ctx))
      return done
    }),
  /** POST /admin/tutor/send_back {tutor_id, reason} */
  sendBack: staff
    .input(ZTutorSendBack)
    .output(ZTutorSentBack)
    .mutation(async ({ ctx, input }) => {
      const done = await sendBackTutor(ctx.scope, input)
      await mailProfileNotice(
        ctx,
        { tutorId: done.tutor_id, kind: 'profile_sent_back', reason: done.reason },
        mailFailed(ctx),
      )
      return done
    }),
  setActive: staff
    .input(ZTutorId)
    .output(ZTutorActiveSet)
    .mutation(({ ctx, input }) => setTutorActive(ctx.scope, { ...input, active: true })),
  setInactive: staff
    .input(ZTutorId)
    .output(ZTutorActiveSet)
    .mutation(({ ctx, input }) => setTutorActive(ctx.scope, { ...input, active: false })),
  setSchool: staff
    .input(ZTutorFlagOptional)
    .output(ZTutorSchoolSet)
    .mutation(({ ctx, input }) => setTutorSchool(ctx.scope, input)),
  setVerified: staff
    .input(ZSetVerified)
    .output(ZTutorVerifiedSet)
    .mutation(({ ctx, input }) => setTutorVerified(ctx.scope, input)),
  setToggle: staff
    .input(ZSetToggle)
    .output(ZTutorToggleSet)
    .mutation(({ ctx, input }) => setTutorToggle(ctx.scope, input)),
  saveAdminComment: staff
    .input(ZAdminComment)
    .output(ZAdminCommentSaved)
    .mutation(({ ctx, input }) => saveAdminComment(ctx.scope, input)),
  addMoney: staff
    .input(ZAddMoney)
    .output(ZMoneyAdded)
    .mutation(({ ctx, input }) => staffAddMoney(ctx.scope, input)),
  logActivities: staff
    .input(ZTutorLog)
    .output(ZTutorLogAnswer)
    .query(({ ctx, input }) => tutorActivity(ctx.db, input)),
})
