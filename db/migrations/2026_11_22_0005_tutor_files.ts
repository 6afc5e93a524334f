// Tutor files and the profile fields the editor adds: documents (diplomas, certificates) kept in file
// storage under random keys and served only to their tutor and staff; the avatar's storage keys and
// crop; experience (practice_id) and points offered per order.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tutor_documents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tutor_id', 'integer', (c) => c.notNull().references('tutors.id').onDelete('cascade'))
    // Key in file storage (server/integrations/storage); never a path a browser can name.
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    // Detected from the content (magic bytes), not taken from the upload's headers.
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute()
  await sql`create index tutor_documents_tutor_idx on tutor_documents (tutor_id, id) where deleted_at is null`.execute(
    db,
  )

  await db.schema
    .alterTable('tutors')
    // {key, preview_key, original_key, original_width, original_height, crop}: the public main image and
    // preview (avatar_url names the main one), and the private normalised original that crops start from.
    .addColumn('avatar_files', 'jsonb')
    .addColumn('practice_id', 'integer')
    .addColumn('tutor_points_for_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tutors')
    .dropColumn('avatar_files')
    .dropColumn('practice_id')
    .dropColumn('tutor_points_for_order')
    .execute()
  await db.schema.dropTable('tutor_documents').execute()
}
