// OpenID Connect sign-in for tutors, clients and staff (docs/api.md#admin-staff-accounts-and-session,
// #tutor-sign-in-and-account, #client-sign-in-and-settings): GET …/oauth/redirect answers {url} (the provider's sign-in
// page); the provider sends the browser to /oauth/callback/{tutor|client|admin}?code&state, whose page posts both to
// …/oauth/login.
import { z } from 'zod'
import { msg } from '../../../i18n/keys'
import { type AuthObject, authObject, loadIdentity } from '../../domain/auth/sessions'
import {
  type OidcRole,
  completeOidcSignIn,
  oidcRedirectUri,
  requireProvider,
  startOidcSignIn,
} from '../../domain/auth/oidc-sign-in'
import { DomainError } from '../../../common/errors'
import { LOCAL_CLIENT_ID, LocalOidcProvider } from '../../integrations/oidc/local'
import { OidcError } from '../../integrations/oidc/provider'
import type { Context } from '../../trpc/context'
import { t } from '../../trpc/init'
import { publicProcedure } from '../../trpc/procedures'
import { ZFileResponse } from '../../../common/schemas/answers'
import { ZAuthAnswer } from '../../../common/schemas/auth/sign-in.schema'

const required = z
  .string({ error: msg('validation.required') })
  .trim()
  .min(1, msg('validation.required'))
export const ZOauthLogin = z.object({ code: required.max(2048), state: required.max(512) })
/** The provider's sign-in page to send the browser to. */
const ZOauthRedirect = z.strictObject({ url: z.string() })

async function answerWithSession(ctx: Context, sessionId: string): Promise<{ auth: AuthObject }> {
  await ctx.session.set(sessionId)
  return { auth: authObject(await loadIdentity(ctx.db, sessionId)) }
}

function roleRouter(role: OidcRole) {
  return t.router({
    redirect: publicProcedure
      .output(ZOauthRedirect)
      .query(({ ctx }) =>
        startOidcSignIn(ctx.db, requireProvider(ctx.oidc), { role, redirectUri: oidcRedirectUri(ctx.origin, role) }),
      ),
    login: publicProcedure
      .input(ZOauthLogin)
      .output(ZAuthAnswer)
      .mutation(async ({ ctx, input }) =>
        answerWithSession(
          ctx,
          await completeOidcSignIn(ctx.db, requireProvider(ctx.oidc), {
            role,
            code: input.code,
            state: input.state,
            previous: ctx.identity,
            req: { ip: ctx.ip, userAgent: ctx.userAgent },
          }),
        ),
      ),
  })
}

const ZLocalAuthorize = z.object({
  client_id: z.string().optional(),
  redirect_uri: z.string().url(),
  state: z.string().min(1).max(512),
  nonce: z.string().min(1).max(512),
  code_challenge: z.string().min(1).max(128),
  code_challenge_method: z.string().optional(),
  login: z.string().max(254).optional(),
})

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The local provider's sign-in page (development and tests): pick the identity, get sent back with a code. */
/** Answers an HTML page or a 302 redirect (a raw route), never JSON. */
const localAuthorize = publicProcedure
  .input(ZLocalAuthorize)
  .output(ZFileResponse)
  .query(({ ctx, input }) => {
    if (!(ctx.oidc instanceof LocalOidcProvider)) throw new DomainError('not_found')
    // Only back to this site: the local provider is not an open redirector.
    if (new URL(input.redirect_uri).origin !== ctx.origin) throw new DomainError('bad_request')
    if (!input.login) {
      const hidden = Object.entries({ ...input, client_id: input.client_id ?? LOCAL_CLIENT_ID })
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(String(v ?? ''))}">`)
        .join('')
      const html = `<!doctype html><meta charset="utf-8"><title>Local sign-in</title><h1>Local OpenID Connect provider</h1><form method="get">${hidden}<label>E-mail <input name="login" type="email" required autofocus></label> <button>Sign in</button></form>`
      return new Response(html, {
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
      })
    }
    try {
      const { location } = ctx.oidc.authorize({ ...input, login: input.login })
      return new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store' } })
    } catch (err) {
      if (err instanceof OidcError) throw new DomainError('bad_request', 'errors.oauth_no_account')
      throw err
    }
  })

export const oauthRouter = t.router({
  oauth: t.router({
    tutor: roleRouter('tutor'),
    client: roleRouter('client'),
    staff: roleRouter('staff'),
    localAuthorize,
  }),
})
