// A first start can be killed (SIGKILL) anywhere: at initdb, inside the migrations, while the
// reference data is written and half-way through the demo seed. Each start after a kill gets past
// the point where the previous one died (it is held at the next named step: START_HOLD_AT, see
// db/start-steps.ts, so the kills are at exact moments, not after guessed delays), and the last
// one serves /readyz with the same data, table by table, as a start that was never interrupted.
// On PostgreSQL (DATABASE_URL) the same runs on fresh databases, without the initdb step.
import { afterAll, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import postgres from 'postgres'
import { sql } from 'kysely'
import { type DbHandle, createDb } from '../../db/client'
import { reachEmbeddedDatabase } from '../../server/embedded-db'
import { waitFor } from '../helpers/wait'

const root = resolve(import.meta.dir, '../..')
const serverUrl = process.env.DATABASE_URL
const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const c of cleanups.reverse()) await c()
})

/** A place for one server's data: DATA_DIR, and on PostgreSQL a new empty database. */
async function place(tag: string): Promise<{ dataDir: string; databaseUrl: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), `first-start-${tag}-`))
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  if (!serverUrl) return { dataDir, databaseUrl: '' }
  const name = `t_${process.pid}_first_start_${tag}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`drop database if exists ${name} with (force)`)
  await admin.unsafe(`create database ${name}`)
  await admin.end()
  cleanups.push(async () => {
    const a = postgres(serverUrl, { max: 1, onnotice: () => {} })
    await a.unsafe(`drop database if exists ${name} with (force)`).catch(() => {})
    await a.end()
  })
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { dataDir, databaseUrl: url.toString() }
}

async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, fetch: () => new Response() })
  const port = s.port!
  s.stop(true)
  return port
}

interface Run {
  proc: Bun.Subprocess<'ignore', 'pipe', 'pipe'>
  port: number
  /** Everything written to stdout and stderr so far. */
  output: () => string
}

function start(where: { dataDir: string; databaseUrl: string }, port: number, holdAt?: string): Run {
  const proc = Bun.spawn(['bun', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: where.dataDir,
      DATABASE_URL: where.databaseUrl,
      PASSWORD_HASH_COST: 'test',
      LOG_LEVEL: 'info',
      START_HOLD_AT: holdAt ?? '',
      // A kill loses no write the operating system holds, fsync or not (tests/durability/fsync.test.ts
      // covers fsync); off keeps the many starts here fast.
      DB_FSYNC: 'off',
    },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  cleanups.push(() => {
    proc.kill('SIGKILL')
  })
  let text = ''
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder()
    const reader = stream.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
    }
  }
  void pump(proc.stdout)
  void pump(proc.stderr)
  return { proc, port, output: () => text }
}

// Per start; a busy machine may need more (FIRST_START_TIMEOUT_MS).
const TIMEOUT = Number(process.env.FIRST_START_TIMEOUT_MS ?? 240_000)

async function killAt(run: Run, step: string) {
  await waitFor(() => run.output().includes('"start held') && run.output().includes(`"step":"${step}"`), {
    timeout: TIMEOUT,
    interval: 20,
    what: `the start held at ${step}`,
  }).catch((err: Error) => {
    throw new Error(`${err.message}; the server wrote:\n${run.output()}`)
  })
  run.proc.kill('SIGKILL')
  await run.proc.exited
}

async function ready(run: Run) {
  await waitFor(
    async () => {
      if (run.proc.exitCode !== null) throw new Error(`the server stopped:\n${run.output()}`)
      return (await fetch(`http://127.0.0.1:${run.port}/readyz`).catch(() => null))?.status === 200
    },
    { timeout: TIMEOUT, interval: 50, what: '/readyz' },
  ).catch((err: Error) => {
    throw new Error(`${err.message}; the server wrote:\n${run.output()}`)
  })
}

async function stop(run: Run) {
  run.proc.kill('SIGTERM')
  await run.proc.exited
}

// Rows written by the start itself rather than by the seed (sessions, job queues, request logs)
// are not compared; everything else must match table by table.
const VOLATILE = new Set([
  'kysely_migration_lock',
  'sessions',
  'sweep_marks',
  'web_vitals',
  'auth_failures',
  'chat_connects',
  'chat_send_windows',
])

async function counts(where: { dataDir: string; databaseUrl: string }): Promise<Record<string, number>> {
  const h: DbHandle = where.databaseUrl
    ? await createDb({ databaseUrl: where.databaseUrl, maxConnections: 1 })
    : await reachEmbeddedDatabase(where.dataDir)
  try {
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(h.db)
    const out: Record<string, number> = {}
    for (const { name } of tables.rows) {
      if (VOLATILE.has(name)) continue
      const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(h.db)
      out[name] = r.rows[0]!.n
    }
    return out
  } finally {
    await h.close()
  }
}

test(
  'a first start killed at each step: the next start finishes it, with the complete demo data',
  async () => {
    // An uninterrupted first start: the data every interrupted one must end with.
    const clean = await place('clean')
    const first = start(clean, await freePort())
    await ready(first)
    const expected = await counts(clean)
    await stop(first)
    expect(expected.staff).toBeGreaterThan(0)
    expect(expected.catalogue_listings).toBeGreaterThan(0)
    // The demo's traffic: wallets and order chats (db/seed/demo-activity.ts).
    expect(expected.wallet_entries).toBeGreaterThan(0)
    expect(expected.chat_messages).toBeGreaterThan(0)

    const steps = serverUrl ? ['migrations', 'reference', 'demo'] : ['initdb', 'migrations', 'reference', 'demo']
    const broken = await place('killed')
    let killedPid = 0
    for (const step of steps) {
      const run = start(broken, await freePort(), step)
      await killAt(run, step)
      if (killedPid && !serverUrl)
        // The lock of the process killed before is taken over, with a word in the log.
        expect(run.output()).toContain(`"old_pid":${killedPid}`)
      killedPid = run.proc.pid
      if (step === 'initdb') {
        // Killed during initdb: nothing that looks like a database yet.
        expect(existsSync(join(broken.dataDir, 'pglite.new'))).toBe(true)
        expect(existsSync(join(broken.dataDir, 'pglite'))).toBe(false)
      }
    }
    const last = start(broken, await freePort())
    await ready(last)
    if (!serverUrl) {
      expect(last.output()).toContain('DATA_DIR lock taken over')
      expect(last.output()).toContain(`"old_pid":${killedPid}`)
    }
    expect(await counts(broken)).toEqual(expected)
    await stop(last)
  },
  TIMEOUT * 4,
)
