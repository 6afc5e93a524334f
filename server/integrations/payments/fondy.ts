// Fondy / hutko, protocol 1.0 (docs/payments.md#fondy--hutko): JSON `{"request": {...}}` to the API, the answer
// `{"response": {...}}`; every message signed as sha1 hex of `key|v1|v2…` over the non-empty values
// sorted by name. Amounts are minor units. The callback arrives as flat JSON or form fields.
import {
  ack,
  assertStartInput,
  checkExpected,
  bodyText,
  hashHex,
  readJson,
  refuse,
  safeEqual,
  startWithCard,
  type ChargeResult,
  type FondyConfig,
  type NotificationResult,
  type PaymentProvider,
  type PaymentStatus,
  type RefundInput,
  type RefundResult,
  type StartResult,
  type StatusResult,
} from './provider'

type Params = Record<string, unknown>

/** A value as Fondy signs it: the received text; numbers as their decimal text; objects as JSON. */
const asText = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)

export function fondySignatureString(key: string, params: Params): string {
  const names = Object.keys(params)
    .filter((k) => k !== 'signature' && k !== 'response_signature_string')
    .filter((k) => params[k] !== null && params[k] !== undefined && asText(params[k]) !== '')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) // byte order, not locale order
  return [key, ...names.map((k) => asText(params[k]))].join('|')
}

export const fondySignature = (key: string, params: Params) => hashHex('sha1', fondySignatureString(key, params))

export function fondyStatus(orderStatus: string): PaymentStatus {
  if (orderStatus === 'approved') return 'paid'
  if (orderStatus === 'reversed') return 'refunded'
  if (orderStatus === 'declined' || orderStatus === 'expired') return 'failed'
  return 'pending'
}

export class FondyProvider implements PaymentProvider {
  readonly id = 'fondy' as const
  constructor(private readonly cfg: FondyConfig) {}

  private signed(params: Params): Params {
    return { ...params, signature: fondySignature(this.cfg.secret, params) }
  }

  /** POST {"request": …} and return the `response` object, its signature checked when it carries one. */
  private async call(path: string, params: Params): Promise<Params> {
    const res = await fetch(`${this.cfg.apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ request: this.signed({ merchant_id: Number(this.cfg.merchantId), ...params }) }),
    })
    const json = (await readJson('fondy', res)) as { response?: Params }
    const response = json.response
    if (!response || typeof response !== 'object') throw new Error('fondy: answer without "response"')
    if (response.response_status === 'failure')
      throw new Error(`fondy: ${asText(response.error_code)} ${asText(response.error_message)}`)
    if (
      typeof response.signature === 'string' &&
      !safeEqual(fondySignature(this.cfg.secret, response), response.signature)
    )
      throw new Error('fondy: answer with a bad signature')
    return response
  }

  async start(input: Parameters<PaymentProvider['start']>[0]): Promise<StartResult> {
    assertStartInput(input)
    if (input.cardToken) {
      const charged = await startWithCard(this, { ...input, cardToken: input.cardToken })
      if (charged) return charged
    }
    const r = await this.call('/api/checkout/url/', {
      order_id: input.paymentId,
      order_desc: input.description,
      amount: input.amountMinor,
      currency: input.currency,
      server_callback_url: input.notifyUrl,
      response_url: input.returnUrl,
      // N: one callback for the order, not one per attempt of the buyer.
      delayed: 'N',
      ...(input.saveCard ? { required_rectoken: 'Y' } : {}),
      ...(input.customer?.email ? { sender_email: input.customer.email } : {}),
      ...(input.customer?.locale ? { lang: input.customer.locale === 'ua' ? 'uk' : input.customer.locale } : {}),
    })
    if (typeof r.checkout_url !== 'string') throw new Error('fondy: no checkout_url in the answer')
    return {
      method: 'redirect',
      url: r.checkout_url,
      ...(r.payment_id != null ? { providerPaymentId: asText(r.payment_id) } : {}),
    }
  }

  async verifyNotification(
    req: Parameters<PaymentProvider['verifyNotification']>[0],
    options?: Parameters<PaymentProvider['verifyNotification']>[1],
  ): Promise<NotificationResult> {
    const text = bodyText(req.body)
    let params: Params
    if (text.trimStart().startsWith('{')) {
      try {
        params = JSON.parse(text) as Params
      } catch {
        return refuse('malformed')
      }
    } else params = Object.fromEntries(new URLSearchParams(text))
    if (typeof params.signature !== 'string') return refuse('malformed')
    if (!safeEqual(fondySignature(this.cfg.secret, params), params.signature)) return refuse('bad_signature')
    if (asText(params.merchant_id) !== this.cfg.merchantId) return refuse('unknown_merchant')
    const amountMinor = Number(asText(params.amount))
    const currency = asText(params.currency ?? '').toUpperCase()
    const orderStatus = asText(params.order_status ?? '')
    if (
      !Number.isSafeInteger(amountMinor) ||
      !currency ||
      !orderStatus ||
      typeof params.order_id !== 'string' ||
      params.payment_id == null
    )
      return refuse('malformed')
    const rectoken = asText(params.rectoken ?? '')
    const mask = asText(params.masked_card ?? '')
    // reversed: reversal_amount is everything given back so far (several partial refunds add up).
    const reversal = Number(asText(params.reversal_amount ?? ''))
    const refunded = orderStatus === 'reversed' && Number.isSafeInteger(reversal) && reversal > 0 ? reversal : null
    const event = {
      providerEventId: `fondy:${asText(params.payment_id)}:${orderStatus}${refunded !== null ? `:${refunded}` : ''}`,
      paymentId: params.order_id,
      providerPaymentId: asText(params.payment_id),
      status: fondyStatus(orderStatus),
      amountMinor,
      currency,
      ...(rectoken ? { cardToken: rectoken } : {}),
      ...(mask ? { cardMask: mask } : {}),
      ...(refunded !== null ? { refundedMinor: refunded } : {}),
    }
    const wrong = await checkExpected(event, options)
    if (wrong) return refuse(wrong)
    // Exactly 200, else Fondy re-sends after 2 s … 24 h.
    return { ok: true, event, ack: ack(200) }
  }

  async getStatus(input: { paymentId: string }): Promise<StatusResult> {
    const r = await this.call('/api/status/order_id/', { order_id: input.paymentId })
    const amount = Number(asText(r.amount))
    return {
      status: fondyStatus(asText(r.order_status ?? '')),
      ...(Number.isSafeInteger(amount) ? { amountMinor: amount } : {}),
      ...(r.currency ? { currency: asText(r.currency).toUpperCase() } : {}),
      ...(r.payment_id != null ? { providerPaymentId: asText(r.payment_id) } : {}),
    }
  }

  /** POST /api/reverse/order_id/; reverse_status approved = done, created = Fondy will call back. */
  async refund(input: RefundInput): Promise<RefundResult> {
    const r = await this.call('/api/reverse/order_id/', {
      order_id: input.paymentId,
      amount: input.amountMinor,
      currency: input.currency,
      ...(input.reason ? { comment: input.reason.slice(0, 1024) } : {}),
    })
    const status = asText(r.reverse_status ?? '')
    const providerRefundId = r.reversal_id != null ? asText(r.reversal_id) : undefined
    const base = providerRefundId ? { providerRefundId } : {}
    if (status === 'approved') return { status: 'refunded', ...base }
    if (status === 'created' || status === 'processing') return { status: 'pending', ...base }
    return { status: 'failed', detail: status || 'declined' }
  }

  async chargeSavedCard(input: Parameters<PaymentProvider['chargeSavedCard']>[0]): Promise<ChargeResult> {
    const r = await this.call('/api/recurring', {
      order_id: input.paymentId,
      order_desc: input.description,
      amount: input.amountMinor,
      currency: input.currency,
      rectoken: input.token,
      ...(input.notifyUrl ? { server_callback_url: input.notifyUrl } : {}),
    })
    const status = fondyStatus(asText(r.order_status ?? ''))
    return {
      status: status === 'refunded' ? 'failed' : status,
      ...(r.payment_id != null ? { providerPaymentId: asText(r.payment_id) } : {}),
    }
  }
}
