// The tutor's account (docs/api.md#tutor-sign-in-and-account): password reset and set, phone, terms, indicators,
// settings, privacy (with the data download and deletion requests), rating, verification, affiliate,
// set_prof. Rules live in server/domain/account/.
import { z } from 'zod'
import { checkResetCode, resetPassword, sendResetCode } from '../../domain/account/password-reset'
import { tutorDataZip } from '../../domain/account/export'
import { confirmTutorPhone, resendTutorPhoneCode, setTutorPhone } from '../../domain/account/tutor-phone'
import { setTutorPassword } from '../../domain/account/tutor-password'
import { confirmTutorTerms, getTutorSettings, setTutorEmailSubscribe } from '../../domain/account/tutor-settings'
import {
  cancelTutorDeletion,
  getTutorPrivacy,
  requestTutorDeletion,
  saveTutorPrivacy,
} from '../../domain/account/tutor-privacy'
import {
  getTutorVerification,
  requestTutorVerification,
  tutorIndicators,
} from '../../domain/account/tutor-verification'
import { getTutorRating } from '../../domain/account/tutor-rating'
import { getTutorAffiliate } from '../../domain/account/tutor-affiliate'
import { setTutorProf } from '../../domain/account/tutor-prof'
import { downloadResponse } from '../../domain/shared/download'
import { parseOrFieldErrors } from '../../domain/shared/parse'
import { fileStorage } from '../../integrations/storage/storage'
import type { Context } from '../../trpc/context'
import { t } from '../../trpc/init'
import { publicProcedure, tutorProcedure } from '../../trpc/procedures'
import {
  ZAffiliateAnswer,
  ZDeletionAnswer,
  ZEmailSubscribe,
  ZEmailSubscribeAnswer,
  ZPasswordSet,
  ZPhoneConfirm,
  ZPhoneConfirmed,
  ZPhoneSet,
  ZPhoneSetAnswer,
  ZPhoneSetInput,
  ZPrivacyAnswer,
  ZPrivacySave,
  ZSent,
  ZSetPassword,
  ZSetProf,
  ZSetProfAnswer,
  ZTermsConfirmed,
  ZTutorIndicators,
  ZTutorRating,
  ZTutorSettingsAnswer,
  ZVerificationAnswer,
  ZVerificationRequested,
} from '../../../common/schemas/tutor/account.schema'
import { ZFileResponse } from '../../../common/schemas/answers'
import {
  ZCheckResetCode,
  ZGetResetCode,
  ZPasswordReset,
  ZResetCodeValid,
  ZResetPassword,
} from '../../../common/schemas/tutor/password-reset.schema'

const req = (ctx: Context) => ({ ip: ctx.ip, userAgent: ctx.userAgent })
const me = (ctx: { tutor: { id: number }; identity: { personId: number | null } }) => ({
  tutorId: ctx.tutor.id,
  personId: ctx.identity.personId!,
})
const none = z.object({}).optional()

export const tutorAccountRouter = t.router({
  password: t.router({
    /** POST /tutor/profile/password/get_reset_code {login} */
    getResetCode: publicProcedure
      .input(ZGetResetCode)
      .output(ZSent)
      .mutation(({ ctx, input }) => sendResetCode(ctx.scope, { login: input.login, req: req(ctx) }, ctx)),
    /** POST /tutor/profile/password/check_reset_code {login, reset_code} */
    checkResetCode: publicProcedure
      .input(ZCheckResetCode)
      .output(ZResetCodeValid)
      .mutation(({ ctx, input }) =>
        checkResetCode(ctx.scope, { login: input.login, code: input.reset_code, req: req(ctx) }),
      ),
    /** POST /tutor/profile/password/reset {login, reset_code, password} */
    reset: publicProcedure
      .input(ZResetPassword)
      .output(ZPasswordReset)
      .mutation(({ ctx, input }) =>
        resetPassword(ctx.scope, {
          login: input.login,
          code: input.reset_code,
          password: input.password,
          req: req(ctx),
        }),
      ),
    /** POST /tutor/profile/password/set?password */
    set: tutorProcedure
      .input(ZSetPassword)
      .output(ZPasswordSet)
      .mutation(({ ctx, input }) =>
        setTutorPassword(ctx.scope, {
          ...input,
          me: me(ctx),
          caller: { sessionId: ctx.identity.sessionId, ip: ctx.ip },
        }),
      ),
  }),
  phone: t.router({
    /** POST /tutor/profile/phone/set {phone}: the phone rule is the edition's, so the schema is built per request. */
    set: tutorProcedure
      .input(ZPhoneSetInput)
      .output(ZPhoneSetAnswer)
      .mutation(({ ctx, input }) =>
        setTutorPhone(ctx.scope, { ...parseOrFieldErrors(ZPhoneSet(ctx.edition), input), me: me(ctx) }, ctx),
      ),
    /** POST /tutor/profile/phone/confirm {code} */
    confirm: tutorProcedure
      .input(ZPhoneConfirm)
      .output(ZPhoneConfirmed)
      .mutation(({ ctx, input }) => confirmTutorPhone(ctx.scope, { ...input, me: me(ctx) })),
    /** POST /tutor/profile/phone/resend_code */
    resendCode: tutorProcedure
      .output(ZSent)
      .mutation(({ ctx }) => resendTutorPhoneCode(ctx.scope, { me: me(ctx) }, ctx)),
  }),
  /** POST /tutor/terms/confirm */
  confirmTerms: tutorProcedure.output(ZTermsConfirmed).mutation(({ ctx }) => confirmTutorTerms(ctx.scope, me(ctx))),
  /** GET /tutor/profile/indicators/get */
  indicators: tutorProcedure
    .input(none)
    .output(ZTutorIndicators)
    .query(({ ctx }) => tutorIndicators(ctx.scope, me(ctx))),
  settings: t.router({
    /** GET /tutor/settings/get */
    get: tutorProcedure
      .input(none)
      .output(ZTutorSettingsAnswer)
      .query(({ ctx }) => getTutorSettings(ctx.db, me(ctx))),
    /** POST /tutor/settings/set_email_subscribe {value} */
    setEmailSubscribe: tutorProcedure
      .input(ZEmailSubscribe)
      .output(ZEmailSubscribeAnswer)
      .mutation(({ ctx, input }) => setTutorEmailSubscribe(ctx.scope, { ...input, me: me(ctx) })),
  }),
  privacy: t.router({
    /** GET /tutor/privacy/get */
    get: tutorProcedure
      .input(none)
      .output(ZPrivacyAnswer)
      .query(({ ctx }) => getTutorPrivacy(ctx.db, me(ctx))),
    /** POST /tutor/privacy/save {tutor} */
    save: tutorProcedure
      .input(ZPrivacySave)
      .output(ZPrivacyAnswer)
      .mutation(({ ctx, input }) => saveTutorPrivacy(ctx.scope, { privacy: input.tutor, me: me(ctx) })),
    /** GET /tutor/privacy/download_files: a ZIP (raw route). */
    downloadFiles: tutorProcedure
      .input(none)
      .output(ZFileResponse)
      .query(async ({ ctx }) => {
        const zip = await tutorDataZip(ctx.scope, me(ctx), { storage: fileStorage(ctx.env) })
        return downloadResponse(zip, {
          type: 'application/zip',
          size: zip.byteLength,
          name: `tutor-${ctx.tutor.id}-data.zip`,
        })
      }),
    /** POST /tutor/privacy/delete_profile */
    deleteProfile: tutorProcedure
      .output(ZDeletionAnswer)
      .mutation(({ ctx }) => requestTutorDeletion(ctx.scope, me(ctx))),
    /** POST /tutor/privacy/cancel_delete_profile */
    cancelDeleteProfile: tutorProcedure
      .output(ZDeletionAnswer)
      .mutation(({ ctx }) => cancelTutorDeletion(ctx.scope, me(ctx))),
  }),
  /** GET /tutor/rating/get */
  rating: tutorProcedure
    .input(none)
    .output(ZTutorRating)
    .query(({ ctx }) => getTutorRating(ctx.scope, me(ctx))),
  verified: t.router({
    /** GET /tutor/profile/verified/get */
    get: tutorProcedure
      .input(none)
      .output(ZVerificationAnswer)
      .query(({ ctx }) => getTutorVerification(ctx.scope, me(ctx))),
    /** POST /tutor/profile/verified/confirm */
    confirm: tutorProcedure
      .output(ZVerificationRequested)
      .mutation(({ ctx }) => requestTutorVerification(ctx.scope, me(ctx))),
  }),
  /** GET /tutor/affiliate/get */
  affiliate: tutorProcedure
    .input(none)
    .output(ZAffiliateAnswer)
    .query(({ ctx }) => getTutorAffiliate(ctx.db, { me: me(ctx), origin: ctx.origin })),
  /** POST /tutor/profile/set_prof {tutor_id, prof} */
  setProf: tutorProcedure
    .input(ZSetProf)
    .output(ZSetProfAnswer)
    .mutation(({ ctx, input }) => setTutorProf(ctx.scope, { ...input, me: me(ctx) })),
})
