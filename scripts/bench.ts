// bun run bench — catalogue read performance at 16 concurrent clients over 100,000 tutors:
//   GET /client/tutors (subject + city, page 1), the server-rendered catalogue page, and a bare
//   Bun.serve handler running the same SQL through postgres.js. Prints a table and writes
//   bench/results.json (with the EXPLAIN of the catalogue query) and the two ratios of
//   item 13: the API with the page cache off against the bare handler (req/s, target ≥ 0.75) and
//   the signed-in page's p95 against its 40 ms target (≤ 1 met).
//   The targets are measured in turns (ROUNDS rounds, each target SECONDS / ROUNDS a round), so a
//   change in the machine's other load during the run falls on every target alike.
// Needs a PostgreSQL server: BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/bench_catalogue.
import { type Target, type Tally, ensureDatabase, freePort, load, newTally, summary } from './bench-parts'
import { resolve } from 'node:path'
import { sql } from 'kysely'
import { createDb } from '../db/client'
import { migrateToLatest } from '../db/migrate'
import { seedBulkTutors } from '../db/seed/bulk-tutors'
import { seedIfEmpty } from '../db/seed/demo'
import { aliasIndex } from '../server/domain/catalogue/aliases'
import { catalogueQueries, resolveFilters } from '../server/domain/catalogue/search'
import { setPasswordHashCost } from '../server/domain/auth/passwords'
import { SessionTokens, createSession } from '../server/domain/auth/sessions'
import { edition } from '../common/editions'

const root = resolve(import.meta.dir, '..')
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_catalogue'
const TUTORS = Number(process.env.BENCH_TUTORS ?? 100_000)
const CONCURRENCY = 16
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5))
const SESSION_SECRET = 'bench-secret-bench-secret-bench-secret-42'
const ed = edition('ua')

// 1. The database, seeded once with the demo data and the bulk tutors.
await ensureDatabase(url)
setPasswordHashCost('test')
const handle = await createDb({ databaseUrl: url, maxConnections: 4 })
await migrateToLatest(handle.db)
await seedIfEmpty(handle.db, ed)
const have = await handle.db
  .selectFrom('people')
  .select(sql<number>`count(*)::int`.as('n'))
  .where('email', 'like', 'bulk-%@example.com')
  .executeTakeFirstOrThrow()
if (have.n < TUTORS) {
  console.log(`seeding ${TUTORS - have.n} bulk tutors…`)
  await seedBulkTutors(handle.db, ed, TUTORS - have.n, (l) => console.log(`  ${l}`))
}
await sql`analyze`.execute(handle.db)
// A signed-in client with a live session: the page rendered with their own header.
const benchEmail = 'bench-client@example.com'
const benchPerson =
  (await handle.db.selectFrom('people').select('id').where('email', '=', benchEmail).executeTakeFirst()) ??
  (await handle.db
    .insertInto('people')
    .values({ email: benchEmail, name: 'Bench Client' })
    .returning('id')
    .executeTakeFirstOrThrow())
if (!(await handle.db.selectFrom('clients').select('id').where('person_id', '=', benchPerson.id).executeTakeFirst()))
  await handle.db.insertInto('clients').values({ person_id: benchPerson.id, name: 'Олена Бенчмарк' }).execute()
const sessionCookie = `sid=${await new SessionTokens(SESSION_SECRET).sign(await createSession(handle.db, { personId: benchPerson.id, staffId: null, currentRole: 'client', ip: '127.0.0.1', userAgent: 'bench' }))}`

// 2. The busiest subject + city: the page a benchmark should stress.
const busiest = await handle.db
  .selectFrom('catalogue_listings')
  .select(['lesson_id', 'city_id', sql<number>`count(*)::int`.as('n')])
  .where('city_id', '>', 0)
  .groupBy(['lesson_id', 'city_id'])
  .orderBy('n', 'desc')
  .limit(1)
  .executeTakeFirstOrThrow()
const index = await aliasIndex(handle.db, ed.code)
const lesson = index.byId.lessons.get(busiest.lesson_id)!.alias
const city = index.byId.cities.get(busiest.city_id)!.alias
const filters = resolveFilters(index, { lesson, city })
const queries = catalogueQueries(handle.db, filters, { sort: 'rank', page: 1 })
const compiled = { page: queries.page.compile(), count: queries.count.compile(), totalInPage: queries.totalInPage }
const explain = async (q: { sql: string; parameters: readonly unknown[] }) =>
  (
    await sql<{ 'QUERY PLAN': string }>`${sql.raw(`explain (analyze, buffers) ${q.sql}`)}`
      .execute(handle.db)
      .catch(() => null)
  )?.rows.map((r) => r['QUERY PLAN'])
// Parameters inlined for EXPLAIN only (numbers from our own reference data).
const inline = (q: { sql: string; parameters: readonly unknown[] }) => ({
  sql: q.sql.replace(/\$(\d+)/g, (_, i) => JSON.stringify(q.parameters[Number(i) - 1])),
  parameters: [],
})
const plans = { page: await explain(inline(compiled.page)), count: await explain(inline(compiled.count)) }
// A listed tutor of that slot, for the profile page.
const profileTutor = await handle.db
  .selectFrom('catalogue_listings')
  .select('tutor_id')
  .where('lesson_id', '=', busiest.lesson_id)
  .where('city_id', '=', busiest.city_id)
  .limit(1)
  .executeTakeFirstOrThrow()
// The long tail: the busiest subject × city slots' pages 1–5, each asked in turn — pages nobody asked
// for in the last seconds, so no kept copy of any part of them is warm (the cache-miss page as most
// visitors and crawlers get it). 40 slots × 5 pages = 200 distinct pages.
const tailSlots = await handle.db
  .selectFrom('catalogue_listings')
  .select(['lesson_id', 'city_id', sql<number>`count(*)::int`.as('n')])
  .where('city_id', '>', 0)
  .groupBy(['lesson_id', 'city_id'])
  .having(sql`count(*)`, '>=', 100)
  .orderBy('n', 'desc')
  .limit(40)
  .execute()
const longTailPaths = tailSlots.flatMap((slot) => {
  const l = index.byId.lessons.get(slot.lesson_id)?.alias
  const c = index.byId.cities.get(slot.city_id)?.alias
  if (!l || !c) return []
  return [1, 2, 3, 4, 5].map((p) => `/${ed.catalogueAlias}/${l}/${c}/${p > 1 ? `?page=${p}` : ''}`)
})
const totals = await handle.db
  .selectFrom('catalogue_listings')
  .select(sql<number>`count(*)::int`.as('n'))
  .executeTakeFirstOrThrow()
await handle.close()

// 3. The servers under test.
async function waitFor(urlToPoll: string) {
  for (let i = 0; i < 600; i++) {
    if ((await fetch(urlToPoll).catch(() => null))?.ok) return
    await Bun.sleep(100)
  }
  throw new Error(`not ready: ${urlToPoll}`)
}
// The app as deployed, and a second process with the catalogue page cache off: the query path itself.
async function startApp(extraEnv: Record<string, string> = {}) {
  const port = await freePort()
  const proc = Bun.spawn(['bun', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET,
      LOG_LEVEL: 'warn',
      SITE: 'ua',
      // The jobs' own pool (pg-boss) at its least: no job runs during the bench, and seven processes share
      // the server's 100 connections.
      JOBS_POOL_MAX: '2',
      ...extraEnv,
    },
    stdout: 'inherit',
    stderr: 'inherit',
  })
  return { port, proc }
}
// Seven processes on one PostgreSQL (max_connections 100 here): the cached one, each of the two workers,
// the no-kept-HTML one (CPU-bound: 8 are plenty) with 8 connections, the two bare handlers on one port
// with 6 each, the others 16 (16 clients).
const { port: appPort, proc: app } = await startApp({ DB_POOL_MAX: '8' })
const { port: rawPort, proc: raw } = await startApp({ CATALOGUE_PAGE_CACHE: 'off' })
// The same with two server processes on one port (WORKERS=2, server/workers.ts): what a second process adds.
const { port: raw2Port, proc: raw2 } = await startApp({ CATALOGUE_PAGE_CACHE: 'off', WORKERS: '2', DB_POOL_MAX: '8' })
// And with no HTML kept either (CARD_HTML_CACHE=0, server/ssr/kept-html.ts): every card and the footer
// rendered on every request, as for tutors nobody listed since the process started.
const { port: coldPort, proc: cold } = await startApp({
  CATALOGUE_PAGE_CACHE: 'off',
  CARD_HTML_CACHE: '0',
  DB_POOL_MAX: '8',
})
const barePort = await freePort()
const bare = Bun.spawn(['bun', 'bench/bare-handler.ts'], {
  cwd: root,
  env: { ...process.env, DATABASE_URL: url, PORT: String(barePort), BENCH_SQL: JSON.stringify(compiled) },
  stdout: 'ignore',
  stderr: 'inherit',
})
// The bare handler as two processes on one port (reusePort), beside the app's two workers: the same
// machine given to both, which a one-process page cannot use (its request thread is its limit).
const bare2Port = await freePort()
const bare2 = [1, 2].map(() =>
  Bun.spawn(['bun', 'bench/bare-handler.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(bare2Port),
      BENCH_SQL: JSON.stringify(compiled),
      BENCH_REUSE_PORT: '1',
      BENCH_POOL_MAX: '6',
    },
    stdout: 'ignore',
    stderr: 'inherit',
  }),
)
await waitFor(`http://127.0.0.1:${appPort}/readyz`)
await waitFor(`http://127.0.0.1:${rawPort}/readyz`)
await waitFor(`http://127.0.0.1:${raw2Port}/readyz`)
await waitFor(`http://127.0.0.1:${coldPort}/readyz`)
await waitFor(`http://127.0.0.1:${barePort}/`)
await waitFor(`http://127.0.0.1:${bare2Port}/`)

// 4. Load: 16 clients in a closed loop, SECONDS per target in ROUNDS turns, after a warm-up (bench-parts.ts).
const query = `/client/tutors?lesson=${lesson}&city=${city}`
const pagePath = `/${ed.catalogueAlias}/${lesson}/${city}/`
// A request with a session cookie (not a valid one) passes the micro-cache of anonymous answers, as a
// signed-in visitor's does: the API then answers from the page cache (current to the slot's version),
// the page renders every time. On the second process the page cache is off too: the query every time.
const signedIn = { cookie: 'sid=bench-not-a-session' }
// A live session: the page renders the person's own header (their name, their cabinet menu).
const session = { cookie: sessionCookie }
// Without compression on either side: what the framework itself costs over the bare handler.
const identity = { 'accept-encoding': 'identity' }
const targets: Record<string, [Target, Record<string, string>?]> = {
  bare_handler: [`http://127.0.0.1:${barePort}/`],
  bare_handler_identity: [`http://127.0.0.1:${barePort}/`, identity],
  api_client_tutors_query_every_time_identity: [`http://127.0.0.1:${rawPort}${query}`, { ...signedIn, ...identity }],
  api_client_tutors: [`http://127.0.0.1:${appPort}${query}`],
  api_client_tutors_signed_in: [`http://127.0.0.1:${appPort}${query}`, signedIn],
  api_client_tutors_query_every_time: [`http://127.0.0.1:${rawPort}${query}`, signedIn],
  catalogue_page_ssr: [`http://127.0.0.1:${appPort}${pagePath}`],
  catalogue_page_ssr_signed_in: [`http://127.0.0.1:${appPort}${pagePath}`, signedIn],
  catalogue_page_ssr_session: [`http://127.0.0.1:${appPort}${pagePath}`, session],
  catalogue_page_ssr_query_every_time: [`http://127.0.0.1:${rawPort}${pagePath}`, signedIn],
  profile_page_ssr_query_every_time: [`http://127.0.0.1:${rawPort}/user-${profileTutor.tutor_id}/`, signedIn],
  catalogue_page_ssr_long_tail: [longTailPaths.map((p) => `http://127.0.0.1:${rawPort}${p}`), signedIn],
  catalogue_page_ssr_long_tail_no_kept_html: [longTailPaths.map((p) => `http://127.0.0.1:${coldPort}${p}`), signedIn],
  api_client_tutors_query_every_time_2_workers: [`http://127.0.0.1:${raw2Port}${query}`, signedIn],
  bare_handler_2_processes: [`http://127.0.0.1:${bare2Port}/`],
  catalogue_page_ssr_query_every_time_2_workers: [`http://127.0.0.1:${raw2Port}${pagePath}`, signedIn],
}
for (const [target, headers] of Object.values(targets))
  await load(newTally(), target, { seconds: 2, concurrency: CONCURRENCY, headers })
// A figure of error answers means nothing: every target must answer 200 before it is measured.
for (const [name, [target, headers]] of Object.entries(targets)) {
  const res = await fetch(typeof target === 'string' ? target : target[0]!, { headers })
  if (res.status !== 200) {
    console.error(`${name} answers ${res.status}: ${(await res.text()).slice(0, 300)}`)
    for (const p of [app, raw, raw2, cold, bare, ...bare2]) p.kill('SIGTERM')
    process.exit(1)
  }
}
const tallies: Record<string, Tally> = Object.fromEntries(Object.keys(targets).map((name) => [name, newTally()]))
for (let round = 0; round < ROUNDS; round++)
  for (const [name, [target, headers]] of Object.entries(targets))
    await load(tallies[name]!, target, { seconds: SECONDS / ROUNDS, concurrency: CONCURRENCY, headers })
const results = Object.fromEntries(Object.entries(tallies).map(([name, tally]) => [name, summary(tally)]))
for (const p of [app, raw, raw2, cold, bare, ...bare2]) p.kill('SIGTERM')
await Promise.all([app, raw, raw2, cold, bare, ...bare2].map((p) => p.exited))

const r = results as Record<keyof typeof targets, ReturnType<typeof summary>>
const vsBare = (name: keyof typeof targets) => Math.round((r[name]!.rps / r.bare_handler!.rps) * 100) / 100
const report = {
  date: new Date().toISOString(),
  machine: { cores: navigator.hardwareConcurrency, bun: Bun.version },
  data: { tutors: TUTORS, listing_rows: totals.n, page: { lesson, city, rows_in_slot: busiest.n } },
  concurrency: CONCURRENCY,
  seconds: SECONDS,
  rounds: ROUNDS,
  results,
  // The API with the page cache off against the bare handler (≥ 0.75), and the
  // signed-in page's p95 against 40 ms (≤ 1), for the cookie that is no session and a live session.
  ratios: {
    api_cache_off_vs_bare: vsBare('api_client_tutors_query_every_time'),
    api_cache_off_vs_bare_identity:
      Math.round((r.api_client_tutors_query_every_time_identity!.rps / r.bare_handler_identity!.rps) * 100) / 100,
    page_signed_in_p95_vs_40ms: Math.round((r.catalogue_page_ssr_signed_in!.p95_ms / 40) * 100) / 100,
    page_session_p95_vs_40ms: Math.round((r.catalogue_page_ssr_session!.p95_ms / 40) * 100) / 100,
    // Cache-miss pages against the bare handler (target ≥ 0.5 each).
    page_cache_miss_vs_bare: vsBare('catalogue_page_ssr_query_every_time'),
    profile_cache_miss_vs_bare: vsBare('profile_page_ssr_query_every_time'),
    long_tail_page_vs_bare: vsBare('catalogue_page_ssr_long_tail'),
    // The same with nothing of the pages' HTML kept (every card rendered): what the kept HTML saves.
    long_tail_no_kept_html_vs_bare: vsBare('catalogue_page_ssr_long_tail_no_kept_html'),
    // The same machine given to both sides: the page on two workers against the bare handler on two
    // processes (one process each is the target above; this one says what a deployment's WORKERS adds).
    page_cache_miss_2_workers_vs_bare_2_processes:
      Math.round((r.catalogue_page_ssr_query_every_time_2_workers!.rps / r.bare_handler_2_processes!.rps) * 100) / 100,
    // Two processes against one, the catalogue API with the page cache off (same run).
    two_workers_vs_one:
      Math.round(
        (r.api_client_tutors_query_every_time_2_workers!.rps / r.api_client_tutors_query_every_time!.rps) * 100,
      ) / 100,
  },
  api_vs_bare_rps: {
    anonymous: vsBare('api_client_tutors'),
    signed_in: vsBare('api_client_tutors_signed_in'),
    query_every_time: vsBare('api_client_tutors_query_every_time'),
  },
  note: "anonymous: the micro-cache of anonymous answers (10 s, server/http/micro-cache.ts) in front; signed_in (a session cookie that is no session): no micro-cache, the API answers from the catalogue page cache, which is current to the slot version (server/domain/catalogue/page-cache.ts), the page from the shared rendered page (server/ssr/shared-pages.ts, current to the slot version) with the visitor's header island rendered per request; session: the same page for a live session (the person's own header, their identity read per request); query_every_time: a process with CATALOGUE_PAGE_CACHE=off (no kept API page, no shared rendered page; the tutor cards' and the footer's HTML kept, server/ssr/kept-html.ts); long_tail: 200 different pages in turn on that process; long_tail_no_kept_html: the same on a process with CARD_HTML_CACHE=0 too (every card rendered). The bare handler runs the page query every time and compresses its answer as the app does when asked (the load generator asks, as browsers do); the *_identity rows ask for no compression on both sides. *_2_workers / *_2_processes: the app with WORKERS=2 (page cache off) and the bare handler as two processes on one port, the machine given to both. Targets are measured in turns (rounds).",
  targets: { api_vs_bare_rps_min: 0.75, api_p95_ms_max: 15, page_p95_ms_max: 40 },
  met: {
    api_vs_bare: vsBare('api_client_tutors') >= 0.75,
    api_p95: r.api_client_tutors!.p95_ms <= 15,
    api_signed_in_vs_bare: vsBare('api_client_tutors_signed_in') >= 0.75,
    api_signed_in_p95: r.api_client_tutors_signed_in!.p95_ms <= 15,
    api_query_every_time_vs_bare: vsBare('api_client_tutors_query_every_time') >= 0.75,
    api_query_every_time_vs_bare_identity:
      r.api_client_tutors_query_every_time_identity!.rps / r.bare_handler_identity!.rps >= 0.75,
    api_query_every_time_p95: r.api_client_tutors_query_every_time!.p95_ms <= 15,
    page_p95: r.catalogue_page_ssr!.p95_ms <= 40,
    page_signed_in_p95: r.catalogue_page_ssr_signed_in!.p95_ms <= 40,
    page_session_p95: r.catalogue_page_ssr_session!.p95_ms <= 40,
  },
  explain: plans,
}
const failed = Object.entries(results).filter(([, t]) => t.errors > 0)
if (failed.length > 0) {
  console.error(
    `error answers during the run (${failed.map(([n, t]) => `${n}: ${t.errors}`).join(', ')}): bench/results.json not written`,
  )
  process.exit(1)
}
await Bun.write(resolve(root, 'bench/results.json'), `${JSON.stringify(report, null, 2)}\n`)
console.log(
  `\n${TUTORS} tutors, ${totals.n} listing rows; page ${lesson}/${city} (${busiest.n} tutors in the slot); ${CONCURRENCY} clients × ${SECONDS}s a target, in ${ROUNDS} rounds`,
)
console.log('target                                 req/s    p50 ms   p95 ms   p99 ms   errors')
for (const [name, r] of Object.entries(results))
  console.log(
    `${name.padEnd(36)} ${String(r.rps).padStart(6)} ${String(r.p50_ms).padStart(8)} ${String(r.p95_ms).padStart(8)} ${String(r.p99_ms).padStart(8)} ${String(r.errors).padStart(8)}`,
  )
console.log(
  `API / bare req/s: ${JSON.stringify(report.api_vs_bare_rps)} (target ≥ 0.75) · met: ${JSON.stringify(report.met)}`,
)
console.log(`ratios: ${JSON.stringify(report.ratios)} (api_cache_off_vs_bare ≥ 0.75; page p95 / 40 ms ≤ 1)`)
console.log('wrote bench/results.json')
