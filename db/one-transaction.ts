// A long unit of work (the demo seed) in one transaction, made of code that opens transactions of
// its own (createOrder, createStaff, …). Kysely has no nested transactions, so the work gets a
// Kysely bound to the outer transaction's connection whose transactions are savepoints of it.
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely'
import type { Db } from './client'
import type { DB } from './types'

/** fn's database writes are kept all or none: fn(db) runs inside one transaction of `db`. */
export function inOneTransaction<T>(db: Db, fn: (db: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) =>
    trx.getExecutor().provideConnection((connection) =>
      fn(
        new Kysely<DB>({
          dialect: {
            createAdapter: () => new PostgresAdapter(),
            createDriver: () => new SavepointDriver(connection),
            createIntrospector: (k) => new PostgresIntrospector(k),
            createQueryCompiler: () => new PostgresQueryCompiler(),
          },
        }),
      ),
    ),
  )
}

/** One connection, already in a transaction; begin/commit/rollback become savepoint commands. */
class SavepointDriver implements Driver {
  private depth = 0

  constructor(private readonly connection: DatabaseConnection) {}

  async init() {}
  async acquireConnection() {
    return this.connection
  }
  async releaseConnection() {}
  async destroy() {}

  async beginTransaction(c: DatabaseConnection) {
    this.depth++
    await c.executeQuery(CompiledQuery.raw(`savepoint nested_${this.depth}`))
  }
  async commitTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw(`release savepoint nested_${this.depth}`))
    this.depth--
  }
  async rollbackTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw(`rollback to savepoint nested_${this.depth}`))
    await c.executeQuery(CompiledQuery.raw(`release savepoint nested_${this.depth}`))
    this.depth--
  }
}
