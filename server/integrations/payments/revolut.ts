// Revolut Merchant API (docs/payments.md#revolut-merchant): create an order (bearer secret key, pinned
// Revolut-Api-Version), send the buyer to its checkout_url. Webhooks are signed as
// `v1=` + hex HMAC-SHA256 of `v1.{Revolut-Request-Timestamp}.{raw body}` (timestamp in ms,
// 5-minute tolerance, several v1 values during rotation); their body has no amount and no event
// id, so the order is fetched and its state, amount and currency are what count.
import {
  ack,
  assertStartInput,
  checkExpected,
  concatBytes,
  hmacHex,
  readJson,
  refuse,
  safeEqual,
  startWithCard,
  type ChargeResult,
  type NotificationResult,
  type PaymentProvider,
  type RefundInput,
  type RefundResult,
  type PaymentStatus,
  type RevolutConfig,
  type StartResult,
  type StatusResult,
} from './provider'

export const REVOLUT_TOLERANCE_MS = 5 * 60 * 1000

export const revolutSignature = (secret: string, timestamp: string, body: Uint8Array) =>
  `v1=${hmacHex('sha256', secret, concatBytes(`v1.${timestamp}.`, body))}`

type Obj = Record<string, unknown>
const str = (v: unknown) => (typeof v === 'string' ? v : undefined)

/** Order state → ours: completed is paid; authorised/processing wait; cancelled/failed end it. */
export function revolutStatus(state: unknown): PaymentStatus {
  const s = typeof state === 'string' ? state.toLowerCase() : ''
  if (s === 'completed') return 'paid'
  if (s === 'cancelled' || s === 'failed') return 'failed'
  return 'pending'
}

export class RevolutProvider implements PaymentProvider {
  readonly id = 'revolut' as const
  constructor(private readonly cfg: RevolutConfig) {}

  private async api(method: 'GET' | 'POST', path: string, body?: object, idempotencyKey?: string): Promise<Obj> {
    const res = await fetch(`${this.cfg.apiUrl}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.cfg.secretKey}`,
        'revolut-api-version': this.cfg.apiVersion,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    return (await readJson('revolut', res)) as Obj
  }

  async start(input: Parameters<PaymentProvider['start']>[0]): Promise<StartResult> {
    assertStartInput(input)
    if (input.cardToken) {
      const charged = await startWithCard(this, { ...input, cardToken: input.cardToken })
      if (charged) return charged
    }
    const order = await this.api(
      'POST',
      '/orders',
      {
        amount: input.amountMinor,
        currency: input.currency,
        description: input.description,
        merchant_order_data: { reference: input.paymentId },
        // The hosted page's return address; the field name is unconfirmed (docs/payments.md#revolut-merchant).
        redirect_url: input.returnUrl,
        ...(input.customer?.email ? { customer: { email: input.customer.email } } : {}),
      },
      `start:${input.paymentId}`,
    )
    if (typeof order.checkout_url !== 'string' || typeof order.id !== 'string')
      throw new Error('revolut: order without checkout_url')
    return { method: 'redirect', url: order.checkout_url, providerPaymentId: order.id }
  }

  async verifyNotification(
    req: Parameters<PaymentProvider['verifyNotification']>[0],
    options?: Parameters<PaymentProvider['verifyNotification']>[1],
  ): Promise<NotificationResult> {
    const timestamp = req.headers.get('revolut-request-timestamp') ?? ''
    const given = (req.headers.get('revolut-signature') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    if (!/^\d+$/.test(timestamp) || given.length === 0) return refuse('malformed')
    const good = this.cfg.webhookSecrets.some((secret) => {
      const expected = revolutSignature(secret, timestamp, req.body)
      return given.some((g) => safeEqual(expected, g))
    })
    if (!good) return refuse('bad_signature')
    if (Math.abs((options?.now ?? Date.now()) - Number(timestamp)) > REVOLUT_TOLERANCE_MS) return refuse('stale')
    let body: Obj
    try {
      body = JSON.parse(new TextDecoder().decode(req.body)) as Obj
    } catch {
      return refuse('malformed')
    }
    const orderId = str(body.order_id)
    const eventName = str(body.event)
    if (!orderId || !eventName) return refuse('malformed')
    if (!eventName.startsWith('ORDER_')) return { ok: true, event: null, ack: ack(200) }
    // The body carries no amount: the order itself is the truth. A failed fetch is answered with
    // an error so that Revolut retries (3 more times, 10 minutes apart).
    const order = await this.api('GET', `/orders/${encodeURIComponent(orderId)}`).catch(() => null)
    if (!order) return refuse('not_verified', 502)
    const paymentId =
      str((order.merchant_order_data as Obj | undefined)?.reference) ??
      str(order.merchant_order_ext_ref) ??
      str(body.merchant_order_ext_ref)
    const amountMinor = order.amount
    const currency = str(order.currency)
    if (!paymentId || !Number.isSafeInteger(amountMinor) || !currency) return refuse('malformed')
    const event = {
      providerEventId: `revolut:${orderId}:${eventName}`,
      paymentId,
      providerPaymentId: orderId,
      status: revolutStatus(order.state),
      amountMinor: amountMinor as number,
      currency: currency.toUpperCase(),
      ...savedCard(order),
    }
    const wrong = await checkExpected(event, options)
    if (wrong) return refuse(wrong)
    return { ok: true, event, ack: ack(200) }
  }

  async getStatus(input: { paymentId: string; providerPaymentId?: string }): Promise<StatusResult> {
    if (!input.providerPaymentId) throw new Error('revolut: getStatus needs the order id returned by start')
    const order = await this.api('GET', `/orders/${encodeURIComponent(input.providerPaymentId)}`)
    return {
      status: revolutStatus(order.state),
      ...(Number.isSafeInteger(order.amount) ? { amountMinor: order.amount as number } : {}),
      ...(str(order.currency) ? { currency: str(order.currency)!.toUpperCase() } : {}),
      providerPaymentId: input.providerPaymentId,
    }
  }

  /** POST /api/1.0/orders/{id}/refund: a refund order of its own, completed or still processing. */
  async refund(input: RefundInput): Promise<RefundResult> {
    if (!input.providerPaymentId) throw new Error('revolut: refund needs the order id returned by start')
    const r = await this.api(
      'POST',
      `/1.0/orders/${encodeURIComponent(input.providerPaymentId)}/refund`,
      { amount: input.amountMinor, currency: input.currency, ...(input.reason ? { description: input.reason } : {}) },
      `refund:${input.refundId}`,
    )
    const state = (str(r.state) ?? '').toLowerCase()
    const base = str(r.id) ? { providerRefundId: str(r.id)! } : {}
    if (state === 'completed') return { status: 'refunded', ...base }
    if (state === 'pending' || state === 'processing' || state === 'authorised') return { status: 'pending', ...base }
    return { status: 'failed', ...base, detail: state || 'failed' }
  }

  /** Token `customer id/payment method id`: a new order for the customer, then pay it with the
   *  method saved for the merchant (initiator merchant). */
  async chargeSavedCard(input: Parameters<PaymentProvider['chargeSavedCard']>[0]): Promise<ChargeResult> {
    const [customerId, methodId] = input.token.split('/')
    if (!customerId || !methodId) throw new Error('revolut: a saved-card token is "customer id/payment method id"')
    const order = await this.api(
      'POST',
      '/orders',
      {
        amount: input.amountMinor,
        currency: input.currency,
        description: input.description,
        merchant_order_data: { reference: input.paymentId },
        customer: { id: customerId },
      },
      `charge-order:${input.paymentId}`,
    )
    const orderId = str(order.id)
    if (!orderId) throw new Error('revolut: order without id')
    const payment = await this.api(
      'POST',
      `/orders/${encodeURIComponent(orderId)}/payments`,
      { saved_payment_method: { type: 'card', id: methodId, initiator: 'merchant' } },
      `charge:${input.paymentId}`,
    )
    const state = (str(payment.state) ?? '').toLowerCase()
    if (state === 'completed' || state === 'captured' || state === 'authorised')
      return { status: 'paid', providerPaymentId: orderId }
    if (state === 'authentication_challenge') return { status: 'requires_customer', providerPaymentId: orderId }
    if (state === 'declined' || state === 'failed' || state === 'cancelled')
      return { status: 'failed', providerPaymentId: orderId }
    return { status: 'pending', providerPaymentId: orderId }
  }
}

/** The card the order was paid with, as a token for later merchant-initiated charges. */
function savedCard(order: Obj): { cardToken?: string; cardMask?: string } {
  const customerId = str((order.customer as Obj | undefined)?.id)
  const payments = Array.isArray(order.payments) ? (order.payments as Obj[]) : []
  const method = payments.map((p) => p.payment_method as Obj | undefined).find((m) => m && str(m.id))
  if (!customerId || !method) return {}
  const last4 = str(method.card_last_four)
  return { cardToken: `${customerId}/${str(method.id)}`, ...(last4 ? { cardMask: `**** ${last4}` } : {}) }
}
