// Response headers every answer carries, and the cross-site request check (CSRF defence).

/** The hosts a captcha provider's script and frame come from (server/integrations/captcha). */
export const CAPTCHA_HOSTS: Record<string, string> = {
  recaptcha: 'https://www.google.com https://www.gstatic.com',
  turnstile: 'https://challenges.cloudflare.com',
}

export function securityHeaders(h: Headers, opts: { secure: boolean; dev: boolean; captcha?: string }) {
  if (!h.has('content-security-policy')) h.set('content-security-policy', contentSecurityPolicy(opts.dev, opts.captcha))
  h.set('x-content-type-options', 'nosniff')
  h.set('referrer-policy', 'strict-origin-when-cross-origin')
  h.set('x-frame-options', 'DENY')
  h.set('permissions-policy', 'camera=(), microphone=(), geolocation=()')
  h.set('cross-origin-opener-policy', 'same-origin')
  if (opts.secure) h.set('strict-transport-security', 'max-age=31536000; includeSubDomains')
}

/** The policy text, made once per (dev, captcha provider): every answer carries it. */
const policies = new Map<string, string>()
function contentSecurityPolicy(dev: boolean, captcha: string | undefined): string {
  const key = `${dev}:${captcha ?? ''}`
  const known = policies.get(key)
  if (known) return known
  const extra = captcha ? CAPTCHA_HOSTS[captcha] : undefined
  const csp = [
    "default-src 'self'",
    // Dev only: Vite's client and React refresh inject inline and eval'd scripts.
    (dev ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'" : "script-src 'self'") + (extra ? ` ${extra}` : ''),
    ...(extra ? [`frame-src ${extra}`] : []),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self' https:",
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
  return URL.parse(origin)?.origin !== new URL(siteOrigin).origin
}

export function isStateChanging(method: string, path: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS')
    return STATE_CHANGING_GETS.has(path.replace(/\/$/, ''))
  return true
}
