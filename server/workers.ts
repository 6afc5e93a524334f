// WORKERS=N (docs/deploy.md#several-processes): this process supervises N server processes on one PORT.
// It prepares the database once (migrations; the demo seed outside production) so the workers never
// race at it, then starts `bun server/main.ts` N times with WORKER_INDEX set; each listens with
// SO_REUSEPORT and the kernel spreads new connections between them. Everything shared lives in
// PostgreSQL (sessions, limits, chat fan-out by NOTIFY, jobs by pg-boss, cache clearing by NOTIFY),
// so a request may land on any worker. A worker that dies is started again; SIGTERM/SIGINT go to
// every worker, each stops gracefully, and the supervisor exits 0 when they all did.
import { resolve } from 'node:path'
import postgres from 'postgres'
import type { Env } from './env'
import type { Logger } from './log'

/** This process's worker number (1…N) when a supervisor started it; undefined for a single process. */
export const workerIndex = process.env.WORKER_INDEX ? Number(process.env.WORKER_INDEX) : undefined

/** Connections kept free of the workers: scripts, backups, a psql session, migrations of the next deploy. */
const HEADROOM = 10

/**
 * Each worker's pool: its share of what the server allows (max_connections less the superuser's
 * reserved ones and HEADROOM), less what else a worker opens (pg-boss's pool, one LISTEN connection),
 * and never more than DB_POOL_MAX.
 */
export async function poolPerWorker(env: Env): Promise<number> {
  const sql = postgres(env.DATABASE_URL!, { max: 1, onnotice: () => {} })
  try {
    const [row] = await sql<{ max: number; reserved: number }[]>`
      select current_setting('max_connections')::int as max,
             current_setting('superuser_reserved_connections')::int as reserved`
    const usable = row!.max - row!.reserved - HEADROOM
    const share = Math.floor(usable / env.WORKERS) - env.JOBS_POOL_MAX - 1
    if (share < 2)
      throw new Error(
        `WORKERS=${env.WORKERS} leaves each process ${share} connections of the server's max_connections=${row!.max}; lower WORKERS or raise max_connections`,
      )
    return Math.min(env.DB_POOL_MAX, share)
  } finally {
    await sql.end()
  }
}

export async function superviseWorkers(env: Env, poolMax: number, log: Logger): Promise<never> {
  const main = resolve(import.meta.dir, 'main.ts')
  const workers = new Map<number, Bun.Subprocess>()
  let stopping = false

  const start = (index: number) => {
    const proc = Bun.spawn(['bun', main], {
      env: { ...process.env, WORKER_INDEX: String(index), DB_POOL_MAX: String(poolMax) },
      stdin: 'ignore',
      stdout: 'inherit',
      stderr: 'inherit',
    })
    workers.set(index, proc)
    void proc.exited.then((code) => {
      if (stopping) return
      log.error('worker stopped; starting it again', { worker: index, pid: proc.pid, code })
      setTimeout(() => !stopping && start(index), 1_000)
    })
  }
  for (let i = 1; i <= env.WORKERS; i++) start(i)
  log.info('workers started', { workers: env.WORKERS, port: env.PORT, pool_per_worker: poolMax })

  const codes = await new Promise<number[]>((done) => {
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return
      stopping = true
      log.info('stopping workers', { signal })
      for (const proc of workers.values()) proc.kill(signal)
      void Promise.all([...workers.values()].map((p) => p.exited)).then(done)
    }
    process.on('SIGTERM', () => stop('SIGTERM'))
    process.on('SIGINT', () => stop('SIGINT'))
  })
  process.exit(codes.every((c) => c === 0) ? 0 : 1)
}
