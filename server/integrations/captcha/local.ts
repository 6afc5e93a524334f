// The local captcha (development and tests; never in production): /recaptcha/get hands the browser a
// token for the action at once — `v1.<action>.<expiry seconds>.<HMAC-SHA256 of the three>` — valid
// 10 minutes, and verify checks its signature, action and expiry. It keeps the forms' whole path (ask
// for a token, send it, the server refuses a missing or forged one) without a third party.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { CaptchaChallenge, CaptchaProvider, CaptchaVerdict } from './provider'

const TTL_SECONDS = 600

export class LocalCaptcha implements CaptchaProvider {
  readonly name = 'local' as const
  constructor(private readonly secret: string) {}

  private mac(payload: string) {
    return createHmac('sha256', this.secret).update(payload).digest('base64url')
  }

  async challenge(action: string): Promise<CaptchaChallenge> {
    const payload = `v1.${action}.${Math.floor(Date.now() / 1000) + TTL_SECONDS}`
    return { provider: 'local', site_key: null, action, token: `${payload}.${this.mac(payload)}` }
  }

  async verify(token: string, { action }: { action: string }): Promise<CaptchaVerdict> {
    const parts = token.split('.')
    if (parts.length !== 4 || parts[0] !== 'v1') return { ok: false, reason: 'malformed' }
    const payload = parts.slice(0, 3).join('.')
    const want = Buffer.from(this.mac(payload))
    const got = Buffer.from(parts[3]!)
    if (want.length !== got.length || !timingSafeEqual(want, got)) return { ok: false, reason: 'bad-signature' }
    if (parts[1] !== action) return { ok: false, reason: 'action-mismatch' }
    if (Number(parts[2]) * 1000 < Date.now()) return { ok: false, reason: 'expired' }
    return { ok: true }
  }
}
