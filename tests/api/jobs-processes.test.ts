// Durable jobs with real server processes (bun server/main.ts): a message queued while the SMTP
// server is down survives a server restart and arrives once when the SMTP server is back (PGlite in
// DATA_DIR, or the PostgreSQL server); two server processes on one PostgreSQL run the minute sweep
// once per period between them, not once each (JOBS_SWEEP_SECONDS=2 here).
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { type DbHandle, createDb } from '../../db/client'
import { reachEmbeddedDatabase } from '../../server/embedded-db'
import { QUEUES } from '../../server/jobs/jobs'
import { testDb } from '../helpers/db'
import { SmtpSink } from '../helpers/smtp-sink-restartable'
import { waitFor } from '../helpers/wait'
import { freePort, ready, startServer as startProcess } from '../helpers/server-process'

const onPostgres = Boolean(process.env.DATABASE_URL)
const cleanup: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn()
})

/** The database a server process will use: a fresh PostgreSQL database, or a DATA_DIR for PGlite. */
async function database(): Promise<{ env: Record<string, string>; open: () => Promise<DbHandle> }> {
  if (onPostgres) {
    const h = await testDb()
    cleanup.push(() => h.close())
    return { env: { DATABASE_URL: h.url! }, open: () => createDb({ databaseUrl: h.url!, maxConnections: 2 }) }
  }
  const dir = mkdtempSync(join(tmpdir(), 'jobs-'))
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
  return { env: { DATABASE_URL: '', DATA_DIR: dir }, open: () => reachEmbeddedDatabase(dir) }
}

/** A server process killed when the file ends. */
function startServer(env: Record<string, string>) {
  const server = startProcess(env)
  cleanup.push(() => void server.proc.kill('SIGKILL'))
  return server
}

describe('server processes', () => {
  test('a message queued while the SMTP server is down survives a restart and arrives once when it is back', async () => {
    const sink = await new SmtpSink().start()
    await sink.stop() // the port is known; nothing listens there
    cleanup.push(() => sink.stop())
    const db = await database()
    const env = { ...db.env, SMTP_URL: sink.url, PORT: String(await freePort()) }
    let server = startServer(env)
    await ready(server)
    const to = 'restart.survivor@example.com'
    const ask = await fetch(`http://127.0.0.1:${server.port}/client/auth/get_auth_code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: to }),
    })
    // The request does not wait for (or fail with) the transport.
    expect(ask.status).toBe(200)
    const h = await db.open()
    const row = () =>
      h.db.selectFrom('outbox').select(['id', 'status', 'attempts']).where('recipient', '=', to).executeTakeFirst()
    try {
      await waitFor(async () => ((await row())?.attempts ?? 0) >= 1 && (await row())?.status === 'failed', {
        timeout: 20_000,
        interval: 200,
        what: 'a failed try',
      })
    } finally {
      await h.close()
    }
    server.proc.kill('SIGTERM')
    expect(await server.proc.exited).toBe(0)

    await sink.start()
    server = startServer(env)
    await ready(server)
    await waitFor(() => sink.to(to).length > 0, {
      timeout: 30_000,
      interval: 200,
      what: 'the e-mail after the restart',
    })
    await Bun.sleep(2500)
    expect(sink.to(to)).toHaveLength(1)
    const h2 = await db.open()
    try {
      const r = await h2.db
        .selectFrom('outbox')
        .select(['id', 'status', 'attempts'])
        .where('recipient', '=', to)
        .executeTakeFirstOrThrow()
      expect(r.status).toBe('sent')
      expect(r.attempts).toBeGreaterThanOrEqual(2)
      expect(sink.to(to)[0]!.messageId).toStartWith(`<outbox-${r.id}-`)
    } finally {
      await h2.close()
    }
    server.proc.kill('SIGTERM')
    expect(await server.proc.exited).toBe(0)
  }, 180_000)

  test.skipIf(!onPostgres)(
    'two server processes on one PostgreSQL run the minute sweep once per period, not twice [PostgreSQL only: PGlite has one server process]',
    async () => {
      const db = await database()
      const env = { ...db.env, JOBS_SWEEP_SECONDS: '2' }
      const a = startServer({ ...env, PORT: String(await freePort()) })
      await ready(a)
      const b = startServer({ ...env, PORT: String(await freePort()) })
      await ready(b)
      const h = await db.open()
      try {
        const runs = async () =>
          (await h.db.selectFrom('sweep_marks').select('runs').where('name', '=', 'minute').executeTakeFirst())?.runs ??
          0
        await waitFor(async () => (await runs()) > 0, { timeout: 20_000, interval: 200, what: 'a first sweep' })
        const started = Date.now()
        const before = await runs()
        await Bun.sleep(12_000)
        const after = await runs()
        const seconds = (Date.now() - started) / 1000
        // Both processes tick twice a period; one sweep per 2-second slot between them.
        expect(after - before).toBeGreaterThanOrEqual(Math.floor(seconds / 2) - 2)
        expect(after - before).toBeLessThanOrEqual(Math.ceil(seconds / 2) + 1)
        // pg-boss's record: one sweep job per slot, every one completed, none twice.
        const jobs = await sql<{ slot: string; n: number; states: string }>`
          select singleton_on::text as slot, count(*)::int as n, string_agg(state::text, ',') as states
          from pgboss.job where name = ${QUEUES.sweep} group by singleton_on`.execute(h.db)
        expect(jobs.rows.length).toBeGreaterThanOrEqual(5)
        for (const j of jobs.rows) expect(j.n).toBe(1)
        expect(a.proc.exitCode).toBeNull()
        expect(b.proc.exitCode).toBeNull()
      } finally {
        await h.close()
      }
      a.proc.kill('SIGTERM')
      b.proc.kill('SIGTERM')
      expect(await a.proc.exited).toBe(0)
      expect(await b.proc.exited).toBe(0)
    },
    180_000,
  )
})
