// Settling a verified provider event: ONE transaction that records the event, marks
// the payment and writes the ledger. The event is credited at most once by the unique key
// (provider, provider_event_id) — the insert that loses the race does nothing — and a payment is
// settled at most once because its row is locked and only a pending (or failed) payment becomes paid.
//
// A paid payment always credits the wallet (top_up); then, for an order still waiting for this
// tutor's payment, the fee is debited and the order moves to paid (status 7) through the status
// machine in the same transaction; for a TOP, the price is debited and the placement written. When
// the target can no longer take the money (the order was paid in another tab, the slot filled up),
// the money simply stays on the wallet: two payments never pay two orders.
import { paymentOutcomes } from '../../observability/metrics'
import { sql } from 'kysely'
import { allowed, transition } from '../../../common/order-status'
import { jsonb } from '../../../db/jsonb'
import type { PaymentEvent, ProviderId } from '../../integrations/payments/provider'
import { applyMove, lockOrder } from '../orders/core'
import { appendEntry, lockTutorForWallet } from '../people/wallet'
import { settleProviderRefund } from './refunds'
import { type Executor, SYSTEM, audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { lockTopSlot, placeTop, priceTopSlot } from './top-placement'

export type PaymentRow = Awaited<ReturnType<typeof lockPayment>>

export async function lockPayment(trx: Executor, where: { id: number } | { reference: string; provider: string }) {
  let q = trx.selectFrom('payments').selectAll()
  q =
    'id' in where
      ? q.where('id', '=', where.id)
      : q.where('reference', '=', where.reference).where('provider', '=', where.provider)
  return q.forUpdate().executeTakeFirst()
}

export type SettleOutcome =
  | 'duplicate'
  | 'unknown_payment'
  | 'mismatch'
  | 'ignored'
  | 'failed'
  | 'order_paid'
  | 'top_bought'
  | 'credited'
  | 'refunded'

/** Applies one verified event. Nothing is written for a duplicate, an unknown payment or a mismatch. */
export async function settleEvent(
  scope: Pick<Scope, 'db' | 'edition'>,
  a: { provider: ProviderId; event: PaymentEvent },
): Promise<SettleOutcome> {
  const { event: e } = a
  const outcome = await scope.db.transaction().execute(async (trx): Promise<SettleOutcome> => {
    const payment = await lockPayment(trx, { reference: e.paymentId, provider: a.provider })
    if (!payment) return 'unknown_payment'
    if (Number(payment.amount_minor) !== e.amountMinor || payment.currency.toUpperCase() !== e.currency.toUpperCase())
      return 'mismatch'
    const inserted = await trx
      .insertInto('payment_events')
      .values({
        provider: a.provider,
        provider_event_id: e.providerEventId,
        payment_id: payment.id,
        status: e.status,
        amount_minor: e.amountMinor,
        currency: e.currency,
      })
      .onConflict((oc) => oc.columns(['provider', 'provider_event_id']).doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!inserted) return 'duplicate'
    if (e.status === 'paid') return settlePaid(trx, { edition: scope.edition, payment, e })
    if (e.status === 'failed') {
      if (payment.status !== 'pending') return 'ignored'
      await trx
        .updateTable('payments')
        .set({ status: 'failed', outcome: 'failed' })
        .where('id', '=', payment.id)
        .execute()
      await audit(trx, SYSTEM, {
        action: 'payment.failed',
        entity: 'payment',
        id: payment.id,
        data: { provider: a.provider, event: e.providerEventId },
      })
      return 'failed'
    }
    if (e.status === 'refunded') {
      const reversed = await settleProviderRefund(trx, payment, {
        total: e.refundedMinor ?? e.amountMinor,
        event: e.providerEventId,
      })
      return reversed > 0 ? 'refunded' : 'ignored'
    }
    return 'ignored'
  })
  // Counted after the commit: a rolled-back settlement is not an outcome.
  paymentOutcomes.inc({ provider: a.provider, outcome })
  return outcome
}

async function settlePaid(
  trx: Executor,
  a: Pick<Scope, 'edition'> & { payment: NonNullable<PaymentRow>; e: PaymentEvent },
): Promise<SettleOutcome> {
  const { payment, e } = a
  if (payment.status === 'paid' || payment.status === 'refunded') return 'ignored'
  const amount = Number(payment.amount_minor)
  const donate = Number(payment.donate_minor)
  const top =
    payment.purpose === 'top'
      ? { tutorId: payment.tutor_id, lessonId: payment.lesson_id!, cityId: payment.city_id, days: payment.days! }
      : null
  // Lock order: the TOP slot or the order, then the tutor's wallet row, as every money path does
  // (order actions may touch the tutor row after the order's; refreshListings rewrites slot tutors).
  if (top) await lockTopSlot(trx, top.lessonId, top.cityId)
  const order =
    payment.purpose === 'order' && payment.order_id !== null
      ? await lockOrder(trx, payment.order_id, { edition: payment.edition }).catch(() => null)
      : null
  await lockTutorForWallet(trx, payment.tutor_id)
  const credit = await appendEntry(trx, {
    tutorId: payment.tutor_id,
    amountMinor: amount,
    currency: payment.currency,
    kind: 'top_up',
    reference: `payment:${payment.id}`,
    actor: SYSTEM,
  })
  let outcome: SettleOutcome = 'credited'
  let topId: number | null = null
  if (order) {
    const fee = order?.fee_minor ?? null
    if (
      order.tutor_id === payment.tutor_id &&
      allowed(order.status, 'pay', 'system') &&
      fee !== null &&
      fee > 0 &&
      fee + donate === amount
    ) {
      const moved = transition(order, 'pay', { kind: 'system' })
      const debit = await appendEntry(trx, {
        tutorId: payment.tutor_id,
        amountMinor: -fee,
        currency: payment.currency,
        kind: 'order_fee',
        reference: `order:${order.id}`,
        actor: SYSTEM,
      })
      if (donate > 0)
        await appendEntry(trx, {
          tutorId: payment.tutor_id,
          amountMinor: -donate,
          currency: payment.currency,
          kind: 'donation',
          reference: `payment:${payment.id}`,
          actor: SYSTEM,
        })
      await applyMove(trx, order, {
        action: 'pay',
        actor: SYSTEM,
        moved,
        patch: {
          paid_at: new Date(),
          payment_data: jsonb({
            amount: fee / 100,
            amount_minor: fee,
            currency: payment.currency,
            method: payment.provider,
            payment_id: payment.id,
            entry_id: debit.entryId,
            date: new Date().toISOString().slice(0, 10),
          }) as never,
        },
        data: { payment_id: payment.id, provider: payment.provider },
      })
      outcome = 'order_paid'
    }
  }
  if (top) {
    try {
      await priceTopSlot(trx, a.edition.code, top)
      topId = await placeTop(trx, { ...top, paidMinor: amount })
      await appendEntry(trx, {
        tutorId: payment.tutor_id,
        amountMinor: -amount,
        currency: payment.currency,
        kind: 'top_placement',
        reference: `top:${topId}`,
        actor: SYSTEM,
      })
      outcome = 'top_bought'
    } catch {
      // The tutor no longer teaches there, or the slot filled up meanwhile: the money stays on the wallet.
      topId = null
    }
  }
  if (e.cardToken && payment.save_card) {
    await trx
      .insertInto('payment_cards')
      .values({ tutor_id: payment.tutor_id, provider: payment.provider, token: e.cardToken, mask: e.cardMask ?? '' })
      .onConflict((oc) => oc.columns(['tutor_id', 'provider', 'token']).doUpdateSet({ deleted_at: null }))
      .execute()
  }
  await trx
    .updateTable('payments')
    .set({
      status: 'paid',
      paid_at: sql<Date>`now()`,
      outcome,
      top_id: topId,
      provider_payment_id: payment.provider_payment_id ?? e.providerPaymentId ?? null,
    })
    .where('id', '=', payment.id)
    .execute()
  await audit(trx, SYSTEM, {
    action: 'payment.paid',
    entity: 'payment',
    id: payment.id,
    data: {
      provider: payment.provider,
      event: e.providerEventId,
      tutor_id: payment.tutor_id,
      purpose: payment.purpose,
      amount_minor: amount,
      currency: payment.currency,
      outcome,
      order_id: payment.order_id,
      top_id: topId,
      credit_entry_id: credit.entryId,
    },
  })
  return outcome
}
