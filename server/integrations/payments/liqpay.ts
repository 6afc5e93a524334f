// LiqPay (docs/payments.md#liqpay): an auto-submitted form of `data` (base64 JSON) and `signature`
// (base64(sha1(key + data + key))) to /api/3/checkout; the callback is a form POST of the same two
// fields, signed over the `data` string exactly as received. Amounts are major units on the wire.
import { createHash } from 'node:crypto'
import {
  ack,
  assertStartInput,
  majorToMinor,
  minorToMajor,
  readJson,
  refuse,
  safeEqual,
  startWithCard,
  checkExpected,
  bodyText,
  type ChargeResult,
  type LiqpayConfig,
  type NotificationResult,
  type PaymentProvider,
  type PaymentStatus,
  type RefundInput,
  type RefundResult,
  type StartResult,
} from './provider'

export function liqpaySignature(privateKey: string, data: string, scheme: 'sha1' | 'sha3-256' = 'sha1'): string {
  return createHash(scheme)
    .update(privateKey + data + privateKey, 'utf8')
    .digest('base64')
}

export const liqpayEncode = (params: Record<string, unknown>) =>
  Buffer.from(JSON.stringify(params), 'utf8').toString('base64')

/** LiqPay status → ours. `sandbox` is paid only for a sandbox merchant; `wait_accept` (money taken,
 *  shop not yet verified) and the *_verify steps stay pending. */
export function liqpayStatus(status: string, sandbox: boolean): PaymentStatus {
  if (status === 'success' || (status === 'sandbox' && sandbox)) return 'paid'
  if (status === 'reversed') return 'refunded'
  if (status === 'failure' || status === 'error' || status === 'sandbox') return 'failed'
  return 'pending'
}

export class LiqpayProvider implements PaymentProvider {
  readonly id = 'liqpay' as const
  readonly formOrigin: string
  constructor(private readonly cfg: LiqpayConfig) {
    this.formOrigin = new URL(cfg.apiUrl).origin
  }

  /** The two form fields for a parameter object: what both the checkout form and api/request carry. */
  sign(params: Record<string, unknown>): { data: string; signature: string } {
    const data = liqpayEncode(params)
    return { data, signature: liqpaySignature(this.cfg.privateKey, data, this.cfg.signature) }
  }

  async start(input: Parameters<PaymentProvider['start']>[0]): Promise<StartResult> {
    assertStartInput(input)
    if (input.cardToken) {
      const charged = await startWithCard(this, { ...input, cardToken: input.cardToken })
      if (charged) return charged
    }
    const params: Record<string, unknown> = {
      version: 3,
      public_key: this.cfg.publicKey,
      action: 'pay',
      amount: minorToMajor(input.amountMinor, input.currency),
      currency: input.currency,
      description: input.description,
      order_id: input.paymentId,
      result_url: input.returnUrl,
      server_url: input.notifyUrl,
    }
    // LiqPay's page speaks uk and en.
    if (input.customer?.locale) params.language = input.customer.locale === 'ua' ? 'uk' : 'en'
    if (input.saveCard) {
      params.recurringbytoken = '1'
      if (input.customer?.id) params.customer = input.customer.id
    }
    if (this.cfg.sandbox) params.sandbox = '1'
    return { method: 'form', url: `${this.cfg.apiUrl}/api/3/checkout`, fields: this.sign(params) }
  }

  async verifyNotification(
    req: Parameters<PaymentProvider['verifyNotification']>[0],
    options?: Parameters<PaymentProvider['verifyNotification']>[1],
  ): Promise<NotificationResult> {
    // Form-encoded: URL-decoding gives the `data` string as LiqPay signed it.
    const form = new URLSearchParams(bodyText(req.body))
    const data = form.get('data')
    const signature = form.get('signature')
    if (!data || !signature) return refuse('malformed')
    if (!safeEqual(liqpaySignature(this.cfg.privateKey, data, this.cfg.signature), signature))
      return refuse('bad_signature')
    let body: Record<string, unknown>
    try {
      body = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as Record<string, unknown>
    } catch {
      return refuse('malformed')
    }
    if (body.public_key !== this.cfg.publicKey) return refuse('unknown_merchant')
    const currency = typeof body.currency === 'string' ? body.currency.toUpperCase() : ''
    const amountMinor =
      typeof body.amount === 'number' || typeof body.amount === 'string' ? majorToMinor(body.amount, currency) : null
    if (
      typeof body.order_id !== 'string' ||
      typeof body.status !== 'string' ||
      body.payment_id == null ||
      amountMinor === null ||
      !currency
    )
      return refuse('malformed')
    // A refund reports its total so far (refund_amount); each new total is an event of its own.
    const refunded =
      body.status === 'reversed' && (typeof body.refund_amount === 'number' || typeof body.refund_amount === 'string')
        ? majorToMinor(body.refund_amount, currency)
        : null
    const event = {
      providerEventId: `liqpay:${String(body.payment_id)}:${body.status}${refunded !== null ? `:${refunded}` : ''}`,
      paymentId: body.order_id,
      providerPaymentId: String(body.payment_id),
      status: liqpayStatus(body.status, this.cfg.sandbox),
      amountMinor,
      currency,
      ...(typeof body.card_token === 'string' && body.card_token ? { cardToken: body.card_token } : {}),
      ...(typeof body.sender_card_mask2 === 'string' ? { cardMask: body.sender_card_mask2 } : {}),
      ...(refunded !== null ? { refundedMinor: refunded } : {}),
    }
    const wrong = await checkExpected(event, options)
    if (wrong) return refuse(wrong)
    return { ok: true, event, ack: ack(200) }
  }

  /** Server-to-server call: the same `data`/`signature` pair, form-encoded, to /api/request. */
  private async request(params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const res = await fetch(`${this.cfg.apiUrl}/api/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(this.sign({ version: 3, public_key: this.cfg.publicKey, ...params })),
    })
    return (await readJson('liqpay', res)) as Record<string, unknown>
  }

  async getStatus(input: { paymentId: string }) {
    const r = await this.request({ action: 'status', order_id: input.paymentId })
    if (r.result === 'error' && r.err_code === 'payment_not_found') return { status: 'pending' as const }
    const currency = typeof r.currency === 'string' ? r.currency.toUpperCase() : undefined
    const amountMinor =
      currency && (typeof r.amount === 'number' || typeof r.amount === 'string')
        ? (majorToMinor(r.amount, currency) ?? undefined)
        : undefined
    return {
      status: liqpayStatus(String(r.status ?? ''), this.cfg.sandbox),
      amountMinor,
      currency,
      providerPaymentId: r.payment_id != null ? String(r.payment_id) : undefined,
    }
  }

  /** api/request action refund (amount for a part); LiqPay answers the payment's status: reversed when done. */
  async refund(input: RefundInput): Promise<RefundResult> {
    const r = await this.request({
      action: 'refund',
      order_id: input.paymentId,
      amount: minorToMajor(input.amountMinor, input.currency),
    })
    const status = String(r.status ?? '')
    if (status === 'reversed' || r.result === 'ok')
      return { status: 'refunded', ...(r.payment_id != null ? { providerRefundId: String(r.payment_id) } : {}) }
    return { status: 'failed', detail: String(r.err_description ?? r.err_code ?? status) }
  }

  async chargeSavedCard(input: Parameters<PaymentProvider['chargeSavedCard']>[0]): Promise<ChargeResult> {
    const r = await this.request({
      action: 'paytoken',
      amount: minorToMajor(input.amountMinor, input.currency),
      currency: input.currency,
      description: input.description,
      order_id: input.paymentId,
      card_token: input.token,
      ...(input.notifyUrl ? { server_url: input.notifyUrl } : {}),
    })
    const status = String(r.status ?? '')
    const providerPaymentId = r.payment_id != null ? String(r.payment_id) : undefined
    if (status.endsWith('_verify'))
      return {
        status: 'requires_customer',
        providerPaymentId,
        ...(typeof r.redirect_to === 'string' ? { actionUrl: r.redirect_to } : {}),
      }
    const ours = liqpayStatus(status, this.cfg.sandbox)
    return { status: ours === 'refunded' ? 'failed' : ours, providerPaymentId }
  }
}
