// Refunds of provider payments, whole or in part: asked by staff (POST /admin/payments/refund) through
// the provider's refund call, or reported by the provider (its refund or chargeback notification).
//
// The ledger changes only when the provider confirms: in its answer to our call, or by notification.
// A payment never gives back more than it took: staff requests reserve their amount as a pending row
// under the payment's row lock, and the confirmed total (payments.refunded_minor) is checked by the
// database too. Providers report the running total refunded, so a notification replayed or arriving
// after our own confirmation reverses only what is new.
import { sql } from 'kysely'
import { DomainError, notFound } from '../../../common/errors'
import { OrderStatus, transition } from '../../../common/order-status'
import type { ProviderId, RefundResult } from '../../integrations/payments/provider'
import { applyMove, lockOrder } from '../orders/core'
import { appendEntry, lockTutorForWallet, walletBalance } from '../people/wallet'
import { type Actor, type Executor, SYSTEM, audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { withActiveMerchant } from './merchants'
import type { PayDeps } from './payments'
import { lockPayment, type PaymentRow } from './settle'

type Locked = NonNullable<PaymentRow>

/** Staff refunds still waiting for the provider's word: their amounts are reserved. */
async function pendingMinor(trx: Executor, paymentId: number): Promise<number> {
  const row = await trx
    .selectFrom('payment_refunds')
    .select(sql<string>`coalesce(sum(amount_minor), 0)`.as('s'))
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow()
  return Number(row.s)
}

/** Whether the payment's money stayed on the wallet (a top-up, or a target that could not take it). */
const stayedOnWallet = (p: Locked) => p.outcome !== 'order_paid' && p.outcome !== 'top_bought'

/**
 * Writes a confirmed refund of `amount` (capped at what is left): the ledger entries, the payment's
 * refunded total and, when it is now refunded in full, what it bought is undone — an order goes back to
 * waiting for its fee (a reviewed one stays paid), a TOP placement ends now. Returns what was reversed.
 */
export async function applyReversal(
  trx: Executor,
  payment: Locked,
  a: { amount: number; actor: Actor; event?: string },
): Promise<number> {
  const paid = Number(payment.amount_minor)
  const before = Number(payment.refunded_minor)
  const amount = Math.min(a.amount, paid - before)
  if (amount <= 0) return 0
  const full = before + amount === paid
  const order =
    full && payment.outcome === 'order_paid' && payment.order_id !== null
      ? await lockOrder(trx, payment.order_id, { edition: payment.edition }).catch(() => null)
      : null
  await lockTutorForWallet(trx, payment.tutor_id)
  const ref = `payment:${payment.id}`
  let unreversed = 0
  if (stayedOnWallet(payment)) {
    // The money is taken back from the balance, as far as it goes (never below zero).
    const take = Math.min(amount, await walletBalance(trx, payment.tutor_id, payment.currency))
    unreversed = amount - take
    if (take > 0)
      await appendEntry(trx, {
        tutorId: payment.tutor_id,
        amountMinor: -take,
        currency: payment.currency,
        kind: 'refund',
        reference: ref,
        actor: a.actor,
      })
  } else {
    // The money paid for something: its charge is reversed and the same sum leaves for the card.
    await appendEntry(trx, {
      tutorId: payment.tutor_id,
      amountMinor: amount,
      currency: payment.currency,
      kind: 'charge_reversal',
      reference: ref,
      actor: a.actor,
    })
    await appendEntry(trx, {
      tutorId: payment.tutor_id,
      amountMinor: -amount,
      currency: payment.currency,
      kind: 'refund',
      reference: ref,
      actor: a.actor,
    })
  }
  if (order && order.status === OrderStatus.Paid && order.review_mark === null) {
    const moved = transition(order, 'set_paid_off', { kind: 'staff' })
    await applyMove(trx, order, {
      action: 'set_paid_off',
      actor: a.actor,
      moved,
      patch: { payment_data: null, paid_at: null },
      data: { payment_id: payment.id, refunded: true },
    })
  }
  if (full && payment.outcome === 'top_bought' && payment.top_id !== null)
    await trx
      .updateTable('tops')
      .set({ ends_at: sql<Date>`now()` })
      .where('id', '=', payment.top_id)
      .where('ends_at', '>', sql<Date>`now()`)
      .execute()
  await trx
    .updateTable('payments')
    .set({ refunded_minor: before + amount, ...(full ? { status: 'refunded' } : {}) })
    .where('id', '=', payment.id)
    .execute()
  payment.refunded_minor = String(before + amount) as never
  await audit(trx, a.actor, {
    action: 'payment.refunded',
    entity: 'payment',
    id: payment.id,
    data: { amount_minor: amount, refunded_minor: before + amount, full, event: a.event, unreversed_minor: unreversed },
  })
  return amount
}

/**
 * A provider's refund notification: `total` is everything it has given back on this payment so far.
 * What is new is reversed once; staff refunds waiting for this confirmation are marked confirmed (oldest
 * first), and the rest is recorded as a refund the provider made on its own (a chargeback, its panel).
 */
export async function settleProviderRefund(trx: Executor, payment: Locked, reported: { total: number; event: string }) {
  const { total, event } = reported
  if (payment.status !== 'paid' && payment.status !== 'refunded') return 0
  const capped = Math.min(total, Number(payment.amount_minor))
  const fresh = capped - Number(payment.refunded_minor)
  if (fresh <= 0) return 0
  let left = fresh
  const waiting = await trx
    .selectFrom('payment_refunds')
    .select(['id', 'amount_minor'])
    .where('payment_id', '=', payment.id)
    .where('status', '=', 'pending')
    .orderBy('id')
    .forUpdate()
    .execute()
  for (const w of waiting) {
    if (Number(w.amount_minor) > left) break
    left -= Number(w.amount_minor)
    await trx
      .updateTable('payment_refunds')
      .set({ status: 'confirmed', confirmed_at: sql<Date>`now()` })
      .where('id', '=', w.id)
      .execute()
  }
  if (left > 0)
    await trx
      .insertInto('payment_refunds')
      .values({
        payment_id: payment.id,
        amount_minor: left,
        currency: payment.currency,
        source: 'provider',
        status: 'confirmed',
        reason: event,
        confirmed_at: sql<Date>`now()`,
      })
      .execute()
  return applyReversal(trx, payment, { amount: fresh, actor: SYSTEM, event })
}

export interface RefundAnswer {
  payment_id: number
  refund_id: number
  status: 'confirmed' | 'pending'
  amount_minor: number
  refunded_minor: number
  payment_status: 'paid' | 'refunded'
}

/**
 * POST /admin/payments/refund {payment_id, amount_minor?, reason}: staff give back part or all of a
 * paid provider payment (unset amount: all that is left). 409 when nothing or less is left, when the
 * tutor has already spent a top-up, or when the provider refuses; 404 for another edition's payment.
 */
export async function refundPayment(
  scope: Scope,
  input: { payment_id: number; amount_minor?: number; reason: string },
  envDeps: PayDeps,
): Promise<RefundAnswer> {
  const deps = await withActiveMerchant(scope, envDeps)
  const reserved = await scope.db.transaction().execute(async (trx) => {
    const p = await lockPayment(trx, { id: input.payment_id })
    if (!p || p.edition !== scope.edition.code) throw notFound()
    if (p.status !== 'paid') throw new DomainError('wrong_status', 'errors.refund_not_paid')
    const left = Number(p.amount_minor) - Number(p.refunded_minor) - (await pendingMinor(trx, p.id))
    const amount = input.amount_minor ?? left
    if (amount <= 0 || amount > left) throw new DomainError('wrong_status', 'errors.refund_too_much')
    if (stayedOnWallet(p) && (await walletBalance(trx, p.tutor_id, p.currency)) < amount)
      throw new DomainError('wrong_status', 'errors.refund_spent')
    const row = await trx
      .insertInto('payment_refunds')
      .values({
        payment_id: p.id,
        amount_minor: amount,
        currency: p.currency,
        reason: input.reason,
        source: 'staff',
        staff_id: scope.actor.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await audit(trx, scope.actor, {
      action: 'errors.refund_requested',
      entity: 'payment',
      id: p.id,
      data: { refund_id: row.id, amount_minor: amount, reason: input.reason },
    })
    return { payment: p, refundId: row.id, amount }
  })
  const p = reserved.payment
  const provider = deps.providers[p.provider as ProviderId]
  const fail = async (detail: string) => {
    await scope.db
      .updateTable('payment_refunds')
      .set({ status: 'failed', error: detail.slice(0, 500) })
      .where('id', '=', reserved.refundId)
      .where('status', '=', 'pending')
      .execute()
  }
  if (!provider) {
    await fail('provider not configured')
    throw new DomainError('wrong_status', 'errors.refund_no_provider')
  }
  let result: RefundResult
  try {
    result = await provider.refund({
      paymentId: p.reference,
      ...(p.provider_payment_id ? { providerPaymentId: p.provider_payment_id } : {}),
      refundId: `${p.reference}-r${reserved.refundId}`,
      amountMinor: reserved.amount,
      currency: p.currency,
      reason: input.reason,
    })
  } catch (err) {
    await fail(String((err as Error)?.message ?? err))
    throw err
  }
  if (result.status === 'failed') {
    await fail(result.detail ?? 'refused')
    throw new DomainError('wrong_status', 'errors.refund_refused')
  }
  return scope.db.transaction().execute(async (trx) => {
    const locked = (await lockPayment(trx, { id: p.id }))!
    const row = await trx
      .selectFrom('payment_refunds')
      .select(['status'])
      .where('id', '=', reserved.refundId)
      .forUpdate()
      .executeTakeFirstOrThrow()
    await trx
      .updateTable('payment_refunds')
      .set({ provider_refund_id: result.providerRefundId ?? null })
      .where('id', '=', reserved.refundId)
      .execute()
    let status: RefundAnswer['status'] = row.status === 'confirmed' ? 'confirmed' : 'pending'
    // Confirmed in the provider's answer (a notification may have confirmed it already).
    if (result.status === 'refunded' && row.status === 'pending') {
      await trx
        .updateTable('payment_refunds')
        .set({ status: 'confirmed', confirmed_at: sql<Date>`now()` })
        .where('id', '=', reserved.refundId)
        .execute()
      await applyReversal(trx, locked, {
        amount: reserved.amount,
        actor: scope.actor,
        event: `refund:${reserved.refundId}`,
      })
      status = 'confirmed'
    }
    return {
      payment_id: p.id,
      refund_id: reserved.refundId,
      status,
      amount_minor: reserved.amount,
      refunded_minor: Number(locked.refunded_minor),
      payment_status: Number(locked.refunded_minor) === Number(locked.amount_minor) ? 'refunded' : 'paid',
    }
  })
}

type Filters = {
  edition?: string
  provider?: string
  status?: string
  purpose?: string
  tutor_id?: number
  from?: string
  to?: string
}

/** The payments the filters pick: this site's edition unless another is asked for (staff serve every edition). */
function filtered(scope: Scope, f: Filters) {
  let q = scope.db.selectFrom('payments').where('edition', '=', f.edition ?? scope.edition.code)
  if (f.provider) q = q.where('provider', '=', f.provider)
  if (f.status) q = q.where('status', '=', f.status)
  if (f.purpose) q = q.where('purpose', '=', f.purpose)
  if (f.tutor_id) q = q.where('tutor_id', '=', f.tutor_id)
  if (f.from) q = q.where('created_at', '>=', sql<Date>`${f.from}::date`)
  if (f.to) q = q.where('created_at', '<', sql<Date>`${f.to}::date + 1`)
  return q
}

const PAGE = 20

/** The rows of the list and the export: the payment, its tutor's name and what staff refunds still wait for. */
async function paymentRows(scope: Scope, f: Filters, page: { limit: number; offset: number }) {
  const rows = await filtered(scope, f)
    .select((eb) => [
      'id',
      'edition',
      'tutor_id',
      eb.selectFrom('tutors').select('tutors.name').whereRef('tutors.id', '=', 'payments.tutor_id').as('tutor_name'),
      'provider',
      'provider_payment_id',
      'purpose',
      'status',
      'amount_minor',
      'refunded_minor',
      eb
        .selectFrom('payment_refunds')
        .select(sql<string>`coalesce(sum(payment_refunds.amount_minor), 0)`.as('s'))
        .whereRef('payment_refunds.payment_id', '=', 'payments.id')
        .where('payment_refunds.status', '=', 'pending')
        .as('pending_refund'),
      'currency',
      'order_id',
      'reference',
      'created_at',
      'paid_at',
    ])
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
  return rows.map(({ pending_refund, ...r }) => ({
    ...r,
    tutor_name: r.tutor_name ?? '',
    amount_minor: Number(r.amount_minor),
    refunded_minor: Number(r.refunded_minor),
    pending_refund_minor: Number(pending_refund ?? 0),
    created_at: r.created_at.toISOString(),
    paid_at: r.paid_at?.toISOString() ?? null,
  }))
}

/** GET /admin/payments/get: the edition's provider payments, newest first, 20 a page (the panel pager's size). */
export async function listPayments(scope: Scope, f: Filters & { page: number }) {
  const total = await filtered(scope, f).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()
  const items = await paymentRows(scope, f, { limit: PAGE, offset: (f.page - 1) * PAGE })
  return { items, total: total.n, page: f.page }
}

/** Rows in one export file at most; narrower filters (dates) for more. */
export const PAYMENT_EXPORT_LIMIT = 20_000

const EXPORT_COLUMNS = [
  { header: 'ID', key: 'id', width: 8 },
  { header: 'Edition', key: 'edition', width: 8 },
  { header: 'Created (UTC)', key: 'created_at', width: 22 },
  { header: 'Paid (UTC)', key: 'paid_at', width: 22 },
  { header: 'Tutor ID', key: 'tutor_id', width: 9 },
  { header: 'Tutor', key: 'tutor_name', width: 24 },
  { header: 'Provider', key: 'provider', width: 10 },
  { header: 'Provider payment ID', key: 'provider_payment_id', width: 28 },
  { header: 'Reference', key: 'reference', width: 16 },
  { header: 'Purpose', key: 'purpose', width: 8 },
  { header: 'Status', key: 'status', width: 9 },
  { header: 'Amount', key: 'amount', width: 10 },
  { header: 'Refunded', key: 'refunded', width: 10 },
  { header: 'Currency', key: 'currency', width: 8 },
  { header: 'Order ID', key: 'order_id', width: 9 },
] as const

/**
 * GET /admin/payments/export: the filtered payments as one sheet (xlsx) or its CSV, amounts in whole
 * currency units, for reconciling with a provider's report. Built with exceljs, as the orders export.
 */
export async function exportPayments(scope: Scope, f: Filters & { format: 'xlsx' | 'csv' }) {
  const rows = await paymentRows(scope, f, { limit: PAYMENT_EXPORT_LIMIT, offset: 0 })
  // Loaded on the first export: exceljs and its zip stack are large and no other request needs them.
  const { default: ExcelJS } = await import('exceljs')
  const book = new ExcelJS.Workbook()
  book.created = scope.now()
  const sheet = book.addWorksheet('Payments')
  sheet.columns = EXPORT_COLUMNS.map((c) => ({ ...c }))
  sheet.getRow(1).font = { bold: true }
  sheet.views = [{ state: 'frozen', ySplit: 1 }]
  for (const r of rows) sheet.addRow({ ...r, amount: r.amount_minor / 100, refunded: r.refunded_minor / 100 })
  const buffer = f.format === 'csv' ? await book.csv.writeBuffer() : await book.xlsx.writeBuffer()
  return new Uint8Array(buffer as ArrayBuffer)
}

/** GET /admin/payments/summary: totals per currency and takings per day and provider (paid payments). */
export async function paymentSummary(scope: Scope, f: Filters) {
  const paid = (q: ReturnType<typeof filtered>) => q.where('status', 'in', ['paid', 'refunded'])
  const totals = await paid(filtered(scope, { ...f, status: undefined }))
    .select([
      'currency',
      sql<string>`sum(amount_minor)`.as('paid'),
      sql<string>`sum(refunded_minor)`.as('refunded'),
      sql<number>`count(*)::int`.as('n'),
    ])
    .groupBy('currency')
    .orderBy('currency')
    .execute()
  const days = await paid(filtered(scope, { ...f, status: undefined }))
    .select([
      sql<string>`to_char(coalesce(paid_at, created_at) at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
      'provider',
      'currency',
      sql<string>`sum(amount_minor)`.as('paid'),
    ])
    .groupBy([sql`1`, 'provider', 'currency'])
    .orderBy(sql`1`)
    .orderBy('provider')
    .execute()
  return {
    totals: totals.map((t) => ({
      currency: t.currency,
      paid_minor: Number(t.paid),
      refunded_minor: Number(t.refunded),
      net_minor: Number(t.paid) - Number(t.refunded),
      count: t.n,
    })),
    days: days.map((d) => ({ day: d.day, provider: d.provider, currency: d.currency, paid_minor: Number(d.paid) })),
  }
}
