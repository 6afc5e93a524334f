// Prometheus metrics of this process (prom-client), answered on GET /metrics to a bearer of METRICS_TOKEN.
// What is counted and why: docs/deploy.md#what-to-watch. Each process has its own registry; with several
// processes behind a proxy, Prometheus scrapes each one (or sums them by `instance`).
import client from 'prom-client'
import { dbEvents, postgresPoolStats } from '../../db/pool-stats'

export const registry = new client.Registry()

client.collectDefaultMetrics({ register: registry })

// Which process answered a scrape: with WORKERS, each worker has its own figures.
new client.Gauge({
  name: 'server_process_info',
  help: 'This server process: its pid and worker number (0 when it runs alone)',
  labelNames: ['pid', 'worker'] as const,
  registers: [registry],
}).set({ pid: String(process.pid), worker: process.env.WORKER_INDEX ?? '0' }, 1)

/** Requests by route template (never the raw path: ids would make a series each) and status. */
const httpRequests = new client.Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
})

const httpDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route template',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
})

/**
 * A metric's labelled child per label values, made once: prom-client checks and hashes the labels on
 * every call otherwise (~1.5 % of a rendered page's CPU). The values are few (methods × route
 * templates × statuses); past `max` a call goes through prom-client as before.
 */
function labelled<C>(make: (values: string[]) => C, max = 2000) {
  const made = new Map<string, C>()
  return (...values: string[]): C => {
    const key = values.join('\u0000')
    let child = made.get(key)
    if (child === undefined) {
      child = make(values)
      if (made.size < max) made.set(key, child)
    }
    return child
  }
}
const requestCount = labelled(([method, route, status]) => httpRequests.labels({ method, route, status }))
const requestTime = labelled(([method, route]) => httpDuration.labels({ method, route }))

/** One answered HTTP request: counted by method, route template and status, timed by method and route. */
export function countRequest(method: string, route: string, status: number, seconds: number) {
  requestCount(method, route, String(status)).inc()
  requestTime(method, route).observe(seconds)
}

const dbQueryDuration = new client.Histogram({
  name: 'db_query_duration_seconds',
  help: 'Time of one database statement, by outcome',
  labelNames: ['outcome'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
})
const queryOk = dbQueryDuration.labels({ outcome: 'ok' })
const queryFailed = dbQueryDuration.labels({ outcome: 'error' })
dbEvents.onQuery = (ms, ok) => (ok ? queryOk : queryFailed).observe(ms / 1000)

new client.Gauge({
  name: 'db_pool_connections',
  help: 'The PostgreSQL pool of this process: its size (max), connections held by open transactions (reserved), statements running on it (in_flight)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset()
    for (const stats of postgresPoolStats) {
      this.inc({ state: 'max' }, stats.max)
      this.inc({ state: 'reserved' }, stats.reserved)
      this.inc({ state: 'in_flight' }, stats.inFlight)
    }
  },
})

export const websocketConnections = new client.Gauge({
  name: 'websocket_connections',
  help: 'Open chat websockets in this process',
  registers: [registry],
})

export const chatMessagesDelivered = new client.Counter({
  name: 'chat_messages_delivered_total',
  help: 'Chat message frames sent to sockets of this process',
  registers: [registry],
})

export const paymentOutcomes = new client.Counter({
  name: 'payments_settled_total',
  help: 'Verified payment-provider events applied, by provider and outcome (order_paid, credited, failed, mismatch, duplicate…)',
  labelNames: ['provider', 'outcome'] as const,
  registers: [registry],
})

/** Read on each scrape: the job queues and the outbox live in the database, shared by every process. */
export interface ScrapeSources {
  /** pg-boss's jobs by queue and state (created, retry, active, failed…), when jobs run here. */
  jobCounts?: () => Promise<{ queue: string; state: string; count: number }[]>
  /** Messages stored but not yet sent (status stored or retrying). */
  outboxBacklog: () => Promise<number>
}

let sources: ScrapeSources | null = null

/** The app sets where the shared figures are read from (the last app made in this process wins). */
export function setScrapeSources(s: ScrapeSources) {
  sources = s
}

new client.Gauge({
  name: 'jobs',
  help: 'Durable jobs (pg-boss) by queue and state; a growing failed or created count needs attention',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset()
    for (const row of (await sources?.jobCounts?.().catch(() => [])) ?? [])
      this.set({ queue: row.queue, state: row.state }, row.count)
  },
})

new client.Gauge({
  name: 'outbox_backlog',
  help: 'E-mails and SMS stored but not yet handed to their transport',
  registers: [registry],
  async collect() {
    const backlog = await sources?.outboxBacklog().catch(() => null)
    if (backlog != null) this.set(backlog)
  },
})

/** The Prometheus text of this process. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  return { body: await registry.metrics(), contentType: registry.contentType }
}
