import { type Migration, Migrator } from 'kysely/migration'
import { type Kysely, sql } from 'kysely'
import { migrations } from './migrations/index'
import { startStep } from './start-steps'

/**
 * Every pending migration in one transaction (PostgreSQL's DDL is transactional, and Kysely's
 * Migrator runs them so): a start killed half-way leaves the schema as it was, and the next start
 * runs them all again. The migration tables themselves are created idempotently.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the schema db/types.ts describes exists (Kysely's Migrator takes Kysely<any>)
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Most starts find every migration applied: one read says so, without the migrator's lock and tables.
  if (await allApplied(db)) return []
  // Unordered: work done in parallel lands with numbers out of order (0033 merged after 0035 ran on a
  // developer's database); each migration touches its own tables, so a late lower number still applies.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => withHold(migrations) },
    allowUnorderedMigrations: true,
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/** Whether every migration of the index is recorded as applied (false when the migration table is missing). */
// biome-ignore lint/suspicious/noExplicitAny: as migrateToLatest
async function allApplied(db: Kysely<any>): Promise<boolean> {
  const table = await sql<{ t: string | null }>`select to_regclass('kysely_migration')::text as t`.execute(db)
  if (!table.rows[0]?.t) return false
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
  const applied = new Set(rows.map((r) => r.name))
  return Object.keys(migrations).every((name) => applied.has(name))
}

/** The start can be held (db/start-steps.ts) after the middle migration, inside the transaction. */
function withHold(all: Record<string, Migration>): Record<string, Migration> {
  if (process.env.START_HOLD_AT !== 'migrations') return all
  const names = Object.keys(all)
  const middle = names[Math.floor(names.length / 2)]!
  const m = all[middle]!
  return {
    ...all,
    [middle]: {
      ...m,
      async up(db) {
        await m.up(db)
        await startStep('migrations')
      },
    },
  }
}
