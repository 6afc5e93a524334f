// The PostgreSQL server's Kysely dialect (db/pooled-dialect.ts): statements outside a transaction run
// on postgres.js's pool, a transaction keeps one session from begin to commit or rollback. Runs on the
// server only (with DATABASE_URL); on PGlite there is one session and nothing to show.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { sql } from 'kysely'
import type { DbHandle } from '../../db/client'
import { testDb } from '../helpers/db'

const onServer = !!process.env.DATABASE_URL
let handle: DbHandle

beforeAll(async () => {
  handle = await testDb()
  if (onServer) await sql`create table dialect_probe (id int primary key, note text)`.execute(handle.db)
})
afterAll(async () => {
  await handle.close()
})

const pid = async (db: DbHandle['db']) =>
  (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid

test.skipIf(!onServer)(
  'each transaction keeps one session while one-statement reads run beside it on the pool',
  async () => {
    const reads = Array.from({ length: 40 }, () => pid(handle.db))
    // Every transaction waits, inside, until all six have begun: they are open at the same time.
    let begun = 0
    const allBegun = Promise.withResolvers<void>()
    const transactions = Array.from({ length: 6 }, (_, i) =>
      handle.db.transaction().execute(async (trx) => {
        const first = await pid(trx)
        await sql`select set_config('probe.n', ${String(i)}, true)`.execute(trx)
        if (++begun === 6) allBegun.resolve()
        await allBegun.promise
        const setting = (await sql<{ n: string }>`select current_setting('probe.n') as n`.execute(trx)).rows[0]!.n
        return { first, last: await pid(trx), setting, i }
      }),
    )
    const [done] = await Promise.all([Promise.all(transactions), Promise.all(reads)])
    for (const t of done) {
      expect(t.last).toBe(t.first)
      expect(t.setting).toBe(String(t.i))
    }
    // Six transactions open at once held six different sessions.
    expect(new Set(done.map((t) => t.first)).size).toBe(6)
  },
)

test.skipIf(!onServer)(
  'a rolled-back transaction leaves nothing, a committed one stays, and changes are counted',
  async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('dialect_probe' as never)
          .values({ id: 1, note: 'lost' } as never)
          .execute()
        throw new Error('stop')
      }),
    ).rejects.toThrow('stop')
    await handle.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('dialect_probe' as never)
        .values([
          { id: 2, note: 'kept' },
          { id: 3, note: 'kept' },
        ] as never)
        .execute()
    })
    const rows = await sql<{ id: number }>`select id from dialect_probe order by id`.execute(handle.db)
    expect(rows.rows).toEqual([{ id: 2 }, { id: 3 }])
    expect(Array.isArray(rows.rows)).toBe(true)
    const updated = await sql`update dialect_probe set note = 'seen'`.execute(handle.db)
    expect(updated.numAffectedRows).toBe(2n)
    // Many transactions in a row on a small pool: every reserved connection went back.
    for (let i = 0; i < 30; i++) await handle.db.transaction().execute(async (trx) => pid(trx))
  },
)

test.skipIf(!onServer)('savepoints roll back inside a transaction that goes on', async () => {
  const trx = await handle.db.startTransaction().execute()
  await sql`insert into dialect_probe values (10, 'before')`.execute(trx)
  const sp = await trx.savepoint('probe').execute()
  await sql`insert into dialect_probe values (11, 'undone')`.execute(sp)
  await sp.rollbackToSavepoint('probe').execute()
  await trx.commit().execute()
  const ids = (
    await sql<{ id: number }>`select id from dialect_probe where id >= 10 order by id`.execute(handle.db)
  ).rows.map((r) => r.id)
  expect(ids).toEqual([10])
})
