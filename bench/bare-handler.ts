// The baseline for the catalogue benchmark: a bare Bun.serve handler running the same SQL as
// GET /client/tutors (page query + count) through postgres.js, with no framework around it.
import postgres from 'postgres'

const url = process.env.DATABASE_URL!
const port = Number(process.env.PORT)
const queries = JSON.parse(process.env.BENCH_SQL!) as { page: { sql: string; parameters: unknown[] }; count: { sql: string; parameters: unknown[] } }
const sql = postgres(url, { max: 16, onnotice: () => {} })

Bun.serve({
  port,
  async fetch() {
    const [rows, count] = await Promise.all([
      sql.unsafe(queries.page.sql, queries.page.parameters as never[]),
      sql.unsafe(queries.count.sql, queries.count.parameters as never[]),
    ])
    return new Response(JSON.stringify({ status: 'success', data: { items: rows, total: count[0]?.n } }), { headers: { 'content-type': 'application/json' } })
  },
})
console.log('ready')
