// Reading orders for staff: the list with its filters, the status counts, and one order in full.
import { type SelectQueryBuilder, sql } from 'kysely'
import type { Scope } from '../shared/scope'
import { type SortDir, listOrder } from '../shared/list-sort'
import type { DB } from '../../../db/types'
import type { Edition, Locale } from '../../../common/editions'
import { iso, likePattern, PER_PAGE } from '../people/common'
import { localName } from '../shared/names'
import { notFound } from '../../../common/errors'
import { phoneDigits } from '../../../common/validators'
import { availableActions, ORDER_STATUSES, STATUS_NAME, type OrderStatusValue } from '../../../common/order-status'
import { requestFields } from './create'

export interface OrderFilters {
  /** One status or several. */
  status?: number | number[]
  /** Created on or after / before the end of (dates are the edition's calendar days, YYYY-MM-DD or ISO). */
  date_from?: string
  date_to?: string
  tutor_id?: number
  client_id?: number
  city_id?: number
  lesson_id?: number
  kind?: string
  favorite?: boolean
  /** Order id, client name, e-mail or phone, description. */
  text_search?: string
  /** The responsible staff member: the caller ('mine'), nobody ('none') or a staff id. */
  responsible?: 'mine' | 'none' | number
}

/** Whether any filter is set (the export refuses an empty set). */
export function hasFilters(f: OrderFilters): boolean {
  return Object.values(f).some(
    (v) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
  )
}

type OrdersQuery = SelectQueryBuilder<DB & { o: DB['orders'] }, 'o', object>

/** The start of a calendar day in the edition's time zone, as a timestamptz expression. */
const dayStart = (date: string, ed: Edition) =>
  sql<Date>`(cast(${date.slice(0, 10)} as date)::timestamp at time zone ${ed.timeZone})`

/** Who asks (the staff member `responsible: 'mine'` means). */
type Asker = Pick<Scope, 'actor'>
const askerStaffId = ({ actor }: Asker) => (actor.kind === 'staff' ? actor.id : null)

export function applyFilters(
  q: OrdersQuery,
  f: OrderFilters,
  opts: { edition: Edition; status?: boolean; staffId?: number | null },
): OrdersQuery {
  const ed = opts.edition
  q = q.where('o.edition', '=', ed.code).where('o.deleted_at', 'is', null)
  if (opts.status !== false && f.status !== undefined) {
    const list = Array.isArray(f.status) ? f.status : [f.status]
    if (list.length) q = q.where('o.status', 'in', list)
  }
  if (f.date_from) q = q.where('o.created_at', '>=', dayStart(f.date_from, ed))
  if (f.date_to) q = q.where('o.created_at', '<', sql<Date>`${dayStart(f.date_to, ed)} + interval '1 day'`)
  if (f.tutor_id) q = q.where('o.tutor_id', '=', f.tutor_id)
  if (f.client_id) q = q.where('o.client_id', '=', f.client_id)
  if (f.city_id) q = q.where('o.city_id', '=', f.city_id)
  if (f.lesson_id) q = q.where('o.lesson_id', '=', f.lesson_id)
  if (f.kind) q = q.where('o.kind', '=', f.kind)
  if (f.favorite !== undefined) q = q.where('o.favorite', '=', f.favorite)
  if (f.responsible === 'none') q = q.where('o.staff_id', 'is', null)
  else if (f.responsible === 'mine')
    q = opts.staffId ? q.where('o.staff_id', '=', opts.staffId) : q.where(sql<boolean>`false`)
  else if (typeof f.responsible === 'number') q = q.where('o.staff_id', '=', f.responsible)
  const text = f.text_search?.trim()
  if (text) {
    const like = likePattern(text)
    const digits = /^[+\d\s()\-.]+$/.test(text) ? phoneDigits(text, ed) : ''
    q = q.where((eb) =>
      eb.or([
        eb('o.client_name', 'ilike', like),
        eb('o.client_email', 'ilike', like),
        eb('o.description', 'ilike', like),
        ...(digits.length >= 3 ? [eb('o.client_phone', 'like', likePattern(digits))] : []),
        ...(/^\d{1,9}$/.test(text) ? [eb('o.id', '=', Number(text))] : []),
      ]),
    )
  }
  return q
}

/** The columns a list row and the export show. */
function listSelect(q: OrdersQuery) {
  return q
    .leftJoin('lessons as l', 'l.id', 'o.lesson_id')
    .leftJoin('cities as ci', 'ci.id', 'o.city_id')
    .leftJoin('tutors as t', 't.id', 'o.tutor_id')
    .leftJoin('staff as st', 'st.id', 'o.staff_id')
    .leftJoin('tutors as pt', 'pt.id', 'o.personal_tutor_id')
    .select([
      'o.personal_tutor_id',
      'pt.name as personal_tutor_name',
      'o.client_confirmed',
      // Other live clients with this order's phone (on their profile or their orders): a possible
      // duplicate for staff to check and merge.
      sql<number>`(select count(distinct x.cid)::int from (
          select o2.client_id as cid from orders o2
           where o2.client_phone = o.client_phone and o2.edition = o.edition and o2.deleted_at is null
          union select c.id from clients c join people p on p.id = c.person_id where p.phone = o.client_phone
        ) x join clients xc on xc.id = x.cid
        where x.cid <> o.client_id and xc.deleted_at is null and xc.merged_into_client_id is null)`.as(
        'same_phone_clients',
      ),
      'o.id',
      'o.kind',
      'o.status',
      'o.client_id',
      'o.client_name',
      'o.client_email',
      'o.client_phone',
      'o.lesson_id',
      'o.city_id',
      'o.location_home',
      'o.location_travel',
      'o.location_online',
      'o.tutor_id',
      't.name as tutor_name',
      'o.rate_id',
      'o.fee_minor',
      'o.fee_currency',
      'o.first_class',
      'o.payment_data',
      'o.paid_at',
      'o.favorite',
      'o.date_pause_off',
      'o.remove_reasons',
      'o.school_state',
      'o.other_site_state',
      'o.source',
      'o.created_at',
      'o.updated_at',
      'l.names as lesson_names',
      'ci.names as city_names',
      'o.staff_id',
      'st.name as staff_name',
    ])
}

export function formLocation(o: { location_home: boolean; location_travel: boolean; location_online: boolean }) {
  return [
    ...(o.location_home ? ['home'] : []),
    ...(o.location_travel ? ['travel'] : []),
    ...(o.location_online ? ['online'] : []),
  ]
}

type ListRow = Awaited<ReturnType<ReturnType<typeof listSelect>['execute']>>[number]

function listItem(r: ListRow, locale: Locale, ed: Edition) {
  return {
    id: r.id,
    order_id: r.id,
    kind: r.kind,
    status: r.status,
    status_name: STATUS_NAME[r.status as OrderStatusValue] ?? String(r.status),
    client_id: r.client_id,
    client_name: r.client_name,
    client_email: r.client_email,
    client_phone: r.client_phone,
    lesson_id: r.lesson_id,
    lesson_name: r.lesson_names ? localName(r.lesson_names, locale, ed) : null,
    city_id: r.city_id,
    city_name: r.city_names ? localName(r.city_names, locale, ed) : null,
    form_location: formLocation(r),
    tutor_id: r.tutor_id,
    tutor_name: r.tutor_name,
    personal_tutor_id: r.personal_tutor_id,
    personal_tutor_name: r.personal_tutor_name,
    client_confirmed: r.client_confirmed,
    same_phone_clients: r.same_phone_clients,
    rate_id: r.rate_id,
    fee_minor: r.fee_minor,
    fee_currency: r.fee_currency,
    first_class: iso(r.first_class),
    payment_data: r.payment_data,
    paid_at: iso(r.paid_at),
    favorite: r.favorite ? 1 : 0,
    date_pause_off: iso(r.date_pause_off),
    remove_reasons: r.remove_reasons,
    school_state: r.school_state,
    other_site_state: r.other_site_state,
    source: r.source,
    staff_id: r.staff_id,
    staff_name: r.staff_name,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  }
}
export type OrderListItem = ReturnType<typeof listItem>

const ORDER_LIST_ORDER = { created: 'o.created_at', id: 'o.id', status: 'o.status', client: 'o.client_name' } as const

export async function listOrders(
  scope: Scope,
  {
    page,
    filters: f,
    sort_dir: sortDir = 'desc',
    sort,
    dir,
  }: { page: number; filters: OrderFilters; sort_dir?: SortDir; sort?: keyof typeof ORDER_LIST_ORDER; dir?: SortDir },
) {
  const { db, edition: ed, locale } = scope
  const perPage = PER_PAGE
  // `dir` (the sortable headers') wins over the spec's `sort_dir`.
  const order = listOrder(ORDER_LIST_ORDER, { sort, dir: dir ?? sortDir }, { sort: 'created', dir: 'desc' })
  const base = applyFilters(db.selectFrom('orders as o'), f, { edition: ed, staffId: askerStaffId(scope) })
  const qq = listSelect(base)
  const [rows, total] = await Promise.all([
    qq
      .orderBy(order.by, order.dir)
      .orderBy('o.id', order.dir)
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  return { items: rows.map((r) => listItem(r, locale, ed)), total: total.n, page }
}

/** Rows for the Excel export, in list order (at most `limit`). */
export async function exportRows(
  scope: Pick<Scope, 'db' | 'edition' | 'locale' | 'actor'>,
  f: OrderFilters,
  limit: number,
) {
  const { db, edition: ed, locale } = scope
  const qq = listSelect(applyFilters(db.selectFrom('orders as o'), f, { edition: ed, staffId: askerStaffId(scope) }))
  const rows = await qq.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(limit).execute()
  return rows.map((r) => listItem(r, locale, ed))
}

/** How many orders of each status match the filters (the status filter itself aside): the panel's tabs. */
export async function countOrderStatuses(
  scope: Pick<Scope, 'db' | 'edition' | 'actor'>,
  { filters: f }: { filters: OrderFilters },
) {
  const { db, edition: ed } = scope
  const rows = await applyFilters(db.selectFrom('orders as o'), f, {
    edition: ed,
    status: false,
    staffId: askerStaffId(scope),
  })
    .select(['o.status', sql<number>`count(*)::int`.as('n')])
    .groupBy('o.status')
    .execute()
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [String(s), 0])) as Record<string, number>
  for (const r of rows) counts[String(r.status)] = r.n
  return {
    statuses: ORDER_STATUSES.map((s) => ({ status: s, name: STATUS_NAME[s], count: counts[String(s)]! })),
    counts,
    total: rows.reduce((sum, r) => sum + r.n, 0),
  }
}

/** One order in full for staff: every field, its tutors, available actions and its event trail. */
export async function getOrderForStaff(
  { db, edition: ed, locale }: Pick<Scope, 'db' | 'edition' | 'locale'>,
  { id: orderId }: { id: number },
) {
  const o = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('edition', '=', ed.code)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!o) throw notFound()
  const [tutors, events, lesson, city, feePayments, staff, level, district, personal] = await Promise.all([
    db
      .selectFrom('order_tutors as ot')
      .innerJoin('tutors as t', 't.id', 'ot.tutor_id')
      .select([
        'ot.id as response_id',
        'ot.tutor_id',
        't.name',
        'ot.role',
        'ot.response',
        'ot.responded_at',
        'ot.refused_reason',
        'ot.yellow',
        'ot.remove_reasons',
        'ot.created_at',
      ])
      .where('ot.order_id', '=', orderId)
      .orderBy('ot.id')
      .execute(),
    db
      .selectFrom('order_events as e')
      .leftJoin('clients as ec', (j) => j.onRef('ec.id', '=', 'e.actor_id').on('e.actor_kind', '=', 'client'))
      .leftJoin('people as ecp', 'ecp.id', 'ec.person_id')
      .leftJoin('tutors as et', (j) => j.onRef('et.id', '=', 'e.actor_id').on('e.actor_kind', '=', 'tutor'))
      .leftJoin('staff as es', (j) => j.onRef('es.id', '=', 'e.actor_id').on('e.actor_kind', '=', 'staff'))
      .select([
        'e.id',
        'e.actor_kind',
        'e.actor_id',
        sql<string | null>`coalesce(nullif(ec.name, ''), nullif(ecp.name, ''), et.name, es.name)`.as('actor_name'),
        'e.on_behalf_of_staff_id',
        'e.action',
        'e.from_status',
        'e.to_status',
        'e.data',
        'e.at',
      ])
      .where('e.order_id', '=', orderId)
      .orderBy('e.id', 'desc')
      .limit(200)
      .execute(),
    o.lesson_id ? db.selectFrom('lessons').select('names').where('id', '=', o.lesson_id).executeTakeFirst() : undefined,
    o.city_id ? db.selectFrom('cities').select('names').where('id', '=', o.city_id).executeTakeFirst() : undefined,
    orderFeePayments(db, o.id),
    o.staff_id ? db.selectFrom('staff').select('name').where('id', '=', o.staff_id).executeTakeFirst() : undefined,
    o.level_id ? db.selectFrom('levels').select('names').where('id', '=', o.level_id).executeTakeFirst() : undefined,
    o.district_id
      ? db.selectFrom('districts').select('names').where('id', '=', o.district_id).executeTakeFirst()
      : undefined,
    o.personal_tutor_id
      ? db.selectFrom('tutors').select('name').where('id', '=', o.personal_tutor_id).executeTakeFirst()
      : undefined,
  ])
  return {
    id: o.id,
    order_id: o.id,
    chat_id: o.id,
    kind: o.kind,
    status: o.status,
    status_name: STATUS_NAME[o.status as OrderStatusValue] ?? String(o.status),
    previous_status: o.previous_status,
    ...requestFields(o),
    lesson_name: lesson ? localName(lesson.names, locale, ed) : null,
    level_name: level ? localName(level.names, locale, ed) : null,
    city_name: city ? localName(city.names, locale, ed) : null,
    district_name: district ? localName(district.names, locale, ed) : null,
    form_location: formLocation(o),
    first_class: iso(o.first_class),
    fee_minor: o.fee_minor,
    fee_currency: o.fee_currency,
    date_payment_deadline: iso(o.date_payment_deadline),
    personal_tutor_id: o.personal_tutor_id,
    personal_tutor_name: personal?.name ?? null,
    client_confirmed: o.client_confirmed,
    tutor_id: o.tutor_id,
    appointed_at: iso(o.appointed_at),
    payment_data: o.payment_data,
    paid_at: iso(o.paid_at),
    remove_reasons: o.remove_reasons,
    date_pause_off: iso(o.date_pause_off),
    favorite: o.favorite ? 1 : 0,
    auto_appoint_potential: o.auto_appoint_potential ? 1 : 0,
    review_mark: o.review_mark,
    review_text: o.review_text,
    review_response_text: o.review_response_text,
    review_status: o.review_status,
    no_review: o.no_review ? 1 : 0,
    school_state: o.school_state,
    other_site_state: o.other_site_state,
    copied_from_order_id: o.copied_from_order_id,
    staff_id: o.staff_id,
    staff_name: staff?.name ?? null,
    created_at: iso(o.created_at),
    updated_at: iso(o.updated_at),
    tutors: tutors.map((t) => ({
      ...t,
      yellow: t.yellow ? 1 : 0,
      responded_at: iso(t.responded_at),
      created_at: iso(t.created_at),
    })),
    events: events.map((e) => ({ ...e, id: Number(e.id), at: iso(e.at) })),
    actions: availableActions(o.status, 'staff'),
    fee_payments: feePayments,
  }
}

/**
 * How the tutor paid this order's fee, for staff: every provider attempt (pending, paid, failed…)
 * and every fee charged to the wallet (`order:{id}` ledger entries: from the wallet directly, or
 * right after a provider payment credited it).
 */
async function orderFeePayments(db: Scope['db'], orderId: number) {
  const [attempts, charges] = await Promise.all([
    db
      .selectFrom('payments')
      .select([
        'id',
        'tutor_id',
        'provider',
        'status',
        'amount_minor',
        'donate_minor',
        'currency',
        'created_at',
        'paid_at',
      ])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('wallet_entries')
      .select(['id', 'tutor_id', 'amount_minor', 'currency', 'actor_kind', 'created_at'])
      .where('reference', '=', `order:${orderId}`)
      .where('kind', '=', 'order_fee')
      .orderBy('id')
      .execute(),
  ])
  return {
    attempts: attempts.map((p) => ({
      payment_id: p.id,
      tutor_id: p.tutor_id,
      provider: p.provider,
      status: p.status,
      amount_minor: Number(p.amount_minor),
      donate_minor: Number(p.donate_minor),
      currency: p.currency,
      created_at: iso(p.created_at)!,
      paid_at: iso(p.paid_at),
    })),
    charges: charges.map((e) => ({
      entry_id: Number(e.id),
      tutor_id: e.tutor_id,
      amount_minor: -Number(e.amount_minor),
      currency: e.currency,
      by: e.actor_kind,
      at: iso(e.created_at)!,
    })),
  }
}
