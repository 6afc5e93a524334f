// Przelewy24 REST API v1 (docs/payments.md#przelewy24): register a transaction (Basic posId:apiKey), send the
// buyer to /trnRequest/{token}; P24 notifies only successful payments, and the money is ours only
// after our PUT transaction/verify. Every sign is sha384 hex of a JSON object with fixed key order,
// slashes and non-ASCII unescaped — exactly what JSON.stringify produces. Amounts are grosze.
import {
  ack,
  assertStartInput,
  matchExpected,
  bodyText,
  hashHex,
  readJson,
  refuse,
  safeEqual,
  startWithCard,
  type ChargeResult,
  type NotificationResult,
  type PaymentProvider,
  type RefundInput,
  type RefundResult,
  type PrzelewyConfig,
  type StartResult,
  type StatusResult,
} from './provider'

/** sha384 hex of the object serialised in its own key order (callers build it in P24's order). */
export const p24Sign = (fields: Record<string, string | number>) => hashHex('sha384', JSON.stringify(fields))

export const p24RegisterSign = (sessionId: string, merchantId: number, amount: number, currency: string, crc: string) =>
  p24Sign({ sessionId, merchantId, amount, currency, crc })

export const p24VerifySign = (sessionId: string, orderId: number, amount: number, currency: string, crc: string) =>
  p24Sign({ sessionId, orderId, amount, currency, crc })

export interface P24Notification {
  merchantId: number
  posId: number
  sessionId: string
  amount: number
  originAmount: number
  currency: string
  orderId: number
  methodId: number
  statement: string
  sign: string
}

export const p24NotificationSign = (n: Omit<P24Notification, 'sign'>, crc: string) =>
  p24Sign({
    merchantId: n.merchantId,
    posId: n.posId,
    sessionId: n.sessionId,
    amount: n.amount,
    originAmount: n.originAmount,
    currency: n.currency,
    orderId: n.orderId,
    methodId: n.methodId,
    statement: n.statement,
    crc,
  })

const isInt = (v: unknown): v is number => Number.isSafeInteger(v)

/** The notification's fields with their JSON types checked: numbers sent as strings would sign differently. */
function parseNotification(text: string): P24Notification | null {
  let o: Record<string, unknown>
  try {
    o = JSON.parse(text) as Record<string, unknown>
  } catch {
    return null
  }
  const ints = ['merchantId', 'posId', 'amount', 'originAmount', 'orderId', 'methodId'] as const
  const strs = ['sessionId', 'currency', 'statement', 'sign'] as const
  if (!ints.every((k) => isInt(o[k])) || !strs.every((k) => typeof o[k] === 'string')) return null
  return o as unknown as P24Notification
}

export class PrzelewyProvider implements PaymentProvider {
  readonly id = 'przelewy' as const
  constructor(private readonly cfg: PrzelewyConfig) {}

  private async api(method: 'GET' | 'POST' | 'PUT', path: string, body?: object): Promise<Record<string, unknown>> {
    const res = await fetch(`${this.cfg.apiUrl}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Basic ${btoa(`${this.cfg.posId}:${this.cfg.apiKey}`)}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    return (await readJson('przelewy', res)) as Record<string, unknown>
  }

  private async register(input: {
    paymentId: string
    amountMinor: number
    currency: string
    description: string
    email: string
    language?: string
    returnUrl: string
    notifyUrl: string
    methodRefId?: string
  }): Promise<string> {
    const r = await this.api('POST', '/transaction/register', {
      merchantId: this.cfg.merchantId,
      posId: this.cfg.posId,
      sessionId: input.paymentId,
      amount: input.amountMinor,
      currency: input.currency,
      description: input.description,
      email: input.email,
      country: 'PL',
      language: input.language === 'pl' ? 'pl' : 'en',
      urlReturn: input.returnUrl,
      urlStatus: input.notifyUrl,
      encoding: 'UTF-8',
      ...(input.methodRefId ? { methodRefId: input.methodRefId } : {}),
      sign: p24RegisterSign(input.paymentId, this.cfg.merchantId, input.amountMinor, input.currency, this.cfg.crc),
    })
    const token = (r.data as { token?: unknown } | undefined)?.token
    if (typeof token !== 'string') throw new Error('przelewy: register answered without a token')
    return token
  }

  async start(input: Parameters<PaymentProvider['start']>[0]): Promise<StartResult> {
    assertStartInput(input)
    if (input.cardToken) {
      const charged = await startWithCard(this, { ...input, cardToken: input.cardToken })
      if (charged) return charged
    }
    const token = await this.register({
      ...input,
      email: input.customer?.email ?? '',
      ...(input.customer?.locale ? { language: input.customer.locale } : {}),
    })
    return { method: 'redirect', url: `${this.cfg.apiUrl}/trnRequest/${token}`, providerPaymentId: token }
  }

  async verifyNotification(
    req: Parameters<PaymentProvider['verifyNotification']>[0],
    options?: Parameters<PaymentProvider['verifyNotification']>[1],
  ): Promise<NotificationResult> {
    const n = parseNotification(bodyText(req.body))
    if (!n) return refuse('malformed')
    if (!safeEqual(p24NotificationSign(n, this.cfg.crc), n.sign)) return refuse('bad_signature')
    if (n.merchantId !== this.cfg.merchantId || n.posId !== this.cfg.posId) return refuse('unknown_merchant')
    const event = {
      providerEventId: `p24:${n.orderId}`,
      paymentId: n.sessionId,
      providerPaymentId: String(n.orderId),
      status: 'paid' as const, // P24 notifies successful payments only
      amountMinor: n.amount,
      currency: n.currency.toUpperCase(),
    }
    // Amount check first: verify settles the money, so it is called only for the payment we expect.
    const { refusal, stored } = await matchExpected(event, options)
    if (refusal) return refuse(refusal)
    const verified = await this.api('PUT', '/transaction/verify', {
      merchantId: this.cfg.merchantId,
      posId: this.cfg.posId,
      sessionId: n.sessionId,
      amount: n.amount,
      currency: n.currency,
      orderId: n.orderId,
      sign: p24VerifySign(n.sessionId, n.orderId, n.amount, n.currency, this.cfg.crc),
    }).catch(() => null)
    // Not verified: nothing is credited and P24 re-sends the notification (3 … 450 min).
    if ((verified?.data as { status?: unknown } | undefined)?.status !== 'success') return refuse('not_verified', 502)
    const card = stored?.saveCard ? await this.cardInfo(n.orderId) : undefined
    return { ok: true, event: { ...event, ...card }, ack: ack(200) }
  }

  /** The card reference to charge later (refId), if the buyer paid by card. */
  private async cardInfo(orderId: number): Promise<{ cardToken: string; cardMask?: string } | undefined> {
    const r = await this.api('GET', `/card/info/${orderId}`).catch(() => null)
    const d = r?.data as { refId?: unknown; mask?: unknown } | undefined
    if (typeof d?.refId !== 'string') return undefined
    return { cardToken: d.refId, ...(typeof d.mask === 'string' ? { cardMask: d.mask } : {}) }
  }

  async getStatus(input: { paymentId: string }): Promise<StatusResult> {
    const r = await this.api('GET', `/transaction/by/sessionId/${encodeURIComponent(input.paymentId)}`)
    const d = (r.data ?? {}) as { status?: unknown; amount?: unknown; currency?: unknown; orderId?: unknown }
    // 0 no payment, 1 advance (paid, not yet verified by us), 2 made, 3 returned.
    const status = d.status === 2 ? 'paid' : d.status === 3 ? 'refunded' : 'pending'
    return {
      status,
      ...(isInt(d.amount) ? { amountMinor: d.amount } : {}),
      ...(typeof d.currency === 'string' ? { currency: d.currency } : {}),
      ...(d.orderId != null ? { providerPaymentId: String(d.orderId) } : {}),
    }
  }

  /** POST /transaction/refund for P24's transaction number (looked up by our sessionId). P24 accepts or
   *  refuses each refund in its answer (`status` true); its later refund notification is not needed. */
  async refund(input: RefundInput): Promise<RefundResult> {
    const tx = await this.getStatus({ paymentId: input.paymentId })
    const orderId = Number(tx.providerPaymentId)
    if (!Number.isSafeInteger(orderId)) return { status: 'failed', detail: 'no P24 transaction for this payment' }
    const r = await this.api('POST', '/transaction/refund', {
      requestId: input.refundId,
      refundsUuid: input.refundId,
      refunds: [
        { orderId, sessionId: input.paymentId, amount: input.amountMinor, description: input.reason || 'refund' },
      ],
    })
    const first = (Array.isArray(r.data) ? r.data[0] : undefined) as { status?: unknown; message?: unknown } | undefined
    if (r.responseCode === 0 && first?.status === true) return { status: 'refunded', providerRefundId: input.refundId }
    return { status: 'failed', detail: String(first?.message ?? r.error ?? 'refused') }
  }

  /** Register with the saved card's refId, then charge; the success notification follows at urlStatus. */
  async chargeSavedCard(input: Parameters<PaymentProvider['chargeSavedCard']>[0]): Promise<ChargeResult> {
    if (!input.notifyUrl || !input.returnUrl) throw new Error('przelewy: a card charge needs notifyUrl and returnUrl')
    const token = await this.register({
      paymentId: input.paymentId,
      amountMinor: input.amountMinor,
      currency: input.currency,
      description: input.description,
      email: input.customerEmail ?? '',
      returnUrl: input.returnUrl,
      notifyUrl: input.notifyUrl,
      methodRefId: input.token,
    })
    const r = await this.api('POST', '/card/charge', { token }).catch(() => null)
    const orderId = (r?.data as { orderId?: unknown } | undefined)?.orderId
    if (orderId == null) return { status: 'failed' }
    return { status: 'pending', providerPaymentId: String(orderId) }
  }
}
