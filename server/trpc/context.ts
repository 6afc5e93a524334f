// Per-request context: services from boot, the caller's identity (cookie → session row), the
// request's language and a cookie writer for sign-in and sign-out.
import type { TxRunner } from '../../db/pipeline'
import type { Db } from '../../db/client'
import type { Edition, Locale } from '../../common/editions'
import { type Identity, type SessionTokens, loadIdentity } from '../domain/auth/sessions'
import type { Env } from '../env'
import type { Mailer } from '../integrations/mail/mailer'
import type { OidcProvider } from '../integrations/oidc/provider'
import type { PaymentProviders } from '../integrations/payments'
import type { PaymentConfig } from '../integrations/payments/provider'
import type { Messengers } from '../integrations/messengers/messengers'
import type { SmsSender } from '../integrations/sms/sms'
import type { TelephonyProvider } from '../integrations/telephony/provider'
import type { Logger } from '../log'
import type { Notifier } from '../notify'
import type { Jobs } from '../jobs/jobs'

export interface AppServices {
  db: Db
  env: Env
  edition: Edition
  tokens: SessionTokens
  mail: Mailer
  sms: SmsSender
  /** Service messages by Viber (Infobip) and WhatsApp (Twilio), or the outbox without their keys. */
  messengers: Messengers
  /** Calls: Twilio Voice with TWILIO_* voice settings, else the local provider (server/integrations/telephony). */
  telephony: TelephonyProvider
  log: Logger
  notifier: Notifier
  /** Transactions whose statements are pipelined (db/pipeline.ts): the chat's group commit. */
  pipeline: TxRunner
  /** OpenID Connect sign-in; null in production when OIDC_* is not set (the oauth calls answer 404). */
  oidc: OidcProvider | null
  /** The configured payment providers (PAY_*); which of them the edition offers: offeredProviders. */
  payments: { config: PaymentConfig; providers: PaymentProviders }
  /** Durable jobs (server/jobs) when this process runs them: the server does; most test apps do not. */
  jobs: Jobs | null
}

export interface RequestMeta {
  requestId: string
  ip: string
  userAgent: string
  /** https (directly, or behind a proxy that says so): the cookie gets Secure and the __Host- prefix. */
  secure: boolean
  locale: Locale
  /** The site's origin for links in messages: PUBLIC_URL, else the request's own. */
  origin: string
}

export interface Context extends AppServices, RequestMeta {
  identity: Identity | null
  session: SessionCookie
}

export const COOKIE_NAME = 'sid'
export const SECURE_COOKIE_NAME = '__Host-sid'

/** Reads and writes the session cookie; changes become Set-Cookie headers on the answer. */
export class SessionCookie {
  constructor(
    private readonly tokens: SessionTokens,
    private readonly resHeaders: Headers,
    private readonly secure: boolean,
  ) {}

  /**
   * The session token of a request. Under https only `__Host-sid` counts (a plain `sid` may have been
   * planted by a sibling subdomain); over http only `sid` (the one issued there). With `secure`
   * unknown, either (used only to tell whether a request may carry a session at all).
   */
  static read(cookieHeader: string | null, secure?: boolean): string | null {
    const jar = new Bun.CookieMap(cookieHeader ?? '')
    if (secure === undefined) return jar.get(SECURE_COOKIE_NAME) ?? jar.get(COOKIE_NAME) ?? null
    return jar.get(secure ? SECURE_COOKIE_NAME : COOKIE_NAME) ?? null
  }

  async set(sessionId: string | null) {
    const name = this.secure ? SECURE_COOKIE_NAME : COOKIE_NAME
    const value = sessionId ? await this.tokens.sign(sessionId) : ''
    const cookie = new Bun.Cookie(name, value, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      maxAge: sessionId ? 30 * 24 * 3600 : 0,
    })
    this.resHeaders.append('set-cookie', cookie.serialize())
  }

  /** Another first-party cookie of the answer (e.g. the ad-click parameters); Secure under https. */
  setOther(name: string, value: string, opts: { maxAge: number; httpOnly: boolean }) {
    const cookie = new Bun.Cookie(name, value, {
      path: '/',
      sameSite: 'lax',
      secure: this.secure,
      httpOnly: opts.httpOnly,
      maxAge: opts.maxAge,
    })
    this.resHeaders.append('set-cookie', cookie.serialize())
  }
}

export async function createContext(
  services: AppServices,
  req: Request,
  meta: RequestMeta,
  resHeaders: Headers,
): Promise<Context> {
  const token = SessionCookie.read(req.headers.get('cookie'), meta.secure)
  const sessionId = token ? await services.tokens.verify(token) : null
  const identity = sessionId ? await loadIdentity(services.db, sessionId) : null
  return { ...services, ...meta, identity, session: new SessionCookie(services.tokens, resHeaders, meta.secure) }
}
