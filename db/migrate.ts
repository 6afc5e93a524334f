import { type Migration, Migrator } from 'kysely/migration'
import type { Kysely } from 'kysely'
import { migrations } from './migrations/index'
import { startStep } from './start-steps'

/**
 * Every pending migration in one transaction (PostgreSQL's DDL is transactional, and Kysely's
 * Migrator runs them so): a start killed half-way leaves the schema as it was, and the next start
 * runs them all again. The migration tables themselves are created idempotently.
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
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
