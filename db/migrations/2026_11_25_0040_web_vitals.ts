// Web vitals from real visitors (docs/contract.md#other-public-endpoints): one row per sample
// the browser sent (LCP, INP, CLS, FCP, TTFB), with the route pattern — not the address — so the panel's
// p75 per route and edition reads few groups. Old rows are worth little: the panel reads the last 7 days.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('web_vitals')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`name in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')`))
    .addColumn('value', 'double precision', (c) => c.notNull().check(sql`value >= 0`))
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('os', 'text', (c) => c.notNull())
    .addColumn('browser', 'text', (c) => c.notNull())
    .addColumn('measured_at', 'timestamptz', (c) => c.notNull())
    .addColumn('flush_reason', 'text', (c) => c.notNull())
    // A hash of the sender's address (never the address): the per-sender cap counts by it.
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('web_vitals_sender_idx').on('web_vitals').columns(['sender', 'created_at']).execute()
  await db.schema
    .createIndex('web_vitals_recent_idx')
    .on('web_vitals')
    .columns(['created_at', 'edition', 'name', 'route'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('web_vitals').execute()
}
