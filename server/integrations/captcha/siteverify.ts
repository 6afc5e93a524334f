// Google reCAPTCHA v3 and Cloudflare Turnstile: the browser runs the provider's script with the site key
// and gets a token; the server sends it to the provider's siteverify endpoint (HTTPS form POST:
// secret, response, remoteip) and reads {success, action, hostname, score?, "error-codes"}.
// reCAPTCHA v3 also gives a score (0..1): below CAPTCHA_MIN_SCORE is refused. The action named when the
// token was made must be the one the form is for. CAPTCHA_VERIFY_URL points it at a local fake in tests.
import type { CaptchaChallenge, CaptchaProvider, CaptchaVerdict } from './provider'

export const VERIFY_URLS = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const

export interface SiteverifyConfig {
  name: 'recaptcha' | 'turnstile'
  siteKey: string
  secret: string
  verifyUrl: string
  minScore: number
}

interface SiteverifyAnswer {
  success?: boolean
  action?: string
  score?: number
  hostname?: string
  'error-codes'?: string[]
}

export class SiteverifyCaptcha implements CaptchaProvider {
  constructor(private readonly cfg: SiteverifyConfig) {}
  get name() {
    return this.cfg.name
  }

  async challenge(action: string): Promise<CaptchaChallenge> {
    return { provider: this.cfg.name, site_key: this.cfg.siteKey, action, token: null }
  }

  async verify(token: string, { action, ip }: { action: string; ip: string }): Promise<CaptchaVerdict> {
    if (!token || token.length > 4096) return { ok: false, reason: 'missing-input-response' }
    const body = new URLSearchParams({ secret: this.cfg.secret, response: token })
    if (ip) body.set('remoteip', ip)
    let answer: SiteverifyAnswer
    try {
      const res = await fetch(this.cfg.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(5000),
      })
      if (!res.ok) return { ok: false, reason: `http-${res.status}` }
      answer = (await res.json()) as SiteverifyAnswer
    } catch {
      return { ok: false, reason: 'unreachable' }
    }
    if (answer.success !== true) return { ok: false, reason: answer['error-codes']?.join(',') || 'refused' }
    if (answer.action !== undefined && answer.action !== action) return { ok: false, reason: 'action-mismatch' }
    if (this.cfg.name === 'recaptcha' && (typeof answer.score !== 'number' || answer.score < this.cfg.minScore))
      return { ok: false, reason: 'low-score' }
    return { ok: true }
  }
}
