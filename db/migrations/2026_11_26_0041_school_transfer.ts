// School transfer settings (docs/api.md#admin-tops-and-school-transfer "School transfer settings"):
// per subject, whether a school request for it is handed to the school site at once. Offline lessons follow the
// site-wide rule `transfer_offline_lesson` (settings); online ones follow the subject's switch alone.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('lessons')
    .addColumn('school_transfer', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lessons').dropColumn('school_transfer').execute()
}
