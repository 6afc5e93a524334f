// The baseline for the catalogue benchmark: a bare Bun.serve handler running the same SQL as
// GET /client/tutors (the page query, and the count query where the page does not carry the total)
// through postgres.js as prepared statements (as Kysely's postgres.js dialect runs them), with no
// framework around it. Like any handler deployed to the web it compresses its answer when the client
// asks (the same gzip as the app's, server/http/compress.ts), so the ratio compares like with like.
import postgres from 'postgres'
import { compressResponse } from '../server/http/compress'

const url = process.env.DATABASE_URL!
const port = Number(process.env.PORT)
type Compiled = { sql: string; parameters: unknown[] }
const queries = JSON.parse(process.env.BENCH_SQL!) as { page: Compiled; count: Compiled; totalInPage: boolean }
const sql = postgres(url, { max: Number(process.env.BENCH_POOL_MAX ?? 16), onnotice: () => {} })

Bun.serve({
  port,
  // BENCH_REUSE_PORT: one of several processes on the port (the kernel spreads the connections).
  reusePort: process.env.BENCH_REUSE_PORT === '1',
  async fetch(req) {
    const [rows, count] = await Promise.all([
      sql.unsafe(queries.page.sql, queries.page.parameters as never[], { prepare: true }),
      queries.totalInPage
        ? null
        : sql.unsafe(queries.count.sql, queries.count.parameters as never[], { prepare: true }),
    ])
    const total = queries.totalInPage ? rows[0]?.total : count?.[0]?.n
    return compressResponse(
      req,
      new Response(JSON.stringify({ status: 'success', data: { items: rows, total } }), {
        headers: { 'content-type': 'application/json' },
      }),
    )
  },
})
console.log('ready')
