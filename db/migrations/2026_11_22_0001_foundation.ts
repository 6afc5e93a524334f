// Foundation: people and their roles, staff, sessions, sign-in throttling, the outbox, the audit log,
// and site reviews (the footer's aggregate rating). Frozen once landed: later changes get new files.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  // A person signs in once and may hold the client and the tutor role at the same time.
  await db.schema
    .createTable('people')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email_confirmed_at', 'timestamptz')
    .addColumn('phone_confirmed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index people_email_key on people (lower(email)) where email is not null`.execute(db)
  await sql`create unique index people_phone_key on people (phone) where phone is not null`.execute(db)

  await db.schema
    .createTable('tutors')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('person_id', 'integer', (c) => c.notNull().unique().references('people.id'))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar_url', 'text')
    // 1 new, 2 active, 6 school tutor (docs/product.md#3-entities-and-their-fields); the full machine lives in
    // domain/tutors.
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('potential_school_tutor', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('affiliate_id', 'integer')
    .addColumn('terms_confirmed_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('clients')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('person_id', 'integer', (c) => c.notNull().unique().references('people.id'))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('blacklisted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('terms_confirmed_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('staff')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().check(sql`status between 1 and 4`))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index staff_email_key on staff (lower(email))`.execute(db)

  // One row per sign-in. The cookie carries a signed token naming the row, so logout and staff
  // revocation end a session at once. One browser may hold a person and a staff identity together.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'integer', (c) => c.references('people.id'))
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('current_role', 'text', (c) => c.check(sql`"current_role" in ('tutor', 'client')`))
    // Set while staff act as somebody else; the staff identity to return to.
    .addColumn('impersonator_staff_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('sessions_person_idx').on('sessions').column('person_id').execute()
  await db.schema.createIndex('sessions_staff_idx').on('sessions').column('staff_id').execute()

  // Failed sign-ins and codes, by account and by IP, for the 15-minute throttle. Shared by every
  // server process through the database.
  await db.schema
    .createTable('auth_failures')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('account', 'ip')`))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('auth_failures_key_idx')
    .on('auth_failures')
    .columns(['scope', 'key', 'created_at'])
    .execute()

  // Every e-mail and SMS the app sends, whatever the transport; the outbox script reads it.
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('transport', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('stored'))
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('outbox_recipient_idx').on('outbox').columns(['recipient', 'id']).execute()

  // Who did what, when: written in the same transaction as the change it records.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('on_behalf_of_staff_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer')
    .addColumn('data', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'entity_id', 'id']).execute()

  // Reviews of the marketplace itself (moderated); the footer shows their average.
  await db.schema
    .createTable('site_reviews')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('mark', 'smallint', (c) => c.notNull().check(sql`mark between 1 and 5`))
    // 0 new, 1 active, 2 inactive, 3 deleted
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'site_reviews',
    'audit_log',
    'outbox',
    'auth_failures',
    'sessions',
    'staff',
    'clients',
    'tutors',
    'people',
  ])
    await db.schema.dropTable(table).execute()
}
