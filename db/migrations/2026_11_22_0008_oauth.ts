// OpenID Connect sign-in: which provider account belongs to which person or staff member, and the
// server-side half of each sign-in round trip (state, nonce and PKCE verifier; only a SHA-256 of the
// state is stored, and a state is used once).
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_identities')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('person_id', 'integer', (c) => c.references('people.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_login_at', 'timestamptz')
    .addUniqueConstraint('oauth_identities_provider_subject_key', ['provider', 'subject'])
    .addCheckConstraint('oauth_identities_owner_check', sql`person_id is not null or staff_id is not null`)
    .execute()
  await db.schema.createIndex('oauth_identities_person_idx').on('oauth_identities').column('person_id').execute()
  await db.schema.createIndex('oauth_identities_staff_idx').on('oauth_identities').column('staff_id').execute()

  await db.schema
    .createTable('oauth_states')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('state_hash', 'text', (c) => c.notNull().unique())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('tutor', 'client', 'staff')`))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('oauth_states_expires_idx').on('oauth_states').column('expires_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oauth_states').execute()
  await db.schema.dropTable('oauth_identities').execute()
}
