// Billing data, its documents and the LiqPay merchants.
// One billing record per tutor (status pending/approved/rejected, the staff decision and its comment);
// documents kept like the profile's (storage key, never a path); merchants with the private key
// encrypted at rest (AES-256-GCM, server/domain/money/merchants.ts), one active per edition.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('billing_data')
    .addColumn('tutor_id', 'integer', (c) => c.primaryKey().references('tutors.id'))
    .addColumn('is_company', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('full_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tax_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('postal_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('iban', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('reject_comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('billing_documents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tutor_id', 'integer', (c) => c.notNull().references('tutors.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('billing', 'address')`))
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('billing_documents_tutor_idx')
    .on('billing_documents')
    .columns(['tutor_id', 'id'])
    .execute()

  await db.schema
    .createTable('liqpay_merchants')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    // base64url(iv 12 bytes | tag 16 bytes | ciphertext); '' when not set.
    .addColumn('private_key_enc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // One active merchant per edition (the service switches the others off in the same transaction).
  await sql`create unique index liqpay_merchants_one_active on liqpay_merchants (edition) where active`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['liqpay_merchants', 'billing_documents', 'billing_data'])
    await db.schema.dropTable(table).execute()
}
