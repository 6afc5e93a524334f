// A local stand-in for the six providers' HTTP APIs ("a local fake of each provider's API
// used in API tests of the start calls"). One Bun.serve, each provider under its own prefix
// (`/liqpay`, `/fondy`, `/stripe`, `/przelewy`, `/revolut`, `/solidgate`); `env` holds PAY_* values
// whose *_API_URL point here. It checks credentials and signatures the way the real API does
// (a wrong key gets 401/400 and nothing is recorded), keeps the payments it was asked to start,
// lets a test play the buyer (`pay`), and sends back correctly signed notifications (`notify`).
import { randomUUID } from 'node:crypto'
import { fondySignature } from '../../server/integrations/payments/fondy'
import { liqpayEncode, liqpaySignature } from '../../server/integrations/payments/liqpay'
import {
  majorToMinor,
  minorToMajor,
  paymentConfigFromEnv,
  type PaymentConfig,
  type ProviderId,
} from '../../server/integrations/payments/provider'
import { p24NotificationSign, p24RegisterSign, p24VerifySign } from '../../server/integrations/payments/przelewy'
import { revolutSignature } from '../../server/integrations/payments/revolut'
import { solidgateSignature } from '../../server/integrations/payments/solidgate'
import { stripeSignature } from '../../server/integrations/payments/stripe'

export const FAKE_KEYS = {
  liqpay: { publicKey: 'sandbox_i00000001', privateKey: 'sandbox_fake_private_key_1' },
  fondy: { merchantId: '1396424', secret: 'test' },
  stripe: { secretKey: 'sk_test_fake_1', webhookSecret: 'whsec_fake_1' },
  przelewy: { merchantId: 11111, posId: 11111, apiKey: 'p24-api-key', crc: '0123456789abcdef' },
  revolut: { secretKey: 'sk_revolut_fake', webhookSecret: 'wsk_fake_1', apiVersion: '2024-09-01' },
  solidgate: {
    publicKey: 'api_pk_fake',
    secretKey: 'api_sk_fake',
    webhookPublicKey: 'wh_pk_fake',
    webhookSecretKey: 'wh_sk_fake',
  },
  local: { secret: 'local-fake-secret' },
} as const

export type FakeProvider = Exclude<ProviderId, 'local'>

export interface FakePayment {
  provider: FakeProvider
  paymentId: string
  /** The provider's own id: LiqPay payment_id, Fondy payment_id, Stripe cs_…, P24 token, Revolut order id. */
  providerId: string
  amountMinor: number
  currency: string
  status: 'pending' | 'paid' | 'failed'
  notifyUrl?: string
  saveCard: boolean
  /** Issued when a saveCard payment is paid; accepted later by the charge endpoints. */
  cardToken?: string
  /** P24: its transaction number once paid, and whether we called verify. */
  orderId?: number
  verified?: boolean
  customerId?: string
  /** P24: the saved card's refId a card charge was registered with. */
  methodRefId?: string
  /** Given back so far, by our refund calls or by the provider on its own (refundNotification). */
  refundedMinor?: number
  /** Every refund call the fake accepted (amounts), in order. */
  refunds?: number[]
  /** What the provider's page shows the buyer (Fondy's order_desc). */
  description?: string
}

export interface PaymentFake {
  origin: string
  env: Record<string, string>
  config: PaymentConfig
  payments: FakePayment[]
  /** Every request the fake refused (bad auth or signature), for assertions. */
  refused: string[]
  find(provider: FakeProvider, paymentId: string): FakePayment
  /** The buyer pays (or is declined) on the provider's page. */
  pay(provider: FakeProvider, paymentId: string, outcome?: 'paid' | 'failed'): FakePayment
  /** The signed notification the provider would send now for this payment. */
  notification(
    provider: FakeProvider,
    paymentId: string,
    nowMs?: number,
  ): { headers: Record<string, string>; body: string }
  /** Sends it to `to` (default: the notify URL the payment was started with) and returns our answer. */
  notify(provider: FakeProvider, paymentId: string, to?: string): Promise<Response>
  /** The provider gives back money on its own (its panel, a chargeback): the total refunded becomes
   *  `totalMinor`; returns the signed notification it sends about it (Stripe charge.refunded, Fondy and
   *  LiqPay reversed, Solidgate refunded). */
  refundNotification(
    provider: 'stripe' | 'fondy' | 'liqpay' | 'solidgate',
    paymentId: string,
    totalMinor: number,
  ): { headers: Record<string, string>; body: string }
  stop(): void
}

const json = (body: unknown, status = 200) => Response.json(body, { status })

export function startPaymentFake(): PaymentFake {
  const payments: FakePayment[] = []
  const refused: string[] = []
  const stripeReplays = new Map<string, unknown>()
  let seq = 1000
  const nextId = () => ++seq

  const find = (provider: FakeProvider, paymentId: string) => {
    const p = payments.find((x) => x.provider === provider && x.paymentId === paymentId)
    if (!p) throw new Error(`fake: no ${provider} payment ${paymentId}`)
    return p
  }
  const byToken = (provider: FakeProvider, token: string) =>
    payments.find((x) => x.provider === provider && x.cardToken === token)
  const deny = (what: string, status = 401, body: unknown = { error: what }) => {
    refused.push(what)
    return json(body, status)
  }
  /** A refund the provider accepts: only of a paid payment, never beyond what is left. */
  const takeRefund = (p: FakePayment | undefined, amount: number): boolean => {
    if (p?.status !== 'paid' || !Number.isSafeInteger(amount) || amount <= 0) return false
    if ((p.refundedMinor ?? 0) + amount > p.amountMinor) return false
    p.refundedMinor = (p.refundedMinor ?? 0) + amount
    p.refunds ??= []
    p.refunds.push(amount)
    return true
  }

  // ---- LiqPay: form `data`+`signature` in both directions --------------------------------------
  async function liqpay(req: Request, path: string, base: string): Promise<Response> {
    const k = FAKE_KEYS.liqpay
    const form = new URLSearchParams(await req.text())
    const data = form.get('data') ?? ''
    if (form.get('signature') !== liqpaySignature(k.privateKey, data))
      return deny('liqpay signature', 400, { result: 'error', err_code: 'invalid_signature' })
    const p = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as Record<string, string>
    if (p.public_key !== k.publicKey)
      return deny('liqpay public_key', 400, { result: 'error', err_code: 'public_key_not_found' })
    if (path === '/api/3/checkout') {
      const amountMinor = majorToMinor(p.amount!, p.currency!)
      if (amountMinor === null) return deny('liqpay amount', 400)
      payments.push({
        provider: 'liqpay',
        paymentId: p.order_id!,
        providerId: String(nextId()),
        amountMinor,
        currency: p.currency!,
        status: 'pending',
        notifyUrl: p.server_url,
        saveCard: p.recurringbytoken === '1',
      })
      return new Response(`<html><body>LiqPay checkout ${p.order_id} (fake at ${base})</body></html>`, {
        headers: { 'content-type': 'text/html' },
      })
    }
    if (path === '/api/request' && p.action === 'status') {
      const pay = payments.find((x) => x.provider === 'liqpay' && x.paymentId === p.order_id)
      if (!pay) return json({ result: 'error', status: 'error', err_code: 'payment_not_found' })
      return json({
        result: 'ok',
        payment_id: Number(pay.providerId),
        order_id: pay.paymentId,
        status: liqpayWire(pay.status),
        amount: Number(minorToMajor(pay.amountMinor, pay.currency)),
        currency: pay.currency,
      })
    }
    if (path === '/api/request' && p.action === 'paytoken') {
      const card = byToken('liqpay', p.card_token ?? '')
      const amountMinor = majorToMinor(p.amount ?? '', p.currency ?? '')
      if (!card || amountMinor === null)
        return json({ result: 'error', status: 'failure', err_code: 'card_token_invalid' })
      const pay: FakePayment = {
        provider: 'liqpay',
        paymentId: p.order_id!,
        providerId: String(nextId()),
        amountMinor,
        currency: p.currency!,
        status: 'paid',
        notifyUrl: p.server_url,
        saveCard: false,
      }
      payments.push(pay)
      return json({
        result: 'ok',
        status: 'success',
        payment_id: Number(pay.providerId),
        order_id: pay.paymentId,
        amount: Number(p.amount),
        currency: pay.currency,
      })
    }
    if (path === '/api/request' && p.action === 'refund') {
      const pay = payments.find((x) => x.provider === 'liqpay' && x.paymentId === p.order_id)
      const amount = majorToMinor(p.amount ?? '', pay?.currency ?? 'UAH')
      if (!takeRefund(pay, amount ?? (pay ? pay.amountMinor - (pay.refundedMinor ?? 0) : 0)))
        return json({ result: 'error', status: 'error', err_code: 'refund_denied' })
      return json({ result: 'ok', status: 'reversed', payment_id: Number(pay!.providerId), order_id: pay!.paymentId })
    }
    return json({ result: 'error', err_code: 'unknown_action' }, 404)
  }
  const liqpayWire = (s: FakePayment['status']) =>
    s === 'paid' ? 'success' : s === 'failed' ? 'failure' : 'processing'

  // ---- Fondy: {"request": {...signed}} → {"response": {...}} ------------------------------------
  async function fondy(req: Request, path: string, base: string): Promise<Response> {
    const k = FAKE_KEYS.fondy
    const { request: r } = (await req.json()) as { request: Record<string, unknown> }
    if (!r || r.signature !== fondySignature(k.secret, r))
      return deny('fondy signature', 200, {
        response: { response_status: 'failure', error_code: 1014, error_message: 'Invalid signature' },
      })
    if (String(r.merchant_id) !== k.merchantId)
      return deny('fondy merchant', 200, {
        response: { response_status: 'failure', error_code: 1002, error_message: 'Application error' },
      })
    const signed = (o: Record<string, unknown>) => ({ response: { ...o, signature: fondySignature(k.secret, o) } })
    if (path === '/api/checkout/url/') {
      const pay: FakePayment = {
        provider: 'fondy',
        paymentId: String(r.order_id),
        providerId: String(nextId()),
        amountMinor: Number(r.amount),
        currency: String(r.currency),
        status: 'pending',
        notifyUrl: String(r.server_callback_url),
        saveCard: r.required_rectoken === 'Y',
        description: String(r.order_desc),
      }
      payments.push(pay)
      return json({
        response: {
          response_status: 'success',
          checkout_url: `${base}/pay/${pay.providerId}`,
          payment_id: pay.providerId,
        },
      })
    }
    if (path === '/api/status/order_id/') {
      const pay = payments.find((x) => x.provider === 'fondy' && x.paymentId === r.order_id)
      if (!pay)
        return json({ response: { response_status: 'failure', error_code: 1018, error_message: 'Order not found' } })
      return json(signed(fondyOrder(pay)))
    }
    if (path === '/api/reverse/order_id/') {
      const pay = payments.find((x) => x.provider === 'fondy' && x.paymentId === r.order_id)
      const ok = pay?.currency === r.currency && takeRefund(pay, Number(r.amount))
      return json(
        signed({
          order_id: String(r.order_id),
          merchant_id: Number(k.merchantId),
          reverse_status: ok ? 'approved' : 'declined',
          reversal_amount: pay?.refundedMinor ?? 0,
          reversal_id: String(nextId()),
          response_status: 'success',
        }),
      )
    }
    if (path === '/api/recurring') {
      const card = byToken('fondy', String(r.rectoken))
      const pay: FakePayment = {
        provider: 'fondy',
        paymentId: String(r.order_id),
        providerId: String(nextId()),
        amountMinor: Number(r.amount),
        currency: String(r.currency),
        status: card ? 'paid' : 'failed',
        saveCard: false,
      }
      payments.push(pay)
      return json(signed(fondyOrder(pay)))
    }
    return json({}, 404)
  }
  const fondyOrder = (p: FakePayment): Record<string, unknown> => ({
    order_id: p.paymentId,
    merchant_id: Number(FAKE_KEYS.fondy.merchantId),
    amount: p.amountMinor,
    currency: p.currency,
    actual_amount: p.amountMinor,
    actual_currency: p.currency,
    order_status: p.status === 'paid' ? 'approved' : p.status === 'failed' ? 'declined' : 'processing',
    response_status: 'success',
    payment_id: Number(p.providerId),
    tran_type: 'purchase',
    masked_card: p.status === 'paid' ? '444455XXXXXX6666' : '',
    rectoken: p.cardToken ?? '',
    ...(p.refundedMinor ? { order_status: 'reversed', reversal_amount: p.refundedMinor } : {}),
  })

  // ---- Stripe: bearer key, form-encoded, Idempotency-Key replays -------------------------------
  async function stripe(req: Request, path: string, base: string): Promise<Response> {
    if (req.headers.get('authorization') !== `Bearer ${FAKE_KEYS.stripe.secretKey}`)
      return deny('stripe key', 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } })
    const idem = req.method === 'POST' ? req.headers.get('idempotency-key') : null
    if (idem && stripeReplays.has(idem)) return json(stripeReplays.get(idem))
    const remember = (body: unknown, status = 200) => {
      if (idem) stripeReplays.set(idem, body)
      return json(body, status)
    }
    const f = req.method === 'POST' ? new URLSearchParams(await req.text()) : new URLSearchParams()
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const pay: FakePayment = {
        provider: 'stripe',
        paymentId: f.get('client_reference_id') ?? '',
        providerId: `cs_test_${nextId()}`,
        amountMinor: Number(f.get('line_items[0][price_data][unit_amount]')),
        currency: (f.get('line_items[0][price_data][currency]') ?? '').toUpperCase(),
        status: 'pending',
        saveCard: f.get('metadata[saveCard]') === '1',
      }
      payments.push(pay)
      return remember(stripeSession(pay, `${base}/pay/${pay.providerId}`))
    }
    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)
    if (req.method === 'GET' && session) {
      const pay = payments.find((x) => x.provider === 'stripe' && x.providerId === session[1])
      return pay
        ? json(stripeSession(pay, null))
        : json({ error: { type: 'invalid_request_error', code: 'resource_missing' } }, 404)
    }
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)
    if (req.method === 'GET' && intent) {
      const pay = payments.find((x) => x.provider === 'stripe' && `pi_${x.providerId}` === intent[1])
      if (!pay) return json({ error: { type: 'invalid_request_error', code: 'resource_missing' } }, 404)
      const pm = pay.cardToken?.split('/')[1]
      return json({
        id: intent[1],
        object: 'payment_intent',
        amount: pay.amountMinor,
        currency: pay.currency.toLowerCase(),
        status: pay.status === 'paid' ? 'succeeded' : 'requires_payment_method',
        payment_method: pm ? { id: pm, card: { last4: '4242', brand: 'visa' } } : null,
      })
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const pay = payments.find((x) => x.provider === 'stripe' && `pi_${x.providerId}` === f.get('payment_intent'))
      if (!pay) return json({ error: { type: 'invalid_request_error', code: 'resource_missing' } }, 404)
      const amount = Number(f.get('amount') ?? pay.amountMinor - (pay.refundedMinor ?? 0))
      if (!takeRefund(pay, amount))
        return remember({ error: { type: 'invalid_request_error', code: 'charge_already_refunded' } }, 400)
      return remember({ id: `re_${nextId()}`, object: 'refund', status: 'succeeded', amount })
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const token = `${f.get('customer')}/${f.get('payment_method')}`
      const card = byToken('stripe', token)
      const pay: FakePayment = {
        provider: 'stripe',
        paymentId: f.get('metadata[paymentRef]') ?? '',
        providerId: `pi_${nextId()}`,
        amountMinor: Number(f.get('amount')),
        currency: (f.get('currency') ?? '').toUpperCase(),
        status: card ? 'paid' : 'failed',
        saveCard: false,
      }
      payments.push(pay)
      if (!card)
        return remember(
          { error: { type: 'card_error', code: 'card_declined', payment_intent: { id: pay.providerId } } },
          402,
        )
      return remember({
        id: pay.providerId,
        object: 'payment_intent',
        status: 'succeeded',
        amount: pay.amountMinor,
        currency: pay.currency.toLowerCase(),
      })
    }
    return json(
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } },
      404,
    )
  }
  const stripeSession = (p: FakePayment, url: string | null) => ({
    id: p.providerId,
    object: 'checkout.session',
    url,
    amount_total: p.amountMinor,
    currency: p.currency.toLowerCase(),
    client_reference_id: p.paymentId,
    payment_status: p.status === 'paid' ? 'paid' : 'unpaid',
    status: p.status === 'paid' ? 'complete' : p.status === 'failed' ? 'expired' : 'open',
    metadata: { paymentRef: p.paymentId, ...(p.saveCard ? { saveCard: '1' } : {}) },
    payment_intent: p.status === 'paid' ? `pi_${p.providerId}` : null,
    customer: p.customerId ?? null,
  })

  // ---- Przelewy24: Basic posId:apiKey, sha384 signs, register → pay → notify → verify -----------
  async function przelewy(req: Request, path: string, base: string): Promise<Response> {
    const k = FAKE_KEYS.przelewy
    if (req.headers.get('authorization') !== `Basic ${btoa(`${k.posId}:${k.apiKey}`)}`)
      return deny('p24 auth', 401, { error: 'Incorrect authentication', code: 401 })
    const body = req.method === 'GET' ? {} : ((await req.json()) as Record<string, unknown>)
    if (req.method === 'POST' && path === '/api/v1/transaction/register') {
      const b = body as {
        sessionId: string
        merchantId: number
        posId: number
        amount: number
        currency: string
        sign: string
        urlStatus: string
        methodRefId?: string
      }
      if (
        b.merchantId !== k.merchantId ||
        b.posId !== k.posId ||
        b.sign !== p24RegisterSign(b.sessionId, b.merchantId, b.amount, b.currency, k.crc)
      )
        return deny('p24 register sign', 400, { error: 'Incorrect sign', code: 400 })
      const pay: FakePayment = {
        provider: 'przelewy',
        paymentId: b.sessionId,
        providerId: randomUUID(),
        amountMinor: b.amount,
        currency: b.currency,
        status: 'pending',
        notifyUrl: b.urlStatus,
        saveCard: false,
      }
      if (b.methodRefId) pay.methodRefId = b.methodRefId
      payments.push(pay)
      return json({ data: { token: pay.providerId }, responseCode: 0 })
    }
    if (req.method === 'PUT' && path === '/api/v1/transaction/verify') {
      const b = body as { sessionId: string; orderId: number; amount: number; currency: string; sign: string }
      const pay = payments.find((x) => x.provider === 'przelewy' && x.paymentId === b.sessionId)
      if (
        !pay ||
        b.sign !== p24VerifySign(b.sessionId, b.orderId, b.amount, b.currency, k.crc) ||
        pay.orderId !== b.orderId ||
        pay.amountMinor !== b.amount
      )
        return deny('p24 verify', 400, { error: 'Incorrect sign or data', code: 400 })
      pay.verified = true
      return json({ data: { status: 'success' }, responseCode: 0 })
    }
    const bySession = /^\/api\/v1\/transaction\/by\/sessionId\/(.+)$/.exec(path)
    if (req.method === 'GET' && bySession) {
      const pay = payments.find((x) => x.provider === 'przelewy' && x.paymentId === decodeURIComponent(bySession[1]!))
      if (!pay) return json({ error: 'Transaction not found', code: 404 }, 404)
      return json({
        data: {
          sessionId: pay.paymentId,
          orderId: pay.orderId ?? 0,
          status: pay.verified ? 2 : pay.status === 'paid' ? 1 : 0,
          amount: pay.amountMinor,
          currency: pay.currency,
        },
        responseCode: 0,
      })
    }
    const cardInfo = /^\/api\/v1\/card\/info\/(\d+)$/.exec(path)
    if (req.method === 'GET' && cardInfo) {
      const pay = payments.find((x) => x.provider === 'przelewy' && x.orderId === Number(cardInfo[1]))
      if (!pay?.cardToken) return json({ error: 'Not found', code: 404 }, 404)
      return json({ data: { refId: pay.cardToken, mask: 'xxxx xxxx xxxx 1111', cardType: 'VISA' }, responseCode: 0 })
    }
    if (req.method === 'POST' && path === '/api/v1/card/charge') {
      const pay = payments.find((x) => x.provider === 'przelewy' && x.providerId === (body as { token?: string }).token)
      if (!pay?.methodRefId || !byToken('przelewy', pay.methodRefId))
        return json({ error: 'Card charge failed', code: 400 }, 400)
      pay.status = 'paid'
      pay.orderId = nextId()
      return json({ data: { orderId: pay.orderId }, responseCode: 0 })
    }
    if (req.method === 'POST' && path === '/api/v1/transaction/refund') {
      const b = body as { requestId: string; refunds: { orderId: number; sessionId: string; amount: number }[] }
      const out = b.refunds.map((r) => {
        const pay = payments.find((x) => x.provider === 'przelewy' && x.paymentId === r.sessionId)
        const ok = pay?.orderId === r.orderId && pay.verified === true && takeRefund(pay, r.amount)
        return { ...r, status: ok, message: ok ? 'success' : 'refund refused' }
      })
      return json({ data: out, responseCode: 0 }, 201)
    }
    void base
    return json({ error: 'Not found', code: 404 }, 404)
  }

  // ---- Revolut: bearer key + pinned API version; orders and saved-method payments --------------
  async function revolut(req: Request, path: string, base: string): Promise<Response> {
    const k = FAKE_KEYS.revolut
    if (req.headers.get('authorization') !== `Bearer ${k.secretKey}`)
      return deny('revolut key', 401, { code: 'unauthenticated' })
    if (!req.headers.get('revolut-api-version'))
      return deny('revolut api version', 400, { code: 'missing_api_version' })
    const body = req.method === 'GET' ? {} : ((await req.json()) as Record<string, unknown>)
    if (req.method === 'POST' && path === '/api/orders') {
      const b = body as {
        amount: number
        currency: string
        merchant_order_data?: { reference?: string }
        customer?: { id?: string; email?: string }
      }
      const pay: FakePayment = {
        provider: 'revolut',
        paymentId: b.merchant_order_data?.reference ?? '',
        providerId: randomUUID(),
        amountMinor: b.amount,
        currency: b.currency,
        status: 'pending',
        saveCard: Boolean(b.customer?.email),
        customerId: b.customer?.id ?? (b.customer?.email ? `cus_${nextId()}` : undefined),
      }
      payments.push(pay)
      return json(
        { ...revolutOrder(pay), token: `tok_${pay.providerId}`, checkout_url: `${base}/pay/${pay.providerId}` },
        201,
      )
    }
    const refundOf = /^\/api\/1\.0\/orders\/([^/]+)\/refund$/.exec(path)
    if (req.method === 'POST' && refundOf) {
      const pay = payments.find((x) => x.provider === 'revolut' && x.providerId === refundOf[1])
      const b = body as { amount: number; currency: string }
      if (!pay || b.currency !== pay.currency || !takeRefund(pay, b.amount))
        return json({ code: 'refund_not_allowed' }, 422)
      return json({ id: randomUUID(), type: 'refund', state: 'completed', amount: b.amount, currency: b.currency }, 201)
    }
    const order = /^\/api\/orders\/([^/]+)(\/payments)?$/.exec(path)
    const pay = order ? payments.find((x) => x.provider === 'revolut' && x.providerId === order[1]) : undefined
    if (order && !pay) return json({ code: 'order_not_found' }, 404)
    if (req.method === 'GET' && order && !order[2]) return json(revolutOrder(pay!))
    if (req.method === 'POST' && order?.[2]) {
      const m = (body as { saved_payment_method?: { id?: string; initiator?: string } }).saved_payment_method
      const card = m?.id ? byToken('revolut', `${pay!.customerId}/${m.id}`) : undefined
      pay!.status = card && m?.initiator === 'merchant' ? 'paid' : 'failed'
      return json({
        id: randomUUID(),
        order_id: pay!.providerId,
        state: pay!.status === 'paid' ? 'completed' : 'declined',
      })
    }
    return json({ code: 'not_found' }, 404)
  }
  const revolutOrder = (p: FakePayment) => ({
    id: p.providerId,
    state: p.status === 'paid' ? 'completed' : p.status === 'failed' ? 'failed' : 'pending',
    amount: p.amountMinor,
    currency: p.currency,
    merchant_order_data: { reference: p.paymentId },
    ...(p.customerId ? { customer: { id: p.customerId } } : {}),
    payments: p.cardToken
      ? [
          {
            id: randomUUID(),
            state: 'captured',
            payment_method: { type: 'card', id: p.cardToken.split('/')[1], card_last_four: '1111' },
          },
        ]
      : [],
  })

  // ---- Solidgate: merchant + signature headers over the exact body ------------------------------
  async function solidgate(req: Request, path: string, base: string): Promise<Response> {
    const k = FAKE_KEYS.solidgate
    const text = await req.text()
    if (
      req.headers.get('merchant') !== k.publicKey ||
      req.headers.get('signature') !== solidgateSignature(k.publicKey, k.secretKey, text)
    )
      return deny('solidgate signature', 401, { error: { code: '1.01', messages: ['Authentication failed'] } })
    const b = JSON.parse(text) as Record<string, unknown>
    if (path === '/api/v1/init') {
      const o = b.order as { order_id: string; amount: number; currency: string }
      const pay: FakePayment = {
        provider: 'solidgate',
        paymentId: o.order_id,
        providerId: o.order_id,
        amountMinor: o.amount,
        currency: o.currency,
        status: 'pending',
        saveCard: true,
      }
      payments.push(pay)
      return json({ url: `${base}/pay/${encodeURIComponent(o.order_id)}` })
    }
    if (path === '/api/v1/status') {
      const pay = payments.find((x) => x.provider === 'solidgate' && x.paymentId === b.order_id)
      return pay
        ? json({ order: solidgateOrder(pay) })
        : json({ error: { code: '2.01', messages: ['Order not found'] } }, 404)
    }
    if (path === '/api/v1/refund') {
      const pay = payments.find((x) => x.provider === 'solidgate' && x.paymentId === b.order_id)
      if (!takeRefund(pay, Number(b.amount)))
        return json({ error: { code: '2.01', messages: ['Refund not allowed'] } }, 422)
      // Solidgate answers "processing"; the refunded order comes by webhook (refundNotification).
      return json({ order: { ...solidgateOrder(pay!), status: 'processing' } })
    }
    if (path === '/api/v1/recurring') {
      if (b.payment_type !== 'recurring')
        return json({ error: { code: '2.01', messages: ['payment_type required'] } }, 422)
      const card = byToken('solidgate', String(b.recurring_token))
      const pay: FakePayment = {
        provider: 'solidgate',
        paymentId: String(b.order_id),
        providerId: String(b.order_id),
        amountMinor: Number(b.amount),
        currency: String(b.currency),
        status: card ? 'paid' : 'failed',
        saveCard: false,
      }
      payments.push(pay)
      return json({ order: solidgateOrder(pay) })
    }
    return json({ error: { code: '404' } }, 404)
  }
  const solidgateOrder = (p: FakePayment) => ({
    order_id: p.paymentId,
    amount: p.amountMinor,
    currency: p.currency,
    status: p.status === 'paid' ? 'approved' : p.status === 'failed' ? 'declined' : 'processing',
    ...(p.refundedMinor ? { status: 'refunded', refunded_amount: p.refundedMinor } : {}),
  })

  const handlers: Record<FakeProvider, (req: Request, path: string, base: string) => Promise<Response>> = {
    liqpay,
    fondy,
    stripe,
    przelewy,
    revolut,
    solidgate,
  }

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const url = new URL(req.url)
      const [, provider, ...rest] = url.pathname.split('/')
      const handler = handlers[provider as FakeProvider]
      if (!handler) return new Response('no such provider', { status: 404 })
      const path = `/${rest.join('/')}`
      const base = `${url.origin}/${provider}`
      // The buyer's page on the provider's side: nothing to do here, tests call pay().
      if (req.method === 'GET' && (path.startsWith('/pay/') || path.startsWith('/trnRequest/')))
        return new Response(`${provider} payment page`, { headers: { 'content-type': 'text/html' } })
      try {
        return await handler(req, path, base)
      } catch (e) {
        return json({ error: String(e) }, 500)
      }
    },
  })
  const origin = `http://127.0.0.1:${server.port}`

  const env: Record<string, string> = {
    PAY_LIQPAY_PUBLIC_KEY: FAKE_KEYS.liqpay.publicKey,
    PAY_LIQPAY_PRIVATE_KEY: FAKE_KEYS.liqpay.privateKey,
    PAY_LIQPAY_API_URL: `${origin}/liqpay`,
    PAY_FONDY_MERCHANT_ID: FAKE_KEYS.fondy.merchantId,
    PAY_FONDY_SECRET: FAKE_KEYS.fondy.secret,
    PAY_FONDY_API_URL: `${origin}/fondy`,
    PAY_STRIPE_SECRET_KEY: FAKE_KEYS.stripe.secretKey,
    PAY_STRIPE_WEBHOOK_SECRET: FAKE_KEYS.stripe.webhookSecret,
    PAY_STRIPE_API_URL: `${origin}/stripe`,
    PAY_PRZELEWY_MERCHANT_ID: String(FAKE_KEYS.przelewy.merchantId),
    PAY_PRZELEWY_POS_ID: String(FAKE_KEYS.przelewy.posId),
    PAY_PRZELEWY_API_KEY: FAKE_KEYS.przelewy.apiKey,
    PAY_PRZELEWY_CRC: FAKE_KEYS.przelewy.crc,
    PAY_PRZELEWY_API_URL: `${origin}/przelewy`,
    PAY_REVOLUT_SECRET_KEY: FAKE_KEYS.revolut.secretKey,
    PAY_REVOLUT_WEBHOOK_SECRET: FAKE_KEYS.revolut.webhookSecret,
    PAY_REVOLUT_API_URL: `${origin}/revolut`,
    PAY_REVOLUT_API_VERSION: FAKE_KEYS.revolut.apiVersion,
    PAY_SOLIDGATE_PUBLIC_KEY: FAKE_KEYS.solidgate.publicKey,
    PAY_SOLIDGATE_SECRET_KEY: FAKE_KEYS.solidgate.secretKey,
    PAY_SOLIDGATE_WEBHOOK_PUBLIC_KEY: FAKE_KEYS.solidgate.webhookPublicKey,
    PAY_SOLIDGATE_WEBHOOK_SECRET_KEY: FAKE_KEYS.solidgate.webhookSecretKey,
    PAY_SOLIDGATE_API_URL: `${origin}/solidgate`,
    PAY_LOCAL_SECRET: FAKE_KEYS.local.secret,
  }

  function pay(provider: FakeProvider, paymentId: string, outcome: 'paid' | 'failed' = 'paid'): FakePayment {
    const p = find(provider, paymentId)
    p.status = outcome
    if (outcome === 'paid') {
      p.orderId ??= nextId()
      // P24 has no save-card flag at start: any card payment has a refId (card/info).
      if (p.saveCard || provider === 'przelewy') {
        if (provider === 'stripe') p.customerId ??= `cus_${nextId()}`
        p.cardToken ??=
          provider === 'stripe' || provider === 'revolut'
            ? `${p.customerId}/pm_${nextId()}`
            : `${provider}_card_${nextId()}`
      }
    }
    return p
  }

  function notification(
    provider: FakeProvider,
    paymentId: string,
    nowMs = Date.now(),
  ): { headers: Record<string, string>; body: string } {
    const p = find(provider, paymentId)
    const jsonHeaders = { 'content-type': 'application/json' }
    switch (provider) {
      case 'liqpay': {
        const data = liqpayEncode({
          payment_id: Number(p.providerId),
          action: 'pay',
          status: liqpayWire(p.status),
          version: 3,
          type: 'buy',
          public_key: FAKE_KEYS.liqpay.publicKey,
          order_id: p.paymentId,
          amount: Number(minorToMajor(p.amountMinor, p.currency)),
          currency: p.currency,
          ...(p.cardToken ? { card_token: p.cardToken } : {}),
        })
        return {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ data, signature: liqpaySignature(FAKE_KEYS.liqpay.privateKey, data) }).toString(),
        }
      }
      case 'fondy': {
        const o = fondyOrder(p)
        return {
          headers: jsonHeaders,
          body: JSON.stringify({ ...o, signature: fondySignature(FAKE_KEYS.fondy.secret, o) }),
        }
      }
      case 'stripe': {
        const type = p.status === 'paid' ? 'checkout.session.completed' : 'checkout.session.expired'
        const body = JSON.stringify({
          id: `evt_${nextId()}`,
          object: 'event',
          type,
          created: Math.floor(nowMs / 1000),
          livemode: false,
          data: { object: stripeSession(p, null) },
        })
        const t = Math.floor(nowMs / 1000)
        return {
          headers: {
            ...jsonHeaders,
            'stripe-signature': `t=${t},v1=${stripeSignature(FAKE_KEYS.stripe.webhookSecret, t, new TextEncoder().encode(body))}`,
          },
          body,
        }
      }
      case 'przelewy': {
        if (p.status !== 'paid' || !p.orderId) throw new Error('fake: P24 notifies successful payments only')
        const k = FAKE_KEYS.przelewy
        const n = {
          merchantId: k.merchantId,
          posId: k.posId,
          sessionId: p.paymentId,
          amount: p.amountMinor,
          originAmount: p.amountMinor,
          currency: p.currency,
          orderId: p.orderId,
          methodId: 25,
          statement: `Zamówienie/${p.paymentId}`,
        }
        return { headers: jsonHeaders, body: JSON.stringify({ ...n, sign: p24NotificationSign(n, k.crc) }) }
      }
      case 'revolut': {
        const body = JSON.stringify({
          event: p.status === 'paid' ? 'ORDER_COMPLETED' : 'ORDER_PAYMENT_FAILED',
          order_id: p.providerId,
          merchant_order_ext_ref: p.paymentId,
        })
        const ts = String(nowMs)
        return {
          headers: {
            ...jsonHeaders,
            'revolut-request-timestamp': ts,
            'revolut-signature': revolutSignature(FAKE_KEYS.revolut.webhookSecret, ts, new TextEncoder().encode(body)),
          },
          body,
        }
      }
      case 'solidgate': {
        const k = FAKE_KEYS.solidgate
        const body = JSON.stringify({
          order: solidgateOrder(p),
          transactions: p.cardToken
            ? {
                [`tx_${p.orderId}`]: {
                  id: `tx_${p.orderId}`,
                  status: 'success',
                  card: { number: '411111XXXXXX1111', card_token: { token: p.cardToken } },
                },
              }
            : {},
        })
        return {
          headers: {
            ...jsonHeaders,
            merchant: k.webhookPublicKey,
            signature: solidgateSignature(k.webhookPublicKey, k.webhookSecretKey, body),
            'solidgate-event-id': `evt-${nextId()}`,
          },
          body,
        }
      }
    }
  }

  function refundNotification(
    provider: 'stripe' | 'fondy' | 'liqpay' | 'solidgate',
    paymentId: string,
    totalMinor: number,
  ): { headers: Record<string, string>; body: string } {
    const p = find(provider, paymentId)
    p.refunds ??= []
    if (totalMinor > (p.refundedMinor ?? 0)) p.refunds.push(totalMinor - (p.refundedMinor ?? 0))
    p.refundedMinor = Math.max(p.refundedMinor ?? 0, totalMinor)
    if (provider === 'stripe') {
      const t = Math.floor(Date.now() / 1000)
      const body = JSON.stringify({
        id: `evt_${nextId()}`,
        object: 'event',
        type: 'charge.refunded',
        created: t,
        livemode: false,
        data: {
          object: {
            id: `ch_${p.providerId}`,
            object: 'charge',
            amount: p.amountMinor,
            amount_refunded: totalMinor,
            currency: p.currency.toLowerCase(),
            payment_intent: `pi_${p.providerId}`,
            metadata: { paymentRef: p.paymentId },
          },
        },
      })
      return {
        headers: {
          'content-type': 'application/json',
          'stripe-signature': `t=${t},v1=${stripeSignature(FAKE_KEYS.stripe.webhookSecret, t, new TextEncoder().encode(body))}`,
        },
        body,
      }
    }
    if (provider === 'liqpay') {
      const data = liqpayEncode({
        payment_id: Number(p.providerId),
        action: 'pay',
        status: 'reversed',
        version: 3,
        type: 'buy',
        public_key: FAKE_KEYS.liqpay.publicKey,
        order_id: p.paymentId,
        amount: Number(minorToMajor(p.amountMinor, p.currency)),
        refund_amount: Number(minorToMajor(totalMinor, p.currency)),
        currency: p.currency,
      })
      return {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ data, signature: liqpaySignature(FAKE_KEYS.liqpay.privateKey, data) }).toString(),
      }
    }
    return notification(provider, paymentId)
  }

  return {
    origin,
    env,
    config: paymentConfigFromEnv(env),
    refundNotification,
    payments,
    refused,
    find,
    pay,
    notification,
    async notify(provider, paymentId, to) {
      const target = to ?? find(provider, paymentId).notifyUrl
      if (!target) throw new Error(`fake: no notify URL for ${provider} ${paymentId}`)
      const n = notification(provider, paymentId)
      return fetch(target, { method: 'POST', headers: n.headers, body: n.body })
    },
    stop: () => void server.stop(true),
  }
}
