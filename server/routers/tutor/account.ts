// The tutor's account (spec/api-calls.md §7.7): password reset and set, phone, terms, indicators,
// settings, privacy (with the data download and deletion requests), rating, verification, affiliate,
// set_prof. Rules live in server/domain/account/.
import { z } from 'zod'
import { checkResetCode, resetPassword, sendResetCode } from '../../domain/account/password-reset'
import { tutorDataZip } from '../../domain/account/export'
import {
  cancelTutorDeletion,
  confirmTutorPhone,
  confirmTutorTerms,
  getTutorAffiliate,
  getTutorPrivacy,
  getTutorRating,
  getTutorSettings,
  getTutorVerification,
  requestTutorDeletion,
  requestTutorVerification,
  resendTutorPhoneCode,
  saveTutorPrivacy,
  setTutorEmailSubscribe,
  setTutorPassword,
  setTutorPhone,
  setTutorProf,
  tutorIndicators,
} from '../../domain/account/tutor-account'
import { attachmentDisposition } from '../../domain/tutors/documents'
import { parseOrFieldErrors } from '../../domain/shared/parse'
import { fileStorage } from '../../integrations/storage/storage'
import type { Context } from '../../trpc/context'
import { t } from '../../trpc/init'
import { publicProcedure, tutorProcedure } from '../../trpc/procedures'
import {
  ZEmailSubscribe,
  ZPhoneConfirm,
  ZPhoneSet,
  ZPhoneSetInput,
  ZPrivacySave,
  ZSetPassword,
  ZSetProf,
} from '../../../common/schemas/tutor/account.schema'
import { ZCheckResetCode, ZGetResetCode, ZResetPassword } from '../../../common/schemas/tutor/password-reset.schema'

const req = (ctx: Context) => ({ ip: ctx.ip, userAgent: ctx.userAgent })
const me = (ctx: { tutor: { id: number }; identity: { personId: number | null } }) => ({ tutorId: ctx.tutor.id, personId: ctx.identity.personId! })
const none = z.object({}).optional()

export const tutorAccountRouter = t.router({
  password: t.router({
    /** POST /tutor/profile/password/get_reset_code {login} */
    getResetCode: publicProcedure
      .input(ZGetResetCode)
      .mutation(({ ctx, input }) => sendResetCode(ctx.db, { login: input.login, edition: ctx.edition, mail: ctx.mail, sms: ctx.sms, req: req(ctx) })),
    /** POST /tutor/profile/password/check_reset_code {login, reset_code} */
    checkResetCode: publicProcedure
      .input(ZCheckResetCode)
      .mutation(({ ctx, input }) => checkResetCode(ctx.db, { login: input.login, code: input.reset_code, edition: ctx.edition, req: req(ctx) })),
    /** POST /tutor/profile/password/reset {login, reset_code, password} */
    reset: publicProcedure
      .input(ZResetPassword)
      .mutation(({ ctx, input }) =>
        resetPassword(ctx.db, { login: input.login, code: input.reset_code, password: input.password, edition: ctx.edition, req: req(ctx) }),
      ),
    /** POST /tutor/profile/password/set?password */
    set: tutorProcedure
      .input(ZSetPassword)
      .mutation(({ ctx, input }) =>
        setTutorPassword(ctx.db, ctx.actor, me(ctx), { sessionId: ctx.identity.sessionId, ip: ctx.ip }, input.password, input.current_password),
      ),
  }),
  phone: t.router({
    /** POST /tutor/profile/phone/set {phone} */
    set: tutorProcedure.input(ZPhoneSetInput).mutation(({ ctx, input: raw }) => {
      const input = parseOrFieldErrors(ZPhoneSet(ctx.edition), raw)
      return setTutorPhone(ctx.db, { actor: ctx.actor, me: me(ctx), phone: input.phone, edition: ctx.edition, sms: ctx.sms })
    }),
    /** POST /tutor/profile/phone/confirm {code} */
    confirm: tutorProcedure.input(ZPhoneConfirm).mutation(({ ctx, input }) => confirmTutorPhone(ctx.db, ctx.actor, me(ctx), input.code)),
    /** POST /tutor/profile/phone/resend_code */
    resendCode: tutorProcedure.mutation(({ ctx }) => resendTutorPhoneCode(ctx.db, { actor: ctx.actor, me: me(ctx), edition: ctx.edition, sms: ctx.sms })),
  }),
  /** POST /tutor/terms/confirm */
  confirmTerms: tutorProcedure.mutation(({ ctx }) => confirmTutorTerms(ctx.db, ctx.actor, me(ctx))),
  /** GET /tutor/profile/indicators/get */
  indicators: tutorProcedure.input(none).query(({ ctx }) => tutorIndicators(ctx.db, me(ctx))),
  settings: t.router({
    /** GET /tutor/settings/get */
    get: tutorProcedure.input(none).query(({ ctx }) => getTutorSettings(ctx.db, me(ctx))),
    /** POST /tutor/settings/set_email_subscribe {value} */
    setEmailSubscribe: tutorProcedure.input(ZEmailSubscribe).mutation(({ ctx, input }) => setTutorEmailSubscribe(ctx.db, ctx.actor, me(ctx), input.value)),
  }),
  privacy: t.router({
    /** GET /tutor/privacy/get */
    get: tutorProcedure.input(none).query(({ ctx }) => getTutorPrivacy(ctx.db, me(ctx))),
    /** POST /tutor/privacy/save {tutor} */
    save: tutorProcedure.input(ZPrivacySave).mutation(({ ctx, input }) => saveTutorPrivacy(ctx.db, ctx.actor, me(ctx), input.tutor)),
    /** GET /tutor/privacy/download_files: a ZIP (raw route). */
    downloadFiles: tutorProcedure.input(none).query(async ({ ctx }) => {
      const zip = await tutorDataZip(ctx.db, fileStorage(ctx.env), { actor: ctx.actor, me: me(ctx), locale: ctx.locale, edition: ctx.edition })
      return new Response(zip, {
        headers: {
          'content-type': 'application/zip',
          'content-length': String(zip.byteLength),
          'content-disposition': attachmentDisposition(`tutor-${ctx.tutor.id}-data.zip`),
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, no-store',
        },
      })
    }),
    /** POST /tutor/privacy/delete_profile */
    deleteProfile: tutorProcedure.mutation(({ ctx }) => requestTutorDeletion(ctx.db, ctx.actor, me(ctx))),
    /** POST /tutor/privacy/cancel_delete_profile */
    cancelDeleteProfile: tutorProcedure.mutation(({ ctx }) => cancelTutorDeletion(ctx.db, ctx.actor, me(ctx))),
  }),
  /** GET /tutor/rating/get */
  rating: tutorProcedure.input(none).query(({ ctx }) => getTutorRating(ctx.db, me(ctx))),
  verified: t.router({
    /** GET /tutor/profile/verified/get */
    get: tutorProcedure.input(none).query(({ ctx }) => getTutorVerification(ctx.db, me(ctx))),
    /** POST /tutor/profile/verified/confirm */
    confirm: tutorProcedure.mutation(({ ctx }) => requestTutorVerification(ctx.db, ctx.actor, me(ctx))),
  }),
  /** GET /tutor/affiliate/get */
  affiliate: tutorProcedure.input(none).query(({ ctx }) => getTutorAffiliate(ctx.db, me(ctx), ctx.origin)),
  /** POST /tutor/profile/set_prof {tutor_id, prof} */
  setProf: tutorProcedure.input(ZSetProf).mutation(({ ctx, input }) => setTutorProf(ctx.db, ctx.actor, me(ctx), input.tutor_id, input.prof)),
})
