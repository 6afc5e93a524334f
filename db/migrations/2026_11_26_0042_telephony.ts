// Telephony (docs/api.md#admin-telephony "Telephony"): every call, incoming (from the
// provider's webhook) and outgoing (the panel's outcome_* calls), in one table. `recipient` is who is on
// the other end: for an incoming call the caller (matched by phone), for an outgoing one the callee.
// An outgoing call back of an incoming one names it in `income_call_id`. Incoming calls the staff
// delete are kept with `deleted_at` (the outgoing calls that answered them still point at them).
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calls')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('in', 'out')`))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_call_id', 'text')
    .addColumn('from_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('to_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recipient', 'text', (c) =>
      c.notNull().defaultTo('unknown').check(sql`recipient in ('client', 'tutor', 'unknown')`),
    )
    .addColumn('recipient_id', 'integer')
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('admin_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('income_call_id', 'integer', (c) => c.references('calls.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('duration', 'integer')
    .addColumn('recording_url', 'text')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index calls_provider_call_idx on calls (provider, provider_call_id) where provider_call_id is not null`.execute(
    db,
  )
  await sql`create index calls_incomes_idx on calls (edition, id desc) where direction = 'in' and deleted_at is null`.execute(
    db,
  )
  await db.schema.createIndex('calls_recipient_idx').on('calls').columns(['recipient', 'recipient_id']).execute()
  await db.schema.createIndex('calls_order_idx').on('calls').column('order_id').execute()
  await db.schema.createIndex('calls_income_idx').on('calls').column('income_call_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calls').execute()
}
