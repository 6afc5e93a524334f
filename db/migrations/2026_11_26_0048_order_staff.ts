// The staff member responsible for an order (docs/decisions.md
// silent", "Responsible staff"): a new order is appointed to a staff member on duty by the staff
// schedule, the minute sweep appoints the open orders nobody owns, staff reassign in the editor.
// orders.staff_id: nullable (nobody on duty, or orders from before); a deleted account keeps its
// orders (staff rows are soft-deleted), so no cascade.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
    .execute()
  // Counting a staff member's open orders (the appointment's "fewest open orders") and the list's filter.
  await db.schema.createIndex('orders_staff_id').on('orders').columns(['staff_id', 'status']).execute()
  // The sweep's "open orders nobody owns" (7 paid and 8 lost are final).
  await db.schema
    .createIndex('orders_unowned_open')
    .on('orders')
    .columns(['edition', 'id'])
    .where(sql<boolean>`staff_id is null and deleted_at is null and status not in (7, 8)`)
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_unowned_open').execute()
  await db.schema.dropIndex('orders_staff_id').execute()
  await db.schema.alterTable('orders').dropColumn('staff_id').execute()
}
