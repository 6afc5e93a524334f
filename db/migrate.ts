import { Migrator } from 'kysely/migration'
import type { Kysely } from 'kysely'
import { migrations } from './migrations/index'

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the schema db/types.ts describes exists (Kysely's Migrator takes Kysely<any>)
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Unordered: work done in parallel lands with numbers out of order (0033 merged after 0035 ran on a
  // developer's database); each migration touches its own tables, so a late lower number still applies.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
