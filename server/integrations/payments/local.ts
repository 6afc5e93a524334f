// `local` (docs/payments.md): the development and test provider, never on in production. The "bank"
// is a page of our own site, `/pay/local/{payment_id}`, reached with signed query fields so that
// nobody can change the amount on the way; its Pay / Decline buttons make the server send itself a
// notification signed like Stripe's: `Local-Signature: t=<unix s>,v1=hex(HMAC-SHA256(secret, "t.body"))`,
// tolerance 300 s. This module only builds and checks those messages; the page is built elsewhere.
import {
  ack,
  assertStartInput,
  checkExpected,
  concatBytes,
  hmacHex,
  refuse,
  safeEqual,
  type ChargeResult,
  type LocalConfig,
  type NotificationResult,
  type PaymentProvider,
  type RefundInput,
  type RefundResult,
  type StartResult,
  type StatusResult,
} from './provider'

export const LOCAL_TOLERANCE_S = 300

export const localSignature = (secret: string, t: number, body: Uint8Array) =>
  hmacHex('sha256', secret, concatBytes(`${t}.`, body))

export function localSignatureHeader(secret: string, t: number, body: string | Uint8Array): string {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body
  return `t=${t},v1=${localSignature(secret, t, bytes)}`
}

/** The notification body of docs/payments.md (its field names: eventId, paymentRef…). */
export interface LocalNotificationBody {
  eventId: string
  paymentRef: string
  status: 'paid' | 'failed' | 'refunded'
  amountMinor: number
  currency: string
  cardToken?: string
  cardMask?: string
  /** status refunded: the total given back so far (absent: all of it). */
  refundedMinor?: number
}

/** What the bank page sends to /api/payments/local/notify when a button is pressed. One event per
 *  payment and outcome, so pressing Pay twice is one event. */
export function localNotification(
  secret: string,
  n: {
    paymentId: string
    status: LocalNotificationBody['status']
    amountMinor: number
    currency: string
    saveCard?: boolean
    refundedMinor?: number
  },
  nowSeconds = Math.floor(Date.now() / 1000),
): { body: string; headers: Record<string, string> } {
  const payload: LocalNotificationBody = {
    eventId: `${n.paymentId}:${n.status}${n.refundedMinor !== undefined ? `:${n.refundedMinor}` : ''}`,
    paymentRef: n.paymentId,
    status: n.status,
    amountMinor: n.amountMinor,
    currency: n.currency,
    ...(n.saveCard && n.status === 'paid' ? { cardToken: `local_tok_${n.paymentId}`, cardMask: '**** 4242' } : {}),
    ...(n.refundedMinor !== undefined ? { refundedMinor: n.refundedMinor } : {}),
  }
  const body = JSON.stringify(payload)
  return {
    body,
    headers: { 'content-type': 'application/json', 'local-signature': localSignatureHeader(secret, nowSeconds, body) },
  }
}

/** The bank page's query: what it shows and what its buttons notify. */
export interface LocalPage {
  paymentId: string
  amountMinor: number
  currency: string
  description: string
  returnUrl: string
  saveCard: boolean
}

const PAGE_FIELDS = ['amount', 'currency', 'description', 'return', 'save'] as const

function pageSignature(secret: string, paymentId: string, q: URLSearchParams): string {
  const canonical = [paymentId, ...PAGE_FIELDS.map((k) => q.get(k) ?? '')].join('\n')
  return hmacHex('sha256', secret, `page\n${canonical}`)
}

/** Reads and checks the bank page's signed query; null when it was altered or is incomplete. */
export function readLocalPage(secret: string, paymentId: string, query: URLSearchParams): LocalPage | null {
  const sig = query.get('sig')
  if (!sig || !safeEqual(pageSignature(secret, paymentId, query), sig)) return null
  const amountMinor = Number(query.get('amount'))
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return null
  return {
    paymentId,
    amountMinor,
    currency: query.get('currency') ?? '',
    description: query.get('description') ?? '',
    returnUrl: query.get('return') ?? '',
    saveCard: query.get('save') === '1',
  }
}

export class LocalProvider implements PaymentProvider {
  readonly id = 'local' as const
  constructor(private readonly cfg: LocalConfig) {}

  async start(input: Parameters<PaymentProvider['start']>[0]): Promise<StartResult> {
    assertStartInput(input)
    if (input.cardToken) {
      const charge = await this.chargeSavedCard({ ...input, token: input.cardToken })
      // 3-D Secure wanted: the buyer goes through the bank page after all.
      if (charge.status !== 'requires_customer')
        return { method: 'redirect', url: input.returnUrl, providerPaymentId: charge.providerPaymentId, charge }
    }
    const q = new URLSearchParams({
      amount: String(input.amountMinor),
      currency: input.currency,
      description: input.description,
      return: input.returnUrl,
      save: input.saveCard ? '1' : '0',
    })
    q.set('sig', pageSignature(this.cfg.secret, input.paymentId, q))
    return { method: 'redirect', url: `${this.cfg.pagePath}/${encodeURIComponent(input.paymentId)}?${q}` }
  }

  async verifyNotification(
    req: Parameters<PaymentProvider['verifyNotification']>[0],
    options?: Parameters<PaymentProvider['verifyNotification']>[1],
  ): Promise<NotificationResult> {
    let t: number | null = null
    const v1: string[] = []
    for (const item of (req.headers.get('local-signature') ?? '').split(',')) {
      const at = item.indexOf('=')
      const [name, value] = [item.slice(0, at).trim(), item.slice(at + 1).trim()]
      if (name === 't' && /^\d+$/.test(value)) t = Number(value)
      else if (name === 'v1') v1.push(value)
    }
    if (t === null || v1.length === 0) return refuse('malformed')
    const expected = localSignature(this.cfg.secret, t, req.body)
    if (!v1.some((v) => safeEqual(expected, v))) return refuse('bad_signature')
    if (Math.abs((options?.now ?? Date.now()) / 1000 - t) > LOCAL_TOLERANCE_S) return refuse('stale')
    let b: Partial<LocalNotificationBody>
    try {
      b = JSON.parse(new TextDecoder().decode(req.body)) as Partial<LocalNotificationBody>
    } catch {
      return refuse('malformed')
    }
    if (
      typeof b.eventId !== 'string' ||
      typeof b.paymentRef !== 'string' ||
      typeof b.currency !== 'string' ||
      !Number.isSafeInteger(b.amountMinor) ||
      (b.status !== 'paid' && b.status !== 'failed' && b.status !== 'refunded')
    )
      return refuse('malformed')
    const event = {
      providerEventId: `local:${b.eventId}`,
      paymentId: b.paymentRef,
      status: b.status,
      amountMinor: b.amountMinor as number,
      currency: b.currency.toUpperCase(),
      ...(typeof b.cardToken === 'string' ? { cardToken: b.cardToken } : {}),
      ...(typeof b.cardMask === 'string' ? { cardMask: b.cardMask } : {}),
      ...(b.status === 'refunded' && Number.isSafeInteger(b.refundedMinor)
        ? { refundedMinor: b.refundedMinor as number }
        : {}),
    }
    const wrong = await checkExpected(event, options)
    if (wrong) return refuse(wrong)
    return { ok: true, event, ack: ack(200) }
  }

  /** The local bank keeps no state of its own: what happened is what our database recorded from its
   *  notifications, so it never reports anything beyond "pending". */
  async getStatus(): Promise<StatusResult> {
    return { status: 'pending' }
  }

  /** The local bank gives money back at once; a reason of "decline" makes it refuse (for tests). */
  async refund(input: RefundInput): Promise<RefundResult> {
    if (input.reason === 'decline') return { status: 'failed', detail: 'declined by the local bank' }
    return { status: 'refunded', providerRefundId: `local_refund_${input.refundId}` }
  }

  /** Any `local_tok_…` pays, except `local_tok_decline` (declined) and `local_tok_3ds` (buyer wanted). */
  async chargeSavedCard(input: Parameters<PaymentProvider['chargeSavedCard']>[0]): Promise<ChargeResult> {
    const providerPaymentId = `local_charge_${input.paymentId}`
    if (!input.token.startsWith('local_tok_') || input.token === 'local_tok_decline')
      return { status: 'failed', providerPaymentId }
    if (input.token === 'local_tok_3ds') return { status: 'requires_customer', providerPaymentId }
    return { status: 'paid', providerPaymentId }
  }
}
