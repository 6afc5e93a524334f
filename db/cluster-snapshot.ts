// A new embedded database without running initdb (nor the migrations) at start: PGlite's initdb
// (bootstrap, system views, template databases) and then every migration one by one are most of a
// first start's time — seconds on two busy cores. Their result depends only on the PGlite version and
// the set of migrations, so it is made once, kept as PGlite's own data-directory tarball in
// node_modules/.cache (by `bun install`'s postinstall; a first start that finds no initdb result keeps
// its own), and each new DATA_DIR starts from a copy. docs/decisions.md#first-start-time.
import { existsSync, mkdirSync, renameSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pglitePackage from '@electric-sql/pglite/package.json' with { type: 'json' }
import { migrations } from './migrations/index'

const CACHE = resolve(import.meta.dir, '../node_modules/.cache/pglite-clusters')

/**
 * The tarballs for the installed PGlite (another version's initdb may differ: never reused): initdb's
 * result, and that cluster migrated through exactly the migrations of this checkout (named by their hash).
 */
export function snapshotPath(kind: 'initdb' | 'migrated'): string {
  const names = Object.keys(migrations).sort().join('\n')
  const tag = kind === 'initdb' ? 'initdb' : `migrated-${Bun.hash(names).toString(36)}`
  return join(CACHE, `${pglitePackage.version}-${tag}.tar.gz`)
}

/**
 * The best kept cluster for a new directory: migrated when one matches the migrations, else initdb's;
 * null when there is none yet. A start held inside the migrations (db/start-steps.ts) must run them.
 */
export async function readClusterSnapshot(): Promise<{ tarball: Blob; migrated: boolean } | null> {
  const kinds = process.env.START_HOLD_AT === 'migrations' ? (['initdb'] as const) : (['migrated', 'initdb'] as const)
  for (const kind of kinds) {
    const file = Bun.file(snapshotPath(kind))
    if (await file.exists()) return { tarball: new Blob([await file.arrayBuffer()]), migrated: kind === 'migrated' }
  }
  return null
}

/** Keeps a cluster's tarball, written aside and renamed, so a reader never sees half a file. */
export async function keepClusterSnapshot(kind: 'initdb' | 'migrated', tarball: Blob): Promise<void> {
  const path = snapshotPath(kind)
  mkdirSync(dirname(path), { recursive: true })
  const aside = join(dirname(path), `.${process.pid}.tmp`)
  await Bun.write(aside, tarball)
  renameSync(aside, path)
}

/** Runs initdb and the migrations in memory and keeps both results (the postinstall step); answers what it made. */
export async function makeClusterSnapshots(): Promise<string[]> {
  if (existsSync(snapshotPath('initdb')) && existsSync(snapshotPath('migrated'))) return []
  const { createDb } = await import('./client')
  const { migrateToLatest } = await import('./migrate')
  const pg = await PGlite.create({ extensions: { pg_trgm } })
  const made: string[] = []
  try {
    if (!existsSync(snapshotPath('initdb'))) {
      await keepClusterSnapshot('initdb', await pg.dumpDataDir('gzip'))
      made.push(snapshotPath('initdb'))
    }
    const handle = await createDb({ pglite: pg })
    await migrateToLatest(handle.db)
    await keepClusterSnapshot('migrated', await pg.dumpDataDir('gzip'))
    made.push(snapshotPath('migrated'))
  } finally {
    await pg.close()
  }
  return made
}
