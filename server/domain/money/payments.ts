// Payments through a provider (docs/contract.md#payments items 3–4): start one for the wallet,
// an order's fee or a TOP placement (with the provider's page or a saved card), receive the provider's
// notification, answer the payment's status, list and delete saved cards.
//
// Only the edition's providers are offered (offeredProviders); any other name is 404. A payment row is
// written before the provider is called (its reference is what the provider echoes back) and settled
// only by a verified event (settle.ts). The browser's return is never proof of payment.
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { OrderStatus } from '../../../common/order-status'
import { minorToUnits } from '../../../common/money'
import { forbidden, notFound, wrongStatus } from '../../../common/errors'
import { type Edition, localePath } from '../../../common/editions'
import { t as tr } from '../../../i18n/keys'
import { offeredProviders, type PaymentProviders } from '../../integrations/payments'
import type {
  PaymentConfig,
  PaymentEvent,
  PaymentProvider,
  ProviderId,
  StartResult,
} from '../../integrations/payments/provider'
import { audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { withActiveMerchant } from './merchants'
import { settleEvent } from './settle'
import { priceTopSlot } from './top-placement'

/** What the money services need beside the scope: the configured providers and our public origin. */
export interface PayDeps {
  config: PaymentConfig
  providers: PaymentProviders
  /** PUBLIC_URL's origin: the notify and return URLs given to providers. */
  origin: string
  /** The key that opens the LiqPay merchants' private keys (merchants.ts); without it the env keys are used. */
  merchantKey?: () => Buffer
}

/** The page a buyer comes back to (the screens' return page polls get_status there). */
export const RETURN_PATH = '/wallet/payment'
export const notifyPath = (provider: ProviderId) => `/api/payments/${provider}/notify`

export type Purpose = 'wallet' | 'order' | 'top'
export type PaymentTarget =
  | { purpose: 'wallet'; sum: number }
  | { purpose: 'order'; order_id: number; save_token?: boolean; donate_sum?: number }
  | { purpose: 'top'; lesson_id: number; city_id: number | null; days: number }

/** The provider named in the path, if this edition offers it here; otherwise 404. */
export function offered(scope: Pick<Scope, 'edition'>, deps: PayDeps, name: string): PaymentProvider {
  const ids = offeredProviders(deps.config, scope.edition)
  const provider = (ids as string[]).includes(name) ? deps.providers[name as ProviderId] : undefined
  if (!provider) throw notFound()
  return provider
}

export function offeredList(scope: Pick<Scope, 'edition'>, deps: PayDeps): ProviderId[] {
  return offeredProviders(deps.config, scope.edition)
}

export function tutorId(scope: Pick<Scope, 'actor'>): number {
  if (scope.actor.kind !== 'tutor' || !scope.actor.id) throw forbidden()
  return scope.actor.id
}

/** What the provider's page shows, in the edition's language, numbered like the invoice and the wallet
 *  history: "Поповнення гаманця, платіж №12". */
export function describePayment(edition: Pick<Edition, 'defaultLocale'>, paymentId: number, t: PaymentTarget): string {
  const l = edition.defaultLocale
  const what =
    t.purpose === 'order'
      ? tr(l, 'invoice.purpose_order', { order: t.order_id })
      : t.purpose === 'top'
        ? tr(l, 'invoice.purpose_top', { days: t.days })
        : tr(l, 'invoice.purpose_wallet')
  return `${what}, ${tr(l, 'pay.number', { id: paymentId })}`
}

/** What is being bought: its amount (minor units), description and the columns of its payment row. */
async function resolveTarget(scope: Scope, me: number, t: PaymentTarget) {
  const { db, edition } = scope
  if (t.purpose === 'wallet') return { amount: t.sum, donate: 0, cols: {} }
  if (t.purpose === 'order') {
    const order = await db
      .selectFrom('orders')
      .select(['id', 'tutor_id', 'status', 'fee_minor', 'fee_currency'])
      .where('id', '=', t.order_id)
      .where('edition', '=', edition.code)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
    if (!order || order.tutor_id !== me) throw notFound()
    if (
      order.status !== OrderStatus.WaitingForPay ||
      !order.fee_minor ||
      (order.fee_currency ?? edition.currency) !== edition.currency
    )
      throw wrongStatus()
    const donate = t.donate_sum ?? 0
    return {
      amount: order.fee_minor + donate,
      donate,
      cols: { order_id: order.id, save_card: !!t.save_token },
    }
  }
  const price = await priceTopSlot(db, edition.code, {
    tutorId: me,
    lessonId: t.lesson_id,
    cityId: t.city_id,
    days: t.days,
  })
  return {
    amount: price,
    donate: 0,
    cols: { lesson_id: t.lesson_id, city_id: t.city_id, days: t.days },
  }
}

/** A pending payment row for what the tutor pays for, by `provider`, with a saved card if `card_id`. */
async function createPayment(
  scope: Scope,
  a: { me: number; provider: ProviderId; target: PaymentTarget; extra?: { card_id?: number } },
) {
  const { me, provider, target: t, extra = {} } = a
  const target = await resolveTarget(scope, me, t)
  const reference = `${scope.edition.code}-${randomBytes(9).toString('hex')}`
  const row = await scope.db.transaction().execute(async (trx) => {
    const p = await trx
      .insertInto('payments')
      .values({
        reference,
        edition: scope.edition.code,
        tutor_id: me,
        provider,
        purpose: t.purpose,
        amount_minor: target.amount,
        donate_minor: target.donate,
        currency: scope.edition.currency,
        card_id: extra.card_id ?? null,
        ...target.cols,
      })
      .returning(['id', 'reference', 'amount_minor', 'currency', 'save_card'])
      .executeTakeFirstOrThrow()
    await audit(trx, scope.actor, {
      action: 'payment.start',
      entity: 'payment',
      id: p.id,
      data: {
        provider,
        purpose: t.purpose,
        amount_minor: target.amount,
        currency: scope.edition.currency,
        ...target.cols,
        ...extra,
      },
    })
    return p
  })
  return { ...row, amount_minor: Number(row.amount_minor), description: describePayment(scope.edition, row.id, t) }
}

async function tutorContact(scope: Scope, me: number) {
  const row = await scope.db
    .selectFrom('tutors')
    .innerJoin('people', 'people.id', 'tutors.person_id')
    .select(['people.email'])
    .where('tutors.id', '=', me)
    .executeTakeFirst()
  return { id: `tutor-${me}`, ...(row?.email ? { email: row.email } : {}), locale: scope.locale }
}

/** A provider call that failed: the attempt is closed (failed) and the error goes on (500, logged). */
async function closeFailed(scope: Scope, paymentId: number, err: unknown): Promise<never> {
  await scope.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('payments')
      .set({ status: 'failed', outcome: 'start_failed' })
      .where('id', '=', paymentId)
      .where('status', '=', 'pending')
      .execute()
    await audit(trx, scope.actor, {
      action: 'payment.start_failed',
      entity: 'payment',
      id: paymentId,
      data: { error: String((err as Error)?.message ?? err).slice(0, 300) },
    })
  })
  throw err
}

/** POST /tutor/payments/{provider}/wallet|order|top → {payment_id, method, url, fields?} */
export async function startPayment(scope: Scope, input: PaymentTarget & { provider: string }, envDeps: PayDeps) {
  const deps = await withActiveMerchant(scope, envDeps)
  const me = tutorId(scope)
  const provider = offered(scope, deps, input.provider)
  const p = await createPayment(scope, { me, provider: provider.id, target: input })
  let started: StartResult
  try {
    started = await provider.start({
      paymentId: p.reference,
      amountMinor: p.amount_minor,
      currency: p.currency,
      description: p.description,
      returnUrl: `${deps.origin}${localePath(scope.edition, scope.locale, RETURN_PATH)}?payment_id=${p.id}`,
      notifyUrl: `${deps.origin}${notifyPath(provider.id)}`,
      customer: await tutorContact(scope, me),
      saveCard: p.save_card,
    })
  } catch (err) {
    return closeFailed(scope, p.id, err)
  }
  if (started.providerPaymentId)
    await scope.db
      .updateTable('payments')
      .set({ provider_payment_id: started.providerPaymentId })
      .where('id', '=', p.id)
      .execute()
  return {
    payment_id: p.id,
    method: started.method,
    url: started.url,
    ...(started.fields ? { fields: started.fields } : {}),
  }
}

/**
 * POST /tutor/payments/{provider}/card/wallet|order|top {card_id, …} → {payment_id, status, url?}.
 * The provider charges the saved card server-to-server; its answer to our own authenticated call is
 * settled at once (the notification that may follow finds the payment paid and changes nothing).
 */
export async function startCardPayment(
  scope: Scope,
  input: PaymentTarget & { provider: string; card_id: number },
  envDeps: PayDeps,
) {
  const deps = await withActiveMerchant(scope, envDeps)
  const me = tutorId(scope)
  const provider = offered(scope, deps, input.provider)
  const card = await scope.db
    .selectFrom('payment_cards')
    .select(['id', 'token'])
    .where('id', '=', input.card_id)
    .where('tutor_id', '=', me)
    .where('provider', '=', provider.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!card) throw notFound()
  const p = await createPayment(scope, { me, provider: provider.id, target: input, extra: { card_id: card.id } })
  let started: StartResult
  try {
    started = await provider.start({
      paymentId: p.reference,
      amountMinor: p.amount_minor,
      currency: p.currency,
      description: p.description,
      returnUrl: `${deps.origin}${localePath(scope.edition, scope.locale, RETURN_PATH)}?payment_id=${p.id}`,
      notifyUrl: `${deps.origin}${notifyPath(provider.id)}`,
      customer: await tutorContact(scope, me),
      cardToken: card.token,
    })
  } catch (err) {
    return closeFailed(scope, p.id, err)
  }
  if (started.providerPaymentId)
    await scope.db
      .updateTable('payments')
      .set({ provider_payment_id: started.providerPaymentId })
      .where('id', '=', p.id)
      .execute()
  const charge = started.charge
  if (charge?.status === 'paid' || charge?.status === 'failed') {
    const event: PaymentEvent = {
      providerEventId: `${provider.id}:charge:${p.reference}`,
      paymentId: p.reference,
      status: charge.status,
      amountMinor: p.amount_minor,
      currency: p.currency,
      ...(charge.providerPaymentId ? { providerPaymentId: charge.providerPaymentId } : {}),
    }
    await settleEvent(scope, { provider: provider.id, event })
    return { payment_id: p.id, status: charge.status }
  }
  // The bank wants the buyer (3-D Secure) or the provider fell back to its page.
  return { payment_id: p.id, status: 'pending' as const, url: started.url }
}

/**
 * POST /api/payments/{provider}/notify: the provider's request as received. The signature is checked
 * over the exact bytes, amount and currency against the stored payment; a refused message changes
 * nothing. Answers the provider's own acknowledgement (a duplicate is acknowledged too, so the
 * provider stops retrying). An unknown or unoffered provider is 404.
 */
export async function receiveNotification(
  scope: Scope,
  input: { provider: string; body: Uint8Array; headers: Headers },
  envDeps: PayDeps,
) {
  const deps = await withActiveMerchant(scope, envDeps)
  const provider = offered(scope, deps, input.provider)
  const result = await provider.verifyNotification(
    { body: input.body, headers: input.headers },
    {
      now: scope.now().getTime(),
      expected: async (reference) => {
        const p = await scope.db
          .selectFrom('payments')
          .select(['amount_minor', 'currency', 'save_card', 'provider_payment_id'])
          .where('reference', '=', reference)
          .where('provider', '=', provider.id)
          .executeTakeFirst()
        return p
          ? {
              amountMinor: Number(p.amount_minor),
              currency: p.currency,
              saveCard: p.save_card,
              ...(p.provider_payment_id ? { providerPaymentId: p.provider_payment_id } : {}),
            }
          : null
      },
    },
  )
  if (!result.ok) return { ack: result.ack, outcome: result.reason }
  if (!result.event) return { ack: result.ack, outcome: 'ignored' }
  return { ack: result.ack, outcome: await settleEvent(scope, { provider: provider.id, event: result.event }) }
}

const STATUS_COLUMNS = [
  'id',
  'tutor_id',
  'provider',
  'purpose',
  'status',
  'amount_minor',
  'currency',
  'order_id',
  'top_id',
  'outcome',
  'reference',
  'provider_payment_id',
  'created_at',
  'paid_at',
] as const

/**
 * POST /tutor/payments/get_status {payment_id}. A pending payment is also asked of its provider, so a
 * lost notification does not leave it pending: the provider's authenticated answer is settled like
 * an event (once per payment; amounts must match).
 */
export async function paymentStatus(scope: Scope, input: { payment_id: number }, envDeps: PayDeps) {
  const deps = await withActiveMerchant(scope, envDeps)
  const me = tutorId(scope)
  const read = () =>
    scope.db
      .selectFrom('payments')
      .select(STATUS_COLUMNS)
      .where('id', '=', input.payment_id)
      .where('tutor_id', '=', me)
      .executeTakeFirst()
  let p = await read()
  if (!p) throw notFound()
  const provider = deps.providers[p.provider as ProviderId]
  if (p.status === 'pending' && provider) {
    const s = await provider
      .getStatus({
        paymentId: p.reference,
        ...(p.provider_payment_id ? { providerPaymentId: p.provider_payment_id } : {}),
      })
      .catch(() => null)
    const matches =
      s &&
      (s.amountMinor === undefined || s.amountMinor === Number(p.amount_minor)) &&
      (s.currency === undefined || s.currency.toUpperCase() === p.currency)
    if (s && matches && (s.status === 'paid' || s.status === 'failed')) {
      await settleEvent(scope, {
        provider: provider.id,
        event: {
          providerEventId: `${provider.id}:status:${p.reference}:${s.status}`,
          paymentId: p.reference,
          status: s.status,
          amountMinor: Number(p.amount_minor),
          currency: p.currency,
        },
      })
      p = (await read())!
    }
  }
  return {
    payment_id: p.id,
    status: p.status as 'pending' | 'paid' | 'failed' | 'refunded',
    purpose: p.purpose as Purpose,
    amount: minorToUnits(Number(p.amount_minor)),
    amount_minor: Number(p.amount_minor),
    currency: p.currency,
    provider: p.provider,
    order_id: p.order_id,
    top_id: p.top_id,
    outcome: p.outcome,
    created_at: p.created_at.toISOString(),
    paid_at: p.paid_at?.toISOString() ?? null,
  }
}

/** POST /tutor/payments/get_cards: the tutor's saved cards of the providers offered here (mask and id only). */
export async function savedCards(scope: Scope, _input: unknown, envDeps: PayDeps) {
  const deps = await withActiveMerchant(scope, envDeps)
  const me = tutorId(scope)
  const ids = offeredList(scope, deps)
  if (ids.length === 0) return { items: [] }
  const rows = await scope.db
    .selectFrom('payment_cards')
    .select(['id', 'provider', 'mask', 'created_at'])
    .where('tutor_id', '=', me)
    .where('deleted_at', 'is', null)
    .where('provider', 'in', ids)
    .orderBy('id', 'desc')
    .execute()
  return { items: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })) }
}

/** POST /tutor/payments/delete_payment_card {card_id}: forgets the card (another tutor's is 404). */
export async function deleteCard(scope: Scope, input: { card_id: number }) {
  const me = tutorId(scope)
  return scope.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('payment_cards')
      .set({ deleted_at: sql<Date>`now()` })
      .where('id', '=', input.card_id)
      .where('tutor_id', '=', me)
      .where('deleted_at', 'is', null)
      .returning(['id', 'provider'])
      .executeTakeFirst()
    if (!row) throw notFound()
    await audit(trx, scope.actor, {
      action: 'payment_card.delete',
      entity: 'payment_card',
      id: row.id,
      data: { provider: row.provider },
    })
    return { deleted: true as const }
  })
}
