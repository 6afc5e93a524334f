// Creating an order: the client's request forms (docs/api.md#client-orders-and-chats), staff create/copy
// (#admin-orders) and demo data all come through createOrder, so every order starts the same way: status new, an order
// event, the personal tutor's order_tutors row, the notifications a personal request sends, and the staff member
// on duty made responsible for it (responsible.ts).
import type { Scope } from '../shared/scope'
import { msg } from '../../../i18n/format'
import { type Actor, type Executor, audit } from '../shared/audit'
import type { OrderRow } from './core'
import { FieldErrors } from '../../../common/errors'
import { orderActorKind, orderEvent } from './events'
import { notify } from './notifications'
import { OrderStatus } from '../../../common/order-status'
import { EDITIONS, type EditionCode } from '../../../common/editions'
import { appointOnDutyInTrx } from './responsible'

export const ORDER_KINDS = ['personal', 'general', 'school', 'short', 'test_landing'] as const
export type OrderKind = (typeof ORDER_KINDS)[number]

/** The request's fields (what a client's form or staff's editor sets). All optional: staff may create a blank order. */
export interface OrderDraft {
  kind?: OrderKind
  client_id?: number | null
  client_name?: string
  client_email?: string | null
  client_phone?: string | null
  lesson_id?: number | null
  level_id?: number | null
  city_id?: number | null
  district_id?: number | null
  subdistrict_id?: number | null
  location_home?: boolean
  location_travel?: boolean
  location_online?: boolean
  client_place?: string
  description?: string
  info?: string
  class_regularity?: number
  class_duration?: number
  first_class?: Date | string | null
  rate_id?: number | null
  personal_tutor_id?: number | null
  source?: string | null
  request_origin?: string | null
}

/** The request fields of a stored order: what copy carries over and what the staff view shows as asked. */
export function requestFields(o: OrderRow) {
  return {
    client_id: o.client_id,
    client_name: o.client_name,
    client_email: o.client_email,
    client_phone: o.client_phone,
    lesson_id: o.lesson_id,
    level_id: o.level_id,
    city_id: o.city_id,
    district_id: o.district_id,
    subdistrict_id: o.subdistrict_id,
    location_home: o.location_home,
    location_travel: o.location_travel,
    location_online: o.location_online,
    client_place: o.client_place,
    description: o.description,
    info: o.info,
    class_regularity: o.class_regularity,
    class_duration: o.class_duration,
    rate_id: o.rate_id,
    source: o.source,
    request_origin: o.request_origin,
  } satisfies OrderDraft
}

const invalid = () => [msg('validation.invalid')]

/**
 * Checks that the draft's references exist in this edition and fit together (a level of the
 * subject, a district of the city, a subdistrict of the district). 422 on the field otherwise.
 */
export async function checkDraftReferences(db: Executor, edition: string, d: OrderDraft) {
  const fields: Record<string, string[]> = {}
  const one = async <T>(q: Promise<T | undefined>) => (await q) !== undefined
  if (
    d.lesson_id != null &&
    !(await one(
      db
        .selectFrom('lessons')
        .select('id')
        .where('id', '=', d.lesson_id)
        .where('edition', '=', edition)
        .executeTakeFirst(),
    ))
  )
    fields.lesson_id = invalid()
  if (d.level_id != null) {
    const level = await db.selectFrom('levels').select('lesson_id').where('id', '=', d.level_id).executeTakeFirst()
    if (!level || (d.lesson_id != null && level.lesson_id !== d.lesson_id)) fields.level_id = invalid()
  }
  if (
    d.city_id != null &&
    !(await one(
      db
        .selectFrom('cities')
        .select('id')
        .where('id', '=', d.city_id)
        .where('edition', '=', edition)
        .executeTakeFirst(),
    ))
  )
    fields.city_id = invalid()
  if (d.district_id != null) {
    const district = await db
      .selectFrom('districts')
      .select('city_id')
      .where('id', '=', d.district_id)
      .executeTakeFirst()
    if (!district || district.city_id !== d.city_id) fields.district_id = invalid()
  }
  if (d.subdistrict_id != null) {
    const sub = await db
      .selectFrom('subdistricts')
      .select('district_id')
      .where('id', '=', d.subdistrict_id)
      .executeTakeFirst()
    if (!sub || sub.district_id !== d.district_id) fields.subdistrict_id = invalid()
  }
  if (
    d.rate_id != null &&
    !(await one(
      db.selectFrom('rates').select('id').where('id', '=', d.rate_id).where('edition', '=', edition).executeTakeFirst(),
    ))
  )
    fields.rate_id = invalid()
  if (
    d.client_id != null &&
    !(await one(
      db
        .selectFrom('clients')
        .select('id')
        .where('id', '=', d.client_id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),
    ))
  )
    fields.client_id = invalid()
  if (
    d.personal_tutor_id != null &&
    !(await one(
      db
        .selectFrom('tutors')
        .select('id')
        .where('id', '=', d.personal_tutor_id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),
    ))
  )
    fields.personal_tutor_id = invalid()
  if (Object.keys(fields).length) throw new FieldErrors(fields)
}

/** The draft's columns, with the client's contact filled from the client's profile where not given. */
async function draftColumns(db: Executor, d: OrderDraft) {
  let contact = { name: d.client_name, email: d.client_email, phone: d.client_phone }
  if (
    d.client_id != null &&
    (contact.name === undefined || contact.email === undefined || contact.phone === undefined)
  ) {
    const c = await db
      .selectFrom('clients as c')
      .innerJoin('people as p', 'p.id', 'c.person_id')
      .select(['c.name', 'p.name as person_name', 'p.email', 'p.phone'])
      .where('c.id', '=', d.client_id)
      .executeTakeFirst()
    if (c)
      contact = {
        name: contact.name ?? (c.name || c.person_name),
        email: contact.email ?? c.email,
        phone: contact.phone ?? c.phone,
      }
  }
  return {
    kind: d.kind ?? (d.personal_tutor_id ? 'personal' : 'general'),
    client_id: d.client_id ?? null,
    client_name: contact.name ?? '',
    client_email: contact.email ?? null,
    client_phone: contact.phone ?? null,
    lesson_id: d.lesson_id ?? null,
    level_id: d.level_id ?? null,
    city_id: d.city_id ?? null,
    district_id: d.district_id ?? null,
    subdistrict_id: d.subdistrict_id ?? null,
    location_home: d.location_home ?? false,
    location_travel: d.location_travel ?? false,
    location_online: d.location_online ?? false,
    // docs/product.md#5-validation-rules: a request without the client's place keeps no address.
    client_place: d.location_travel ? (d.client_place ?? '') : '',
    description: d.description ?? '',
    info: d.info ?? '',
    class_regularity: d.class_regularity ?? 0,
    class_duration: d.class_duration ?? 0,
    first_class: d.first_class ? new Date(d.first_class) : null,
    rate_id: d.rate_id ?? null,
    personal_tutor_id: d.personal_tutor_id ?? null,
    source: d.source ?? null,
    request_origin: d.request_origin ?? null,
  }
}

/** Who creates the order, in which edition (and, for a copy, from which order). */
export interface OrderOrigin {
  edition: string
  actor: Actor
  copiedFrom?: number
  /** The moment the staff schedule is read at (the responsible staff member); now by default. */
  now?: Date
}

/** Creates an order in its own transaction; see insertOrder. */
export async function createOrder(scope: Pick<Scope, 'db' | 'edition' | 'actor'>, draft: OrderDraft): Promise<number> {
  return scope.db
    .transaction()
    .execute((trx) => insertOrder(trx, { edition: scope.edition.code, actor: scope.actor }, draft))
}

/**
 * Inserts a new order (status new) inside the caller's transaction: checks references, records the
 * 'create' order event, the personal tutor's row and its notifications (tutor: personal_orders with
 * client_name; staff: personal_orders). Staff creations are also audited.
 */
export async function insertOrder(trx: Executor, opts: OrderOrigin, draft: OrderDraft): Promise<number> {
  const { edition, actor } = opts
  await checkDraftReferences(trx, edition, draft)
  const columns = await draftColumns(trx, draft)
  const { id } = await trx
    .insertInto('orders')
    .values({
      ...columns,
      edition,
      status: OrderStatus.New,
      created_by_kind: orderActorKind(actor),
      created_by_id: actor.id,
      copied_from_order_id: opts.copiedFrom ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await orderEvent(trx, {
    orderId: id,
    actor,
    action: opts.copiedFrom ? 'copy' : 'create',
    from: null,
    to: OrderStatus.New,
    data: opts.copiedFrom ? { copied_from: opts.copiedFrom } : { kind: columns.kind },
  })
  if (columns.personal_tutor_id) {
    const row = await trx
      .insertInto('order_tutors')
      .values({ order_id: id, tutor_id: columns.personal_tutor_id, role: 'personal' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await notify(trx, {
      recipient_kind: 'tutor',
      recipient_id: columns.personal_tutor_id,
      type: 'personal_orders',
      order_id: id,
      response_id: row.id,
      data: { client_name: columns.client_name },
    })
    await notify(trx, {
      recipient_kind: 'staff',
      recipient_id: null,
      type: 'personal_orders',
      order_id: id,
      response_id: row.id,
      data: { client_name: columns.client_name },
    })
  }
  if (actor.kind === 'staff')
    await audit(trx, actor, {
      action: 'order.create',
      entity: 'order',
      id: id,
      data: opts.copiedFrom ? { copied_from: opts.copiedFrom } : undefined,
    })
  // The staff member on duty with the fewest open orders becomes responsible (nobody on duty: nobody yet; the sweep appoints it later).
  await appointOnDutyInTrx(trx, {
    orderId: id,
    now: opts.now ?? new Date(),
    timeZone: EDITIONS[edition as EditionCode]?.timeZone ?? 'UTC',
  })
  return id
}
