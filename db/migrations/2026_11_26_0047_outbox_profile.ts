// E-mails of a template with an e-mail profile go through the durable outbox queue like every other
// (docs/decisions.md#background-jobs): the row keeps the profile, and the delivery worker
// sends it with that profile's sender and SMTP server, read when it delivers. A deleted profile leaves
// its rows to the site's transport.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('outbox')
    .addColumn('profile_id', 'integer', (c) => c.references('email_profiles.id').onDelete('set null'))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('profile_id').execute()
}
