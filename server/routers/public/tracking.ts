// Public: tracking and the school API (docs/api.md#other-public-calls). Rules:
// server/domain/site/links.ts, server/domain/messages/marketing.ts, server/domain/people/candidates.ts,
// server/integrations/captcha.
import { z } from 'zod'
import { ZFileResponse } from '../../../common/schemas/answers'
import {
  AD_CLICK_COOKIE,
  AD_CLICK_DAYS,
  ZCandidateRegistered,
  ZCandidateRegistration,
  ZCaptchaChallenge,
  ZCaptchaGet,
  ZCpaCookieSet,
  ZLinkRedirect,
  ZSetCpaCookie,
  ZUnsubscribe,
  ZUnsubscribed,
  isAdClick,
} from '../../../common/schemas/public/tracking.schema'
import { captchaFromEnv } from '../../integrations/captcha/provider'
import { readUnsubscribeToken, unsubscribe, unsubscribeKey } from '../../domain/messages/marketing'
import { registerCandidate } from '../../domain/people/candidates'
import { followLink } from '../../domain/site/links'
import { t } from '../../trpc/init'
import { publicProcedure } from '../../trpc/procedures'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function page(title: string, body: string, status = 200) {
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc;margin:0;display:grid;place-items:center;min-height:100vh}main{background:#fff;border-radius:16px;box-shadow:0 1px 3px #0002;padding:32px;max-width:440px;margin:16px}h1{font-size:22px;margin:0 0 12px}button{font:inherit;background:#0369a1;color:#fff;border:0;border-radius:10px;padding:10px 18px;cursor:pointer}</style></head>
<body><main>${body}</main></body></html>`
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    },
  })
}

const TEXT = {
  ask: 'Unsubscribe {email} from the site’s news and offers?',
  button: 'Unsubscribe',
  done: '{email} will get no more news and offers from us. Messages about your orders and account still arrive.',
  bad: 'This unsubscribe link is not valid.',
}

export const trackingPublicRouter = t.router({
  /** POST /cpa/set_cookie {cookie}: keeps the landing URL's ad-click parameters in a first-party cookie (90 days). */
  setCpaCookie: publicProcedure
    .input(ZSetCpaCookie)
    .output(ZCpaCookieSet)
    .mutation(({ ctx, input }) => {
      const params = Object.fromEntries(Object.entries(input.cookie).filter(([, v]) => !!v)) as Record<string, string>
      // Only a paid click is kept (docs/api.md#other-public-calls: gclid, cpc/cpm medium, affiliate pair, admitad id);
      // a plain visit changes nothing.
      if (!isAdClick(params)) return { cookie: {}, set: false }
      // Readable by the page's analytics layer (it holds no secret), sent with every request to this site.
      ctx.session.setOther(AD_CLICK_COOKIE, new URLSearchParams(params).toString(), {
        maxAge: AD_CLICK_DAYS * 86400,
        httpOnly: false,
      })
      return { cookie: params, set: true }
    }),

  /** GET /link/redirect?code: 302 to the code's stored destination, counted; unknown → 404. */
  linkRedirect: publicProcedure
    .input(ZLinkRedirect)
    .output(ZFileResponse)
    .query(async ({ ctx, input }) => {
      const location = await followLink(ctx.scope, input, { origin: ctx.origin })
      return new Response(null, {
        status: 302,
        headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
      })
    }),

  /** POST /recaptcha/get {action}: what the browser needs to get a token for that form's action. */
  captcha: publicProcedure
    .input(ZCaptchaGet)
    .output(ZCaptchaChallenge)
    .mutation(async ({ ctx, input }) => {
      const provider = captchaFromEnv(ctx.env)
      if (!provider) return { enabled: false, provider: null, site_key: null, action: input.action, token: null }
      return { enabled: true, ...(await provider.challenge(input.action)) }
    }),

  /** POST /api/email_unsubscribe?token (RFC 8058 one-click from a mail client, or the page's button). */
  unsubscribe: publicProcedure
    .input(
      ZUnsubscribe.extend({
        format: z.enum(['html', 'json']).optional(),
        'List-Unsubscribe': z.string().max(50).optional(),
      }),
    )
    .output(z.union([ZUnsubscribed, ZFileResponse]))
    .mutation(async ({ ctx, input }) => {
      if (input.format !== 'html') return unsubscribe(ctx.scope, input, { key: unsubscribeKey(ctx.env) })
      try {
        const done = await unsubscribe(ctx.scope, input, { key: unsubscribeKey(ctx.env) })
        return page(
          TEXT.button,
          `<h1>${escapeHtml(TEXT.button)}</h1><p data-testid="unsubscribed">${escapeHtml(TEXT.done.replace('{email}', done.email))}</p>`,
        )
      } catch {
        return page(TEXT.button, `<h1>${escapeHtml(TEXT.bad)}</h1>`, 404)
      }
    }),

  /** GET /api/email_unsubscribe?token: the link opened in a browser asks first (link scanners open GETs). */
  unsubscribePage: publicProcedure
    .input(ZUnsubscribe)
    .output(ZFileResponse)
    .query(({ ctx, input }) => {
      const who = readUnsubscribeToken(unsubscribeKey(ctx.env), input.token)
      if (!who) return page(TEXT.button, `<h1>${escapeHtml(TEXT.bad)}</h1>`, 404)
      const action = `/api/email_unsubscribe?token=${encodeURIComponent(input.token)}`
      return page(
        TEXT.button,
        `<h1>${escapeHtml(TEXT.button)}</h1><p>${escapeHtml(TEXT.ask.replace('{email}', who.email))}</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="format" value="html"><button type="submit">${escapeHtml(TEXT.button)}</button></form>`,
      )
    }),

  /** POST /tutor/candidate/registration {candidate}: a school tutor candidate (staff see them in the tutors list). */
  candidateRegistration: publicProcedure
    .input(ZCandidateRegistration)
    .output(ZCandidateRegistered)
    .mutation(({ ctx, input }) => registerCandidate(ctx.scope, input, { ip: ctx.ip })),
})
