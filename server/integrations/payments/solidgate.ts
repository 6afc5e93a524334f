// Solidgate (docs/payments.md#solidgate): requests and v1 webhooks carry `merchant: <public key>` and
// `signature: base64(lowercase hex(HMAC-SHA512(secret, publicKey + body + publicKey)))` — base64 of
// the 128-char hex string, not of the raw digest. The buyer pays on the hosted Payment Page
// (`/api/v1/init` answers its `url`); webhook URLs are set per channel in the Solidgate Hub.
// Amounts are minor units.
import { createHmac } from 'node:crypto'
import {
  ack,
  assertStartInput,
  checkExpected,
  bodyText,
  hmacHex,
  readJson,
  refuse,
  safeEqual,
  startWithCard,
  type ChargeResult,
  type NotificationResult,
  type PaymentProvider,
  type PaymentStatus,
  type RefundInput,
  type RefundResult,
  type SolidgateConfig,
  type StartResult,
  type StatusResult,
} from './provider'

export function solidgateSignature(publicKey: string, secretKey: string, body: string | Uint8Array): string {
  // Over bytes: a received body is signed exactly as it arrived, never re-decoded.
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body
  const key = Buffer.from(publicKey, 'utf8')
  return Buffer.from(hmacHex('sha512', secretKey, Buffer.concat([key, bytes, key])), 'utf8').toString('base64')
}

/** v2 webhooks (unconfirmed which form): base64 of the raw HMAC-SHA256 digest of the body. */
export const solidgateSignatureV2 = (secret: string, body: Uint8Array) =>
  createHmac('sha256', secret).update(body).digest('base64')

export function solidgateStatus(status: unknown): PaymentStatus {
  const s = typeof status === 'string' ? status : ''
  if (s === 'approved' || s === 'settle_ok') return 'paid'
  if (s === 'refunded') return 'refunded'
  if (s === 'declined' || s === 'auth_failed' || s === 'settle_failed' || s === 'void_ok') return 'failed'
  return 'pending'
}

type Obj = Record<string, unknown>
const str = (v: unknown) => (typeof v === 'string' ? v : undefined)

export class SolidgateProvider implements PaymentProvider {
  readonly id = 'solidgate' as const
  constructor(private readonly cfg: SolidgateConfig) {}

  private url(host: 'pay' | 'payment-page', path: string): string {
    return `${this.cfg.apiUrl || `https://${host}.solidgate.com`}/api/v1${path}`
  }

  /** Signs the exact bytes sent. */
  private async post(url: string, payload: object): Promise<Obj> {
    const body = JSON.stringify(payload)
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        merchant: this.cfg.publicKey,
        signature: solidgateSignature(this.cfg.publicKey, this.cfg.secretKey, body),
      },
      body,
    })
    return (await readJson('solidgate', res)) as Obj
  }

  async start(input: Parameters<PaymentProvider['start']>[0]): Promise<StartResult> {
    assertStartInput(input)
    if (input.cardToken) {
      const charged = await startWithCard(this, { ...input, cardToken: input.cardToken })
      if (charged) return charged
    }
    const r = await this.post(this.url('payment-page', '/init'), {
      order: {
        order_id: input.paymentId,
        amount: input.amountMinor,
        currency: input.currency,
        order_description: input.description,
        ...(input.customer?.email ? { customer_email: input.customer.email } : {}),
        ...(input.customer?.id ? { customer_account_id: input.customer.id } : {}),
        success_url: input.returnUrl,
        fail_url: input.returnUrl,
      },
      page_customization: { order_title: input.description, order_description: input.description },
    })
    if (typeof r.url !== 'string') throw new Error('solidgate: init answered without url')
    return { method: 'redirect', url: r.url }
  }

  async verifyNotification(
    req: Parameters<PaymentProvider['verifyNotification']>[0],
    options?: Parameters<PaymentProvider['verifyNotification']>[1],
  ): Promise<NotificationResult> {
    const signature = req.headers.get('signature')
    const merchant = req.headers.get('merchant')
    if (!signature) return refuse('malformed')
    if (merchant !== null) {
      // v1: the merchant header names the webhook key pair; it must be ours.
      if (!safeEqual(merchant, this.cfg.webhookPublicKey)) return refuse('unknown_merchant')
      if (!safeEqual(solidgateSignature(this.cfg.webhookPublicKey, this.cfg.webhookSecretKey, req.body), signature))
        return refuse('bad_signature')
    } else if (!safeEqual(solidgateSignatureV2(this.cfg.webhookSecretKey, req.body), signature))
      return refuse('bad_signature')
    let body: Obj
    try {
      body = JSON.parse(bodyText(req.body)) as Obj
    } catch {
      return refuse('malformed')
    }
    const order = (body.order ?? {}) as Obj
    const paymentId = str(order.order_id)
    const currency = str(order.currency)
    const status = str(order.status)
    if (!paymentId || !currency || !status || !Number.isSafeInteger(order.amount)) return refuse('malformed')
    const eventHeader = req.headers.get('solidgate-event-id')
    // A refunded order reports the total given back so far (refunded_amount); a partial refund keeps
    // the order's status, so the total is part of the fallback key.
    const refunded =
      Number.isSafeInteger(order.refunded_amount) && (order.refunded_amount as number) > 0
        ? (order.refunded_amount as number)
        : null
    const event = {
      providerEventId: eventHeader
        ? `solidgate:${eventHeader}`
        : `solidgate:${paymentId}:${status}${refunded !== null ? `:${refunded}` : ''}`,
      paymentId,
      status: refunded !== null ? ('refunded' as const) : solidgateStatus(status),
      amountMinor: order.amount as number,
      currency: currency.toUpperCase(),
      ...cardOf(body),
      ...(refunded !== null ? { refundedMinor: refunded } : {}),
    }
    const wrong = await checkExpected(event, options)
    if (wrong) return refuse(wrong)
    return { ok: true, event, ack: ack(200) }
  }

  async getStatus(input: { paymentId: string }): Promise<StatusResult> {
    const r = await this.post(this.url('pay', '/status'), { order_id: input.paymentId })
    const order = (r.order ?? {}) as Obj
    return {
      status: solidgateStatus(order.status),
      ...(Number.isSafeInteger(order.amount) ? { amountMinor: order.amount as number } : {}),
      ...(str(order.currency) ? { currency: str(order.currency)!.toUpperCase() } : {}),
    }
  }

  /** POST /api/v1/refund; Solidgate may answer `processing`, the final `refunded` comes by webhook. */
  async refund(input: RefundInput): Promise<RefundResult> {
    const r = await this.post(this.url('pay', '/refund'), { order_id: input.paymentId, amount: input.amountMinor })
    const order = (r.order ?? {}) as Obj
    const status = str(order.status) ?? ''
    if (status === 'refunded' || status === 'partial_refunded') return { status: 'refunded' }
    if (status === 'processing' || status === 'refund_processing') return { status: 'pending' }
    return { status: 'failed', detail: status || 'declined' }
  }

  /** Merchant-initiated charge of a card token: `payment_type` is mandatory since June 2023. */
  async chargeSavedCard(input: Parameters<PaymentProvider['chargeSavedCard']>[0]): Promise<ChargeResult> {
    const r = await this.post(this.url('pay', '/recurring'), {
      order_id: input.paymentId,
      amount: input.amountMinor,
      currency: input.currency,
      order_description: input.description,
      recurring_token: input.token,
      payment_type: 'recurring',
      ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
      platform: 'WEB',
    })
    const order = (r.order ?? {}) as Obj
    const verifyUrl = str((r.verify_url as unknown) ?? (r.transaction as Obj | undefined)?.verify_url)
    if (verifyUrl) return { status: 'requires_customer', actionUrl: verifyUrl }
    const status = solidgateStatus(order.status)
    return { status: status === 'refunded' ? 'failed' : status }
  }
}

/** The card token of the order's transactions (card orders), to charge later. */
function cardOf(body: Obj): { cardToken?: string; cardMask?: string } {
  const txs = body.transactions && typeof body.transactions === 'object' ? Object.values(body.transactions as Obj) : []
  for (const tx of txs as Obj[]) {
    const card = tx?.card as Obj | undefined
    const token = str((card?.card_token as Obj | undefined)?.token)
    if (token) return { cardToken: token, ...(str(card?.number) ? { cardMask: str(card?.number) } : {}) }
  }
  return {}
}
