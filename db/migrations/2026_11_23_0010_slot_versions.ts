// A version per catalogue slot (subject × city, online or any city): every rebuild of a listing in
// the slot raises it, so a page of the slot kept in memory is known to be current by one key lookup
// (server/domain/catalogue/page-cache.ts).
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_slot_counts').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_slot_counts').dropColumn('version').execute()
}
