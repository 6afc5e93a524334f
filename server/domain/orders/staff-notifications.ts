// The staff side of on-site notifications (GET /admin/on_site_notifications, POST
// /admin/on_site_notification/set_read). A staff notification is for one member (recipient_id) or
// for every member (null) until one of them marks it read. A member sees the types of the areas
// the status opens: income_calls with 'calls', the order types with 'orders'.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import { iso } from '../people/common'
import { staffMayAccess } from '../../../common/staff-areas'
import { notFound } from '../../../common/errors'
import { STAFF_NOTIFICATION_TYPES, type StaffNotificationType } from './notifications'

/** The set_read kinds of docs/product.md#7-calls-made-by-the-shell mapped to the list types; list types are accepted as
 * they are. */
export const SET_READ_KINDS: Record<string, StaffNotificationType> = {
  personal_response: 'personal_orders',
  potential_response: 'potential_orders',
  client_terms_declined: 'client_terms_declined_orders',
  client_deleted: 'client_deleted_orders',
  ...Object.fromEntries(STAFF_NOTIFICATION_TYPES.map((t) => [t, t])),
}

const areaOf = (type: StaffNotificationType): 'calls' | 'orders' => (type === 'income_calls' ? 'calls' : 'orders')

export async function staffNotifications(db: Db, staff: { id: number; status: number }, limitPerType = 50) {
  const visible = STAFF_NOTIFICATION_TYPES.filter((t) => staffMayAccess(staff.status, areaOf(t)))
  const notifications = Object.fromEntries(STAFF_NOTIFICATION_TYPES.map((t) => [t, [] as unknown[]])) as Record<
    StaffNotificationType,
    unknown[]
  >
  if (!visible.length) return { notifications, count: 0 }
  const rows = await db
    .selectFrom('notifications as n')
    .select([
      'n.id',
      'n.type',
      'n.order_id',
      'n.response_id',
      'n.data',
      'n.created_at',
      sql<number>`row_number() over (partition by n.type order by n.id desc)::int`.as('k'),
    ])
    .where('n.recipient_kind', '=', 'staff')
    .where((eb) => eb.or([eb('n.recipient_id', 'is', null), eb('n.recipient_id', '=', staff.id)]))
    .where('n.read_at', 'is', null)
    .where('n.type', 'in', visible)
    .execute()
  let count = 0
  for (const r of rows.sort((a, b) => Number(b.id) - Number(a.id))) {
    count++
    if (r.k > limitPerType) continue
    notifications[r.type as StaffNotificationType].push({
      id: Number(r.id),
      order_id: r.order_id,
      response_id: r.response_id,
      ...((r.data as object) ?? {}),
      created_at: iso(r.created_at),
    })
  }
  return { notifications, count }
}

/** Marks read the unread staff notifications of that type about that response (or order, or id). */
export async function setStaffNotificationRead(
  db: Db,
  staff: { id: number; status: number },
  q: { type: string; response_id?: number; order_id?: number; id?: number },
) {
  const type = SET_READ_KINDS[q.type]
  if (!type || !staffMayAccess(staff.status, areaOf(type))) throw notFound()
  if (q.response_id === undefined && q.order_id === undefined && q.id === undefined) throw notFound()
  let u = db
    .updateTable('notifications')
    .set({ read_at: sql`now()`, read_by_staff_id: staff.id })
    .where('recipient_kind', '=', 'staff')
    .where((eb) => eb.or([eb('recipient_id', 'is', null), eb('recipient_id', '=', staff.id)]))
    .where('type', '=', type)
    .where('read_at', 'is', null)
  if (q.response_id !== undefined) u = u.where('response_id', '=', q.response_id)
  if (q.order_id !== undefined) u = u.where('order_id', '=', q.order_id)
  if (q.id !== undefined) u = u.where('id', '=', q.id)
  const rows = await u.returning('id').execute()
  if (!rows.length) throw notFound()
  return { read: rows.length }
}
