// bun run bench:scale (part of `bun run bench`) — does the catalogue's cost grow with its size?
//   GET /client/tutors for the busiest subject + city with the catalogue page cache off (the query
//   every time) on a 100,000-tutor database and on a 1,000,000-tutor one, two server processes
//   measured in the same rounds; and page 50 of that slot against page 1 on the 1M database.
//   Targets: 1M req/s ≥ 0.8 × 100k req/s; page 50 costs ≤ 2 × page 1 (req/s and p50).
//   Writes the `catalogue` key of bench/results-scale.json, with EXPLAIN (analyze, buffers) of
//   page 1 and page 50 on both databases. Seeds each database once (the 1M one takes minutes).
// Needs a PostgreSQL server: BENCH_SCALE_SMALL_URL (default …/bench_catalogue_scale_100k) and
// BENCH_SCALE_URL (default …/bench_catalogue_1m); bench.ts's own bench_catalogue is left alone.
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { sql } from 'kysely'
import {
  type Tally,
  freePort,
  load,
  mergeResults,
  newTally,
  seedCatalogueDatabase,
  startBenchServer,
  summary,
  waitReady,
} from './bench-parts'
import { createDb } from '../db/client'
import { aliasIndex } from '../server/domain/catalogue/aliases'
import { catalogueQueries, resolveFilters } from '../server/domain/catalogue/search'

const root = resolve(import.meta.dir, '..')
const server = 'postgres://postgres@127.0.0.1:5432'
const DATABASES = {
  '100k': { url: process.env.BENCH_SCALE_SMALL_URL ?? `${server}/bench_catalogue_scale_100k`, tutors: 100_000 },
  '1m': { url: process.env.BENCH_SCALE_URL ?? `${server}/bench_catalogue_1m`, tutors: 1_000_000 },
} as const
const CONCURRENCY = 16
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5))
const DEEP_PAGE = 50
const load_at_start = loadavg()

// 1. Both databases, seeded once; the busiest slot and the plans of its page 1 and page 50.
const slots: Record<string, { lesson: string; city: string; rows: number; listing_rows: number; plans: unknown }> = {}
for (const [name, d] of Object.entries(DATABASES)) {
  const t0 = performance.now()
  await seedCatalogueDatabase(d.url, d.tutors)
  const seconds = Math.round((performance.now() - t0) / 100) / 10
  if (seconds > 5) console.log(`${name}: seeded or checked in ${seconds} s`)
  const handle = await createDb({ databaseUrl: d.url, maxConnections: 2 })
  const busiest = await handle.db
    .selectFrom('catalogue_listings')
    .select(['lesson_id', 'city_id', sql<number>`count(*)::int`.as('n')])
    .where('city_id', '>', 0)
    .groupBy(['lesson_id', 'city_id'])
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  const index = await aliasIndex(handle.db, 'ua')
  const lesson = index.byId.lessons.get(busiest.lesson_id)!.alias
  const city = index.byId.cities.get(busiest.city_id)!.alias
  const filters = resolveFilters(index, { lesson, city })
  // Parameters inlined for EXPLAIN only (numbers from our own reference data); run twice, the second kept (warm).
  const explain = async (page: number) => {
    const q = catalogueQueries(handle.db, filters, { sort: 'rank', page }).page.compile()
    const text = q.sql.replace(/\$(\d+)/g, (_, i) => JSON.stringify(q.parameters[Number(i) - 1]))
    const run = () => sql<{ 'QUERY PLAN': string }>`${sql.raw(`explain (analyze, buffers) ${text}`)}`.execute(handle.db)
    await run()
    return (await run()).rows.map((r) => r['QUERY PLAN'])
  }
  const total = await handle.db
    .selectFrom('catalogue_listings')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow()
  slots[name] = {
    lesson,
    city,
    rows: busiest.n,
    listing_rows: total.n,
    plans: { page_1: await explain(1), [`page_${DEEP_PAGE}`]: await explain(DEEP_PAGE) },
  }
  await handle.close()
}

// 2. One server process per database, the catalogue page cache off: the query runs on every request.
const servers = {
  '100k': await startBenchServer(root, DATABASES['100k'].url, await freePort(), { CATALOGUE_PAGE_CACHE: 'off' }),
  '1m': await startBenchServer(root, DATABASES['1m'].url, await freePort(), { CATALOGUE_PAGE_CACHE: 'off' }),
}
for (const s of Object.values(servers)) await waitReady(`http://127.0.0.1:${s.port}/readyz`)
const stopAll = async () => {
  for (const s of Object.values(servers)) s.proc.kill('SIGTERM')
  await Promise.all(Object.values(servers).map((s) => s.proc.exited))
}

// A session cookie that is no session passes the micro-cache of anonymous answers (as bench.ts does).
const headers = { cookie: 'sid=bench-not-a-session' }
const api = (db: keyof typeof servers, page: number) =>
  `http://127.0.0.1:${servers[db].port}/client/tutors?lesson=${slots[db]!.lesson}&city=${slots[db]!.city}${page > 1 ? `&page=${page}` : ''}`
const targets: Record<string, string> = {
  api_100k_page_1: api('100k', 1),
  api_1m_page_1: api('1m', 1),
  [`api_1m_page_${DEEP_PAGE}`]: api('1m', DEEP_PAGE),
  [`api_100k_page_${DEEP_PAGE}`]: api('100k', DEEP_PAGE),
}

// Every target must answer a full page of the slot before it is measured (a figure of errors means nothing).
for (const [name, target] of Object.entries(targets)) {
  const res = await fetch(target, { headers })
  const body = (await res.json().catch(() => null)) as { data?: { items?: unknown[]; page?: number } } | null
  const items = body?.data?.items?.length ?? 0
  if (res.status !== 200 || items === 0) {
    console.error(`${name} answers ${res.status} with ${items} tutors`)
    await stopAll()
    process.exit(1)
  }
}
for (const target of Object.values(targets))
  await load(newTally(), target, { seconds: 2, concurrency: CONCURRENCY, headers })
const tallies: Record<string, Tally> = Object.fromEntries(Object.keys(targets).map((name) => [name, newTally()]))
for (let round = 0; round < ROUNDS; round++)
  for (const [name, target] of Object.entries(targets))
    await load(tallies[name]!, target, { seconds: SECONDS / ROUNDS, concurrency: CONCURRENCY, headers })
await stopAll()
const results = Object.fromEntries(Object.entries(tallies).map(([name, t]) => [name, summary(t)]))
const failed = Object.entries(results).filter(([, t]) => t.errors > 0)
if (failed.length > 0) {
  console.error(`error answers (${failed.map(([n, t]) => `${n}: ${t.errors}`).join(', ')}): nothing written`)
  process.exit(1)
}

const r = (name: string) => results[name]!
const round2 = (x: number) => Math.round(x * 100) / 100
const deep = `api_1m_page_${DEEP_PAGE}`
const ratios = {
  // 1M against 100k, page 1, req/s (target ≥ 0.8).
  rps_1m_vs_100k: round2(r('api_1m_page_1').rps / r('api_100k_page_1').rps),
  // What page 50 costs against page 1 on 1M: req/s of page 1 ÷ req/s of page 50, and p50 of page 50 ÷ p50 of page 1 (≤ 2).
  page_50_cost_vs_page_1_rps: round2(r('api_1m_page_1').rps / r(deep).rps),
  page_50_cost_vs_page_1_p50: round2(r(deep).p50_ms / r('api_1m_page_1').p50_ms),
}
const catalogue = {
  date: new Date().toISOString(),
  machine: { cores: navigator.hardwareConcurrency, bun: Bun.version },
  load_average: { at_start: load_at_start.map(round2), at_end: loadavg().map(round2) },
  data: slots,
  concurrency: CONCURRENCY,
  seconds: SECONDS,
  rounds: ROUNDS,
  results,
  ratios,
  targets: { rps_1m_vs_100k_min: 0.8, page_50_cost_vs_page_1_max: 2 },
  met: {
    rps_1m_vs_100k: ratios.rps_1m_vs_100k >= 0.8,
    page_50_vs_page_1: ratios.page_50_cost_vs_page_1_rps <= 2 || ratios.page_50_cost_vs_page_1_p50 <= 2,
  },
  note: 'CATALOGUE_PAGE_CACHE=off and a session cookie that is no session: no micro-cache, no kept page; the catalogue query runs on every request. Both servers are measured in the same rounds (targets in turns).',
}
await mergeResults(resolve(root, 'bench/results-scale.json'), 'catalogue', catalogue)

console.log(
  `\n${CONCURRENCY} clients × ${SECONDS}s a target in ${ROUNDS} rounds; load average ${catalogue.load_average.at_start.join(' ')} → ${catalogue.load_average.at_end.join(' ')}`,
)
for (const [name, s] of Object.entries(slots))
  console.log(`${name}: ${s.listing_rows} listing rows; ${s.lesson}/${s.city} has ${s.rows}`)
console.log('target                      req/s    p50 ms   p95 ms   p99 ms')
for (const [name, t] of Object.entries(results))
  console.log(
    `${name.padEnd(24)} ${String(t.rps).padStart(8)} ${String(t.p50_ms).padStart(8)} ${String(t.p95_ms).padStart(8)} ${String(t.p99_ms).padStart(8)}`,
  )
console.log(`ratios: ${JSON.stringify(ratios)} · met: ${JSON.stringify(catalogue.met)}`)
console.log('wrote bench/results-scale.json (catalogue)')
