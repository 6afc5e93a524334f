// What the benchmarks (scripts/bench.ts, scripts/bench-chat.ts) both need: their own PostgreSQL
// database, created when missing, and free ports for the server processes they start.
import postgres from 'postgres'

/** Creates the database `url` names, on its server, unless it exists. */
export async function ensureDatabase(url: string) {
  const u = new URL(url)
  const name = u.pathname.slice(1)
  u.pathname = '/postgres'
  const admin = postgres(u.toString(), { max: 1, onnotice: () => {} })
  const exists = await admin`select 1 from pg_database where datname = ${name}`
  if (exists.length === 0) await admin.unsafe(`create database ${name}`)
  await admin.end()
}

/** A port nothing listens on now (taken by a throwaway server, then released). */
export async function freePort() {
  const s = Bun.serve({ port: 0, fetch: () => new Response() })
  const p = s.port!
  s.stop(true)
  return p
}
