// One transaction whose statements go out without waiting for each other's answers. On a PostgreSQL
// server every round trip costs a wake-up of the database and of this process, which on a loaded
// machine is milliseconds: a transaction of five statements awaited one by one (BEGIN, …, COMMIT)
// spends most of its time waiting. Here BEGIN travels with the first statements, and COMMIT with the
// last (`commit()`), all on one reserved postgres.js connection, which sends a statement as soon as it
// is issued and answers them in order. If a statement fails, PostgreSQL ignores the rest of the
// transaction and answers the pipelined COMMIT with a rollback; the failed statement's error is what
// the caller sees. On PGlite (in process, no round trips) it is a plain Kysely transaction.
// A postgres.js query is lazy (sent when first awaited): each is `execute()`d when issued, so the
// statements go out in the order they were issued, whatever order they are awaited in.
import { CompiledQuery, type Kysely, type Transaction } from 'kysely'
import type postgres from 'postgres'
import type { Db } from './client'
import type { DB } from './types'
import type { Statement } from './typed-sql'

export interface PipelinedTx {
  /**
   * Sends the statement now (`$1`… parameters); its rows arrive once the statements before it are answered.
   * Rows are typed by a Statement (db/typed-sql.ts); a plain text's rows are not for reading.
   */
  query<R>(statement: Statement<R>, params?: readonly unknown[]): Promise<R[]>
  query(text: string, params?: readonly unknown[]): Promise<unknown[]>
  /** Sends COMMIT now, after the statements issued so far; nothing may be issued after it. */
  commit(): Promise<void>
  /**
   * For the rare query a rule needs (server/domain/chat/parties.ts): inside the transaction on PGlite,
   * the pool on a server (a plain read, which sees what the transaction's statements would see).
   */
  executor: Kysely<DB> | Transaction<DB>
}

const textOf = (s: string | Statement<unknown>) => (typeof s === 'string' ? s : s.text)

export type TxRunner = <T>(fn: (tx: PipelinedTx) => Promise<T>) => Promise<T>

export function kyselyTxRunner(db: Db): TxRunner {
  return (fn) =>
    db.transaction().execute((trx) =>
      fn({
        query: (s: string | Statement<unknown>, params: readonly unknown[] = []) =>
          trx.executeQuery(CompiledQuery.raw(textOf(s), [...params])).then((r) => r.rows),
        // Kysely commits when fn returns.
        commit: async () => {},
        executor: trx,
      }),
    )
}

export function postgresTxRunner(sql: postgres.Sql, db: Db): TxRunner {
  return async (fn) => {
    const c = await sql.reserve()
    let committed: Promise<unknown> | null = null
    try {
      // Its answer (or failure) comes before the first statement's: that statement's promise reports it.
      c.unsafe('begin')
        .execute()
        .catch(() => {})
      const out = await fn({
        // Prepared (named, per connection): after a statement's first use on a connection it is sent without
        // waiting for a describe, so the statements really travel together.
        query: (s: string | Statement<unknown>, params: readonly unknown[] = []) =>
          c
            .unsafe(textOf(s), params as postgres.ParameterOrJSON<never>[], { prepare: true })
            .execute() as unknown as Promise<unknown[]>,
        commit: async () => {
          committed ??= c.unsafe('commit').execute()
          await committed
        },
        executor: db,
      })
      committed ??= c.unsafe('commit').execute()
      await committed
      return out
    } catch (err) {
      // After a failed statement the pipelined COMMIT already ended the transaction; otherwise end it here.
      await c.unsafe('rollback').catch(() => {})
      throw err
    } finally {
      c.release()
    }
  }
}
