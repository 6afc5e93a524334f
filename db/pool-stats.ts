// What the database layer tells the process's metrics (server/observability/metrics.ts), without
// depending on them: a statement's duration, and the PostgreSQL pools' use.
import type { LogEvent } from 'kysely'

export const dbEvents: { onQuery: ((ms: number, ok: boolean) => void) | null } = { onQuery: null }

/** Kysely's `log` option: each statement's time goes to dbEvents.onQuery when something listens. */
export function logQuery(event: LogEvent) {
  dbEvents.onQuery?.(event.queryDurationMillis, event.level === 'query')
}

export interface PoolStats {
  /** The pool's size (postgres.js `max`). */
  max: number
  /** Connections held by open transactions. */
  reserved: number
  /** Statements running on the pool itself, outside transactions. */
  inFlight: number
}

/** Every PostgreSQL pool of this process that is open (removed when closed). */
export const postgresPoolStats = new Set<PoolStats>()
