// db/pipeline.ts: a transaction whose statements are pipelined (the chat's group commit). On a
// PostgreSQL server BEGIN travels with the first statements and COMMIT with the last; a failing
// statement must leave nothing behind, also when COMMIT was already sent after it. On PGlite the
// same contract holds through a plain Kysely transaction. Each runner is tested on both databases
// where it can run.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import postgres from 'postgres'
import type { DbHandle } from '../../db/client'
import { type TxRunner, kyselyTxRunner, postgresTxRunner } from '../../db/pipeline'
import { statement } from '../../db/typed-sql'
import { testDb } from '../helpers/db'

let handle: DbHandle & { url?: string }
let raw: postgres.Sql | null = null
const runners: [string, () => TxRunner][] = [['kysely', () => kyselyTxRunner(handle.db)]]
if (process.env.DATABASE_URL) runners.push(['postgres.js pipelined', () => postgresTxRunner(raw!, handle.db)])

beforeAll(async () => {
  handle = await testDb()
  if (handle.url) raw = postgres(handle.url, { max: 2, onnotice: () => {} })
  await sql`create table pipe_t (id int primary key, v text not null)`.execute(handle.db)
})
afterAll(async () => {
  await raw?.end()
  await handle.close()
})

const rows = async () =>
  (await sql<{ id: number; v: string }>`select id, v from pipe_t order by id`.execute(handle.db)).rows

describe.each(runners)('%s transaction runner', (_name, make) => {
  test('statements issued together answer in order; commit() makes them visible', async () => {
    await sql`delete from pipe_t`.execute(handle.db)
    const out = await make()(async ({ query, commit }) => {
      const [a, b] = await Promise.all([
        query(statement<{ id: number }>('insert into pipe_t (id, v) values ($1, $2) returning id'), [1, 'one']),
        query(statement<{ n: number }>('select count(*)::int as n from pipe_t')),
      ])
      const [ins] = await Promise.all([
        query(statement<{ id: number }>('insert into pipe_t (id, v) values ($1, $2) returning id'), [2, 'two']),
        commit(),
      ])
      return [a[0]!.id, b[0]!.n, ins[0]!.id]
    })
    expect(out).toEqual([1, 1, 2])
    expect(await rows()).toEqual([
      { id: 1, v: 'one' },
      { id: 2, v: 'two' },
    ])
  })

  test('a statement that fails with COMMIT already sent after it: the error is thrown and nothing is stored', async () => {
    await sql`delete from pipe_t`.execute(handle.db)
    const run = make()(async ({ query, commit }) => {
      await query('insert into pipe_t (id, v) values ($1, $2)', [10, 'kept?'])
      // A duplicate key, then COMMIT in the same flight.
      await Promise.all([query('insert into pipe_t (id, v) values ($1, $2)', [10, 'dup']), commit()])
    })
    await expect(run).rejects.toThrow(/duplicate key/)
    expect(await rows()).toEqual([])
  })

  test('an error thrown between statements rolls the transaction back, and the connection is usable again', async () => {
    await sql`delete from pipe_t`.execute(handle.db)
    const runner = make()
    const run = runner(async ({ query }) => {
      await query('insert into pipe_t (id, v) values ($1, $2)', [20, 'gone'])
      throw new Error('a rule refused')
    })
    await expect(run).rejects.toThrow('a rule refused')
    expect(await rows()).toEqual([])
    // Many runs after it on the same pool: no connection was left inside a transaction.
    for (let i = 0; i < 5; i++)
      await runner(({ query }) => query('insert into pipe_t (id, v) values ($1, $2)', [30 + i, 'ok']))
    expect((await rows()).map((r) => r.id)).toEqual([30, 31, 32, 33, 34])
  })
})
