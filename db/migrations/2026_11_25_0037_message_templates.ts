// E-mail templates, e-mail profiles and SMS templates (docs/api.md#admin-e-mail-and-sms-templates "Emails", "SMS")
// One template per event and language; a template may name the profile it is sent with
// (sender and SMTP server). The profile's SMTP URL is stored encrypted (AES-256-GCM, like the LiqPay
// merchants' keys: server/domain/messages/email-profiles.ts).
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_profiles')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('from_name', 'text', (c) => c.notNull())
    .addColumn('from_email', 'text', (c) => c.notNull())
    /** '' when the profile sends through the site's SMTP_URL. */
    .addColumn('smtp_url_enc', 'text', (c) => c.notNull().defaultTo(''))
    /** The URL without its password, for the panel. */
    .addColumn('smtp_url_masked', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('email_templates')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('profile_id', 'integer', (c) => c.references('email_profiles.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('email_templates_event_locale_key', ['event', 'locale'])
    .execute()

  await db.schema
    .createTable('sms_templates')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('sms_templates_event_locale_key', ['event', 'locale'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_templates').execute()
  await db.schema.dropTable('email_templates').execute()
  await db.schema.dropTable('email_profiles').execute()
}
