// createDb(): embedded PGlite when no DATABASE_URL is given, otherwise a PostgreSQL server through
// postgres.js. Both return the same Kysely<DB>; the suite runs on both (int8 and jsonb differ).
import { fsyncSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { NodeFS } from '@electric-sql/pglite/nodefs'
import { Kysely, PGliteDialect, type Transaction } from 'kysely'
import { PostgresJSDialect } from 'kysely-postgres-js'
import postgres from 'postgres'
import { PooledPostgresJSDialect } from './pooled-dialect'
import { type PoolStats, logQuery, postgresPoolStats } from './pool-stats'
import type { DB } from './types'

export type Db = Kysely<DB>

/** fn in a transaction: db itself when it already is one (Kysely has no nested transactions). */
export function inTransaction<T>(db: Db, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<DB>) : db.transaction().execute(fn)
}

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

/** The part of Emscripten's NODEFS the fsync hook below touches. */
interface NodeFsModule {
  NODEFS: {
    stream_ops: { fsync?: (stream: { nfd?: number }) => number }
    tryFSOperation<T>(f: () => T): T
  }
}

/**
 * PGlite's Node file system with a working fsync. Emscripten's NODEFS has no fsync: PostgreSQL's
 * fsync() (WASI fd_sync) returned success without reaching the disk, and fdatasync() is a no-op
 * whatever the file system. So fsync gets a hook that calls the real fsync(2) on the file's
 * descriptor (a failure comes back to PostgreSQL as EIO and it stops, as it must), and WAL is
 * flushed with fsync (wal_sync_method below) rather than the no-op fdatasync.
 */
/** fsync calls PGlite made through the hook below (all instances), for tests and figures. */
export const pgliteFsyncs = { count: 0 }

class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts)
    const hook = (mod: unknown) => {
      const nodefs = (mod as NodeFsModule).NODEFS
      nodefs.stream_ops.fsync = (stream) => {
        const fd = stream.nfd
        if (fd !== undefined) nodefs.tryFSOperation(() => fsyncSync(fd))
        pgliteFsyncs.count++
        return 0
      }
    }
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), hook] } }
  }
}

/** PGlite's default start parameters (PGlite.defaultStartParams) without -F, which turns fsync off. */
const DURABLE_START = [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync']

export interface PgliteOptions {
  /**
   * false: PostgreSQL's fsync off (-F), so a power loss can lose acknowledged writes or damage the
   * directory (DB_FSYNC=off; development and tests only). In memory there is nothing to sync.
   */
  fsync?: boolean
}

export async function openPglite(dataDir?: string, opts: PgliteOptions = {}): Promise<PGlite> {
  if (!dataDir) return PGlite.create({ extensions: { pg_trgm } })
  const durable = opts.fsync !== false
  return PGlite.create({
    dataDir,
    extensions: { pg_trgm },
    ...(durable ? { fs: new DurableNodeFS(dataDir), startParams: DURABLE_START } : {}),
  })
}

export async function createDb(opts: CreateDbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const sql = postgres(opts.databaseUrl, {
      max: opts.maxConnections ?? 16,
      onnotice: () => {},
      types: POSTGRES_TYPES,
    })
    const stats: PoolStats = { max: opts.maxConnections ?? 16, reserved: 0, inFlight: 0 }
    postgresPoolStats.add(stats)
    // Statements outside transactions on the pool itself (db/pooled-dialect.ts).
    const db = new Kysely<DB>({ dialect: new PooledPostgresJSDialect(sql, stats), log: logQuery })
    const close = () => {
      postgresPoolStats.delete(stats)
      return db.destroy()
    }
    return { db, kind: 'postgres', sql, databaseUrl: opts.databaseUrl, close }
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
    const db = new Kysely<DB>({ dialect: new PostgresJSDialect({ postgres: sql }), log: logQuery })
    return { db, kind: 'pglite', close: () => db.destroy() }
  }
  const pglite = opts.pglite ?? (await openPglite(opts.dataDir))
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }), log: logQuery })
  return { db, kind: 'pglite', pglite, close: () => db.destroy() }
}
