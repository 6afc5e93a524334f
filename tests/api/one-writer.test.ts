// One writer for the embedded database. With PGlite (no DATABASE_URL) the server owns
// DATA_DIR (pglite.lock) and shares its database on DATA_DIR/pglite.sock (server.json); the scripts
// use that socket while it runs, so an admin they create signs in at once and after a restart; a
// second server on the same DATA_DIR stops with a message; socket sessions and the server's own
// queries take turns, whole transactions at a time.
// On PostgreSQL (DATABASE_URL set) there is no embedded database: these tests are skipped.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { sql } from 'kysely'
import postgres from 'postgres'
import type { DbHandle } from '../../db/client'
import type { RestReply } from '../helpers/api'
import { waitFor } from '../helpers/wait'
import {
  DataDirInUse,
  type EmbeddedHandle,
  LOCK_FILE,
  SERVER_FILE,
  SOCKET_FILE,
  openEmbeddedDatabase,
  processStarted,
  reachEmbeddedDatabase,
  runningServer,
} from '../../server/embedded-db'

const root = resolve(import.meta.dir, '../..')
/** PGlite only: with DATABASE_URL every process connects to the PostgreSQL server itself. */
const onPostgres = Boolean(process.env.DATABASE_URL)
const SKIP = ' [PGlite only: skipped with DATABASE_URL, where PostgreSQL is the one server]'
const dirs: string[] = []
const temp = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix))
  dirs.push(d)
  return d
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, fetch: () => new Response() })
  const port = s.port!
  s.stop(true)
  return port
}

/** A pid that no process has any more. */
async function deadPid(): Promise<number> {
  const p = Bun.spawn(['true'])
  await p.exited
  return p.pid
}

describe('a server process and the scripts beside it', () => {
  let dataDir: string
  let env: Record<string, string>

  beforeAll(() => {
    dataDir = temp('one-writer-')
    env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: 'test',
      LOG_LEVEL: 'warn',
    } as Record<string, string>
  })

  function startServer(port: number) {
    return Bun.spawn(['bun', 'server/main.ts'], {
      cwd: root,
      env: { ...env, PORT: String(port) },
      stdout: 'pipe',
      stderr: 'pipe',
    })
  }

  async function ready(proc: Bun.Subprocess, port: number) {
    const up = await waitFor(
      async () =>
        proc.exitCode !== null || (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status === 200,
      { timeout: 50_000, interval: 50 },
    ).catch(() => false)
    if (up && proc.exitCode === null) return
    throw new Error(
      `the server did not become ready (exit ${proc.exitCode}): ${await new Response(proc.stderr as ReadableStream).text()}`,
    )
  }

  async function script(args: string[]) {
    const p = Bun.spawn(['bun', 'run', ...args], { cwd: root, env, stdout: 'pipe', stderr: 'pipe' })
    const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited])
    return { code, out: out.trim(), err: err.trim() }
  }

  const staffLogin = (port: number, email: string, password: string) =>
    fetch(`http://127.0.0.1:${port}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })

  test.skipIf(onPostgres)(
    `admin.ts beside the server: signs in at once and after a restart; a second server exits 1; outbox.ts reads what the server sent${SKIP}`,
    async () => {
      // A lock and server.json left by a process that died (kill -9) do not stop anyone.
      const dead = await deadPid()
      writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ pid: dead, started: null, role: 'server' }))
      writeFileSync(
        join(dataDir, SERVER_FILE),
        JSON.stringify({ pid: dead, started: null, socket: join(dataDir, SOCKET_FILE) }),
      )

      const port = await freePort()
      const server = startServer(port)
      try {
        await ready(server, port)
        const info = JSON.parse(readFileSync(join(dataDir, SERVER_FILE), 'utf8'))
        expect(info).toMatchObject({ pid: server.pid, socket: join(dataDir, SOCKET_FILE) })
        expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({
          pid: server.pid,
          role: 'server',
        })

        // The script reaches the running server's database: the admin exists there at once.
        const created = await script([
          'scripts/admin.ts',
          'create',
          '--email',
          'Night.Ops@Example.com',
          '--password',
          'night-ops-pass-1',
          '--name',
          'Night Ops',
          '--status',
          '1',
        ])
        expect(created.err).toBe('')
        expect(created.code).toBe(0)
        expect(created.out).toMatch(/^\d+$/)
        const first = await staffLogin(port, 'night.ops@example.com', 'night-ops-pass-1')
        expect(first.status).toBe(200)
        expect(((await first.json()) as RestReply<'/admin/login'>).auth.admin_info).toMatchObject({
          admin_id: Number(created.out),
          status: 1,
        })
        // …and a duplicate is refused there too (the script saw the server's rows, not a copy).
        const dup = await script([
          'scripts/admin.ts',
          'create',
          '--email',
          'night.ops@example.com',
          '--password',
          'night-ops-pass-1',
          '--name',
          'X',
          '--status',
          '2',
        ])
        expect(dup.code).toBe(1)
        expect(dup.err).toContain('exists')

        // A second server on the same DATA_DIR stops with a clear message; the first one keeps serving.
        const second = Bun.spawn(['bun', 'server/main.ts'], {
          cwd: root,
          env: { ...env, PORT: String(await freePort()) },
          stdout: 'pipe',
          stderr: 'pipe',
        })
        expect(await second.exited).toBe(1)
        const message = await new Response(second.stderr).text()
        expect(message).toContain(
          `DATA_DIR ${dataDir} is in use by the server with pid ${server.pid}; stop it or use its socket`,
        )
        expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200)

        // outbox.ts beside the server prints the sign-in code the server just sent; the code signs in.
        const ask = await fetch(`http://127.0.0.1:${port}/client/auth/get_auth_code`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login: 'beside@example.com' }),
        })
        expect(ask.status).toBe(200)
        const clientId = ((await ask.json()) as RestReply<'/client/auth/get_auth_code'>).data.client_id
        const outbox = await script(['scripts/outbox.ts', '--to', 'beside@example.com', '--last', '1'])
        expect(outbox.code).toBe(0)
        const mail = JSON.parse(outbox.out)
        expect(mail).toMatchObject({ channel: 'email', to: 'beside@example.com', transport: 'outbox' })
        const code = String(mail.body).match(/\b(\d{4,8})\b/)?.[1]
        expect(code).toBeDefined()
        expect(
          (
            await fetch(`http://127.0.0.1:${port}/client/auth/login_by_code?client_id=${clientId}&auth_code=${code}`, {
              method: 'POST',
            })
          ).status,
        ).toBe(200)

        // A graceful stop removes the lock, the socket and server.json.
        server.kill('SIGTERM')
        expect(await server.exited).toBe(0)
        for (const f of [LOCK_FILE, SOCKET_FILE, SERVER_FILE]) expect(existsSync(join(dataDir, f))).toBe(false)
      } finally {
        server.kill('SIGKILL')
      }

      // With no server, a script opens DATA_DIR itself (and gives it back).
      const offline = await script([
        'scripts/admin.ts',
        'create',
        '--email',
        'day.ops@example.com',
        '--password',
        'day-ops-pass-1',
        '--name',
        'Day Ops',
        '--status',
        '2',
      ])
      expect(offline.code).toBe(0)
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)

      // Restarted on the same DATA_DIR: both admins are there.
      const port2 = await freePort()
      const again = startServer(port2)
      try {
        await ready(again, port2)
        expect((await staffLogin(port2, 'night.ops@example.com', 'night-ops-pass-1')).status).toBe(200)
        expect((await staffLogin(port2, 'day.ops@example.com', 'day-ops-pass-1')).status).toBe(200)
        again.kill('SIGTERM')
        expect(await again.exited).toBe(0)
      } finally {
        again.kill('SIGKILL')
      }
    },
    150_000,
  ) // three server starts; the first also installs pg-boss's schema in the fresh DATA_DIR (server/jobs)
})

describe('the lock', () => {
  test.skipIf(onPostgres)(
    `a live holder stops a second opener with its pid; a dead or own one is taken over${SKIP}`,
    async () => {
      const dir = temp('one-writer-lock-')
      // A live process that holds the lock as a script.
      const sleeper = Bun.spawn(['sleep', '30'])
      try {
        writeFileSync(
          join(dir, LOCK_FILE),
          JSON.stringify({
            pid: sleeper.pid,
            started: processStarted(sleeper.pid),
            role: 'script',
            command: 'bun scripts/seed.ts',
          }),
        )
        const refused = await openEmbeddedDatabase(dir, { role: 'server', share: true }).catch((e: unknown) => e)
        expect(refused).toBeInstanceOf(DataDirInUse)
        expect((refused as Error).message).toBe(
          `DATA_DIR ${dir} is in use by pid ${sleeper.pid} (bun scripts/seed.ts); wait for it to finish or stop it`,
        )
        // A script does not wait for another script: it stops with the same message.
        expect(await reachEmbeddedDatabase(dir, { waitMs: 0 }).catch((e: unknown) => (e as Error).message)).toContain(
          `is in use by pid ${sleeper.pid}`,
        )
        expect(existsSync(join(dir, 'pglite'))).toBe(false) // nobody opened the database
      } finally {
        sleeper.kill()
      }
      await sleeper.exited
      // The holder is gone now: its lock is stale and taken over.
      const h = await openEmbeddedDatabase(dir, { role: 'script', share: false })
      try {
        expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
          pid: process.pid,
          role: 'script',
        })
        expect(existsSync(join(dir, SERVER_FILE))).toBe(false) // scripts serve nothing
      } finally {
        await h.close()
      }
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
      // A lock naming this very process (a previous open that was not closed) is ours to take.
      writeFileSync(
        join(dir, LOCK_FILE),
        JSON.stringify({ pid: process.pid, started: processStarted(process.pid), role: 'server' }),
      )
      const own = await openEmbeddedDatabase(dir, { role: 'server', share: false })
      await own.close()
    },
  )

  test.skipIf(onPostgres)(`a pid reused by another process is not mistaken for the holder${SKIP}`, async () => {
    const dir = temp('one-writer-reuse-')
    const other = Bun.spawn(['sleep', '30'])
    try {
      // The lock names a live pid, but that process started at another time than the holder did.
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: other.pid, started: '1', role: 'server' }))
      const h = await openEmbeddedDatabase(dir, { role: 'script', share: false })
      await h.close()
    } finally {
      other.kill()
    }
  })
})

test.skipIf(onPostgres)(
  `a script waits for a server whose socket is not answering yet (restarting) instead of opening DATA_DIR${SKIP}`,
  async () => {
    const dir = temp('one-writer-restart-')
    // What a server restarting in place (bun --watch keeps the pid) leaves: its lock and server.json, no socket.
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: process.pid, started: processStarted(process.pid), role: 'server' }),
    )
    writeFileSync(
      join(dir, SERVER_FILE),
      JSON.stringify({ pid: process.pid, started: processStarted(process.pid), socket: join(dir, SOCKET_FILE) }),
    )
    expect(
      await reachEmbeddedDatabase(dir, { waitMs: 200 }).catch((e: unknown) => (e as { code?: string }).code),
    ).toMatch(/ENOENT|ECONNREFUSED/)
    const script = reachEmbeddedDatabase(dir, { waitMs: 50_000 })
    await Bun.sleep(300) // the behaviour under test: the script is already waiting when the server starts
    const server = await openEmbeddedDatabase(dir, { role: 'server', share: true })
    try {
      const h = await script
      await sql`create table seen (x int)`.execute(h.db)
      expect((await sql<{ n: number }>`select count(*)::int as n from seen`.execute(server.db)).rows[0]!.n).toBe(0) // the server's own database
      await h.close()
    } finally {
      await server.close()
    }
  },
)

describe('socket sessions and the server take turns', () => {
  let dir: string
  let server: EmbeddedHandle
  let client: DbHandle

  beforeAll(async () => {
    if (onPostgres) return
    dir = temp('one-writer-turns-')
    server = await openEmbeddedDatabase(dir, { role: 'server', share: true })
    await sql`create table t (x int)`.execute(server.db)
    const info = runningServer(dir)!
    expect(info).toMatchObject({ pid: process.pid, socket: join(dir, SOCKET_FILE) })
    client = await reachEmbeddedDatabase(dir)
  })
  afterAll(async () => {
    if (onPostgres) return
    await client.close()
    await server.close()
    for (const f of [LOCK_FILE, SOCKET_FILE, SERVER_FILE]) expect(existsSync(join(dir, f))).toBe(false)
  })

  const count = async (db: DbHandle['db']) =>
    (await sql<{ n: number }>`select count(*)::int as n from t`.execute(db)).rows[0]!.n

  test.skipIf(onPostgres)(
    `the server's query waits for a script's open transaction and never runs inside it${SKIP}`,
    async () => {
      await sql`delete from t`.execute(server.db)
      let serverDone = false
      const { later } = await client.db.transaction().execute(async (trx) => {
        await sql`insert into t values (1)`.execute(trx)
        const later = count(server.db).then((n) => {
          serverDone = true
          return n
        })
        await Bun.sleep(300) // absence: the server's query does not answer while the script's transaction is open
        expect(serverDone).toBe(false) // inside the script's transaction, the server's query would have answered 1 by now
        await sql`insert into t values (2)`.execute(trx)
        return { later }
      })
      expect(await later).toBe(2) // it ran after the commit, in its own turn
    },
  )

  test.skipIf(onPostgres)(
    `a script's query waits for the server's open transaction and never runs inside it${SKIP}`,
    async () => {
      await sql`delete from t`.execute(server.db)
      let clientDone = false
      const { later } = await server.db.transaction().execute(async (trx) => {
        await sql`insert into t values (1)`.execute(trx)
        const later = count(client.db).then((n) => {
          clientDone = true
          return n
        })
        await Bun.sleep(300) // absence, as above
        expect(clientDone).toBe(false)
        await sql`insert into t values (2)`.execute(trx)
        return { later }
      })
      expect(await later).toBe(2)
      // A rolled-back server transaction is not seen either.
      await server.db
        .transaction()
        .execute(async (trx) => {
          await sql`insert into t values (3)`.execute(trx)
          throw new Error('roll back')
        })
        .catch(() => {})
      expect(await count(client.db)).toBe(2)
    },
  )

  test.skipIf(onPostgres)(
    `a script that disconnects inside a transaction: rolled back, the server goes on${SKIP}`,
    async () => {
      await sql`delete from t`.execute(server.db)
      const raw = postgres({
        path: join(dir, SOCKET_FILE),
        username: 'postgres',
        database: 'postgres',
        max: 1,
        prepare: false,
        onnotice: () => {},
      })
      let inserted!: () => void
      const insertedP = new Promise<void>((r) => (inserted = r))
      const abandoned = raw
        .begin(async (s) => {
          await s`insert into t values (42)`
          inserted()
          await new Promise(() => {}) // never commits
        })
        .catch(() => 'gone')
      await insertedP
      await raw.end({ timeout: 0 })
      expect(await abandoned).toBe('gone')
      expect(await count(server.db)).toBe(0)
      expect(await count(client.db)).toBe(0)
    },
  )

  test.skipIf(onPostgres)(
    `concurrent script sessions and server queries all complete, none interleaved${SKIP}`,
    async () => {
      await sql`delete from t`.execute(server.db)
      const others = await Promise.all([reachEmbeddedDatabase(dir), reachEmbeddedDatabase(dir)])
      try {
        const work = [server.db, client.db, ...others.map((o) => o.db)].flatMap((db, k) =>
          Array.from({ length: 10 }, (_, i) =>
            db.transaction().execute(async (trx) => {
              const before = await count(trx)
              await sql`insert into t values (${k * 100 + i})`.execute(trx)
              await Bun.sleep(1) // yield inside the transaction so others' work interleaves
              expect(await count(trx)).toBe(before + 1) // nobody else's insert inside this transaction
            }),
          ),
        )
        await Promise.all(work)
        expect(await count(server.db)).toBe(40)
      } finally {
        await Promise.all(others.map((o) => o.close()))
      }
    },
  )

  test.skipIf(onPostgres)(
    `createDb over the socket returns int8 as numbers and jsonb parsed, like the embedded driver${SKIP}`,
    async () => {
      const row = (await sql<{ n: number; j: unknown }>`select count(*) as n, '{"a":1}'::jsonb as j`.execute(client.db))
        .rows[0]!
      expect(row).toEqual({ n: 1, j: { a: 1 } })
    },
  )
})

test.skipIf(onPostgres)(
  `a socket session holding the database idle is disconnected and rolled back${SKIP}`,
  async () => {
    const dir = temp('one-writer-idle-')
    const server = await openEmbeddedDatabase(dir, { role: 'server', share: true, holdIdleMs: 400 })
    try {
      await sql`create table t (x int)`.execute(server.db)
      const raw = postgres({
        path: join(dir, SOCKET_FILE),
        username: 'postgres',
        database: 'postgres',
        max: 1,
        prepare: false,
        onnotice: () => {},
      })
      let inserted!: () => void
      const insertedP = new Promise<void>((r) => (inserted = r))
      const stuck = raw
        .begin(async (s) => {
          await s`insert into t values (1)`
          inserted()
          await Bun.sleep(1_500) // the behaviour under test: a transaction held open
          await s`insert into t values (2)`
        })
        .then(
          () => 'committed',
          () => 'refused',
        )
      await insertedP
      const started = performance.now()
      const n = (await sql<{ n: number }>`select count(*)::int as n from t`.execute(server.db)).rows[0]!.n
      expect(n).toBe(0)
      expect(performance.now() - started).toBeLessThan(3_000)
      expect(await stuck).toBe('refused')
      await raw.end({ timeout: 0 })
    } finally {
      await server.close()
    }
  },
)

test.skipIf(onPostgres)(`a DATA_DIR too long for a unix socket is shared on a loopback port${SKIP}`, async () => {
  const base = temp('one-writer-long-')
  const dir = join(base, 'a-data-directory-whose-path-is-longer-than-a-unix-socket-address-can-hold-on-any-system')
  mkdirSync(dir, { recursive: true })
  const server = await openEmbeddedDatabase(dir, { role: 'server', share: true })
  try {
    const info = runningServer(dir)!
    expect(info).toMatchObject({ pid: process.pid, host: '127.0.0.1' })
    expect((info as { port: number }).port).toBeGreaterThan(0)
    expect(existsSync(join(dir, SOCKET_FILE))).toBe(false)
    const script = await reachEmbeddedDatabase(dir)
    expect((await sql<{ one: number }>`select 1 as one`.execute(script.db)).rows[0]!.one).toBe(1)
    await script.close()
  } finally {
    await server.close()
  }
})
