// The process environment, parsed once. A bad value stops the boot with a readable message.
import { z } from 'zod'
import { EDITION_CODES, type Edition } from '../common/editions'
import { LIVECHAT_PROVIDER_NAMES, type LiveChatConfig } from '../common/live-chat'
import { parseProxyEntry } from './http/client-address'
import { paymentConfigFromEnv } from './integrations/payments/provider'

const PAY_KEYS = [
  'PAY_LIQPAY_PUBLIC_KEY',
  'PAY_LIQPAY_PRIVATE_KEY',
  'PAY_LIQPAY_API_URL',
  'PAY_LIQPAY_SANDBOX',
  'PAY_LIQPAY_SIGNATURE',
  'PAY_FONDY_MERCHANT_ID',
  'PAY_FONDY_SECRET',
  'PAY_FONDY_API_URL',
  'PAY_STRIPE_SECRET_KEY',
  'PAY_STRIPE_WEBHOOK_SECRET',
  'PAY_STRIPE_API_URL',
  'PAY_PRZELEWY_MERCHANT_ID',
  'PAY_PRZELEWY_POS_ID',
  'PAY_PRZELEWY_API_KEY',
  'PAY_PRZELEWY_CRC',
  'PAY_PRZELEWY_API_URL',
  'PAY_REVOLUT_SECRET_KEY',
  'PAY_REVOLUT_WEBHOOK_SECRET',
  'PAY_REVOLUT_API_URL',
  'PAY_REVOLUT_API_VERSION',
  'PAY_SOLIDGATE_PUBLIC_KEY',
  'PAY_SOLIDGATE_SECRET_KEY',
  'PAY_SOLIDGATE_WEBHOOK_PUBLIC_KEY',
  'PAY_SOLIDGATE_WEBHOOK_SECRET_KEY',
  'PAY_SOLIDGATE_API_URL',
  'PAY_LOCAL_SECRET',
  'PAY_PROVIDERS_UA',
  'PAY_PROVIDERS_PL',
  'PAY_PROVIDERS_KZ',
  'PAY_PROVIDERS_US',
  'PAY_PROVIDERS_IN',
  'PAY_PROVIDERS_MX',
  'PAY_PROVIDERS_ES',
  'PAY_PROVIDERS_NG',
] as const

/** The PAY_* values of a parsed environment, for paymentConfigFromEnv. */
export function payEnv(env: Env): Record<string, string | undefined> {
  return Object.fromEntries(PAY_KEYS.map((k) => [k, env[k]]))
}

export const ZEnv = z
  .object({
    // production: real providers only, secrets required, no demo seed; development (the default) and test
    // allow the local fakes on a localhost PUBLIC_URL (devFakesAllowed below).
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    // The HTTP port (site, API and chat websocket).
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // A PostgreSQL server (postgres://user:pass@host:5432/db); unset: the embedded database in DATA_DIR.
    DATABASE_URL: z.string().url().optional(),
    // The PostgreSQL pool of one server process (postgres.js `max`). With WORKERS, each process gets
    // at most its share of the server's max_connections (server/workers.ts; docs/deploy.md#several-processes).
    DB_POOL_MAX: z.coerce.number().int().min(2).max(500).default(16),
    // Server processes on PORT (SO_REUSEPORT; the kernel spreads connections): a number, or auto (one per
    // core). More than 1 needs DATABASE_URL: the embedded database has one writer.
    WORKERS: z
      .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)])
      .default(1)
      .transform((w) => (w === 'auto' ? navigator.hardwareConcurrency : w)),
    // The embedded database, uploaded files and the generated secrets' files.
    DATA_DIR: z.string().default('./.data'),
    // The country edition this server runs: language, currency, payment providers, reference data.
    SITE: z.enum(EDITION_CODES).default('ua'),
    // The site's own origin: links, canonical URLs, the page cache and CSRF checks use it, never the
    // request's Host. Required in production; otherwise http://localhost:PORT (siteOrigin below).
    PUBLIC_URL: z
      .string()
      .url()
      .refine((u) => /^https?:$/.test(new URL(u).protocol), 'must be an http(s) URL')
      .optional(),
    // Proxies whose X-Forwarded-For is believed (comma-separated addresses or CIDRs); unset: none.
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((s) =>
        s
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean),
      )
      .refine((entries) => entries.every((e) => parseProxyEntry(e)), 'must be comma-separated IP addresses or CIDRs'),
    // The origin uploaded images are served from when a storage bucket or CDN serves them instead of the
    // site (e.g. https://cdn.example.com); the pages' CSP img-src allows it. Unset: the site only.
    MEDIA_ORIGIN: z
      .string()
      .url()
      .transform((u) => new URL(u).origin)
      .optional(),
    // Uploaded files in an S3-compatible object store (docs/deploy.md#files): all four of endpoint, bucket
    // and keys, or none (local disk under DATA_DIR/files). `bun run scripts/files.ts migrate-to-s3` copies
    // what is on disk.
    S3_ENDPOINT: z.string().url().optional(),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    // The store's region (us-east-1 when unset; most S3-compatible stores ignore it).
    S3_REGION: z.string().optional(),
    // Signs session tokens (at least 32 characters). Required in production; elsewhere a random one is kept
    // in DATA_DIR/session-secret.
    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    // Outgoing mail (smtp://user:pass@host:587 or smtps://…); unset: mail is kept in the outbox table only.
    SMTP_URL: z.string().optional(),
    // The From of every e-mail the site sends.
    MAIL_FROM: z.string().default('Tutors <no-reply@localhost>'),
    // Durable jobs (server/jobs, pg-boss): the minute sweeps' period in seconds (tests use a few
    // seconds), and the size of pg-boss's own pool on DATABASE_URL.
    JOBS_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    JOBS_POOL_MAX: z.coerce.number().int().min(2).max(32).default(4),
    // Where visitors' feedback (POST /client/send_feedback_email) goes; unset: support@ the site's host.
    SUPPORT_EMAIL: z.string().email().optional(),
    // The share of browsers that send web vitals (POST /api/metrics/web_vitals/), clamped to 0..1.
    WEB_VITALS_RATE: z.coerce
      .number()
      .finite()
      .default(0.1)
      .transform((r) => Math.min(1, Math.max(0, r))),
    // Captcha on the request and sign-up forms (server/integrations/captcha): recaptcha (v3) or turnstile
    // with CAPTCHA_SITE_KEY and CAPTCHA_SECRET; local (development, tests); off: nothing is checked.
    CAPTCHA_PROVIDER: z.enum(['off', 'local', 'recaptcha', 'turnstile']).default('off'),
    CAPTCHA_SITE_KEY: z.string().optional(),
    CAPTCHA_SECRET: z.string().optional(),
    CAPTCHA_VERIFY_URL: z.string().url().optional(),
    CAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    // The live-chat widget of the editions that have one (common/editions.ts liveChat: ua, pl, kz, es):
    // LIVECHAT_PROVIDER (tawk or jivo) with LIVECHAT_ID, the provider's widget id. Unset: no widget, and the
    // CSP allows no chat origin. The script loads only after the visitor accepted cookies.
    LIVECHAT_PROVIDER: z.enum(LIVECHAT_PROVIDER_NAMES).optional(),
    LIVECHAT_ID: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_-]{1,64})?$/, 'a widget id: letters, digits, _ or -, and one / at most')
      .optional(),
    // JSON log lines on standard output from this level up; debug adds stacks to start errors.
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    // GET /metrics (Prometheus text) answers only `Authorization: Bearer <METRICS_TOKEN>`; unset: 404.
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    // On SIGTERM: how long requests in flight may take before the process exits anyway (docs/deploy.md).
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
    // The embedded database's fsync. off: faster writes, but a power loss or kernel crash can lose
    // acknowledged writes or damage DATA_DIR. For development and tests; refused in production.
    DB_FSYNC: z.enum(['on', 'off']).default('on'),
    // Lighter argon2 parameters, for test suites that create many users. Refused in production.
    PASSWORD_HASH_COST: z.enum(['production', 'test']).default('production'),
    // OpenID Connect sign-in (tutors, clients, staff). Unset: the local provider outside production.
    OIDC_ISSUER: z.string().url().optional(),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    // Catalogue pages kept in memory while their slot is unchanged (server/domain/catalogue/page-cache.ts);
    // off only to measure the query path itself.
    CATALOGUE_PAGE_CACHE: z.enum(['on', 'off']).default('on'),
    // Tutor cards kept for the page renderer (server/ssr/kept-html.ts, listed-cards.ts): their HTML and
    // their listed data, how many at most (~8 kB each); 0 renders every card every time.
    CARD_HTML_CACHE: z.coerce.number().int().min(0).max(1_000_000).default(5000),
    // Chat socket limits (server/domain/chat/messages.ts MESSAGE_LIMITS, CONNECT_LIMIT): messages per
    // user and per order in 10 s, connections per user per minute. Raised only by the chat benchmark.
    CHAT_RATE_PER_USER: z.coerce.number().int().min(1).default(20),
    CHAT_RATE_PER_ORDER: z.coerce.number().int().min(1).default(60),
    CHAT_CONNECTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    // Encrypts the LiqPay merchants' private keys at rest (server/domain/money/merchants.ts); unset: a
    // random key kept in DATA_DIR/merchant-keys-secret (keep that file with the database's backups).
    MERCHANT_KEYS_SECRET: z.string().min(32, 'MERCHANT_KEYS_SECRET must be at least 32 characters').optional(),
    // Encrypts the e-mail profiles' SMTP URLs at rest (server/domain/messages/email-profiles.ts); unset:
    // a random key kept in DATA_DIR/mail-profiles-secret (keep that file with the database's backups).
    MAIL_PROFILES_SECRET: z.string().min(32, 'MAIL_PROFILES_SECRET must be at least 32 characters').optional(),
    // Telephony (docs/decisions.md#external-services): Twilio Programmable Voice when all four are set (the
    // auth token also checks the webhooks' X-Twilio-Signature); otherwise the local provider, whose
    // webhooks are signed with TELEPHONY_LOCAL_TOKEN (unset: a random one kept in DATA_DIR).
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_VOICE_FROM: z.string().optional(),
    TWILIO_VOICE_OPERATOR: z.string().optional(),
    TWILIO_API_URL: z.string().url().optional(),
    TELEPHONY_LOCAL_TOKEN: z.string().min(16, 'TELEPHONY_LOCAL_TOKEN must be at least 16 characters').optional(),
    // Service messages through messengers (docs/operations.md#messages-sms-viber-whatsapp). WhatsApp: Twilio's
    // Messages API with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and this approved sender (+14155238886);
    // TWILIO_API_URL points it at a fake too. Viber: Infobip's Viber Business Messages with the three
    // INFOBIP_* (the account's base URL, e.g. https://xxxxx.api.infobip.com, an API key with the
    // viber-bm:message:send scope, the registered sender name). Unset: the messages stay in the outbox.
    TWILIO_WHATSAPP_FROM: z
      .string()
      .regex(/^\+?\d{6,15}$/, 'TWILIO_WHATSAPP_FROM: a phone number, +14155238886')
      .optional(),
    // Viber through Infobip (all three or none): the account's base URL, an API key, the registered sender.
    INFOBIP_BASE_URL: z.string().url().optional(),
    INFOBIP_API_KEY: z.string().optional(),
    INFOBIP_VIBER_SENDER: z.string().optional(),
    // Payment providers (docs/contract.md#payments). A provider without its keys is not
    // offered; `local` is on outside production (PAY_LOCAL_SECRET, else a random one kept in DATA_DIR).
    // PAY_<PROVIDER>_API_URL points a provider at a sandbox or a local fake. Read by
    // server/integrations/payments paymentConfigFromEnv, which checks the combinations.
    // PAY_LOCAL=1: the development fakes (local payment provider, local sign-in issuer, local captcha) on
    // a server that is not clearly a development one (a public test server); refused in production.
    PAY_LOCAL: z.enum(['0', '1']).optional(),
    ...(Object.fromEntries(PAY_KEYS.map((k) => [k, z.string().optional()])) as Record<
      (typeof PAY_KEYS)[number],
      z.ZodOptional<z.ZodString>
    >),
  })
  .superRefine((env, ctx) => {
    try {
      paymentConfigFromEnv(Object.fromEntries(PAY_KEYS.map((k) => [k, env[k]])), {
        production: !devFakesAllowed(env),
      })
    } catch (err) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAY_*'],
        message:
          err instanceof z.ZodError
            ? err.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
            : String((err as Error).message),
      })
    }
    const s3 = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY]
    if (s3.some(Boolean) && !s3.every(Boolean))
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ENDPOINT'],
        message: 'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set all four or none',
      })
    if (env.WORKERS > 1 && !env.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['WORKERS'],
        message: 'more than 1 needs DATABASE_URL (a PostgreSQL server): the embedded database has one writer',
      })
    const infobip = [env.INFOBIP_BASE_URL, env.INFOBIP_API_KEY, env.INFOBIP_VIBER_SENDER]
    if (infobip.some(Boolean) && !infobip.every(Boolean))
      ctx.addIssue({
        code: 'custom',
        path: ['INFOBIP_*'],
        message: 'set all of INFOBIP_BASE_URL, INFOBIP_API_KEY and INFOBIP_VIBER_SENDER, or none',
      })
    if (env.TWILIO_WHATSAPP_FROM && !(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN))
      ctx.addIssue({
        code: 'custom',
        path: ['TWILIO_WHATSAPP_FROM'],
        message: 'needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN',
      })
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET)
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' })
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required when NODE_ENV=production (the public origin, e.g. https://tutors.example)',
      })
    if (env.NODE_ENV === 'production' && env.DB_FSYNC !== 'on')
      ctx.addIssue({
        code: 'custom',
        path: ['DB_FSYNC'],
        message: 'must be on when NODE_ENV=production (off can lose acknowledged writes on a power loss)',
      })
    if (env.NODE_ENV === 'production' && env.PASSWORD_HASH_COST !== 'production')
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_COST'],
        message: 'must be production when NODE_ENV=production',
      })
    if (env.NODE_ENV === 'production' && env.PAY_LOCAL === '1')
      ctx.addIssue({
        code: 'custom',
        path: ['PAY_LOCAL'],
        message: 'must not be 1 when NODE_ENV=production: the local payment provider credits wallets for free',
      })
    if (env.CAPTCHA_PROVIDER === 'local' && !devFakesAllowed(env))
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_PROVIDER'],
        message:
          'local is for development and tests (NODE_ENV development/test on a localhost PUBLIC_URL, or PAY_LOCAL=1); use recaptcha or turnstile here',
      })
    if (
      (env.CAPTCHA_PROVIDER === 'recaptcha' || env.CAPTCHA_PROVIDER === 'turnstile') &&
      (!env.CAPTCHA_SITE_KEY || !env.CAPTCHA_SECRET)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_SECRET'],
        message: `CAPTCHA_SITE_KEY and CAPTCHA_SECRET are required with CAPTCHA_PROVIDER=${env.CAPTCHA_PROVIDER}`,
      })
    if (!env.LIVECHAT_PROVIDER !== !env.LIVECHAT_ID)
      ctx.addIssue({
        code: 'custom',
        path: ['LIVECHAT_ID'],
        message: 'LIVECHAT_PROVIDER and LIVECHAT_ID go together: set both, or neither',
      })
    if (env.OIDC_ISSUER && (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET))
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_CLIENT_ID'],
        message: 'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required with OIDC_ISSUER',
      })
  })

export type Env = z.infer<typeof ZEnv>

/** This machine's loopback names, as a URL's hostname writes them (and IPv6's bare form). */
export const LOCAL_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/** PUBLIC_URL unset (http://localhost:PORT) or on this machine's loopback names. */
export function isLocalOrigin(publicUrl: string | undefined): boolean {
  if (!publicUrl) return true
  const host = new URL(publicUrl).hostname.toLowerCase()
  return LOCAL_HOSTS.has(host) || host.endsWith('.localhost')
}

/**
 * Whether the development fakes may run: the `local` payment provider (whose public Pay button credits
 * any wallet), the local sign-in issuer and the local captcha. Only on a server that is clearly a
 * development one (NODE_ENV development or test, and PUBLIC_URL on localhost), or with PAY_LOCAL=1 set
 * on purpose outside production.
 */
export function devFakesAllowed(env: { NODE_ENV?: string; PUBLIC_URL?: string; PAY_LOCAL?: string }): boolean {
  if (env.NODE_ENV === 'production') return false
  return env.PAY_LOCAL === '1' || isLocalOrigin(env.PUBLIC_URL)
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''))
  const result = ZEnv.safeParse(cleaned)
  // A forgotten NODE_ENV on a public server would otherwise run as development, fakes included.
  const unsafe =
    result.success && !cleaned.NODE_ENV && !isLocalOrigin(result.data.PUBLIC_URL)
      ? [
          `  NODE_ENV: is unset while PUBLIC_URL (${result.data.PUBLIC_URL}) is a public address; set NODE_ENV=production for a live site, or NODE_ENV=development for a public test server (add PAY_LOCAL=1 there for the local payment provider and sign-in)`,
        ]
      : []
  if (!result.success || unsafe.length) {
    const lines = result.success
      ? unsafe
      : result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`)
    console.error(`Invalid environment:\n${lines.join('\n')}`)
    process.exit(1)
  }
  return result.data!
}

/** The site's origin without a trailing slash: PUBLIC_URL, else http://localhost:PORT (outside production). */
/** The live-chat widget the pages load (after consent): the edition has live chat and the provider is configured. */
export function liveChatConfig(
  env: Pick<Env, 'LIVECHAT_PROVIDER' | 'LIVECHAT_ID'>,
  edition: Pick<Edition, 'liveChat'>,
): LiveChatConfig | null {
  return edition.liveChat && env.LIVECHAT_PROVIDER && env.LIVECHAT_ID
    ? { provider: env.LIVECHAT_PROVIDER, id: env.LIVECHAT_ID }
    : null
}

export function siteOrigin(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`
}
