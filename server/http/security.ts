// Response headers every answer carries, and the cross-site request check (CSRF defence).
import { LIVECHAT_PROVIDERS, type LiveChatProvider } from '../../common/live-chat'
import { LOCAL_HOSTS } from '../env'

/** The hosts a captcha provider's script and frame come from (server/integrations/captcha). */
export const CAPTCHA_HOSTS: Record<string, string> = {
  recaptcha: 'https://www.google.com https://www.gstatic.com',
  turnstile: 'https://challenges.cloudflare.com',
}

/** Where the pages may connect, show images from and post forms to, besides the site itself. */
export interface CspSources {
  dev: boolean
  captcha?: string
  /** The site's own origin (PUBLIC_URL): its websocket origin is allowed for the order chat. */
  origin: string
  /** The storage/CDN origin uploaded images are served from when it is not the site (MEDIA_ORIGIN). */
  media?: string
  /** The origins the edition's payment providers' checkout forms are posted to. */
  forms: readonly string[]
  /** The configured live-chat provider of an edition that has live chat (server/env.ts liveChatConfig). */
  liveChat?: LiveChatProvider
}

export function securityHeaders(h: Headers, opts: { secure: boolean; csp: string }) {
  if (!h.has('content-security-policy')) h.set('content-security-policy', opts.csp)
  h.set('x-content-type-options', 'nosniff')
  h.set('referrer-policy', 'strict-origin-when-cross-origin')
  h.set('x-frame-options', 'DENY')
  h.set('permissions-policy', 'camera=(), microphone=(), geolocation=()')
  h.set('cross-origin-opener-policy', 'same-origin')
  if (opts.secure) h.set('strict-transport-security', 'max-age=31536000; includeSubDomains')
}

/** The websocket origin of an http(s) origin: ws://host for http, wss://host for https. */
export const websocketOrigin = (origin: string) => {
  const u = new URL(origin)
  return `${u.protocol === 'https:' ? 'wss:' : 'ws:'}//${u.host}`
}

/** Where YouTube serves a video's preview image (the videos pages link YouTube videos). */
const YOUTUBE_PREVIEWS = 'https://i.ytimg.com'

/** The policy text, made once per set of sources: every answer carries it. */
const policies = new Map<string, string>()
export function contentSecurityPolicy(s: CspSources): string {
  const key = JSON.stringify(s)
  const known = policies.get(key)
  if (known) return known
  const extra = s.captcha ? CAPTCHA_HOSTS[s.captcha] : undefined
  const list = (...sources: (string | undefined | false)[]) => sources.filter(Boolean).join(' ')
  // The live-chat widget's origins, only when a provider is configured (its script, frame, styles, images, socket).
  const chat = s.liveChat ? LIVECHAT_PROVIDERS[s.liveChat].origins.join(' ') : undefined
  const chatSockets = s.liveChat ? LIVECHAT_PROVIDERS[s.liveChat].sockets.join(' ') : undefined
  const frames = list(extra, chat)
  const csp = [
    "default-src 'self'",
    // Dev only: Vite's client and React refresh inject inline and eval'd scripts.
    list(s.dev ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'" : "script-src 'self'", extra, chat),
    ...(frames ? [`frame-src ${frames}`] : []),
    list("style-src 'self' 'unsafe-inline'", chat),
    // blob: is the preview of a photo the person is choosing (made in the page, never fetched); the
    // videos pages show YouTube's preview images of the staff's videos.
    list("img-src 'self' data: blob:", YOUTUBE_PREVIEWS, s.media, chat),
    list("font-src 'self' data:", chat),
    // Dev only: Vite's hot-reload socket is on its own port.
    list("connect-src 'self'", websocketOrigin(s.origin), s.dev && 'ws://localhost:*', chat, chatSockets),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    list("form-action 'self'", ...s.forms),
    "object-src 'none'",
  ].join('; ')
  policies.set(key, csp)
  return csp
}
/** GETs the spec defines that change state; they get the same cross-site check as POSTs. */
export const STATE_CHANGING_GETS = new Set(['/admin/order/copy', '/admin/tutor/profile/copy'])

/**
 * True when a state-changing request names another site: `Sec-Fetch-Site: cross-site`, or an `Origin`
 * other than the site's own (PUBLIC_URL; never the request's Host, which the sender chooses).
 * Scripts and typed clients that send neither pass.
 */
export function isCrossSite(req: Request, siteOrigin: string): boolean {
  const fetchSite = req.headers.get('sec-fetch-site')
  if (fetchSite === 'cross-site') return true
  const origin = req.headers.get('origin')
  if (!origin) return false
  if (origin === 'null') return true
  const from = URL.parse(origin)
  const site = new URL(siteOrigin)
  if (!from) return true
  return from.origin !== site.origin && !sameLoopbackServer(from, site)
}

/**
 * A site on this machine's loopback names (a development server, PUBLIC_URL unset or local) is the same
 * server by any of those names on the same scheme and port: a developer who opens http://127.0.0.1:3000
 * instead of http://localhost:3000 is not another site. Another port is.
 */
function sameLoopbackServer(from: URL, site: URL): boolean {
  return (
    LOCAL_HOSTS.has(site.hostname) &&
    LOCAL_HOSTS.has(from.hostname) &&
    from.protocol === site.protocol &&
    from.port === site.port
  )
}

export function isStateChanging(method: string, path: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS')
    return STATE_CHANGING_GETS.has(path.replace(/\/$/, ''))
  return true
}
