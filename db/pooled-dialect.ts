// The Kysely dialect for a PostgreSQL server: kysely-postgres-js, except that a statement outside a
// transaction runs on postgres.js's pool itself instead of on a connection reserved for it.
//
// kysely-postgres-js reserves a pool connection (postgres.js `reserve()`) for every statement: a
// one-statement read pays for the reservation and its release (15–90 µs of CPU a statement here, the
// more under load) and waits for a whole connection of its own, where the pool would pipeline it. A
// transaction still gets one reserved connection, taken at its `begin` and given back after its
// commit or rollback.
// Not for `db.connection()` (nothing here uses it): its statements would not share one session.
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult, TransactionSettings } from 'kysely'
import { PostgresJSDialect } from 'kysely-postgres-js'
import type postgres from 'postgres'
import type { PoolStats } from './pool-stats'

export class PooledPostgresJSDialect extends PostgresJSDialect {
  readonly #sql: postgres.Sql
  readonly #stats: PoolStats

  /** `stats` is kept up to date for the process's metrics (db/pool-stats.ts). */
  constructor(sql: postgres.Sql, stats: PoolStats) {
    super({ postgres: sql })
    this.#sql = sql
    this.#stats = stats
  }

  override createDriver(): Driver {
    return new PooledDriver(this.#sql, super.createDriver(), this.#stats)
  }
}

class PooledDriver implements Driver {
  constructor(
    private readonly sql: postgres.Sql,
    /** kysely-postgres-js's driver: reserved connections and the transaction statements. */
    private readonly reserving: Driver,
    private readonly stats: PoolStats,
  ) {}

  init() {
    return this.reserving.init()
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PoolOrReserved(this.sql, this.reserving, this.stats)
  }

  // The transaction statements go to the reserved connection, as kysely-postgres-js's own connection.
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.reserving.beginTransaction(await (connection as PoolOrReserved).reserve(), settings)
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.reserving.commitTransaction(reservedOf(connection))
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.reserving.rollbackTransaction(reservedOf(connection))
  }

  savepoint(connection: DatabaseConnection, ...rest: SavepointArgs) {
    return this.reserving.savepoint!(reservedOf(connection), ...rest)
  }

  rollbackToSavepoint(connection: DatabaseConnection, ...rest: SavepointArgs) {
    return this.reserving.rollbackToSavepoint!(reservedOf(connection), ...rest)
  }

  releaseSavepoint(connection: DatabaseConnection, ...rest: SavepointArgs) {
    return this.reserving.releaseSavepoint!(reservedOf(connection), ...rest)
  }

  async releaseConnection(connection: DatabaseConnection) {
    await (connection as PoolOrReserved).release()
  }

  destroy() {
    return this.reserving.destroy()
  }
}

type SavepointArgs = Parameters<NonNullable<Driver['savepoint']>> extends [DatabaseConnection, ...infer R] ? R : never
const reservedOf = (connection: DatabaseConnection) => (connection as PoolOrReserved).reserved

/** Runs statements on the pool until a transaction begins on it; from then on, on its reserved connection. */
class PoolOrReserved implements DatabaseConnection {
  #reserved: DatabaseConnection | null = null

  constructor(
    private readonly sql: postgres.Sql,
    private readonly reserving: Driver,
    private readonly stats: PoolStats,
  ) {}

  async reserve(): Promise<DatabaseConnection> {
    if (!this.#reserved) {
      this.#reserved = await this.reserving.acquireConnection()
      this.stats.reserved++
    }
    return this.#reserved
  }

  get reserved(): DatabaseConnection {
    if (!this.#reserved) throw new Error('no transaction was begun on this connection')
    return this.#reserved
  }

  async release() {
    const reserved = this.#reserved
    this.#reserved = null
    if (reserved) {
      this.stats.reserved--
      await this.reserving.releaseConnection(reserved)
    }
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#reserved) return this.#reserved.executeQuery<R>(query)
    // As kysely-postgres-js runs it: a named prepared statement, the extended protocol.
    this.stats.inFlight++
    const result = await this.sql
      .unsafe(query.sql, query.parameters as never[], { prepare: true })
      .finally(() => this.stats.inFlight--)
    const { command, count } = result
    const changed = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE'
    return { numAffectedRows: changed ? BigInt(count) : undefined, rows: Array.from(result) as R[] }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.#reserved) {
      yield* this.#reserved.streamQuery<R>(query, chunkSize)
      return
    }
    for await (const rows of this.sql.unsafe(query.sql, query.parameters as never[]).cursor(chunkSize))
      yield { rows: rows as R[] }
  }
}
