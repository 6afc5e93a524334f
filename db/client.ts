// createDb(): embedded PGlite when no DATABASE_URL is given, otherwise a PostgreSQL server through
// postgres.js. Both return the same Kysely<DB>; the suite runs on both (int8 and jsonb differ).
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { Kysely, PGliteDialect } from 'kysely'
import { PostgresJSDialect } from 'kysely-postgres-js'
import postgres from 'postgres'
import { PooledPostgresJSDialect } from './pooled-dialect'
import type { DB } from './types'

export type Db = Kysely<DB>

export interface DbHandle {
  db: Db
  kind: 'pglite' | 'postgres'
  /** The postgres.js client (server mode only), for LISTEN/NOTIFY. */
  sql?: postgres.Sql
  /** The server's URL (server mode only): pg-boss (server/jobs) opens its own small pool there. */
  databaseUrl?: string
  /** The PGlite instance (embedded mode only). */
  pglite?: PGlite
  close(): Promise<void>
}

export interface CreateDbOptions {
  databaseUrl?: string
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string
  /** An already open PGlite (tests clone a migrated template). */
  pglite?: PGlite
  /**
   * The embedded database of a running server, over its PGlite socket (DATA_DIR/server.json, see
   * server/embedded-db.ts): a unix socket path or a loopback port. One connection, no named
   * prepared statements (they would outlive the script in the server's single session).
   */
  socket?: { path: string } | { host: string; port: number }
  maxConnections?: number
}

// int8 (counts, sums) as numbers, as PGlite returns them; our values stay far below 2^53.
const POSTGRES_TYPES = {
  bigint: { to: 20, from: [20], serialize: (v: number) => String(v), parse: (v: string) => Number(v) },
}

export async function openPglite(dataDir?: string): Promise<PGlite> {
  return PGlite.create(dataDir ? { dataDir, extensions: { pg_trgm } } : { extensions: { pg_trgm } })
}

export async function createDb(opts: CreateDbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const sql = postgres(opts.databaseUrl, {
      max: opts.maxConnections ?? 16,
      onnotice: () => {},
      types: POSTGRES_TYPES,
    })
    // Statements outside transactions on the pool itself (db/pooled-dialect.ts).
    const db = new Kysely<DB>({ dialect: new PooledPostgresJSDialect(sql) })
    return { db, kind: 'postgres', sql, databaseUrl: opts.databaseUrl, close: () => db.destroy() }
  }
  if (opts.socket) {
    const where =
      'path' in opts.socket ? { path: opts.socket.path } : { host: opts.socket.host, port: opts.socket.port }
    const sql = postgres({
      ...where,
      username: 'postgres',
      database: 'postgres',
      max: 1,
      prepare: false,
      onnotice: () => {},
      types: POSTGRES_TYPES,
    })
    const db = new Kysely<DB>({ dialect: new PostgresJSDialect({ postgres: sql }) })
    return { db, kind: 'pglite', close: () => db.destroy() }
  }
  const pglite = opts.pglite ?? (await openPglite(opts.dataDir))
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) })
  return { db, kind: 'pglite', pglite, close: () => db.destroy() }
}
