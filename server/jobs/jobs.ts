// Durable background jobs on the app's own database, with pg-boss (docs/decisions.md#background-jobs).
//
// Where pg-boss keeps its tables: schema `pgboss` of the same database, installed and migrated by
// pg-boss at start (not by db/migrations: pg-boss owns its DDL and its upgrades).
//
// How it reaches the database:
// - PostgreSQL server (DATABASE_URL): pg-boss's own small `pg` pool on the same URL (JOBS_POOL_MAX,
//   default 4), with LISTEN/NOTIFY so a worker wakes as soon as a job is sent.
// - Embedded PGlite (no DATABASE_URL): the server process owns the only PGlite backend
//   (server/embedded-db.ts), so pg-boss runs in that process on the same instance through its
//   `fromPglite` adapter, with `backend: 'pglite'`. Every adapter call is one pglite.query()/exec(),
//   which takes PGlite's transaction mutex — the one Kysely's PGlite transactions and the socket
//   sessions of scripts hold (server/embedded-db.ts "Turn-taking") — so jobs' statements never run
//   inside someone else's transaction. Scripts on the socket do not start pg-boss (they have no jobs
//   to run); only the server process does. Because of that mutex pg-boss is never called from inside
//   an open Kysely transaction (it would wait for the transaction that waits for it): outbox rows are
//   committed first and their job sent right after (server/jobs/outbox.ts).
import { PgBoss, fromPglite } from 'pg-boss'
import type { DbHandle } from '../../db/client'
import type { Logger } from '../log'
import { errorFields } from '../log'

export const QUEUES = {
  /** One job per outbox row to deliver: data {outboxId}. */
  outbox: 'outbox-delivery',
  /** The minute sweeps: at most one job per period across every server process. */
  sweep: 'minute-sweep',
} as const
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]

/**
 * Delivery retries: backoff from 2 s (2–4 s, 4–8 s, 8–16 s, …) capped at 60 s, so the first hour
 * holds ~60 tries none more than a minute apart; 150 tries (≈2.5 h) then the job is failed and shown
 * in the panel (system jobs), where staff can retry it.
 */
export const OUTBOX_QUEUE = {
  retryLimit: 150,
  retryDelay: 2,
  retryBackoff: true,
  retryDelayMax: 60,
  expireInSeconds: 120,
  deleteAfterSeconds: 7 * 86_400,
}
/** A sweep that fails is not retried: the next period's sweep continues from the same mark. */
export const SWEEP_QUEUE = { retryLimit: 0, expireInSeconds: 300, deleteAfterSeconds: 86_400 }

export interface Jobs {
  readonly boss: PgBoss
  readonly schema: string
  /** Runs before pg-boss stops (a ticker's clearInterval). */
  onStop(fn: () => void): void
  stop(): Promise<void>
}

export interface StartJobsOptions {
  /** The logger is read on every event (tests swap services.log after boot). */
  log: () => Logger
  poolMax?: number
  schema?: string
}

export async function startJobs(handle: DbHandle, opts: StartJobsOptions): Promise<Jobs> {
  const schema = opts.schema ?? 'pgboss'
  const common = {
    schema,
    // Maintenance (expiring, retention) every minute; our queues are small.
    superviseIntervalSeconds: 60,
    maintenanceIntervalSeconds: 60,
    monitorIntervalSeconds: 60,
    // The cron scheduler is not used (sweeps are throttled sends, server/jobs/sweeps.ts).
    schedule: false,
    openTelemetry: { enabled: false },
  }
  let boss: PgBoss
  if (handle.kind === 'postgres') {
    if (!handle.databaseUrl) throw new Error('jobs: the PostgreSQL handle has no databaseUrl')
    boss = new PgBoss({
      ...common,
      connectionString: handle.databaseUrl,
      max: opts.poolMax ?? 4,
      application_name: 'jobs',
      useListenNotify: true,
    })
  } else {
    if (!handle.pglite)
      throw new Error('jobs: the embedded database is reached over the socket here; only the server process runs jobs')
    boss = new PgBoss({ ...common, db: fromPglite(handle.pglite), backend: 'pglite', useListenNotify: true })
  }
  boss.on('error', (err) => opts.log().error('jobs error', errorFields(err)))
  await boss.start()
  await ensureQueue(boss, QUEUES.outbox, { ...OUTBOX_QUEUE, notify: true })
  await ensureQueue(boss, QUEUES.sweep, { ...SWEEP_QUEUE, notify: true })
  let stopped: Promise<void> | null = null
  const stops: (() => void)[] = []
  return {
    boss,
    schema,
    onStop: (fn) => void stops.push(fn),
    stop() {
      for (const fn of stops.splice(0)) fn()
      // Jobs in hand get a few seconds; one cut off is retried by the next process (expireInSeconds).
      stopped ??= boss.stop({ graceful: true, timeout: 5_000 }).catch(() => {})
      return stopped
    },
  }
}

async function ensureQueue(boss: PgBoss, name: string, options: Parameters<PgBoss['createQueue']>[1] & object) {
  // createQueue is a no-op for an existing queue; updateQueue brings its retry settings up to date.
  await boss.createQueue(name, options)
  const { notify: _notify, ...rest } = options as Record<string, unknown>
  await boss.updateQueue(name, rest as Parameters<PgBoss['updateQueue']>[1])
}

// ---- the panel's view ("a panel view of failed jobs with retry") ----------

export interface FailedJob {
  id: string
  queue: string
  data: unknown
  error: string
  retry_count: number
  created_at: string
  failed_at: string | null
}

/** Failed jobs of our queues, newest first (read from pg-boss's job table: findJobs pages oldest first). */
export async function failedJobs(jobs: Jobs, limit = 200): Promise<FailedJob[]> {
  const { rows } = await jobs.boss.getDb().executeSql(
    `select id::text as id, name, data, output, retry_count, created_on, completed_on from ${jobs.schema}.job
     where name in ($1, $2) and state = 'failed' order by completed_on desc nulls last, created_on desc limit $3`,
    [QUEUES.outbox, QUEUES.sweep, Math.max(1, Math.min(1000, limit))],
  )
  return rows.map((j: Record<string, unknown>) => ({
    id: String(j.id),
    queue: String(j.name),
    data: j.data ?? null,
    error: errorText(j.output),
    retry_count: Number(j.retry_count),
    created_at: new Date(j.created_on as string).toISOString(),
    failed_at: j.completed_on ? new Date(j.completed_on as string).toISOString() : null,
  }))
}

/** Our queues' jobs by state (created, retry, active, completed, failed…), for the metrics. */
export async function jobCounts(jobs: Jobs): Promise<{ queue: string; state: string; count: number }[]> {
  const { rows } = await jobs.boss
    .getDb()
    .executeSql(
      `select name, state, count(*)::int as count from ${jobs.schema}.job where name in ($1, $2) group by name, state`,
      [QUEUES.outbox, QUEUES.sweep],
    )
  return rows.map((r: Record<string, unknown>) => ({
    queue: String(r.name),
    state: String(r.state),
    count: Number(r.count),
  }))
}

function errorText(output: unknown): string {
  if (!output || typeof output !== 'object') return output == null ? '' : String(output)
  const o = output as Record<string, unknown>
  return String(o.message ?? o.error ?? JSON.stringify(o)).slice(0, 500)
}

/** Puts a failed job back in its queue (pg-boss retry: state retry, run again at once). */
export async function retryJob(jobs: Jobs, id: string): Promise<boolean> {
  for (const queue of Object.values(QUEUES)) {
    const job = await jobs.boss.getJobById(queue, id)
    if (!job) continue
    if (job.state !== 'failed') return false
    await jobs.boss.retry(queue, id)
    return (await jobs.boss.getJobById(queue, id))?.state !== 'failed'
  }
  return false
}
