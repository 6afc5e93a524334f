// The tutor's side of the wallet (docs/api.md#tutor-wallet-payments-top wallet and top): the history, paying an
// order's fee or a TOP placement from the balance. Each payment locks the tutor row before reading the
// balance (people/wallet.ts), so concurrent payments are serialised and the balance never goes below
// zero; an order is paid at most once because its row is locked and the machine allows `pay` only
// from waiting-for-payment.
import { sql } from 'kysely'
import { jsonb } from '../../../db/jsonb'
import { transition } from '../../../common/order-status'
import { minorToUnits } from '../../../common/money'
import { notFound, wrongStatus } from '../../../common/errors'
import { applyMove, lockOrder } from '../orders/core'
import { tutorOrder } from '../orders/tutor-orders'
import { appendEntry, lockTutorForWallet, walletBalance, walletView } from '../people/wallet'
import { audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { withActiveMerchant } from './merchants'
import { type PayDeps, offeredList, tutorId } from './payments'
import { lockTopSlot, placeTop, priceTopSlot, topById, topOffers, tutorTops } from './top-placement'

const PAGE_SIZE = 20

/** An entry's provider payment: its reference `payment:{id}` (settle.ts), else null. */
function paymentIdOf(reference: string | null): number | null {
  const m = reference ? /^payment:(\d+)$/.exec(reference) : null
  return m ? Number(m[1]) : null
}

/** GET /tutor/wallet/history?page → {balance, balance_minor, currency, items, total, page, providers} */
export async function walletHistory(scope: Scope, input: { page: number }, envDeps: PayDeps) {
  const deps = await withActiveMerchant(scope, envDeps)
  const me = tutorId(scope)
  const { db, edition } = scope
  const q = db.selectFrom('wallet_entries').where('tutor_id', '=', me).where('currency', '=', edition.currency)
  const [balance, rows, total] = await Promise.all([
    walletBalance(db, me, edition.currency),
    q
      .select(['id', 'amount_minor', 'currency', 'kind', 'reference', 'created_at'])
      .orderBy('id', 'desc')
      .limit(PAGE_SIZE)
      .offset((input.page - 1) * PAGE_SIZE)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  // The orders the entries' provider payments paid for (a fee paid through a provider, or refunded).
  const paymentIds = [...new Set(rows.map((r) => paymentIdOf(r.reference)).filter((id) => id !== null))]
  const paidOrders = new Map(
    paymentIds.length
      ? (
          await db
            .selectFrom('payments')
            .select(['id', 'order_id'])
            .where('id', 'in', paymentIds)
            .where('tutor_id', '=', me)
            .where('outcome', '=', 'order_paid')
            .execute()
        ).map((p) => [Number(p.id), p.order_id])
      : [],
  )
  const items = rows.map((r) => ({
    id: Number(r.id),
    amount: minorToUnits(Number(r.amount_minor)),
    amount_minor: Number(r.amount_minor),
    currency: r.currency,
    kind: r.kind,
    reference: r.reference,
    payment_id: paymentIdOf(r.reference),
    order_id: paidOrders.get(paymentIdOf(r.reference) ?? 0) ?? null,
    created_at: r.created_at.toISOString(),
  }))
  return {
    ...walletView(balance, edition.currency),
    items,
    total: total.n,
    page: input.page,
    providers: offeredList(scope, deps),
  }
}

/** POST /tutor/order/pay_from_wallet {order_id} → the order, paid (status 7). Short of money: 409. */
export async function payOrderFromWallet(scope: Scope, input: { order_id: number }) {
  const me = tutorId(scope)
  const { db, edition, actor } = scope
  await db.transaction().execute(async (trx) => {
    // The order's row, then the tutor's (the lock order of every money path, settle.ts).
    const order = await lockOrder(trx, input.order_id, { edition: edition.code })
    if (order.tutor_id !== me) throw notFound()
    await lockTutorForWallet(trx, me)
    const moved = transition(order, 'pay', { kind: 'tutor' })
    const fee = order.fee_minor
    const currency = order.fee_currency ?? edition.currency
    if (!fee || fee <= 0 || currency !== edition.currency) throw wrongStatus()
    const debit = await appendEntry(trx, {
      tutorId: me,
      amountMinor: -fee,
      currency,
      kind: 'order_fee',
      reference: `order:${order.id}`,
      actor,
    })
    // The order's payment record has one shape whoever writes it (orders/staff.ts setPaid): whole units and minor units.
    const paymentData = {
      amount: fee / 100,
      amount_minor: fee,
      currency,
      method: 'wallet',
      entry_id: debit.entryId,
      date: scope.now().toISOString().slice(0, 10),
    }
    await applyMove(trx, order, {
      action: 'pay',
      actor,
      moved,
      patch: { paid_at: scope.now(), payment_data: jsonb(paymentData) as never },
      data: { payment_data: paymentData },
    })
    await audit(trx, actor, {
      action: 'order.pay_from_wallet',
      entity: 'order',
      id: order.id,
      data: {
        fee_minor: fee,
        currency,
        entry_id: debit.entryId,
        balance_before_minor: debit.before,
        balance_after_minor: debit.after,
      },
    })
  })
  return tutorOrder(scope, { id: input.order_id })
}

/** GET /tutor/top/get → {items: the tutor's placements, offers: [{lesson_id, city_id, days, price…}]} */
export async function tutorTopsAndOffers(scope: Scope) {
  const me = tutorId(scope)
  const [items, offers] = await Promise.all([tutorTops(scope.db, me), topOffers(scope.db, scope.edition, me)])
  return { items, offers }
}

/** POST /tutor/top/pay_from_wallet {lesson_id, city_id?, days} → the placement. Short of money or a full slot: 409. */
export async function payTopFromWallet(
  scope: Scope,
  input: { lesson_id: number; city_id: number | null; days: number },
) {
  const me = tutorId(scope)
  const { db, edition, actor } = scope
  const slot = { tutorId: me, lessonId: input.lesson_id, cityId: input.city_id, days: input.days }
  const topId = await db.transaction().execute(async (trx) => {
    const price = await priceTopSlot(trx, edition.code, slot)
    // The slot's lock before the tutor's row (top-placement.ts says why).
    await lockTopSlot(trx, slot.lessonId, slot.cityId)
    await lockTutorForWallet(trx, me)
    const id = await placeTop(trx, { ...slot, paidMinor: price })
    const debit = await appendEntry(trx, {
      tutorId: me,
      amountMinor: -price,
      currency: edition.currency,
      kind: 'top_placement',
      reference: `top:${id}`,
      actor,
    })
    await audit(trx, actor, {
      action: 'top.pay_from_wallet',
      entity: 'top',
      id: id,
      data: {
        ...input,
        price_minor: price,
        currency: edition.currency,
        entry_id: debit.entryId,
        balance_after_minor: debit.after,
      },
    })
    return id
  })
  return topById(db, topId)
}
