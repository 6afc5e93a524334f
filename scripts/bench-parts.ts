// What the benchmarks (scripts/bench.ts, scripts/bench-chat.ts) both need: their own PostgreSQL
// database, created when missing, and free ports for the server processes they start.
import postgres from 'postgres'

/** Creates the database `url` names, on its server, unless it exists. */
export async function ensureDatabase(url: string) {
  const u = new URL(url)
  const name = u.pathname.slice(1)
  u.pathname = '/postgres'
  const admin = postgres(u.toString(), { max: 1, onnotice: () => {} })
  const exists = await admin`select 1 from pg_database where datname = ${name}`
  if (exists.length === 0) await admin.unsafe(`create database ${name}`)
  await admin.end()
}

/** A port nothing listens on now (taken by a throwaway server, then released). */
export async function freePort() {
  const s = Bun.serve({ port: 0, fetch: () => new Response() })
  const p = s.port!
  s.stop(true)
  return p
}

/**
 * A catalogue benchmark database (scripts/bench.ts, scripts/bench-scale.ts): migrated, the demo data,
 * then bulk tutors up to `tutors` (added once: a second run finds them), then analysed. Answers the
 * number of bulk tutors it found or made.
 */
export async function seedCatalogueDatabase(url: string, tutors: number, log: (line: string) => void = console.log) {
  const { sql } = await import('kysely')
  const { createDb } = await import('../db/client')
  const { migrateToLatest } = await import('../db/migrate')
  const { seedBulkTutors } = await import('../db/seed/bulk-tutors')
  const { seedIfEmpty } = await import('../db/seed/demo')
  const { setPasswordHashCost } = await import('../server/domain/auth/passwords')
  const { edition } = await import('../common/editions')
  await ensureDatabase(url)
  setPasswordHashCost('test')
  const handle = await createDb({ databaseUrl: url, maxConnections: 4 })
  try {
    await migrateToLatest(handle.db)
    await seedIfEmpty(handle.db, edition('ua'))
    const have = await handle.db
      .selectFrom('people')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('email', 'like', 'bulk-%@example.com')
      .executeTakeFirstOrThrow()
    if (have.n < tutors) {
      log(`seeding ${tutors - have.n} bulk tutors into ${new URL(url).pathname.slice(1)}…`)
      await seedBulkTutors(handle.db, edition('ua'), tutors - have.n, (l) => log(`  ${l}`))
      // A fresh bulk load: the visibility map set, so the listing index is read without the table.
      await sql`vacuum analyze`.execute(handle.db)
    } else await sql`analyze`.execute(handle.db)
    return Math.max(have.n, tutors)
  } finally {
    await handle.close()
  }
}

/** `bun server/main.ts` in production mode on `url` at `port` (as bench.ts starts it), with extra settings. */
export function startBenchServer(root: string, url: string, port: number, extraEnv: Record<string, string> = {}) {
  const proc = Bun.spawn(['bun', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-42',
      LOG_LEVEL: 'warn',
      SITE: 'ua',
      ...extraEnv,
    },
    stdout: 'inherit',
    stderr: 'inherit',
  })
  return { port, proc }
}

/** Polls `url` until it answers 200 (a minute at most). */
export async function waitReady(url: string, timeoutMs = 60_000) {
  const until = performance.now() + timeoutMs
  while (performance.now() < until) {
    if ((await fetch(url).catch(() => null))?.ok) return
    await Bun.sleep(50)
  }
  throw new Error(`not ready: ${url}`)
}

/** Writes `value` under `key` of the JSON file at `path`, keeping its other keys (each bench writes its own). */
export async function mergeResults(path: string, key: string, value: unknown) {
  const file = Bun.file(path)
  const all = (await file.exists()) ? ((await file.json()) as Record<string, unknown>) : {}
  all[key] = value
  await Bun.write(path, `${JSON.stringify(all, null, 2)}\n`)
}

/** What a target's closed-loop clients measured: each request's latency, its error answers, the seconds spent. */
export interface Tally {
  latencies: number[]
  errors: number
  seconds: number
}

export const newTally = (): Tally => ({ latencies: [], errors: 0, seconds: 0 })

/** One address, or several asked in turn (the long tail). */
export type Target = string | string[]
let turn = 0

/** `concurrency` clients in a closed loop on `target` for `seconds`; a non-200 answer counts as an error. */
export async function load(
  tally: Tally,
  target: Target,
  { seconds, concurrency, headers = {} }: { seconds: number; concurrency: number; headers?: Record<string, string> },
) {
  const until = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now()
        const url = typeof target === 'string' ? target : target[turn++ % target.length]!
        const res = await fetch(url, { headers }).catch(() => null)
        if (res?.status !== 200) tally.errors++
        await res?.arrayBuffer()
        tally.latencies.push(performance.now() - t0)
      }
    }),
  )
  tally.seconds += seconds
}

/** Requests, errors, req/s and the latency percentiles of a tally. */
export function summary({ latencies, errors, seconds }: Tally) {
  latencies.sort((a, b) => a - b)
  const at = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]! * 10) / 10
  return {
    requests: latencies.length,
    errors,
    rps: Math.round(latencies.length / seconds),
    p50_ms: at(0.5),
    p95_ms: at(0.95),
    p99_ms: at(0.99),
  }
}
