// One-time secrets: sign-in codes sent to a client, sign-in links (`?ak=`), e-mail confirmation
// links. Only a SHA-256 of each secret is stored.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(sql`purpose in ('client_login_code', 'client_link', 'email_confirm', 'password_reset')`),
    )
    .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id'))
    .addColumn('client_id', 'integer', (c) => c.references('clients.id'))
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    // Where a code was sent (e-mail or phone), for confirming that channel on use.
    .addColumn('channel', 'text', (c) => c.check(sql`channel in ('email', 'sms')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('auth_codes_secret_idx').on('auth_codes').columns(['purpose', 'secret_hash']).execute()
  await db.schema
    .createIndex('auth_codes_person_idx')
    .on('auth_codes')
    .columns(['person_id', 'purpose', 'created_at'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_codes').execute()
}
