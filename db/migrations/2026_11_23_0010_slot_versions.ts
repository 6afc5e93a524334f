// A version per catalogue slot (subject × city, online or any city): every rebuild of a listing in
// the slot raises it, so a page of the slot kept in memory is known to be current by one key lookup
// (server/domain/catalogue/page-cache.ts). And the offer time of order_tutors indexed, for the
// minute sweep of requests ageing past the response thresholds (server/domain/orders/response-figures.ts).
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('catalogue_slot_counts')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await db.schema.createIndex('order_tutors_created_idx').on('order_tutors').column('created_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_tutors_created_idx').execute()
  await db.schema.alterTable('catalogue_slot_counts').dropColumn('version').execute()
}
