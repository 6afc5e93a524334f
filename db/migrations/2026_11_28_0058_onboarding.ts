// A tutor's first day: which terms a person accepted on registering (each page's alias and version, the
// version being the page's last edit time then), and the moderator's send-back reason the tutor is shown
// until the next approval. The profile as last approved is kept so the panel can show what changed since.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('terms_acceptances')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('tutor', 'client')`))
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('documents', 'jsonb', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('accepted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('terms_acceptances_person_idx').on('terms_acceptances').column('person_id').execute()
  await db.schema
    .alterTable('tutors')
    .addColumn('sent_back_reason', 'text')
    .addColumn('sent_back_at', 'timestamptz')
    .addColumn('approved_snapshot', 'jsonb')
    .addColumn('approved_at', 'timestamptz')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tutors')
    .dropColumn('sent_back_reason')
    .dropColumn('sent_back_at')
    .dropColumn('approved_snapshot')
    .dropColumn('approved_at')
    .execute()
  await db.schema.dropTable('terms_acceptances').execute()
}
