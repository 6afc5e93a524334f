// The embedded database on disk flushes every committed transaction: PostgreSQL runs with fsync on
// and its fsync reaches fsync(2) (PGlite's file system on its own returns without syncing).
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { openPglite, pgliteFsyncs } from '../../db/client'

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})
function tempDir() {
  const d = mkdtempSync(join(tmpdir(), 'fsync-test-'))
  dirs.push(d)
  return d
}

test('PGlite in a directory: fsync on, one fsync per committed transaction', async () => {
  const pg = await openPglite(tempDir())
  try {
    expect((await pg.query<{ fsync: string }>('show fsync')).rows[0]?.fsync).toBe('on')
    expect((await pg.query<{ wal_sync_method: string }>('show wal_sync_method')).rows[0]?.wal_sync_method).toBe('fsync')
    await pg.exec('create table t (id serial primary key, v text)')
    const before = pgliteFsyncs.count
    for (let i = 0; i < 20; i++) await pg.query('insert into t (v) values ($1)', [`v${i}`])
    expect(pgliteFsyncs.count - before).toBeGreaterThanOrEqual(20)
    // A read-only statement writes no WAL and waits for no disk.
    const idle = pgliteFsyncs.count
    for (let i = 0; i < 5; i++) await pg.query('select count(*) from t')
    expect(pgliteFsyncs.count - idle).toBe(0)
  } finally {
    await pg.close()
  }
}, 300_000)

test('DB_FSYNC=off (fsync: false): no fsync at all', async () => {
  const pg = await openPglite(tempDir(), { fsync: false })
  try {
    expect((await pg.query<{ fsync: string }>('show fsync')).rows[0]?.fsync).toBe('off')
    await pg.exec('create table t (id serial primary key, v text)')
    const before = pgliteFsyncs.count
    for (let i = 0; i < 5; i++) await pg.query('insert into t (v) values ($1)', [`v${i}`])
    expect(pgliteFsyncs.count - before).toBe(0)
  } finally {
    await pg.close()
  }
}, 300_000)

// The kernel's view: fsync(2) on the WAL segment for each commit (strace, where it is installed).
const strace = Bun.which('strace')
test.skipIf(!strace)(
  'strace: each commit issues fsync(2) on pg_wal',
  async () => {
    const dir = tempDir()
    const script = join(dir, 'commits.ts')
    const client = resolve(import.meta.dir, '../../db/client.ts')
    await Bun.write(
      script,
      `import { openPglite } from ${JSON.stringify(client)}
const pg = await openPglite(${JSON.stringify(join(dir, 'db'))})
await pg.exec('create table t (id serial primary key, v text)')
console.error('COMMITS-BEGIN')
for (let i = 0; i < 10; i++) await pg.query('insert into t (v) values ($1)', ['x'])
console.error('COMMITS-END')
await pg.close()
`,
    )
    const trace = join(dir, 'trace.txt')
    const run = Bun.spawnSync(
      [strace!, '-f', '-qq', '-y', '-e', 'trace=fsync,fdatasync,write', '-o', trace, 'bun', script],
      { stdout: 'ignore', stderr: 'ignore' },
    )
    expect(run.exitCode).toBe(0)
    const lines = (await Bun.file(trace).text()).split('\n')
    const from = lines.findIndex((l) => l.includes('COMMITS-BEGIN'))
    const to = lines.findIndex((l) => l.includes('COMMITS-END'))
    expect(from).toBeGreaterThan(-1)
    const walSyncs = lines.slice(from, to).filter((l) => /\bfsync\(\d+<[^>]*\/pg_wal\//.test(l))
    expect(walSyncs.length).toBeGreaterThanOrEqual(10)
  },
  180_000,
)
