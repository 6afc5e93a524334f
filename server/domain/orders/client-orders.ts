// The client's orders (docs/api.md#client-orders-and-chats): lists (active: not yet paid or lost; archive: paid
// or lost), one order, and the client's actions. A client sees and acts on its own orders only;
// any other order answers 404 as if it did not exist. Every change goes through withOrderAction.
import { sql } from 'kysely'
import type { Scope } from '../shared/scope'
import { actingAs } from '../shared/acting'
import { issueClientLink } from '../auth/client-sign-in'
import type { Executor } from '../shared/audit'
import { DomainError, FieldErrors, notFound } from '../../../common/errors'
import { msg } from '../../../i18n/format'
import { type OrderActionOf, withOrderAction } from './core'
import { type OrderAction, OrderStatus } from '../../../common/order-status'
import { appointTutorInTrx, upsertOrderTutor } from './tutors'
import { firstClassInTrx } from './deal'
import { writeReviewInTrx } from './staff'
import { PAGE_SIZE, orderViews } from './tutor-orders'
import type { ClientStage } from '../../../common/schemas/client/orders.schema'

const ACTIVE = [
  OrderStatus.New,
  OrderStatus.Processing,
  OrderStatus.Potential,
  OrderStatus.Appointed,
  OrderStatus.WaitingForPay,
  OrderStatus.Paused,
]
const ARCHIVE = [OrderStatus.Paid, OrderStatus.Lost]
const SCHOOL_KINDS = ['school', 'short', 'test_landing']

const COLUMNS = [
  'id',
  'kind',
  'status',
  'client_id',
  'client_name',
  'client_email',
  'client_phone',
  'lesson_id',
  'level_id',
  'city_id',
  'district_id',
  'location_home',
  'location_travel',
  'location_online',
  'client_place',
  'description',
  'info',
  'class_regularity',
  'class_duration',
  'first_class',
  'rate_id',
  'fee_minor',
  'fee_currency',
  'date_payment_deadline',
  'tutor_id',
  'personal_tutor_id',
  'paid_at',
  'review_mark',
  'review_text',
  'review_response_text',
  'review_status',
  'review_requested_at',
  'created_at',
] as const

/** GET /client/orders/{active,archive}: the client's orders of that list, newest first. */
export async function clientOrders(scope: Scope, { which, page }: { which: 'active' | 'archive'; page: number }) {
  const { db, edition: ed } = scope
  const clientId = actingAs(scope, 'client')
  const q = db
    .selectFrom('orders')
    .where('client_id', '=', clientId)
    .where('client_confirmed', '=', true)
    .where('edition', '=', ed.code)
    .where('deleted_at', 'is', null)
    .where('status', 'in', which === 'active' ? ACTIVE : ARCHIVE)
  const { total } = await q.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow()
  const rows = await q
    .select([...COLUMNS])
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute()
  const items = await clientViews(db, rows, scope)
  return { items, total, page }
}

/** The client's words for where the request stands (CLIENT_STAGES). */
export function clientStage(o: {
  status: number
  tutor_id: number | null
  personal_tutor_id: number | null
  review_mark: number | null
}): ClientStage {
  switch (o.status) {
    case OrderStatus.Lost:
      return 'closed'
    case OrderStatus.Paused:
      return 'paused'
    case OrderStatus.Paid:
      return 'done'
    case OrderStatus.WaitingForPay:
      return 'first_lesson'
    case OrderStatus.Appointed:
      return 'accepted'
    default:
      return o.tutor_id ? 'accepted' : o.personal_tutor_id ? 'sent_to_tutor' : 'choosing'
  }
}

/**
 * The client's view of its orders: the tutor's fee and payment deadline are between the tutor and
 * the marketplace, so they are left out; the chosen and the appointed tutor are named.
 */
async function clientViews(db: Executor, rows: Parameters<typeof orderViews>[1], scope: Scope) {
  const views = await orderViews(db, rows, { locale: scope.locale, edition: scope.edition, showContact: () => true })
  const ids = [...new Set(rows.flatMap((r) => [r.tutor_id, r.personal_tutor_id]).filter((x): x is number => !!x))]
  const names = new Map(
    ids.length
      ? (await db.selectFrom('tutors').select(['id', 'name']).where('id', 'in', ids).execute()).map((t) => [t.id, t])
      : [],
  )
  return views.map(({ fee_minor: _f, fee_currency: _c, date_payment_deadline: _d, ...v }, i) => {
    const r = rows[i]!
    return {
      ...v,
      personal_tutor: (r.personal_tutor_id && names.get(r.personal_tutor_id)) || null,
      tutor: (r.tutor_id && names.get(r.tutor_id)) || null,
      client_stage: clientStage(r),
    }
  })
}

/** The acting client's order (any other answers 404). */
async function ownOrder(scope: Scope, orderId: number) {
  const { db } = scope
  const clientId = actingAs(scope, 'client')
  const row = await db
    .selectFrom('orders')
    .select([...COLUMNS, 'school_order_id', 'client_confirmed'])
    .where('id', '=', orderId)
    .where('edition', '=', scope.edition.code)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  // An unconfirmed request (a visitor named this account's e-mail, no code used yet) is not the account's.
  if (!row || row.client_id !== clientId || !row.client_confirmed) throw notFound()
  return row
}

/** GET /client/order/?id: the order, its tutor and the tutors who responded (the client chooses among them). */
export async function clientOrder(scope: Scope, { id: orderId }: { id: number }) {
  const { db } = scope
  const row = await ownOrder(scope, orderId)
  const [view] = await clientViews(db, [row], scope)
  const tutors = await db
    .selectFrom('order_tutors as ot')
    .innerJoin('tutors as t', 't.id', 'ot.tutor_id')
    .select(['ot.id as response_id', 'ot.tutor_id', 't.name', 'ot.role', 'ot.response', 'ot.responded_at'])
    .where('ot.order_id', '=', orderId)
    .where('ot.role', '!=', 'removed')
    .where('ot.response', '=', 'responded')
    .orderBy('ot.responded_at')
    .execute()
  return { ...view!, responded_tutors: tutors }
}

type OrderTutor = { order_id: number; tutor_id: number }

/** The client's action on one of its orders, in the scope's edition. */
const action = (scope: Scope, orderId: number, a: OrderAction): OrderActionOf => ({
  orderId,
  action: a,
  actor: scope.actor,
  edition: scope.edition.code,
})

/** A tutor the client may choose: one on the order who responded (personal or potential). */
async function respondedTutor(trx: Executor, orderId: number, tutorId: number) {
  const ot = await trx
    .selectFrom('order_tutors')
    .select(['id', 'role', 'response'])
    .where('order_id', '=', orderId)
    .where('tutor_id', '=', tutorId)
    .executeTakeFirst()
  if (!ot || ot.role === 'removed' || ot.response !== 'responded')
    throw new FieldErrors({ tutor_id: [msg('validation.invalid')] })
  return ot
}

/** POST /client/order/appoint_tutor {order_id, tutor_id}: the client chooses a responded tutor → appointed. */
export async function clientAppointTutor(scope: Scope, { order_id: orderId, tutor_id: tutorId }: OrderTutor) {
  await ownOrder(scope, orderId)
  return withOrderAction(scope.db, action(scope, orderId, 'appoint_tutor'), async (trx, order) => {
    await respondedTutor(trx, order.id, tutorId)
    return appointTutorInTrx(trx, order, tutorId)
  })
}

/** POST /client/order/make_personal_tutor {order_id, tutor_id}: a responded tutor becomes the order's personal tutor. */
export async function makePersonalTutor(scope: Scope, { order_id: orderId, tutor_id: tutorId }: OrderTutor) {
  await ownOrder(scope, orderId)
  return withOrderAction(scope.db, action(scope, orderId, 'make_personal_tutor'), async (trx, order) => {
    await respondedTutor(trx, order.id, tutorId)
    const responseId = await upsertOrderTutor(trx, { orderId: order.id, tutorId, role: 'personal' })
    return { patch: { personal_tutor_id: tutorId }, data: { tutor_id: tutorId, response_id: responseId } }
  })
}

/** POST /client/order/set_rate {order_id, rate_id}: the price band (of this edition). */
export async function clientSetRate(
  scope: Scope,
  { order_id: orderId, rate_id: rateId }: { order_id: number; rate_id: number },
) {
  await ownOrder(scope, orderId)
  const rate = await scope.db
    .selectFrom('rates')
    .select('id')
    .where('id', '=', rateId)
    .where('edition', '=', scope.edition.code)
    .executeTakeFirst()
  if (!rate) throw new FieldErrors({ rate_id: [msg('validation.invalid')] })
  return withOrderAction(scope.db, action(scope, orderId, 'set_rate'), async () => ({
    patch: { rate_id: rateId },
    data: { rate_id: rateId },
  }))
}

/** POST /client/order/set_first_class {order_id, first_class}: the client confirms the first lesson → waiting_for_pay. */
export async function clientSetFirstClass(
  scope: Scope,
  { order_id: orderId, first_class: firstClass }: { order_id: number; first_class: Date },
) {
  await ownOrder(scope, orderId)
  return withOrderAction(scope.db, action(scope, orderId, 'set_first_class'), (trx, order) =>
    firstClassInTrx(trx, order, firstClass),
  )
}

/**
 * POST /client/order/set_review {order_id, review_text, review_mark}: once per order, on a paid
 * order only (the machine: status 7). Our decision: a client's review of a paid order is published
 * at once (reviews.status 1; staff may hide it) and the tutor's figures are recomputed so the
 * profile and the catalogue show it.
 */
export async function clientSetReview(scope: Scope, r: { order_id: number; review_text: string; review_mark: number }) {
  await ownOrder(scope, r.order_id)
  return withOrderAction(scope.db, action(scope, r.order_id, 'set_review'), async (trx, order) => {
    if (order.review_mark !== null || order.review_id !== null)
      throw new DomainError('wrong_status', 'errors.review_exists')
    return writeReviewInTrx(trx, order, { mark: r.review_mark, text: r.review_text })
  })
}

/**
 * POST /client/order/get_school_auth_token {order_id}: a sign-in token for the school site's order
 * page (/school-order-client/{school_order_id}?ak=…). School orders of this client only; the
 * school's id is the one staff recorded at hand-off, else our order id.
 */
export async function schoolAuthToken(scope: Scope, { order_id: orderId }: { order_id: number }) {
  const order = await ownOrder(scope, orderId)
  if (!SCHOOL_KINDS.includes(order.kind) && !order.school_order_id) throw notFound()
  const token = await issueClientLink(scope.db, actingAs(scope, 'client'))
  const school_order_id = order.school_order_id ?? String(order.id)
  return {
    client_auth_token: token,
    school_order_id,
    url: `/school-order-client/${encodeURIComponent(school_order_id)}?ak=${token}`,
  }
}
