// The staff member responsible for an order (orders.staff_id, migration 0048; docs/decisions.md
// "Decisions where the spec is silent", "Responsible staff"):
// - a new order (every path: insertOrder) is appointed in its own transaction to a staff member on duty
//   now by the staff schedule (server/domain/staff/on-duty.ts), not deleted, whose status opens the
//   orders area — the one with the fewest open orders (not 7 paid / 8 lost), the lowest id on a tie;
//   nobody on duty leaves it unowned;
// - the minute sweep (server/jobs/sweeps.ts) appoints the open orders nobody owns the same way, so
//   they go to whoever comes on duty;
// - staff reassign an order in the editor (admin.orders.setStaff, tRPC only like the fee table).
// Every change is an order event `set_staff` ({staff_id, previous_staff_id, by}) and an audit row
// `order.set_staff`. Appointments take one advisory lock, so two at once count the same load, and the
// UPDATE is guarded (`staff_id is null`), so two sweeps cannot appoint an order twice.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import type { Edition } from '../../../common/editions'
import { FieldErrors, wrongStatus } from '../../../common/errors'
import { OPEN_ORDER_STATUSES } from '../../../common/order-status'
import { msg } from '../../../i18n/format'
import { type Actor, type Executor, SYSTEM, audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { ORDER_STAFF_STATUSES, onDutyForOrders } from '../staff/on-duty'
import { lockOrder } from './core'
import { orderEvent } from './events'

/** One appointment at a time across processes (the load is read, then written). */
const lockAppointments = (trx: Executor) =>
  sql`select pg_advisory_xact_lock(hashtext('orders.responsible'))`.execute(trx)

/** Open (not final) orders each staff member is responsible for. */
async function openLoad(db: Executor, staffIds: number[]): Promise<Map<number, number>> {
  if (!staffIds.length) return new Map()
  const rows = await db
    .selectFrom('orders')
    .select(['staff_id', sql<number>`count(*)::int`.as('n')])
    .where('staff_id', 'in', staffIds)
    .where('status', 'in', OPEN_ORDER_STATUSES)
    .where('deleted_at', 'is', null)
    .groupBy('staff_id')
    .execute()
  return new Map(rows.map((r) => [r.staff_id!, r.n]))
}

/** The change in the order's history and in the audit log. */
async function recordChange(
  trx: Executor,
  a: {
    orderId: number
    status: number
    actor: Actor
    staffId: number
    previous: number | null
    by: 'on_duty' | 'staff'
  },
) {
  const data = { staff_id: a.staffId, previous_staff_id: a.previous, by: a.by }
  await orderEvent(trx, { orderId: a.orderId, actor: a.actor, action: 'set_staff', from: a.status, to: a.status, data })
  await audit(trx, a.actor, { action: 'order.set_staff', entity: 'order', id: a.orderId, data })
}

/**
 * Appoints an order nobody owns to the staff member on duty at `now` with the fewest open orders
 * (inside the caller's transaction). Returns who got it, or null: nobody on duty, or the order is
 * owned already, closed or deleted (the UPDATE checks, so a second run changes nothing).
 */
export async function appointOnDutyInTrx(
  trx: Executor,
  a: { orderId: number; now: Date; timeZone: string },
): Promise<number | null> {
  const onDuty = await onDutyForOrders(trx, a)
  if (!onDuty.length) return null
  await lockAppointments(trx)
  const load = await openLoad(trx, onDuty)
  // onDuty is ascending: a tie keeps the lowest id.
  const staffId = onDuty.reduce((best, id) => ((load.get(id) ?? 0) < (load.get(best) ?? 0) ? id : best))
  const done = await trx
    .updateTable('orders')
    .set({ staff_id: staffId })
    .where('id', '=', a.orderId)
    .where('staff_id', 'is', null)
    .where('deleted_at', 'is', null)
    .where('status', 'in', OPEN_ORDER_STATUSES)
    .returning('status')
    .executeTakeFirst()
  if (!done) return null
  await recordChange(trx, {
    orderId: a.orderId,
    status: done.status,
    actor: SYSTEM,
    staffId,
    previous: null,
    by: 'on_duty',
  })
  return staffId
}

/**
 * The minute sweep: the edition's open orders nobody owns go to the staff on duty at `now`, oldest
 * first, each in its own transaction (at most `limit` a run; the next run takes the rest).
 */
export async function sweepUnownedOrders(
  db: Db,
  ed: Edition,
  { now = new Date(), limit = 500 }: { now?: Date; limit?: number } = {},
): Promise<number[]> {
  const at = { now, timeZone: ed.timeZone }
  if (!(await onDutyForOrders(db, at)).length) return []
  const unowned = await db
    .selectFrom('orders')
    .select('id')
    .where('edition', '=', ed.code)
    .where('staff_id', 'is', null)
    .where('deleted_at', 'is', null)
    .where('status', 'in', OPEN_ORDER_STATUSES)
    .orderBy('id')
    .limit(limit)
    .execute()
  const appointed: number[] = []
  for (const { id } of unowned) {
    const staffId = await db.transaction().execute((trx) => appointOnDutyInTrx(trx, { orderId: id, ...at }))
    if (staffId === null) continue
    appointed.push(id)
  }
  return appointed
}

/** Staff who may be made responsible for orders (not deleted, status opening the orders area), with their open orders: the editor's choice. */
export async function orderStaffOptions({ db }: Pick<Scope, 'db'>) {
  const staff = await db
    .selectFrom('staff')
    .select(['id', 'name'])
    .where('deleted_at', 'is', null)
    .where('status', 'in', ORDER_STAFF_STATUSES)
    .orderBy('name')
    .orderBy('id')
    .execute()
  const load = await openLoad(
    db,
    staff.map((s) => s.id),
  )
  return { items: staff.map((s) => ({ admin_id: s.id, name: s.name, open_orders: load.get(s.id) ?? 0 })) }
}

/**
 * Staff make another staff member responsible for the order (any status). The new one must be able to
 * work with orders (422 on staff_id otherwise); the same one again is 409. Recorded like other staff actions.
 */
export async function setOrderStaff(scope: Scope, { order_id, staff_id }: { order_id: number; staff_id: number }) {
  const { db, edition, actor } = scope
  return db.transaction().execute(async (trx) => {
    const o = await lockOrder(trx, order_id, { edition: edition.code })
    const staff = await trx
      .selectFrom('staff')
      .select(['id', 'name'])
      .where('id', '=', staff_id)
      .where('deleted_at', 'is', null)
      .where('status', 'in', ORDER_STAFF_STATUSES)
      .executeTakeFirst()
    if (!staff) throw new FieldErrors({ staff_id: [msg('validation.invalid')] })
    if (o.staff_id === staff.id) throw wrongStatus()
    await lockAppointments(trx)
    await trx.updateTable('orders').set({ staff_id: staff.id, updated_at: sql`now()` }).where('id', '=', o.id).execute()
    await recordChange(trx, {
      orderId: o.id,
      status: o.status,
      actor,
      staffId: staff.id,
      previous: o.staff_id,
      by: 'staff',
    })
    return { order_id: o.id, staff_id: staff.id, staff_name: staff.name }
  })
}
