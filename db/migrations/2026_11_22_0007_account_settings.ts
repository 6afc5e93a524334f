// Account settings for tutors and clients (docs/api.md#tutor-settings-privacy-rating, #client-sign-in-and-settings):
// phone confirmation codes, e-mail subscription, privacy choices, deletion and verification requests, the professional
// category (set_prof), the client's additional e-mail.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  // A new one-time code purpose: the code sent by SMS when a tutor sets a phone.
  await sql`alter table auth_codes drop constraint if exists auth_codes_purpose_check`.execute(db)
  await sql`alter table auth_codes add constraint auth_codes_purpose_check
    check (purpose in ('client_login_code', 'client_link', 'email_confirm', 'password_reset', 'phone_confirm'))`.execute(
    db,
  )

  await db.schema
    .alterTable('tutors')
    .addColumn('email_subscribe', 'boolean', (c) => c.notNull().defaultTo(true))
    // Privacy (POST /tutor/privacy/save): hide_phone already exists (also a staff toggle).
    .addColumn('show_last_name', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('marketing_consent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('deletion_requested_at', 'timestamptz')
    // `active` as it was when deletion was requested, restored on cancel.
    .addColumn('active_before_deletion', 'boolean')
    .addColumn('verification_requested_at', 'timestamptz')
    .addColumn('prof', 'text')
    .execute()
  await db.schema.createIndex('tutors_affiliate_idx').on('tutors').column('affiliate_id').execute()

  await db.schema.alterTable('clients').addColumn('additional_email', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').dropColumn('additional_email').execute()
  await db.schema.dropIndex('tutors_affiliate_idx').execute()
  await db.schema
    .alterTable('tutors')
    .dropColumn('email_subscribe')
    .dropColumn('show_last_name')
    .dropColumn('marketing_consent')
    .dropColumn('deletion_requested_at')
    .dropColumn('active_before_deletion')
    .dropColumn('verification_requested_at')
    .dropColumn('prof')
    .execute()
  await sql`delete from auth_codes where purpose = 'phone_confirm'`.execute(db)
  await sql`alter table auth_codes drop constraint if exists auth_codes_purpose_check`.execute(db)
  await sql`alter table auth_codes add constraint auth_codes_purpose_check
    check (purpose in ('client_login_code', 'client_link', 'email_confirm', 'password_reset'))`.execute(db)
}
