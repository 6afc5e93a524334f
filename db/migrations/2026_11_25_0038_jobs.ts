// Durable jobs (server/jobs/). The outbox stays the record of what was sent: pg-boss
// (its own schema `pgboss`, installed by pg-boss itself at start) delivers a row with retries, and the
// row keeps how many tries it took, when it went out and when it was due (scheduled sends). The minute
// sweeps keep how far they got in sweep_marks, so the next run (on whichever server process) continues there.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('outbox')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('send_after', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('job_id', 'text')
    // A delivery holds its row until then: a second job for the same row (a recovery, a redrive) waits.
    .addColumn('locked_until', 'timestamptz')
    .execute()
  await db.schema
    .createTable('sweep_marks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('swept_until', 'timestamptz', (c) => c.notNull())
    .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sweep_marks').execute()
  await db.schema
    .alterTable('outbox')
    .dropColumn('attempts')
    .dropColumn('send_after')
    .dropColumn('sent_at')
    .dropColumn('job_id')
    .dropColumn('locked_until')
    .execute()
}
