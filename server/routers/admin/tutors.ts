// Staff calls on tutors (spec/api-calls.md §7.2), panel area 'tutors'. Rules in server/domain/people/.
import { anonymiseTutor } from '../../domain/people/anonymise'
import { tutorActivity } from '../../domain/people/activity'
import {
  copyTutor,
  deleteTutor,
  getTutorForStaff,
  listTutors,
  publishTutor,
  saveAdminComment,
  setTutorActive,
  setTutorFavorite,
  setTutorPassword,
  setTutorSchool,
  setTutorToggle,
  setTutorVerified,
  transliterateTutor,
} from '../../domain/people/tutor-admin'
import { staffAddMoney } from '../../domain/people/wallet'
import { createTutorByStaff } from '../../domain/people/tutor-create'
import { saveTutorProfile } from '../../domain/tutors/profile'
import { ZProfileSave, ZStaffTutor } from '../../../common/schemas/tutor/profile.schema'
import { fileStorage } from '../../integrations/storage/storage'
import { errorFields } from '../../log'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'
import {
  ZAddMoney,
  ZAdminComment,
  ZById,
  ZSetFavorite,
  ZSetToggle,
  ZSetVerified,
  ZTutorFlagOptional,
  ZTutorId,
  ZTutorList,
  ZTutorLog,
  ZTutorPassword,
} from '../../../common/schemas/admin/tutors.schema'

const staff = staffProcedure('tutors')

export const tutorsAdminRouter = t.router({
  list: staff.input(ZTutorList).query(({ ctx, input }) => listTutors(ctx.db, ctx.edition, input.page, input.filters)),
  profile: t.router({
    get: staff.input(ZById).query(({ ctx, input }) => getTutorForStaff(ctx.db, ctx.edition, input.id)),
    /** GET /admin/tutor/profile/copy?id — state-changing GET (the CSRF check covers the path). */
    copy: staff.input(ZById).mutation(({ ctx, input }) => copyTutor(ctx.db, ctx.actor, input.id)),
    /** POST /admin/tutor/profile/save (multipart: tutor_id, `tutor` JSON text, `new_documents[]`): the tutor's own form, by staff. */
    save: staff.input(ZProfileSave.extend(ZStaffTutor.shape)).mutation(({ ctx, input }) =>
      saveTutorProfile(ctx.db, fileStorage(ctx.env), ctx.actor, input.tutor_id, ctx.edition, ctx.locale, {
        tutor: input.tutor,
        newDocuments: input.new_documents,
        newDocumentDescriptions: input.new_documents_descriptions,
      }),
    ),
    /** POST /admin/tutor/profile/create (multipart: `tutor` JSON text with name and e-mail or phone, then the profile form). */
    create: staff.input(ZProfileSave).mutation(({ ctx, input }) =>
      createTutorByStaff(ctx.db, fileStorage(ctx.env), ctx.actor, ctx.edition, ctx.locale, {
        tutor: input.tutor,
        newDocuments: input.new_documents,
        newDocumentDescriptions: input.new_documents_descriptions,
      }),
    ),
    passwordSet: staff.input(ZTutorPassword).mutation(({ ctx, input }) => setTutorPassword(ctx.db, ctx.actor, input.tutor_id, input.password)),
    setFavorite: staff.input(ZSetFavorite).mutation(({ ctx, input }) => setTutorFavorite(ctx.db, ctx.actor, input.tutor_id, input.add_favorite)),
    transliterate: staff.input(ZById).query(({ ctx, input }) => transliterateTutor(ctx.db, input.id)),
  }),
  delete: staff.input(ZTutorId).mutation(({ ctx, input }) => deleteTutor(ctx.db, ctx.actor, input.tutor_id)),
  anonymizationDelete: staff.input(ZTutorId).mutation(({ ctx, input }) =>
    anonymiseTutor(ctx.db, {
      actor: ctx.actor,
      tutorId: input.tutor_id,
      edition: ctx.edition,
      storage: fileStorage(ctx.env),
      onFileError: (key, err) => ctx.log.error('anonymisation: file not deleted', { requestId: ctx.requestId, key, ...errorFields(err) }),
    }),
  ),
  publish: staff.input(ZTutorFlagOptional).mutation(({ ctx, input }) => publishTutor(ctx.db, ctx.actor, input.tutor_id, input.value ?? true)),
  setActive: staff.input(ZTutorId).mutation(({ ctx, input }) => setTutorActive(ctx.db, ctx.actor, input.tutor_id, true)),
  setInactive: staff.input(ZTutorId).mutation(({ ctx, input }) => setTutorActive(ctx.db, ctx.actor, input.tutor_id, false)),
  setSchool: staff.input(ZTutorFlagOptional).mutation(({ ctx, input }) => setTutorSchool(ctx.db, ctx.actor, input.tutor_id, input.value ?? true)),
  setVerified: staff.input(ZSetVerified).mutation(({ ctx, input }) => setTutorVerified(ctx.db, ctx.actor, input.tutor_id, input.verified)),
  setToggle: staff.input(ZSetToggle).mutation(({ ctx, input }) => setTutorToggle(ctx.db, ctx.actor, input.tutor_id, input.toggle, input.value)),
  saveAdminComment: staff.input(ZAdminComment).mutation(({ ctx, input }) => saveAdminComment(ctx.db, ctx.actor, input.tutor_id, input.admin_comment)),
  addMoney: staff.input(ZAddMoney).mutation(({ ctx, input }) =>
    staffAddMoney(ctx.db, { actor: ctx.actor, edition: ctx.edition, tutorId: input.tutor_id, sumMinor: input.sum_minor, comment: input.comment }),
  ),
  logActivities: staff.input(ZTutorLog).query(({ ctx, input }) => tutorActivity(ctx.db, input.tutor_id, input.page)),
})
