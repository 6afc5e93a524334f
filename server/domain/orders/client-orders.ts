// The client's orders (spec/api-calls.md §7.8): lists (active: not yet paid or lost; archive: paid
// or lost), one order, and the client's actions. A client sees and acts on its own orders only;
// any other order answers 404 as if it did not exist. Every change goes through withOrderAction.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import type { Edition, Locale } from '../../../common/editions'
import { issueClientLink } from '../auth/client-sign-in'
import type { Actor, Executor } from '../shared/audit'
import { DomainError, FieldErrors, notFound } from '../../../common/errors'
import { msg } from '../../../i18n/format'
import { withOrderAction } from './core'
import { OrderStatus } from '../../../common/order-status'
import { appointTutorInTrx, upsertOrderTutor } from './tutors'
import { firstClassInTrx } from './deal'
import { writeReviewInTrx } from './staff'
import { PAGE_SIZE, orderViews } from './tutor-orders'

const ACTIVE = [OrderStatus.New, OrderStatus.Processing, OrderStatus.Potential, OrderStatus.Appointed, OrderStatus.WaitingForPay, OrderStatus.Paused]
const ARCHIVE = [OrderStatus.Paid, OrderStatus.Lost]
const SCHOOL_KINDS = ['school', 'short', 'test_landing']

const COLUMNS = [
  'id', 'kind', 'status', 'client_id', 'client_name', 'client_email', 'client_phone', 'lesson_id', 'level_id', 'city_id', 'district_id',
  'location_home', 'location_travel', 'location_online', 'client_place', 'description', 'info', 'class_regularity', 'class_duration',
  'first_class', 'rate_id', 'fee_minor', 'fee_currency', 'date_payment_deadline', 'tutor_id', 'personal_tutor_id', 'paid_at',
  'review_mark', 'review_text', 'review_response_text', 'review_status', 'review_requested_at', 'created_at',
] as const

export async function clientOrders(db: Db, clientId: number, which: 'active' | 'archive', page: number, locale: Locale, ed: Edition) {
  const q = db
    .selectFrom('orders')
    .where('client_id', '=', clientId)
    .where('edition', '=', ed.code)
    .where('deleted_at', 'is', null)
    .where('status', 'in', which === 'active' ? ACTIVE : ARCHIVE)
  const { total } = await q.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow()
  const rows = await q.select([...COLUMNS]).orderBy('id', 'desc').limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE).execute()
  // The tutor's fee is between the tutor and the marketplace: not the client's to see.
  const items = (await orderViews(db, rows, locale, ed, { showContact: () => true })).map(({ fee_minor: _f, fee_currency: _c, ...v }) => v)
  return { items, total, page }
}

async function ownOrder(db: Db, clientId: number, orderId: number, edition: string) {
  const row = await db.selectFrom('orders').select([...COLUMNS, 'school_order_id']).where('id', '=', orderId).where('edition', '=', edition).where('deleted_at', 'is', null).executeTakeFirst()
  if (!row || row.client_id !== clientId) throw notFound()
  return row
}

/** GET /client/order/?id: the order, its tutor and the tutors who responded (the client chooses among them). */
export async function clientOrder(db: Db, clientId: number, orderId: number, locale: Locale, ed: Edition) {
  const row = await ownOrder(db, clientId, orderId, ed.code)
  const [view] = await orderViews(db, [row], locale, ed, { showContact: () => true })
  const { fee_minor: _f, fee_currency: _c, ...rest } = view!
  const tutors = await db
    .selectFrom('order_tutors as ot')
    .innerJoin('tutors as t', 't.id', 'ot.tutor_id')
    .select(['ot.id as response_id', 'ot.tutor_id', 't.name', 'ot.role', 'ot.response', 'ot.responded_at'])
    .where('ot.order_id', '=', orderId)
    .where('ot.role', '!=', 'removed')
    .where('ot.response', '=', 'responded')
    .orderBy('ot.responded_at')
    .execute()
  const tutor = row.tutor_id ? await db.selectFrom('tutors').select(['id', 'name']).where('id', '=', row.tutor_id).executeTakeFirst() : undefined
  return { ...rest, tutor: tutor ?? null, responded_tutors: tutors }
}

/** A tutor the client may choose: one on the order who responded (personal or potential). */
async function respondedTutor(trx: Executor, orderId: number, tutorId: number) {
  const ot = await trx.selectFrom('order_tutors').select(['id', 'role', 'response']).where('order_id', '=', orderId).where('tutor_id', '=', tutorId).executeTakeFirst()
  if (!ot || ot.role === 'removed' || ot.response !== 'responded') throw new FieldErrors({ tutor_id: [msg('validation.invalid')] })
  return ot
}

/** POST /client/order/appoint_tutor {order_id, tutor_id}: the client chooses a responded tutor → appointed. */
export async function clientAppointTutor(db: Db, actor: Actor, clientId: number, orderId: number, tutorId: number, edition: string) {
  await ownOrder(db, clientId, orderId, edition)
  return withOrderAction(db, orderId, 'appoint_tutor', actor, async (trx, order) => {
    await respondedTutor(trx, order.id, tutorId)
    return appointTutorInTrx(trx, order, tutorId)
  }, { edition })
}

/** POST /client/order/make_personal_tutor {order_id, tutor_id}: a responded tutor becomes the order's personal tutor. */
export async function makePersonalTutor(db: Db, actor: Actor, clientId: number, orderId: number, tutorId: number, edition: string) {
  await ownOrder(db, clientId, orderId, edition)
  return withOrderAction(db, orderId, 'make_personal_tutor', actor, async (trx, order) => {
    await respondedTutor(trx, order.id, tutorId)
    const responseId = await upsertOrderTutor(trx, order.id, tutorId, 'personal')
    return { patch: { personal_tutor_id: tutorId }, data: { tutor_id: tutorId, response_id: responseId } }
  }, { edition })
}

/** POST /client/order/set_rate {order_id, rate_id}: the price band (of this edition). */
export async function clientSetRate(db: Db, actor: Actor, clientId: number, orderId: number, rateId: number, edition: string) {
  await ownOrder(db, clientId, orderId, edition)
  const rate = await db.selectFrom('rates').select('id').where('id', '=', rateId).where('edition', '=', edition).executeTakeFirst()
  if (!rate) throw new FieldErrors({ rate_id: [msg('validation.invalid')] })
  return withOrderAction(db, orderId, 'set_rate', actor, async () => ({ patch: { rate_id: rateId }, data: { rate_id: rateId } }), { edition })
}

/** POST /client/order/set_first_class {order_id, first_class}: the client confirms the first lesson → waiting_for_pay. */
export async function clientSetFirstClass(db: Db, actor: Actor, clientId: number, orderId: number, firstClass: Date, edition: string) {
  await ownOrder(db, clientId, orderId, edition)
  return withOrderAction(db, orderId, 'set_first_class', actor, (trx, order) => firstClassInTrx(trx, order, firstClass), { edition })
}

/**
 * POST /client/order/set_review {order_id, review_text, review_mark}: once per order, on a paid
 * order only (the machine: status 7). Our decision: a client's review of a paid order is published
 * at once (reviews.status 1; staff may hide it) and the tutor's figures are recomputed so the
 * profile and the catalogue show it.
 */
export async function clientSetReview(db: Db, actor: Actor, clientId: number, orderId: number, r: { review_text: string; review_mark: number }, edition: string) {
  await ownOrder(db, clientId, orderId, edition)
  return withOrderAction(db, orderId, 'set_review', actor, async (trx, order) => {
    if (order.review_mark !== null || order.review_id !== null) throw new DomainError('wrong_status', 'errors.review_exists')
    return writeReviewInTrx(trx, order, r.review_mark, r.review_text)
  }, { edition })
}

/**
 * POST /client/order/get_school_auth_token {order_id}: a sign-in token for the school site's order
 * page (/school-order-client/{school_order_id}?ak=…). School orders of this client only; the
 * school's id is the one staff recorded at hand-off, else our order id.
 */
export async function schoolAuthToken(db: Db, clientId: number, orderId: number, edition: string) {
  const order = await ownOrder(db, clientId, orderId, edition)
  if (!SCHOOL_KINDS.includes(order.kind) && !order.school_order_id) throw notFound()
  const token = await issueClientLink(db, clientId)
  const school_order_id = order.school_order_id ?? String(order.id)
  return { client_auth_token: token, school_order_id, url: `/school-order-client/${encodeURIComponent(school_order_id)}?ak=${token}` }
}
