// Captcha behind one interface (POST /recaptcha/get {action}; the request and sign-up
// forms send the token, the server verifies it). Providers:
// - `recaptcha`: Google reCAPTCHA v3, `turnstile`: Cloudflare Turnstile — both speak the same siteverify
//   protocol over HTTPS (siteverify.ts): a form POST of secret, response and remoteip, a JSON answer.
// - `local`: development and tests (local.ts): the server issues a short-lived HMAC token for an action
//   through /recaptcha/get and checks it; never in production.
// - unset (`off`): no captcha is configured, no token is asked for, nothing is checked.
import type { Env } from '../../env'
import { FieldErrors } from '../../../common/errors'
import { msg } from '../../../i18n/format'
import { LocalCaptcha } from './local'
import { SiteverifyCaptcha, VERIFY_URLS } from './siteverify'

export type CaptchaProviderName = 'recaptcha' | 'turnstile' | 'local'

/** What the browser needs to run the widget for an action; the local provider hands a token at once. */
export interface CaptchaChallenge {
  provider: CaptchaProviderName
  site_key: string | null
  action: string
  /** Local provider only: the token itself (the real ones are made by the provider's script in the browser). */
  token: string | null
}

export type CaptchaVerdict = { ok: true } | { ok: false; reason: string }

export interface CaptchaProvider {
  readonly name: CaptchaProviderName
  challenge(action: string): Promise<CaptchaChallenge>
  /** Checks a token the browser sent for `action`; never throws for a bad token (a transport failure is `ok: false`). */
  verify(token: string, input: { action: string; ip: string }): Promise<CaptchaVerdict>
}

/** The actions the site asks a token for. */
export const CAPTCHA_ACTIONS = ['request', 'signup'] as const
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number]

const built = new WeakMap<object, CaptchaProvider | null>()

/** The configured provider (CAPTCHA_* of the environment), or null when none is: then nothing is checked. */
export function captchaFromEnv(
  env: Pick<
    Env,
    'CAPTCHA_PROVIDER' | 'CAPTCHA_SITE_KEY' | 'CAPTCHA_SECRET' | 'CAPTCHA_VERIFY_URL' | 'CAPTCHA_MIN_SCORE' | 'NODE_ENV'
  >,
): CaptchaProvider | null {
  if (built.has(env)) return built.get(env)!
  let p: CaptchaProvider | null = null
  const name = env.CAPTCHA_PROVIDER
  if (name === 'local') p = new LocalCaptcha(env.CAPTCHA_SECRET ?? crypto.getRandomValues(new Uint8Array(32)).join('.'))
  else if (name === 'recaptcha' || name === 'turnstile')
    p = new SiteverifyCaptcha({
      name,
      siteKey: env.CAPTCHA_SITE_KEY!,
      secret: env.CAPTCHA_SECRET!,
      verifyUrl: env.CAPTCHA_VERIFY_URL ?? VERIFY_URLS[name],
      minScore: env.CAPTCHA_MIN_SCORE,
    })
  built.set(env, p)
  return p
}

/**
 * The check a protected form's procedure makes: nothing when no captcha is configured; otherwise a
 * missing token, or one the provider refuses, is a 422 on `captcha_token` (the form shows it).
 */
export async function requireCaptcha(
  env: Parameters<typeof captchaFromEnv>[0],
  input: { token: string | null | undefined; action: CaptchaAction; ip: string },
) {
  const provider = captchaFromEnv(env)
  if (!provider) return
  if (!input.token) throw new FieldErrors({ captcha_token: [msg('validation.required')] })
  const verdict = await provider.verify(input.token, { action: input.action, ip: input.ip })
  if (!verdict.ok) throw new FieldErrors({ captcha_token: [msg('validation.invalid')] })
}
