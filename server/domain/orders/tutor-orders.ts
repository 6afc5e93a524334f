// The tutor's orders (docs/api.md#tutor-orders-and-notifications): lists by category, one order, and the tutor's
// actions. Every change goes through withOrderAction (machine + order event).
//
// Categories of GET /tutor/orders/{category} (docs/product.md#4-states-and-transitions names them; what each holds is
// ours):   new           offered to me (personal or potential) and not yet answered, still untaken (1, 2, 3)
//   new_personal  personal requests to me, not answered, status new/processing (what respond_personal takes)
//   new_potential potential offers to me, not answered, status potential (what respond_potential takes)
//   new_online    `new` orders that allow online lessons
//   new_offline   `new` orders that allow lessons in person (at the tutor's or the client's)
//   my            orders appointed to me, any status, and orders I responded to that are still untaken
//                 (1, 2, 3: waiting for the client's choice; without this they were in no tab at all)
//   active        appointed to me and still running: appointed, waiting for pay, paused
//   archive       appointed to me and closed (paid, lost), or orders I was removed from
// A tutor sees an order only while personal, potential or appointed on it; any other is 404 (a
// removed tutor keeps it in the archive list, not in order/get). The client's e-mail and phone are
// shown only to the appointed tutor.
import { type SelectQueryBuilder, sql } from 'kysely'
import type { DB } from '../../../db/types'
import type { Edition, Locale } from '../../../common/editions'
import type { Executor } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { actingAs } from '../shared/acting'
import { DomainError, notFound } from '../../../common/errors'
import { localName } from '../shared/names'
import { recomputeTutorReviews } from '../catalogue/reviews'
import { type OrderRow, withOrderAction } from './core'
import { notify } from './notifications'
import { OrderStatus, STATUS_NAME, type OrderStatusValue } from '../../../common/order-status'
import { firstClassInTrx } from './deal'
import { autoAppointInTrx } from './staff'
import { recomputeResponseFigures } from './response-figures'
import { formLocation } from './read'

import { TUTOR_CATEGORIES, type TutorCategory } from '../../../common/schemas/tutor/orders.schema'
export { TUTOR_CATEGORIES, type TutorCategory }
export const PAGE_SIZE = 20

type OrderRef = { order_id: number }

const UNTAKEN = [OrderStatus.New, OrderStatus.Processing, OrderStatus.Potential]

type Q = SelectQueryBuilder<DB & { ot: DB['order_tutors'] } & { o: DB['orders'] }, 'o' | 'ot', object>

function byCategory(q: Q, category: TutorCategory, tutorId: number): Q {
  const unanswered = (qq: Q) => qq.where('ot.response', 'is', null).where('ot.role', 'in', ['personal', 'potential'])
  switch (category) {
    case 'new':
      return unanswered(q).where((eb) =>
        eb.or([
          eb.and([eb('ot.role', '=', 'personal'), eb('o.status', 'in', [OrderStatus.New, OrderStatus.Processing])]),
          eb.and([eb('ot.role', '=', 'potential'), eb('o.status', '=', OrderStatus.Potential)]),
        ]),
      )
    case 'new_personal':
      return unanswered(q)
        .where('ot.role', '=', 'personal')
        .where('o.status', 'in', [OrderStatus.New, OrderStatus.Processing])
    case 'new_potential':
      return unanswered(q).where('ot.role', '=', 'potential').where('o.status', '=', OrderStatus.Potential)
    case 'new_online':
      return byCategory(q, 'new', tutorId).where('o.location_online', '=', true)
    case 'new_offline':
      return byCategory(q, 'new', tutorId).where((eb) =>
        eb.or([eb('o.location_home', '=', true), eb('o.location_travel', '=', true)]),
      )
    case 'my':
      return q.where((eb) =>
        eb.or([
          eb('o.tutor_id', '=', tutorId),
          eb.and([
            eb('ot.role', 'in', ['personal', 'potential']),
            eb('ot.response', '=', 'responded'),
            eb('o.status', 'in', UNTAKEN),
          ]),
        ]),
      )
    case 'active':
      return q
        .where('o.tutor_id', '=', tutorId)
        .where('o.status', 'in', [OrderStatus.Appointed, OrderStatus.WaitingForPay, OrderStatus.Paused])
    case 'archive':
      return q.where((eb) =>
        eb.or([
          eb.and([eb('o.tutor_id', '=', tutorId), eb('o.status', 'in', [OrderStatus.Paid, OrderStatus.Lost])]),
          eb('ot.role', '=', 'removed'),
        ]),
      )
  }
}

const ORDER_COLUMNS = [
  'o.id',
  'o.kind',
  'o.status',
  'o.client_id',
  'o.client_name',
  'o.client_email',
  'o.client_phone',
  'o.lesson_id',
  'o.level_id',
  'o.city_id',
  'o.district_id',
  'o.location_home',
  'o.location_travel',
  'o.location_online',
  'o.client_place',
  'o.description',
  'o.info',
  'o.class_regularity',
  'o.class_duration',
  'o.first_class',
  'o.rate_id',
  'o.fee_minor',
  'o.fee_currency',
  'o.date_payment_deadline',
  'o.tutor_id',
  'o.personal_tutor_id',
  'o.paid_at',
  'o.review_mark',
  'o.review_text',
  'o.review_response_text',
  'o.review_status',
  'o.review_requested_at',
  'o.created_at',
] as const

type ViewRow = {
  id: number
  kind: string
  status: number
  client_id: number | null
  client_name: string
  client_email: string | null
  client_phone: string | null
  lesson_id: number | null
  level_id: number | null
  city_id: number | null
  district_id: number | null
  location_home: boolean
  location_travel: boolean
  location_online: boolean
  client_place: string
  description: string
  info: string
  class_regularity: number
  class_duration: number
  first_class: Date | string | null
  rate_id: number | null
  fee_minor: number | null
  fee_currency: string | null
  date_payment_deadline: Date | string | null
  tutor_id: number | null
  personal_tutor_id: number | null
  paid_at: Date | string | null
  review_mark: number | null
  review_text: string | null
  review_response_text: string | null
  review_status: number | null
  review_requested_at: Date | string | null
  created_at: Date | string
}

/** The order as its parties see it (docs/product.md#3-entities-and-their-fields Order fields plus the request's own).
 * */
export async function orderViews(
  db: Executor,
  rows: ViewRow[],
  opts: { locale: Locale; edition: Edition; showContact: (r: ViewRow) => boolean },
) {
  const { locale, edition: ed } = opts
  const lessonIds = [...new Set(rows.map((r) => r.lesson_id).filter((x): x is number => x != null))]
  const levelIds = [...new Set(rows.map((r) => r.level_id).filter((x): x is number => x != null))]
  const cityIds = [...new Set(rows.map((r) => r.city_id).filter((x): x is number => x != null))]
  const names = async (table: 'lessons' | 'levels' | 'cities', ids: number[]) =>
    new Map(
      ids.length
        ? (await db.selectFrom(table).select(['id', 'names']).where('id', 'in', ids).execute()).map((r) => [
            r.id,
            localName(r.names, locale, ed),
          ])
        : [],
    )
  const [lessons, levels, cities] = await Promise.all([
    names('lessons', lessonIds),
    names('levels', levelIds),
    names('cities', cityIds),
  ])
  const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null)
  return rows.map((r) => {
    const contact = opts.showContact(r)
    return {
      id: r.id,
      order_id: r.id,
      kind: r.kind,
      status: r.status,
      status_name: STATUS_NAME[r.status as OrderStatusValue],
      client_id: r.client_id,
      client_name: r.client_name,
      client_email: contact ? r.client_email : null,
      client_phone: contact ? r.client_phone : null,
      lesson: r.lesson_id ? { id: r.lesson_id, name: lessons.get(r.lesson_id) ?? '' } : null,
      level: r.level_id ? { id: r.level_id, name: levels.get(r.level_id) ?? '' } : null,
      city: r.city_id ? { id: r.city_id, name: cities.get(r.city_id) ?? '' } : null,
      district_id: r.district_id,
      form_location: formLocation(r),
      client_place: r.client_place,
      description: r.description,
      info: r.info,
      class_regularity: r.class_regularity,
      class_duration: r.class_duration,
      first_class: iso(r.first_class),
      rate_id: r.rate_id,
      tutor_id: r.tutor_id,
      fee_minor: r.fee_minor,
      fee_currency: r.fee_currency,
      date_payment_deadline: iso(r.date_payment_deadline),
      paid_at: iso(r.paid_at),
      review_mark: r.review_mark,
      review_text: r.review_text,
      review_response_text: r.review_response_text,
      review_status: r.review_status,
      chat_id: r.id,
      created_at: iso(r.created_at),
    }
  })
}

function baseQuery(db: Executor, tutorId: number, edition: string): Q {
  return db
    .selectFrom('orders as o')
    .leftJoin('order_tutors as ot', (j) => j.onRef('ot.order_id', '=', 'o.id').on('ot.tutor_id', '=', tutorId))
    .where('o.edition', '=', edition)
    .where('o.deleted_at', 'is', null) as unknown as Q
}

export async function tutorOrders(scope: Scope, { category, page }: { category: TutorCategory; page: number }) {
  const { db, locale, edition: ed } = scope
  const tutorId = actingAs(scope, 'tutor')
  const q = byCategory(baseQuery(db, tutorId, ed.code), category, tutorId)
  const { total } = await q.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow()
  const rows = (await q
    .select([...ORDER_COLUMNS, 'ot.role', 'ot.response', 'ot.refused_reason', 'ot.id as response_id'])
    .orderBy('o.id', 'desc')
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute()) as unknown as (ViewRow & {
    role: string | null
    response: string | null
    refused_reason: string | null
    response_id: number | null
  })[]
  const views = await orderViews(db, rows, { locale, edition: ed, showContact: (r) => r.tutor_id === tutorId })
  return {
    items: views.map((v, i) => ({
      ...v,
      my_role: rows[i]!.tutor_id === tutorId ? 'appointed' : rows[i]!.role,
      response: rows[i]!.response,
      refused_reason: rows[i]!.refused_reason,
      response_id: rows[i]!.response_id,
    })),
    total,
    page,
    category,
  }
}

/** The tutor's relation to an order, or 404 (not personal, potential or appointed on it). */
async function myPart(scope: Scope, orderId: number) {
  const { db } = scope
  const tutorId = actingAs(scope, 'tutor')
  const edition = scope.edition.code
  const row = await db
    .selectFrom('orders as o')
    .leftJoin('order_tutors as ot', (j) => j.onRef('ot.order_id', '=', 'o.id').on('ot.tutor_id', '=', tutorId))
    .select(['o.id', 'o.tutor_id', 'ot.id as response_id', 'ot.role', 'ot.response', 'ot.refused_reason'])
    .where('o.id', '=', orderId)
    .where('o.edition', '=', edition)
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst()
  if (!row) throw notFound()
  const appointed = row.tutor_id === tutorId
  if (!appointed && !(row.role === 'personal' || row.role === 'potential')) throw notFound()
  return { ...row, appointed }
}

export async function tutorOrder(scope: Scope, { id: orderId }: { id: number }) {
  const { db } = scope
  const part = await myPart(scope, orderId)
  const row = (await db
    .selectFrom('orders as o')
    .select([...ORDER_COLUMNS])
    .where('o.id', '=', orderId)
    .executeTakeFirstOrThrow()) as unknown as ViewRow
  const [view] = await orderViews(db, [row], {
    locale: scope.locale,
    edition: scope.edition,
    showContact: () => part.appointed,
  })
  return {
    ...view!,
    my_role: part.appointed ? 'appointed' : part.role,
    response: part.response,
    refused_reason: part.refused_reason,
    response_id: part.response_id,
  }
}

/** Checks the party inside the action's transaction (the lock is held): 404 for non-parties. */
async function partyInTrx(trx: Executor, order: OrderRow, tutorId: number) {
  const ot = await trx
    .selectFrom('order_tutors')
    .select(['id', 'role', 'response'])
    .where('order_id', '=', order.id)
    .where('tutor_id', '=', tutorId)
    .executeTakeFirst()
  return ot
}

/** POST /tutor/order/respond_personal {order_id}: the personal tutor takes the request. */
export async function respondPersonal(scope: Scope, { order_id: orderId }: OrderRef) {
  const { db } = scope
  const tutorId = actingAs(scope, 'tutor')
  await myPart(scope, orderId)
  return withOrderAction(
    db,
    { orderId, action: 'respond_personal', actor: scope.actor, edition: scope.edition.code },
    async (trx, order) => {
      const ot = await partyInTrx(trx, order, tutorId)
      if (ot?.role !== 'personal') throw notFound()
      if (ot.response !== null) throw new DomainError('wrong_status', 'Невірний статус!')
      await trx
        .updateTable('order_tutors')
        .set({ response: 'responded', responded_at: sql`now()`, refused_reason: null, updated_at: sql`now()` })
        .where('id', '=', ot.id)
        .execute()
      await recomputeResponseFigures(trx, [tutorId])
      await notify(trx, {
        recipient_kind: 'staff',
        recipient_id: null,
        type: 'personal_orders',
        order_id: order.id,
        response_id: ot.id,
        data: { tutor_id: tutorId, response: 'responded' },
      })
      return { data: { tutor_id: tutorId, response_id: ot.id }, result: { response_id: ot.id } }
    },
  )
}

/** POST /tutor/order/respond_potential {order_id}: a potential tutor accepts the offer. */
export async function respondPotential(scope: Scope, { order_id: orderId }: OrderRef) {
  const { db } = scope
  const tutorId = actingAs(scope, 'tutor')
  await myPart(scope, orderId)
  const out = await withOrderAction(
    db,
    { orderId, action: 'respond_potential', actor: scope.actor, edition: scope.edition.code },
    async (trx, order) => {
      const ot = await partyInTrx(trx, order, tutorId)
      if (ot?.role !== 'potential') throw notFound()
      if (ot.response !== null) throw new DomainError('wrong_status', 'Невірний статус!')
      await trx
        .updateTable('order_tutors')
        .set({ response: 'responded', responded_at: sql`now()`, refused_reason: null, updated_at: sql`now()` })
        .where('id', '=', ot.id)
        .execute()
      await notify(trx, {
        recipient_kind: 'staff',
        recipient_id: null,
        type: 'potential_orders',
        order_id: order.id,
        response_id: ot.id,
        data: { tutor_id: tutorId, response: 'responded' },
      })
      return { data: { tutor_id: tutorId, response_id: ot.id }, result: { response_id: ot.id } }
    },
  )
  // An order set to auto-appoint goes to its first potential tutor who responded (staff.ts).
  await db.transaction().execute((trx) => autoAppointInTrx(trx, orderId))
  return out
}

/** POST /tutor/order/set_refused_reason {order_id, refused_reason}: declines a personal or potential offer. */
export async function setRefusedReason(
  scope: Scope,
  { order_id: orderId, refused_reason: reason }: OrderRef & { refused_reason: string },
) {
  const { db } = scope
  const tutorId = actingAs(scope, 'tutor')
  await myPart(scope, orderId)
  return withOrderAction(
    db,
    { orderId, action: 'set_refused_reason', actor: scope.actor, edition: scope.edition.code },
    async (trx, order) => {
      const ot = await partyInTrx(trx, order, tutorId)
      if (!ot || (ot.role !== 'personal' && ot.role !== 'potential')) throw notFound()
      if (ot.response === 'refused') throw new DomainError('wrong_status', 'Невірний статус!')
      await trx
        .updateTable('order_tutors')
        .set({ response: 'refused', responded_at: sql`now()`, refused_reason: reason, updated_at: sql`now()` })
        .where('id', '=', ot.id)
        .execute()
      // A declined personal request is still an answer to the client: it counts for the response figures.
      if (ot.role === 'personal') await recomputeResponseFigures(trx, [tutorId])
      return { data: { tutor_id: tutorId, response_id: ot.id, refused_reason: reason } }
    },
  )
}

/** POST /tutor/order/set_first_class {order_id, first_class}: the appointed tutor only. */
export async function tutorSetFirstClass(
  scope: Scope,
  { order_id: orderId, first_class: firstClass }: OrderRef & { first_class: Date },
) {
  const { db } = scope
  const tutorId = actingAs(scope, 'tutor')
  await myPart(scope, orderId)
  return withOrderAction(
    db,
    { orderId, action: 'set_first_class', actor: scope.actor, edition: scope.edition.code },
    async (trx, order) => {
      if (order.tutor_id !== tutorId) throw new DomainError('forbidden')
      return firstClassInTrx(trx, order, firstClass)
    },
  )
}

/** POST /tutor/order/request_review?order_id: asks the client of a paid order for a review (once, none yet). */
export async function requestReview(scope: Scope, { order_id: orderId }: OrderRef) {
  const { db } = scope
  const tutorId = actingAs(scope, 'tutor')
  await myPart(scope, orderId)
  return withOrderAction(
    db,
    { orderId, action: 'request_review', actor: scope.actor, edition: scope.edition.code },
    async (trx, order) => {
      if (order.tutor_id !== tutorId) throw new DomainError('forbidden')
      if (order.review_mark !== null || order.review_requested_at !== null)
        throw new DomainError('wrong_status', 'Невірний статус!')
      if (order.client_id)
        await notify(trx, {
          recipient_kind: 'client',
          recipient_id: order.client_id,
          type: 'client_notifications',
          order_id: order.id,
          data: { request_review: true },
        })
      return { patch: { review_requested_at: scope.now() } }
    },
  )
}

/** POST /tutor/order/response_review {order_id, review_response_text}: the tutor answers a published review. */
export async function responseReview(
  scope: Scope,
  { order_id: orderId, review_response_text: text }: OrderRef & { review_response_text: string },
) {
  const { db } = scope
  const tutorId = actingAs(scope, 'tutor')
  await myPart(scope, orderId)
  return withOrderAction(
    db,
    { orderId, action: 'set_review_response', actor: scope.actor, edition: scope.edition.code },
    async (trx, order) => {
      if (order.tutor_id !== tutorId) throw new DomainError('forbidden')
      // docs/domain.md: a response needs a published review (review_status 1).
      if (order.review_mark === null || order.review_status !== 1)
        throw new DomainError('wrong_status', 'Невірний статус!')
      if (order.review_id)
        await trx.updateTable('reviews').set({ response_text: text }).where('id', '=', order.review_id).execute()
      if (order.review_id) await recomputeTutorReviews(trx, tutorId)
      return { patch: { review_response_text: text }, data: { review_response_text: text } }
    },
  )
}

export { UNTAKEN }
