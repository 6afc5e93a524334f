// Tracking and the school API:
// - link_codes: short links staff create (GET /link/redirect?code=), counted per click; link_hosts: the
//   foreign hosts staff allow as destinations (anything else must be this site's own origin).
// - email_unsubscribes: an address off a marketing list (POST /api/email_unsubscribe?token=).
// - outbox.headers: extra e-mail headers (List-Unsubscribe …) the transport sends with the message.
// - tutors.candidate_at: a school tutor candidate (POST /tutor/candidate/registration), shown to staff.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('link_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('link_codes_edition_code', ['edition', 'code'])
    .execute()
  await db.schema
    .createTable('link_hosts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('link_hosts_edition_host', ['edition', 'host'])
    .execute()
  await db.schema
    .createTable('email_unsubscribes')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('email_unsubscribes_pk', ['email', 'list'])
    .execute()
  await db.schema.alterTable('outbox').addColumn('headers', 'jsonb').execute()
  await db.schema.alterTable('tutors').addColumn('candidate_at', 'timestamptz').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tutors').dropColumn('candidate_at').execute()
  await db.schema.alterTable('outbox').dropColumn('headers').execute()
  await db.schema.dropTable('email_unsubscribes').execute()
  await db.schema.dropTable('link_hosts').execute()
  await db.schema.dropTable('link_codes').execute()
}
