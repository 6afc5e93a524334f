// Staff tools for people: the tutor's staff-side fields (admin comment, favourite, toggles), the
// tutor wallet ledger, anonymisation marks, client merges, and the staff checkout flag.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tutors')
    .addColumn('admin_comment', 'text', (c) => c.notNull().defaultTo(''))
    // One flag shared by the staff team (docs/api.md#admin-tutors set_favorite).
    .addColumn('favorite', 'boolean', (c) => c.notNull().defaultTo(false))
    // Staff toggles (set_toggle); the fixed list is in server/domain/people/tutor-admin.ts.
    .addColumn('hide_phone', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('no_new_orders', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('anonymized_at', 'timestamptz')
    .execute()

  // The wallet: a ledger in integer minor units. The balance is the sum of a tutor's entries and never
  // goes below zero (checked in the writing transaction with the tutor row locked).
  await db.schema
    .createTable('wallet_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tutor_id', 'integer', (c) => c.notNull().references('tutors.id'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor <> 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    // staff_add, staff_correction; top_up, order_fee, top_placement, refund come with their capabilities.
    .addColumn('kind', 'text', (c) => c.notNull())
    // What the entry is for: a payment id, an order id, a TOP id; free text for staff entries.
    .addColumn('reference', 'text')
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('wallet_entries_tutor_idx').on('wallet_entries').columns(['tutor_id', 'id']).execute()

  // A merged-away client points at the profile it was merged into.
  await db.schema
    .alterTable('clients')
    .addColumn('merged_into_client_id', 'integer', (c) => c.references('clients.id'))
    .execute()

  // Staff allowed to take payments by hand (change_checkout).
  await db.schema
    .alterTable('staff')
    .addColumn('checkout', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()

  await db.schema.createIndex('sessions_impersonator_idx').on('sessions').column('impersonator_staff_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_impersonator_idx').execute()
  await db.schema.alterTable('staff').dropColumn('checkout').execute()
  await db.schema.alterTable('clients').dropColumn('merged_into_client_id').execute()
  await db.schema.dropTable('wallet_entries').execute()
  await db.schema
    .alterTable('tutors')
    .dropColumn('admin_comment')
    .dropColumn('favorite')
    .dropColumn('hide_phone')
    .dropColumn('no_new_orders')
    .dropColumn('anonymized_at')
    .execute()
}
