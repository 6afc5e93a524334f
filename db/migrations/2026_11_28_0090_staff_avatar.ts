// A staff member's own avatar (docs/api.md#admin-staff-accounts-and-session): the same files a tutor's
// avatar keeps (original, main image, 130 px preview), but private to staff: served by
// GET /admin/admin/avatar/file, never under /media/.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff').addColumn('avatar_url', 'text').addColumn('avatar_files', 'jsonb').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff').dropColumn('avatar_url').dropColumn('avatar_files').execute()
}
