// Repair: on a PostgreSQL server, migration 0014 stored the regions' names as a JSON string holding
// the object (postgres.js encodes a JSON text bound to jsonb a second time; db/jsonb.ts is the one
// way both drivers store jsonb alike, and 0014 uses it now). A database migrated before that fix is
// mended here; elsewhere nothing matches.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`update regions set names = (names #>> '{}')::jsonb where jsonb_typeof(names) = 'string'`.execute(db)
}

export async function down(): Promise<void> {}
