// bun run bench:writes — write throughput of the embedded database on disk: single-row INSERT
// transactions one after another (each one a commit the caller waits for), with fsync on (the
// default) and with DB_FSYNC=off. Prints writes per second for both. BENCH_WRITES sets the count.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openPglite } from '../db/client'

const N = Number(process.env.BENCH_WRITES ?? 500)

async function run(fsync: boolean): Promise<number> {
  const dir = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'bench-writes-'))
  try {
    const pg = await openPglite(dir, { fsync })
    await pg.exec('create table w (id bigserial primary key, amount int not null, note text)')
    const started = performance.now()
    for (let i = 0; i < N; i++) await pg.query('insert into w (amount, note) values ($1, $2)', [i, `write ${i}`])
    const seconds = (performance.now() - started) / 1000
    await pg.close()
    return N / seconds
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const on = await run(true)
const off = await run(false)
console.log(`PGlite on disk, ${N} single-row write transactions:`)
console.log(`  fsync on  (default)       ${Math.round(on)} writes/s`)
console.log(`  fsync off (DB_FSYNC=off)  ${Math.round(off)} writes/s`)
