import { requireCaptcha } from '../../integrations/captcha/provider'
// Sign-in, sign-out and the role switch for every kind of user (docs/contract.md#sign-in).
import { type AuthObject, loadIdentity, roleAnswer } from '../../domain/auth/sessions'
import { mailProfileNotice } from '../../domain/onboarding/notices'
import { logout, personLogin, registerTutor, setCurrentRole, staffLogin } from '../../domain/auth/sign-in'
import type { Context } from '../../trpc/context'
import { t } from '../../trpc/init'
import {
  clientProcedure,
  personProcedure,
  publicProcedure,
  staffProcedure,
  tutorProcedure,
} from '../../trpc/procedures'
import { parseOrFieldErrors } from '../../domain/shared/parse'
import { loginClientByCode, loginClientByToken, sendClientLoginCode } from '../../domain/auth/client-sign-in'
import { confirmEmail, sendEmailConfirmation } from '../../domain/auth/email-confirm'
import { errorFields } from '../../log'
import {
  ZAuthAnswer,
  ZAuthCodeSent,
  ZConfirmEmail,
  ZEmailConfirmed,
  ZSent,
  ZTutorRegistered,
  ZGetAuthCode,
  ZLoginByCode,
  ZLoginByToken,
  ZPersonLogin,
  ZRole,
  ZStaffLogin,
  ZTutorRegister,
  ZTutorRegisterInput,
} from '../../../common/schemas/auth/sign-in.schema'

const req = (ctx: Context) => ({ ip: ctx.ip, userAgent: ctx.userAgent })

/** Writes the new session's cookie and answers with the contract's `auth` object. */
async function answerWithSession(ctx: Context, sessionId: string | null): Promise<{ auth: AuthObject }> {
  await ctx.session.set(sessionId)
  const identity = sessionId ? await loadIdentity(ctx.db, sessionId) : null
  return roleAnswer(identity)
}

async function personOf(ctx: Context, tutorId: number): Promise<number> {
  const row = await ctx.db.selectFrom('tutors').select('person_id').where('id', '=', tutorId).executeTakeFirstOrThrow()
  return row.person_id
}

export const authRouter = t.router({
  role: t.router({
    get: publicProcedure.output(ZAuthAnswer).query(({ ctx }) => roleAnswer(ctx.identity)),
    set: personProcedure
      .input(ZRole)
      .output(ZAuthAnswer)
      .mutation(async ({ ctx, input }) => {
        await setCurrentRole(ctx.db, ctx.identity, input.role)
        return roleAnswer(await loadIdentity(ctx.db, ctx.identity.sessionId))
      }),
  }),
  staff: t.router({
    login: publicProcedure
      .input(ZStaffLogin)
      .output(ZAuthAnswer)
      .mutation(async ({ ctx, input }) =>
        answerWithSession(ctx, await staffLogin(ctx.db, { ...input, previous: ctx.identity, req: req(ctx) })),
      ),
    logout: staffProcedure('desktop')
      .output(ZAuthAnswer)
      .mutation(async ({ ctx }) =>
        answerWithSession(ctx, await logout(ctx.db, { identity: ctx.identity, what: 'staff', req: req(ctx) })),
      ),
  }),
  tutor: t.router({
    login: publicProcedure
      .input(ZPersonLogin)
      .output(ZAuthAnswer)
      .mutation(async ({ ctx, input }) =>
        answerWithSession(
          ctx,
          await personLogin(ctx.db, {
            ...input,
            role: 'tutor',
            edition: ctx.edition,
            previous: ctx.identity,
            req: req(ctx),
          }),
        ),
      ),
    logout: tutorProcedure
      .output(ZAuthAnswer)
      .mutation(async ({ ctx }) =>
        answerWithSession(ctx, await logout(ctx.db, { identity: ctx.identity, what: 'person', req: req(ctx) })),
      ),
    register: publicProcedure
      .input(ZTutorRegisterInput)
      .output(ZTutorRegistered)
      .mutation(async ({ ctx, input: raw }) => {
        const input = parseOrFieldErrors(ZTutorRegister(ctx.edition), raw)
        await requireCaptcha(ctx.env, { token: input.captcha_token, action: 'signup', ip: ctx.ip })
        const { sessionId, tutorId } = await registerTutor(ctx.db, {
          name: input.name,
          email: input.email,
          phone: input.phone,
          password: input.password,
          affiliateId: input.affiliate_id ?? null,
          previous: ctx.identity,
          req: req(ctx),
          edition: ctx.edition.code,
        })
        const answer = await answerWithSession(ctx, sessionId)
        // The account exists whatever the mail transport does; a failed send is logged and can be resent.
        await sendEmailConfirmation(ctx.db, {
          personId: await personOf(ctx, tutorId),
          mail: ctx.mail,
          edition: ctx.edition,
          origin: ctx.origin,
        }).catch((err) =>
          ctx.log.error('confirmation e-mail failed', { requestId: ctx.requestId, ...errorFields(err) }),
        )
        await mailProfileNotice(ctx, { tutorId, kind: 'profile_welcome' }, (err) =>
          ctx.log.error('welcome e-mail failed', { requestId: ctx.requestId, ...errorFields(err) }),
        )
        return { ...answer, data: { tutor_id: tutorId } }
      }),
    /** POST /tutor/email/confirm?confirmation_code= — the link may be opened in any browser. */
    confirmEmail: publicProcedure
      .input(ZConfirmEmail)
      .output(ZEmailConfirmed)
      .mutation(({ ctx, input }) => confirmEmail(ctx.db, input.confirmation_code)),
    resendEmail: tutorProcedure.output(ZSent).mutation(({ ctx }) =>
      sendEmailConfirmation(ctx.db, {
        personId: ctx.identity.personId!,
        mail: ctx.mail,
        edition: ctx.edition,
        origin: ctx.origin,
      }),
    ),
  }),
  client: t.router({
    login: publicProcedure
      .input(ZPersonLogin)
      .output(ZAuthAnswer)
      .mutation(async ({ ctx, input }) =>
        answerWithSession(
          ctx,
          await personLogin(ctx.db, {
            ...input,
            role: 'client',
            edition: ctx.edition,
            previous: ctx.identity,
            req: req(ctx),
          }),
        ),
      ),
    logout: clientProcedure
      .output(ZAuthAnswer)
      .mutation(async ({ ctx }) =>
        answerWithSession(ctx, await logout(ctx.db, { identity: ctx.identity, what: 'person', req: req(ctx) })),
      ),
    /** Sends a one-time code to the e-mail or phone; creates the client account on first use. */
    getAuthCode: publicProcedure
      .input(ZGetAuthCode)
      .output(ZAuthCodeSent)
      .mutation(({ ctx, input }) =>
        sendClientLoginCode(ctx.db, {
          login: input.login,
          edition: ctx.edition,
          mail: ctx.mail,
          sms: ctx.sms,
          req: req(ctx),
        }).then((r) => ({ client_id: r.client_id })),
      ),
    loginByCode: publicProcedure
      .input(ZLoginByCode)
      .output(ZAuthAnswer)
      .mutation(async ({ ctx, input }) =>
        answerWithSession(
          ctx,
          await loginClientByCode(ctx.db, {
            clientId: input.client_id,
            code: input.auth_code,
            previous: ctx.identity,
            req: req(ctx),
          }),
        ),
      ),
    loginByToken: publicProcedure
      .input(ZLoginByToken)
      .output(ZAuthAnswer)
      .mutation(async ({ ctx, input }) =>
        answerWithSession(
          ctx,
          await loginClientByToken(ctx.db, { token: input.auth_token, previous: ctx.identity, req: req(ctx) }),
        ),
      ),
  }),
})
