// A new embedded database without running initdb (nor the migrations) at start: PGlite's initdb
// (bootstrap, system views, template databases) and then every migration one by one are most of a
// first start's time — seconds on two busy cores. Their result depends only on the PGlite version, the
// set of migrations and the pg-boss version, so `bun install`'s postinstall (scripts/pglite-snapshot.ts)
// makes such a cluster once, shut down cleanly, and keeps it as a tarball in node_modules/.cache; each
// new DATA_DIR is unpacked from it. docs/decisions.md#first-start-time.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import pgBossPackage from 'pg-boss/package.json' with { type: 'json' }
import type { DbHandle } from './client'
import { migrations } from './migrations/index'

const CACHE = resolve(import.meta.dir, '../node_modules/.cache/pglite-clusters')
// Read from the file: the package's exports do not include its package.json.
const pglitePackage = JSON.parse(
  readFileSync(resolve(import.meta.dir, '../node_modules/@electric-sql/pglite/package.json'), 'utf8'),
) as { version: string }

/**
 * The tarballs for the installed PGlite (another version's initdb may differ: never reused): initdb's
 * result, and that cluster migrated through exactly the migrations of this checkout, with the job
 * queue's tables of the installed pg-boss (named by their hash).
 */
export function snapshotPath(kind: 'initdb' | 'migrated'): string {
  const names = [...Object.keys(migrations).sort(), `pg-boss ${pgBossPackage.version}`].join('\n')
  const tag = kind === 'initdb' ? 'initdb' : `migrated-${Bun.hash(names).toString(36)}`
  return join(CACHE, `${pglitePackage.version}-${tag}.tar.gz`)
}

/**
 * The best kept cluster for a new directory: migrated when one matches the migrations, else initdb's;
 * null when there is none. A start held inside the migrations (db/start-steps.ts) must run them.
 */
export function clusterSnapshot(): { path: string; migrated: boolean } | null {
  const kinds = process.env.START_HOLD_AT === 'migrations' ? (['initdb'] as const) : (['migrated', 'initdb'] as const)
  for (const kind of kinds)
    if (existsSync(snapshotPath(kind))) return { path: snapshotPath(kind), migrated: kind === 'migrated' }
  return null
}

/** Unpacks a kept cluster into `dir` (new) with the system's tar; false when that fails. */
export function unpackClusterSnapshot(path: string, dir: string): boolean {
  mkdirSync(dir, { recursive: true })
  const tar = Bun.spawnSync(['tar', '-xzf', path, '-C', dir], { stdout: 'ignore', stderr: 'ignore' })
  return tar.exitCode === 0 && existsSync(join(dir, 'PG_VERSION'))
}

/** Packs a closed cluster directory and keeps it, written aside and renamed (a reader never sees half a file). */
function keep(kind: 'initdb' | 'migrated', dir: string) {
  const path = snapshotPath(kind)
  mkdirSync(dirname(path), { recursive: true })
  const aside = join(dirname(path), `.${process.pid}.tmp`)
  const tar = Bun.spawnSync(['tar', '-czf', aside, '-C', dir, '.'], { stdout: 'ignore', stderr: 'pipe' })
  if (tar.exitCode !== 0) throw new Error(`tar: ${tar.stderr.toString().trim()}`)
  renameSync(aside, path)
}

/**
 * Runs initdb, then the migrations, in a temporary directory and keeps each cluster after a clean
 * shutdown (so a copy opens without recovery); `prepare` adds what else every start makes (the job
 * queue's tables). The postinstall step; answers what it made.
 */
export async function makeClusterSnapshots(prepare?: (handle: DbHandle) => Promise<void>): Promise<string[]> {
  if (existsSync(snapshotPath('initdb')) && existsSync(snapshotPath('migrated'))) return []
  const { createDb, openPglite } = await import('./client')
  const { migrateToLatest } = await import('./migrate')
  const work = mkdtempSync(join(tmpdir(), 'pglite-cluster-'))
  const dir = join(work, 'pglite')
  const made: string[] = []
  try {
    await (await openPglite(dir, { fsync: false })).close()
    keep('initdb', dir)
    made.push(snapshotPath('initdb'))
    const pg = await openPglite(dir, { fsync: false })
    const handle = await createDb({ pglite: pg })
    await migrateToLatest(handle.db)
    await prepare?.(handle)
    await pg.close()
    keep('migrated', dir)
    made.push(snapshotPath('migrated'))
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  return made
}
