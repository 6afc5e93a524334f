// The client's account (docs/api.md#client-sign-in-and-settings): generate_password, settings, the additional e-mail
// subscription, terms, profile delete. Rules live in server/domain/account/client-account.ts.
import { z } from 'zod'
import {
  confirmClientTerms,
  deleteClientProfile,
  generateClientPassword,
  getClientSettings,
  subscribeAdditionalEmail,
} from '../../domain/account/client-account'
import { authObject } from '../../domain/auth/sessions'
import { t } from '../../trpc/init'
import { clientProcedure } from '../../trpc/procedures'
import {
  ZAdditionalEmail,
  ZAdditionalEmailAnswer,
  ZClientProfileDeleted,
  ZClientSettings,
  ZClientTermsConfirmed,
  ZConfirmTerms,
  ZPasswordGenerated,
} from '../../../common/schemas/client/account.schema'

const me = (ctx: { client: { id: number }; identity: { personId: number | null } }) => ({
  clientId: ctx.client.id,
  personId: ctx.identity.personId!,
})

export const clientAccountRouter = t.router({
  /** POST /client/auth/generate_password */
  generatePassword: clientProcedure
    .output(ZPasswordGenerated)
    .mutation(({ ctx }) => generateClientPassword(ctx.scope, { me: me(ctx), sessionId: ctx.identity.sessionId }, ctx)),
  /** GET /client/settings/get */
  settings: clientProcedure
    .input(z.object({}).optional())
    .output(ZClientSettings)
    .query(({ ctx }) => getClientSettings(ctx.db, me(ctx))),
  /** POST /client/additional_email_subscription/subscribe {email} */
  subscribeAdditionalEmail: clientProcedure
    .input(ZAdditionalEmail)
    .output(ZAdditionalEmailAnswer)
    .mutation(({ ctx, input }) => subscribeAdditionalEmail(ctx.scope, { ...input, me: me(ctx) })),
  /** POST /client/terms/confirm {confirmation_terms} */
  confirmTerms: clientProcedure
    .input(ZConfirmTerms)
    .output(ZClientTermsConfirmed)
    .mutation(({ ctx }) => confirmClientTerms(ctx.scope, me(ctx))),
  /** POST /client/profile/delete: every session of the person ends and this browser's cookie is cleared. */
  deleteProfile: clientProcedure.output(ZClientProfileDeleted).mutation(async ({ ctx }) => {
    const data = await deleteClientProfile(ctx.scope, me(ctx))
    await ctx.session.set(null)
    return { auth: authObject(null), data }
  }),
})
