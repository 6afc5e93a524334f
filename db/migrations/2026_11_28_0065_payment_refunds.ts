// Refunds of provider payments: what was given back so far on each payment (never more than its amount,
// checked by the database too), and one row per refund — asked by staff (pending until the provider
// confirms) or reported by the provider — so concurrent requests reserve their amount under the
// payment's row lock and a confirmation is applied once.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('refunded_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`alter table payments add constraint payments_refunded_range check (refunded_minor >= 0 and refunded_minor <= amount_minor)`.execute(
    db,
  )
  await db.schema
    .createTable('payment_refunds')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    // staff: asked through the provider's refund call; provider: reported by its notification.
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('staff', 'provider')`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'confirmed', 'failed')`),
    )
    .addColumn('provider_refund_id', 'text')
    .addColumn('staff_id', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('confirmed_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('payment_refunds_payment_idx')
    .on('payment_refunds')
    .columns(['payment_id', 'id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_refunds').execute()
  await db.schema.alterTable('payments').dropConstraint('payments_refunded_range').execute()
  await db.schema.alterTable('payments').dropColumn('refunded_minor').execute()
}
