// The staff order editor lists an order's fee payments: payments by order.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('payments_order_idx')
    .on('payments')
    .columns(['order_id', 'id'])
    .where('order_id', 'is not', null)
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_order_idx').execute()
}
