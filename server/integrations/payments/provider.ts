// The one payment-provider interface (docs/payments.md, "What the marketplace needs from every
// provider"). Each provider is a module of this folder that turns these
// calls into its own wire protocol; the domain sees only these shapes, in integer minor units.
// Signatures are checked over the raw request bytes before anything is parsed, in constant time.
// No provider SDK is used: every protocol here is SHA-1/SHA-384/SHA3-256 or HMAC-SHA256/512 over
// bytes plus JSON or form HTTP, which node:crypto and fetch cover; the SDKs would add weight (and
// their own HTTP clients, which could not be pointed at PAY_<PROVIDER>_API_URL as simply).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { EDITION_CODES, EDITIONS, type EditionCode, type PayProvider } from '../../../common/editions'
import { PAYMENT_PROVIDERS } from '../../../common/payments'

/** The list lives in common/ so the panel's filter offers the same names. */
export const PROVIDER_IDS = PAYMENT_PROVIDERS
export type ProviderId = (typeof PROVIDER_IDS)[number]

export type PaymentStatus = 'paid' | 'failed' | 'pending' | 'refunded'

/**
 * The currencies each provider takes for our editions (ISO 4217). LiqPay's checkout takes UAH, USD
 * and EUR; Fondy UAH, EUR, USD, GBP, CZK; Przelewy24 PLN and a few European ones; Revolut Merchant its
 * list of settlement currencies (no UAH, KZT or NGN); Solidgate card currencies incl. MXN (OXXO);
 * Stripe every currency of our editions. An edition's list naming a provider that cannot take the
 * edition's currency stops the boot.
 */
export const PROVIDER_CURRENCIES: Record<PayProvider, readonly string[]> = {
  liqpay: ['UAH', 'USD', 'EUR'],
  fondy: ['UAH', 'EUR', 'USD', 'GBP', 'CZK'],
  stripe: ['UAH', 'PLN', 'KZT', 'USD', 'MXN', 'EUR', 'NGN', 'GBP', 'CZK'],
  przelewy: ['PLN', 'EUR', 'GBP', 'CZK'],
  revolut: ['USD', 'EUR', 'GBP', 'PLN', 'CZK', 'MXN'],
  solidgate: ['EUR', 'USD', 'MXN', 'GBP', 'PLN', 'CZK'],
}

/** PAY_PROVIDERS_<SITE>: the variable that replaces an edition's default provider list. */
export const providersVariable = (code: EditionCode) => `PAY_PROVIDERS_${code.toUpperCase()}`

/** Parses PAY_PROVIDERS_<SITE>=a,b for every edition that has one; throws a readable message for an
 *  unknown name or a provider that cannot take the edition's currency. */
export function providerLists(source: Record<string, string | undefined>): Partial<Record<EditionCode, PayProvider[]>> {
  const out: Partial<Record<EditionCode, PayProvider[]>> = {}
  const problems: string[] = []
  for (const code of EDITION_CODES) {
    const name = providersVariable(code)
    const raw = source[name]
    if (raw === undefined) continue
    const list = [
      ...new Set(
        raw
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
    ]
    const currency = EDITIONS[code].currency
    const known = list.filter((p): p is PayProvider => p in PROVIDER_CURRENCIES)
    for (const p of list)
      if (!(p in PROVIDER_CURRENCIES))
        problems.push(`${name}: unknown provider "${p}" (one of ${Object.keys(PROVIDER_CURRENCIES).join(', ')})`)
    for (const p of known)
      if (!PROVIDER_CURRENCIES[p].includes(currency))
        problems.push(
          `${name}: ${p} cannot take ${currency}, the currency of the ${code} edition (it takes ${PROVIDER_CURRENCIES[p].join(', ')})`,
        )
    out[code] = known
  }
  if (problems.length) throw new Error(problems.join('; '))
  return out
}

export interface StartInput {
  /** Our payment id, unique per attempt: becomes the provider's order_id / sessionId / reference. */
  paymentId: string
  /** Integer > 0, in the currency's minor units. */
  amountMinor: number
  /** ISO 4217, upper case. */
  currency: string
  description: string
  /** Where the buyer's browser comes back (never proof of payment). */
  returnUrl: string
  /** PUBLIC_URL + /api/payments/{provider}/notify */
  notifyUrl: string
  customer?: { id: string; email?: string; locale?: string }
  /** Ask the provider for a card token to charge later. */
  saveCard?: boolean
  /** Charge this saved card (a token from an earlier notification) instead of sending the buyer to a page. */
  cardToken?: string
}

export interface StartResult {
  /** redirect: send the browser to `url` (303); form: auto-submit a POST of `fields` to `url`. */
  method: 'redirect' | 'form'
  url: string
  fields?: Record<string, string>
  /** The provider's id for this payment when it gives one at start (Stripe session, Revolut order,
   *  P24 token…); store it, getStatus may need it. */
  providerPaymentId?: string
  /** Set when `cardToken` was charged server-to-server; `url` then points back to `returnUrl`
   *  (or to the bank's page when the bank wants the buyer present). */
  charge?: ChargeResult
}

/** A provider's request to us, as received: the body's exact bytes, before any parsing. */
export interface RawNotification {
  headers: Headers
  body: Uint8Array
}

export interface PaymentEvent {
  /** The dedupe key of docs/payments.md, prefixed by the provider (`liqpay:…`, `stripe:evt_…`). */
  providerEventId: string
  paymentId: string
  providerPaymentId?: string
  status: PaymentStatus
  amountMinor: number
  currency: string
  cardToken?: string
  /** e.g. "444455XXXXXX6666" or "**** 4242" — only for showing the saved card. */
  cardMask?: string
  /** status refunded: how much of the payment the provider has given back so far, all refunds together
   *  (the providers report a running total; unset: the whole amount). amountMinor stays the payment's. */
  refundedMinor?: number
}

export type Refusal =
  | 'bad_signature'
  | 'stale'
  | 'unknown_merchant'
  | 'malformed'
  /** Amount or currency differ from the payment we stored (only checked when `expected` is given). */
  | 'mismatch'
  | 'unknown_payment'
  /** The provider's confirmation call (Przelewy24 verify, Revolut order fetch) failed. */
  | 'not_verified'

/** The HTTP answer the provider expects from our notify endpoint. */
export interface Ack {
  status: number
  body: string
  contentType: string
}

export type NotificationResult =
  /** event null: a verified message that changes nothing (an event type we do not act on). */
  { ok: true; event: PaymentEvent | null; ack: Ack } | { ok: false; reason: Refusal; ack: Ack }

/** What we stored for a payment, looked up by the caller while a notification is checked. */
export interface ExpectedPayment {
  amountMinor: number
  currency: string
  saveCard?: boolean
  providerPaymentId?: string
}

export interface VerifyOptions {
  /** Unix milliseconds; defaults to Date.now(). */
  now?: number
  /** With it, amount/currency are checked here, before any settling call (P24 verify). */
  expected?: (paymentId: string) => Promise<ExpectedPayment | null>
}

export interface StatusResult {
  status: PaymentStatus
  amountMinor?: number
  currency?: string
  providerPaymentId?: string
}

export interface ChargeInput {
  paymentId: string
  token: string
  amountMinor: number
  currency: string
  description: string
  customerId?: string
  customerEmail?: string
  notifyUrl?: string
  returnUrl?: string
}

export interface ChargeResult {
  /** requires_customer: the bank wants the buyer present (3-D Secure); send them to `actionUrl` or a new start. */
  status: 'paid' | 'pending' | 'failed' | 'requires_customer'
  providerPaymentId?: string
  actionUrl?: string
}

export interface RefundInput {
  /** Our payment reference (the provider's order_id / sessionId). */
  paymentId: string
  providerPaymentId?: string
  /** Unique per refund: the idempotency key and the provider's refund reference. */
  refundId: string
  amountMinor: number
  currency: string
  reason?: string
}

export interface RefundResult {
  /** refunded: the provider confirmed it in its answer; pending: it will tell by notification. */
  status: 'refunded' | 'pending' | 'failed'
  providerRefundId?: string
  detail?: string
}

export interface PaymentProvider {
  readonly id: ProviderId
  /** The origin a `form` start posts the browser to (the pages' CSP form-action allows it); none: redirects only. */
  readonly formOrigin?: string
  start(input: StartInput): Promise<StartResult>
  verifyNotification(req: RawNotification, options?: VerifyOptions): Promise<NotificationResult>
  getStatus(input: { paymentId: string; providerPaymentId?: string }): Promise<StatusResult>
  chargeSavedCard(input: ChargeInput): Promise<ChargeResult>
  /** Gives back part or all of a paid payment through the provider's refund call. */
  refund(input: RefundInput): Promise<RefundResult>
}

// ---------------------------------------------------------------------------------------------
// Configuration. A provider without its keys is absent: "not configured".

const opt = z.string().min(1).optional()
const ZPayEnv = z.object({
  PAY_LIQPAY_PUBLIC_KEY: opt,
  PAY_LIQPAY_PRIVATE_KEY: opt,
  PAY_LIQPAY_API_URL: opt,
  // Credit LiqPay's `sandbox` status as paid (test merchants only).
  PAY_LIQPAY_SANDBOX: z.enum(['0', '1']).optional(),
  // docs/payments.md#liqpay: SHA1 is documented; the SHA3-256 variant for API version 7 is unconfirmed.
  PAY_LIQPAY_SIGNATURE: z.enum(['sha1', 'sha3-256']).optional(),
  PAY_FONDY_MERCHANT_ID: opt,
  PAY_FONDY_SECRET: opt,
  PAY_FONDY_API_URL: opt,
  PAY_STRIPE_SECRET_KEY: opt,
  PAY_STRIPE_WEBHOOK_SECRET: opt,
  PAY_STRIPE_API_URL: opt,
  PAY_PRZELEWY_MERCHANT_ID: opt,
  PAY_PRZELEWY_POS_ID: opt,
  PAY_PRZELEWY_API_KEY: opt,
  PAY_PRZELEWY_CRC: opt,
  PAY_PRZELEWY_API_URL: opt,
  PAY_REVOLUT_SECRET_KEY: opt,
  PAY_REVOLUT_WEBHOOK_SECRET: opt,
  PAY_REVOLUT_API_URL: opt,
  PAY_REVOLUT_API_VERSION: opt,
  PAY_SOLIDGATE_PUBLIC_KEY: opt,
  PAY_SOLIDGATE_SECRET_KEY: opt,
  PAY_SOLIDGATE_WEBHOOK_PUBLIC_KEY: opt,
  PAY_SOLIDGATE_WEBHOOK_SECRET_KEY: opt,
  PAY_SOLIDGATE_API_URL: opt,
  PAY_LOCAL_SECRET: opt,
  ...(Object.fromEntries(EDITION_CODES.map((c) => [providersVariable(c), z.string().optional()])) as Record<
    `PAY_PROVIDERS_${Uppercase<EditionCode>}`,
    z.ZodOptional<z.ZodString>
  >),
})

export interface LiqpayConfig {
  publicKey: string
  privateKey: string
  apiUrl: string
  sandbox: boolean
  signature: 'sha1' | 'sha3-256'
}
export interface FondyConfig {
  merchantId: string
  secret: string
  apiUrl: string
}
export interface StripeConfig {
  secretKey: string
  webhookSecret: string
  apiUrl: string
}
export interface PrzelewyConfig {
  merchantId: number
  posId: number
  apiKey: string
  crc: string
  apiUrl: string
}
/** webhookSecrets: several during rotation (comma-separated in the variable). */
export interface RevolutConfig {
  secretKey: string
  webhookSecrets: string[]
  apiUrl: string
  apiVersion: string
}
export interface SolidgateConfig {
  publicKey: string
  secretKey: string
  webhookPublicKey: string
  webhookSecretKey: string
  apiUrl: string
}
/** pagePath: our own "bank page", `${pagePath}/{payment_id}`. */
export interface LocalConfig {
  secret: string
  pagePath: string
}

export interface PaymentConfig {
  liqpay?: LiqpayConfig
  fondy?: FondyConfig
  stripe?: StripeConfig
  przelewy?: PrzelewyConfig
  revolut?: RevolutConfig
  solidgate?: SolidgateConfig
  local?: LocalConfig
  /** Editions whose provider list the deployment replaced (PAY_PROVIDERS_<SITE>); others use their defaults. */
  lists?: Partial<Record<EditionCode, PayProvider[]>>
}

const trimSlash = (u: string) => u.replace(/\/+$/, '')

/** Reads PAY_* from the environment. `local` only when `production` is false (the caller decides: a
 *  development server on localhost, or PAY_LOCAL=1 outside production); `localSecret` is the fallback
 *  (the random one kept in DATA_DIR) when PAY_LOCAL_SECRET is unset. Throws on a malformed value. */
export function paymentConfigFromEnv(
  source: Record<string, string | undefined> = process.env,
  options: { production?: boolean; localSecret?: string } = {},
): PaymentConfig {
  const e = ZPayEnv.parse(
    Object.fromEntries(Object.entries(source).filter(([k, v]) => k.startsWith('PAY_') && v !== '')),
  )
  const cfg: PaymentConfig = {}
  const lists = providerLists(e as Record<string, string | undefined>)
  if (Object.keys(lists).length) cfg.lists = lists
  if (e.PAY_LIQPAY_PUBLIC_KEY && e.PAY_LIQPAY_PRIVATE_KEY)
    cfg.liqpay = {
      publicKey: e.PAY_LIQPAY_PUBLIC_KEY,
      privateKey: e.PAY_LIQPAY_PRIVATE_KEY,
      apiUrl: trimSlash(e.PAY_LIQPAY_API_URL ?? 'https://www.liqpay.ua'),
      sandbox: e.PAY_LIQPAY_SANDBOX === '1',
      signature: e.PAY_LIQPAY_SIGNATURE ?? 'sha1',
    }
  if (e.PAY_FONDY_MERCHANT_ID && e.PAY_FONDY_SECRET)
    cfg.fondy = {
      merchantId: e.PAY_FONDY_MERCHANT_ID,
      secret: e.PAY_FONDY_SECRET,
      apiUrl: trimSlash(e.PAY_FONDY_API_URL ?? 'https://pay.fondy.eu'),
    }
  if (e.PAY_STRIPE_SECRET_KEY && e.PAY_STRIPE_WEBHOOK_SECRET)
    cfg.stripe = {
      secretKey: e.PAY_STRIPE_SECRET_KEY,
      webhookSecret: e.PAY_STRIPE_WEBHOOK_SECRET,
      apiUrl: trimSlash(e.PAY_STRIPE_API_URL ?? 'https://api.stripe.com'),
    }
  if (e.PAY_PRZELEWY_MERCHANT_ID && e.PAY_PRZELEWY_API_KEY && e.PAY_PRZELEWY_CRC) {
    const merchantId = Number(e.PAY_PRZELEWY_MERCHANT_ID)
    const posId = Number(e.PAY_PRZELEWY_POS_ID ?? e.PAY_PRZELEWY_MERCHANT_ID)
    if (!Number.isSafeInteger(merchantId) || !Number.isSafeInteger(posId))
      throw new Error('PAY_PRZELEWY_MERCHANT_ID and PAY_PRZELEWY_POS_ID must be integers')
    cfg.przelewy = {
      merchantId,
      posId,
      apiKey: e.PAY_PRZELEWY_API_KEY,
      crc: e.PAY_PRZELEWY_CRC,
      apiUrl: trimSlash(e.PAY_PRZELEWY_API_URL ?? 'https://secure.przelewy24.pl'),
    }
  }
  if (e.PAY_REVOLUT_SECRET_KEY && e.PAY_REVOLUT_WEBHOOK_SECRET)
    cfg.revolut = {
      secretKey: e.PAY_REVOLUT_SECRET_KEY,
      webhookSecrets: e.PAY_REVOLUT_WEBHOOK_SECRET.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      apiUrl: trimSlash(e.PAY_REVOLUT_API_URL ?? 'https://merchant.revolut.com'),
      apiVersion: e.PAY_REVOLUT_API_VERSION ?? '2024-09-01',
    }
  if (
    e.PAY_SOLIDGATE_PUBLIC_KEY &&
    e.PAY_SOLIDGATE_SECRET_KEY &&
    e.PAY_SOLIDGATE_WEBHOOK_PUBLIC_KEY &&
    e.PAY_SOLIDGATE_WEBHOOK_SECRET_KEY
  )
    cfg.solidgate = {
      publicKey: e.PAY_SOLIDGATE_PUBLIC_KEY,
      secretKey: e.PAY_SOLIDGATE_SECRET_KEY,
      webhookPublicKey: e.PAY_SOLIDGATE_WEBHOOK_PUBLIC_KEY,
      webhookSecretKey: e.PAY_SOLIDGATE_WEBHOOK_SECRET_KEY,
      // One base for both the payments API and the Payment Page host (their paths do not overlap);
      // unset, each uses its own production host.
      apiUrl: trimSlash(e.PAY_SOLIDGATE_API_URL ?? ''),
    }
  const localSecret = e.PAY_LOCAL_SECRET ?? options.localSecret
  if (!options.production && localSecret) cfg.local = { secret: localSecret, pagePath: '/pay/local' }
  return cfg
}

// ---------------------------------------------------------------------------------------------
// Helpers shared by the provider modules.

export const sha1Base64 = (text: string) => createHash('sha1').update(text, 'utf8').digest('base64')
export const hashHex = (alg: 'sha1' | 'sha384' | 'sha256', text: string) =>
  createHash(alg).update(text, 'utf8').digest('hex')
export const hmacHex = (alg: 'sha256' | 'sha512', key: string, msg: string | Uint8Array) =>
  createHmac(alg, key).update(msg).digest('hex')

/** Constant-time string comparison; different lengths are simply unequal. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8')
  const y = Buffer.from(b, 'utf8')
  return x.length === y.length && timingSafeEqual(x, y)
}

export const bodyText = (body: Uint8Array) => new TextDecoder('utf-8', { fatal: false }).decode(body)

/** Concatenates for "t.body" style signed payloads without decoding the body (raw bytes stay raw). */
export function concatBytes(prefix: string, body: Uint8Array): Uint8Array {
  const head = new TextEncoder().encode(prefix)
  const out = new Uint8Array(head.length + body.length)
  out.set(head, 0)
  out.set(body, head.length)
  return out
}

export const ack = (
  status: number,
  body = status < 300 ? 'OK' : 'refused',
  contentType = 'text/plain; charset=utf-8',
): Ack => ({ status, body, contentType })
export const refuse = (reason: Refusal, status = 400): NotificationResult => ({
  ok: false,
  reason,
  ack: ack(status, reason),
})

/** ISO 4217 exponents that are not 2 (our editions all use 2; providers' wire amounts need the rest). */
const EXPONENT: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
}
export const currencyExponent = (currency: string) => EXPONENT[currency.toUpperCase()] ?? 2

/** 15050 UAH → "150.50"; 500 JPY → "500": integer maths only. */
export function minorToMajor(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new Error(`amount must be an integer of minor units: ${minor}`)
  const exp = currencyExponent(currency)
  const abs = Math.abs(minor)
  const sign = minor < 0 ? '-' : ''
  if (exp === 0) return `${sign}${abs}`
  const unit = 10 ** exp
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(exp, '0')}`
}

/** "150.5" / 150.5 UAH → 15050, by decimal-string parsing (never float maths); null when not exact. */
export function majorToMinor(value: string | number, currency: string): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim()
  const m = /^(-)?(\d{1,15})(?:\.(\d+))?$/.exec(text)
  if (!m) return null
  const exp = currencyExponent(currency)
  const frac = (m[3] ?? '').replace(/0+$/, '')
  if (frac.length > exp) return null
  const minor = Number(m[2]) * 10 ** exp + Number(frac.padEnd(exp, '0') || '0')
  if (!Number.isSafeInteger(minor)) return null
  return m[1] ? -minor : minor
}

export function assertStartInput(input: StartInput): void {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
    throw new Error(`amountMinor must be a positive integer: ${input.amountMinor}`)
  if (!/^[A-Z]{3}$/.test(input.currency))
    throw new Error(`currency must be an upper-case ISO 4217 code: ${input.currency}`)
}

/** A provider's HTTP answer that is not what we expect: the caller reports it, nothing is retried here. */
export class ProviderHttpError extends Error {
  constructor(
    readonly provider: ProviderId,
    readonly status: number,
    readonly detail: string,
  ) {
    super(`${provider}: HTTP ${status}: ${detail.slice(0, 300)}`)
  }
}

export async function readJson(provider: ProviderId, res: Response): Promise<unknown> {
  const text = await res.text()
  if (!res.ok) throw new ProviderHttpError(provider, res.status, text)
  try {
    return JSON.parse(text)
  } catch {
    throw new ProviderHttpError(provider, res.status, `not JSON: ${text}`)
  }
}

/** Checks a verified event against the stored payment, when the caller gave a lookup; returns the
 *  stored payment too (null without a lookup). */
export async function matchExpected(
  event: PaymentEvent,
  options: VerifyOptions | undefined,
): Promise<{ refusal: Refusal | null; stored: ExpectedPayment | null }> {
  if (!options?.expected) return { refusal: null, stored: null }
  const stored = await options.expected(event.paymentId)
  if (!stored) return { refusal: 'unknown_payment', stored }
  if (stored.amountMinor !== event.amountMinor || stored.currency.toUpperCase() !== event.currency.toUpperCase())
    return { refusal: 'mismatch', stored }
  return { refusal: null, stored }
}

export const checkExpected = async (event: PaymentEvent, options: VerifyOptions | undefined): Promise<Refusal | null> =>
  (await matchExpected(event, options)).refusal

/** start() with a saved card: charge server-to-server, then send the browser back (or to the bank). */
export async function startWithCard(
  provider: PaymentProvider,
  input: StartInput & { cardToken: string },
): Promise<StartResult | null> {
  const charge = await provider.chargeSavedCard({
    paymentId: input.paymentId,
    token: input.cardToken,
    amountMinor: input.amountMinor,
    currency: input.currency,
    description: input.description,
    customerId: input.customer?.id,
    customerEmail: input.customer?.email,
    notifyUrl: input.notifyUrl,
    returnUrl: input.returnUrl,
  })
  if (charge.status === 'requires_customer' && !charge.actionUrl) return null // the caller starts a normal page payment
  return {
    method: 'redirect',
    url: charge.actionUrl ?? input.returnUrl,
    providerPaymentId: charge.providerPaymentId,
    charge,
  }
}
