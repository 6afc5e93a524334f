// Payments through providers: one row per attempt, the provider events that settled them
// (credited exactly once by the unique key, not by a read-then-write), and the tutors' saved cards.
// Orders already carry their fee (fee_minor, fee_currency, date_payment_deadline, paid_at).
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // What the provider sees as our id (order_id / sessionId / reference): unique across databases
    // and attempts, so a provider never confuses two payments of two installations.
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('tutor_id', 'integer', (c) => c.notNull().references('tutors.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('wallet', 'order', 'top')`))
    // The target: the order (purpose order) or the TOP slot and length (purpose top).
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('lesson_id', 'integer', (c) => c.references('lessons.id'))
    .addColumn('city_id', 'integer', (c) => c.references('cities.id'))
    .addColumn('days', 'integer')
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    // Of amount_minor, what goes to the charity partner (solidgate order payments).
    .addColumn('donate_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`donate_minor >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'paid', 'failed', 'refunded')`),
    )
    .addColumn('save_card', 'boolean', (c) => c.notNull().defaultTo(false))
    // The saved card charged (card payments).
    .addColumn('card_id', 'integer')
    .addColumn('provider_payment_id', 'text')
    // What settling did: order_paid, top_bought, credited (the wallet only), refunded…
    .addColumn('outcome', 'text')
    .addColumn('top_id', 'integer', (c) => c.references('tops.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .addCheckConstraint(
      'payments_target',
      sql`(purpose <> 'order' or order_id is not null) and (purpose <> 'top' or (lesson_id is not null and days > 0))`,
    )
    .execute()
  await db.schema.createIndex('payments_tutor_idx').on('payments').columns(['tutor_id', 'id']).execute()

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_event_id', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('payment_events_once', ['provider', 'provider_event_id'])
    .execute()

  // Saved cards: the token never leaves the server; the browser sees the id and the mask.
  await db.schema
    .createTable('payment_cards')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tutor_id', 'integer', (c) => c.notNull().references('tutors.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('mask', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addUniqueConstraint('payment_cards_token', ['tutor_id', 'provider', 'token'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['payment_cards', 'payment_events', 'payments']) await db.schema.dropTable(table).execute()
}
