// Stripe (docs/payments.md#stripe): a Checkout Session (form-encoded POST, bearer secret key, Idempotency-Key)
// whose `url` the buyer is sent to; webhook events signed in `Stripe-Signature: t=…,v1=…` as hex
// HMAC-SHA256 of `t.raw_body`, tolerance 300 s. Amounts are minor units, currency lower case on the
// wire. Written against the HTTP API directly: the few calls do not need the stripe package.
import {
  assertStartInput,
  checkExpected,
  concatBytes,
  hmacHex,
  ProviderHttpError,
  refuse,
  safeEqual,
  startWithCard,
  type ChargeResult,
  type NotificationResult,
  type PaymentEvent,
  type PaymentProvider,
  type RefundInput,
  type RefundResult,
  type StartResult,
  type StatusResult,
  type StripeConfig,
} from './provider'

export const STRIPE_TOLERANCE_S = 300

/** `t=…,v1=…[,v1=…][,v0=…]` → the timestamp and every v1 (several during secret rotation). */
export function parseStripeSignature(header: string): { t: number; v1: string[] } | null {
  let t: number | null = null
  const v1: string[] = []
  for (const item of header.split(',')) {
    const at = item.indexOf('=')
    if (at < 0) continue
    const name = item.slice(0, at).trim()
    const value = item.slice(at + 1).trim()
    if (name === 't' && /^\d+$/.test(value)) t = Number(value)
    else if (name === 'v1') v1.push(value)
  }
  return t === null || v1.length === 0 ? null : { t, v1 }
}

export const stripeSignature = (secret: string, t: number, body: Uint8Array) =>
  hmacHex('sha256', secret, concatBytes(`${t}.`, body))

/** Flattens nested params into Stripe's form encoding: a[b][0][c]=v. */
export function stripeForm(params: Record<string, unknown>, prefix = '', out = new URLSearchParams()): URLSearchParams {
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue
    const name = prefix ? `${prefix}[${k}]` : k
    if (typeof v === 'object') stripeForm(v as Record<string, unknown>, name, out)
    else out.append(name, String(v))
  }
  return out
}

type Obj = Record<string, unknown>
const str = (v: unknown) => (typeof v === 'string' ? v : undefined)

export class StripeProvider implements PaymentProvider {
  readonly id = 'stripe' as const
  constructor(private readonly cfg: StripeConfig) {}

  private async api(
    method: 'GET' | 'POST',
    path: string,
    params?: Obj,
    idempotencyKey?: string,
  ): Promise<{ status: number; body: Obj }> {
    const res = await fetch(`${this.cfg.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.cfg.secretKey}`,
        ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      ...(params ? { body: stripeForm(params) } : {}),
    })
    const text = await res.text()
    let body: Obj
    try {
      body = JSON.parse(text) as Obj
    } catch {
      throw new Error(`stripe: HTTP ${res.status}: not JSON`)
    }
    return { status: res.status, body }
  }

  private async ok(method: 'GET' | 'POST', path: string, params?: Obj, idempotencyKey?: string): Promise<Obj> {
    const r = await this.api(method, path, params, idempotencyKey)
    if (r.status >= 300) throw new ProviderHttpError('stripe', r.status, JSON.stringify(r.body.error ?? r.body))
    return r.body
  }

  async start(input: Parameters<PaymentProvider['start']>[0]): Promise<StartResult> {
    assertStartInput(input)
    if (input.cardToken) {
      const charged = await startWithCard(this, { ...input, cardToken: input.cardToken })
      if (charged) return charged
    }
    const metadata = { paymentRef: input.paymentId, ...(input.saveCard ? { saveCard: '1' } : {}) }
    const session = await this.ok(
      'POST',
      '/v1/checkout/sessions',
      {
        mode: 'payment',
        line_items: {
          0: {
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amountMinor,
              product_data: { name: input.description },
            },
            quantity: 1,
          },
        },
        success_url: input.returnUrl,
        cancel_url: input.returnUrl,
        client_reference_id: input.paymentId,
        metadata,
        customer_email: input.customer?.email,
        payment_intent_data: { metadata, ...(input.saveCard ? { setup_future_usage: 'off_session' } : {}) },
        ...(input.saveCard ? { customer_creation: 'always' } : {}),
      },
      // One key per attempt: a retried start replays the same session instead of opening a second.
      `start:${input.paymentId}`,
    )
    if (typeof session.url !== 'string' || typeof session.id !== 'string')
      throw new Error('stripe: session without url')
    return { method: 'redirect', url: session.url, providerPaymentId: session.id }
  }

  async verifyNotification(
    req: Parameters<PaymentProvider['verifyNotification']>[0],
    options?: Parameters<PaymentProvider['verifyNotification']>[1],
  ): Promise<NotificationResult> {
    const header = parseStripeSignature(req.headers.get('stripe-signature') ?? '')
    if (!header) return refuse('malformed')
    const expected = stripeSignature(this.cfg.webhookSecret, header.t, req.body)
    if (!header.v1.some((v) => safeEqual(expected, v))) return refuse('bad_signature')
    const now = options?.now ?? Date.now()
    if (Math.abs(now / 1000 - header.t) > STRIPE_TOLERANCE_S) return refuse('stale')
    let evt: Obj
    try {
      evt = JSON.parse(new TextDecoder().decode(req.body)) as Obj
    } catch {
      return refuse('malformed')
    }
    const obj = ((evt.data as Obj | undefined)?.object ?? {}) as Obj
    if (typeof evt.id !== 'string' || typeof evt.type !== 'string') return refuse('malformed')
    const event = await this.toEvent(evt.id, evt.type, obj)
    if (event) {
      const wrong = await checkExpected(event, options)
      if (wrong) return refuse(wrong)
    }
    return { ok: true, event, ack: { status: 200, body: '{"received":true}', contentType: 'application/json' } }
  }

  /** The event types we act on (docs/payments.md#stripe); anything else is verified and ignored (null). */
  private async toEvent(eventId: string, type: string, o: Obj): Promise<PaymentEvent | null> {
    const base = { providerEventId: `stripe:${eventId}`, currency: (str(o.currency) ?? '').toUpperCase() }
    const meta = (o.metadata ?? {}) as Obj
    if (type.startsWith('checkout.session.')) {
      const paymentId = str(o.client_reference_id) ?? str(meta.paymentRef)
      if (!paymentId || typeof o.amount_total !== 'number') return null
      const status =
        type === 'checkout.session.completed'
          ? o.payment_status === 'paid'
            ? 'paid'
            : 'pending'
          : type === 'checkout.session.async_payment_succeeded'
            ? 'paid'
            : type === 'checkout.session.async_payment_failed' || type === 'checkout.session.expired'
              ? 'failed'
              : null
      if (!status) return null
      const card =
        status === 'paid' && meta.saveCard === '1'
          ? await this.savedCard(str(o.customer), str(o.payment_intent))
          : undefined
      return { ...base, paymentId, providerPaymentId: str(o.id), status, amountMinor: o.amount_total, ...card }
    }
    // Saved-card charges are PaymentIntents of their own (no session).
    if (type === 'payment_intent.succeeded' || type === 'payment_intent.payment_failed') {
      const paymentId = str(meta.paymentRef)
      if (!paymentId || typeof o.amount !== 'number' || meta.offSession !== '1') return null
      return {
        ...base,
        paymentId,
        providerPaymentId: str(o.id),
        status: type === 'payment_intent.succeeded' ? 'paid' : 'failed',
        amountMinor: o.amount,
      }
    }
    if (type === 'charge.refunded') {
      const paymentId = str(meta.paymentRef)
      // amount is the charge's whole amount; amount_refunded the total given back so far.
      if (!paymentId || typeof o.amount_refunded !== 'number' || typeof o.amount !== 'number') return null
      return {
        ...base,
        paymentId,
        providerPaymentId: str(o.payment_intent) ?? str(o.id),
        status: 'refunded',
        amountMinor: o.amount,
        refundedMinor: o.amount_refunded,
      }
    }
    return null
  }

  /** The customer and card to charge later: token `cus_…/pm_…`. A failed lookup only loses the card. */
  private async savedCard(
    customer: string | undefined,
    paymentIntent: string | undefined,
  ): Promise<{ cardToken: string; cardMask?: string } | undefined> {
    if (!customer || !paymentIntent) return undefined
    try {
      const pi = await this.ok(
        'GET',
        `/v1/payment_intents/${encodeURIComponent(paymentIntent)}?expand[]=payment_method`,
      )
      const pm = pi.payment_method as Obj | string | null
      const pmId = typeof pm === 'string' ? pm : str(pm?.id)
      if (!pmId) return undefined
      const last4 = typeof pm === 'object' && pm ? str((pm.card as Obj | undefined)?.last4) : undefined
      return { cardToken: `${customer}/${pmId}`, ...(last4 ? { cardMask: `**** ${last4}` } : {}) }
    } catch {
      return undefined
    }
  }

  async getStatus(input: { paymentId: string; providerPaymentId?: string }): Promise<StatusResult> {
    const id = input.providerPaymentId
    if (!id) throw new Error('stripe: getStatus needs the session or intent id returned by start')
    if (id.startsWith('pi_')) {
      const pi = await this.ok('GET', `/v1/payment_intents/${encodeURIComponent(id)}`)
      const s = pi.status
      return {
        status: s === 'succeeded' ? 'paid' : s === 'canceled' ? 'failed' : 'pending',
        ...(typeof pi.amount === 'number' ? { amountMinor: pi.amount } : {}),
        ...(str(pi.currency) ? { currency: str(pi.currency)!.toUpperCase() } : {}),
        providerPaymentId: id,
      }
    }
    const s = await this.ok('GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`)
    return {
      status: s.payment_status === 'paid' ? 'paid' : s.status === 'expired' ? 'failed' : 'pending',
      ...(typeof s.amount_total === 'number' ? { amountMinor: s.amount_total } : {}),
      ...(str(s.currency) ? { currency: str(s.currency)!.toUpperCase() } : {}),
      providerPaymentId: id,
    }
  }

  /** POST /v1/refunds on the payment's PaymentIntent (a Checkout Session is looked up for it). */
  async refund(input: RefundInput): Promise<RefundResult> {
    let intent = input.providerPaymentId
    if (!intent) throw new Error('stripe: refund needs the session or intent id returned by start')
    if (!intent.startsWith('pi_')) {
      const session = await this.ok('GET', `/v1/checkout/sessions/${encodeURIComponent(intent)}`)
      intent = str(session.payment_intent)
      if (!intent) return { status: 'failed', detail: 'the session has no payment intent' }
    }
    const r = await this.ok(
      'POST',
      '/v1/refunds',
      { payment_intent: intent, amount: input.amountMinor, metadata: { paymentRef: input.paymentId } },
      `refund:${input.refundId}`,
    )
    const status = str(r.status)
    const base = str(r.id) ? { providerRefundId: str(r.id)! } : {}
    if (status === 'succeeded') return { status: 'refunded', ...base }
    if (status === 'pending' || status === 'requires_action') return { status: 'pending', ...base }
    return { status: 'failed', ...base, detail: status ?? 'failed' }
  }

  async chargeSavedCard(input: Parameters<PaymentProvider['chargeSavedCard']>[0]): Promise<ChargeResult> {
    const [customer, paymentMethod] = input.token.split('/')
    if (!customer || !paymentMethod) throw new Error('stripe: a saved-card token is "cus_…/pm_…"')
    const r = await this.api(
      'POST',
      '/v1/payment_intents',
      {
        amount: input.amountMinor,
        currency: input.currency.toLowerCase(),
        customer,
        payment_method: paymentMethod,
        off_session: 'true',
        confirm: 'true',
        description: input.description,
        metadata: { paymentRef: input.paymentId, offSession: '1' },
      },
      `charge:${input.paymentId}`,
    )
    const err = r.body.error as Obj | undefined
    if (err) {
      // The bank wants the buyer present: a new Checkout Session (docs/payments.md#stripe, "Saved card").
      if (err.code === 'authentication_required')
        return { status: 'requires_customer', providerPaymentId: str((err.payment_intent as Obj | undefined)?.id) }
      if (r.status === 402 || err.type === 'card_error')
        return { status: 'failed', providerPaymentId: str((err.payment_intent as Obj | undefined)?.id) }
      throw new Error(`stripe: HTTP ${r.status}: ${String(err.message ?? err.code)}`)
    }
    const s = r.body.status
    const providerPaymentId = str(r.body.id)
    if (s === 'succeeded') return { status: 'paid', providerPaymentId }
    if (s === 'processing') return { status: 'pending', providerPaymentId }
    if (s === 'requires_action') return { status: 'requires_customer', providerPaymentId }
    return { status: 'failed', providerPaymentId }
  }
}
