// From a built tree, `bun run start` migrates, seeds, serves the home page and /readyz, and stops
// cleanly on SIGTERM. Prints the cold-start time and idle RSS (figures for the notes).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { testDb } from '../helpers/db'
import { demoWords } from '../../db/seed/demo-people'
import type { RestReply } from '../helpers/api'
import { waitFor } from '../helpers/wait'

const root = resolve(import.meta.dir, '../..')
let dataDir: string
let server: Awaited<ReturnType<typeof testDb>> | null = null

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'start-test-'))
  if (process.env.DATABASE_URL) server = await testDb()
})
afterAll(async () => {
  await server?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, fetch: () => new Response() })
  const port = s.port!
  s.stop(true)
  return port
}

test('bun run start: cold start to /readyz, home page, graceful stop', async () => {
  const port = await freePort()
  const started = performance.now()
  const proc = Bun.spawn(['bun', 'run', 'start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: server?.url ?? '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  try {
    await exercise(proc, port, started)
  } finally {
    // No-op when it already stopped; never leave a server behind a failed test: `bun run start` runs
    // the server as a child, which a kill of the wrapper alone would leave running.
    Bun.spawnSync(['pkill', '-KILL', '-P', String(proc.pid)])
    proc.kill('SIGKILL')
  }
}, 150_000)

async function exercise(proc: Bun.Subprocess, port: number, started: number) {
  // A fresh embedded database is created (initdb) and the demo marketplace seeded: tens of seconds on
  // two busy cores; the bound catches a start that hangs, the figure is printed below.
  const ready = await waitFor(
    async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status === 200,
    {
      timeout: Math.max(0, 100_000 - (performance.now() - started)),
      interval: 50,
    },
  ).catch(() => false)
  const coldStartMs = Math.round(performance.now() - started)
  expect(ready).toBe(true)

  const home = await fetch(`http://127.0.0.1:${port}/`)
  expect(home.status).toBe(200)
  const html = await home.text()
  expect(html).toContain('<footer')
  expect(html).toContain('Знайдіть репетитора')
  // Demo data was seeded into the empty database: the demo staff account signs in.
  const login = await fetch(`http://127.0.0.1:${port}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'demo-password-1' }),
  })
  expect(login.status).toBe(200)
  // …and the demo client has orders, one of them paid and reviewed (docs/contract.md: the seed has orders and reviews).
  const clientLogin = await fetch(`http://127.0.0.1:${port}/client/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'client@example.com', password: 'demo-password-1' }),
  })
  expect(clientLogin.status).toBe(200)
  const clientInfo = ((await clientLogin.clone().json()) as RestReply<'/client/auth/login'>).auth.client_info
  if (!clientInfo) throw new Error('the demo client signed in without client_info')
  const demoClientName = clientInfo.name
  const cookie = clientLogin.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const list = async (which: 'active' | 'archive') =>
    (
      (await (
        await fetch(`http://127.0.0.1:${port}/client/orders/${which}`, { headers: { cookie } })
      ).json()) as RestReply<'/client/orders/active'>
    ).data.items
  expect((await list('active')).length).toBe(2)
  expect((await list('archive')).map((o) => o.status)).toEqual([7])
  // The demo client's review is on the main page with the others, as the client wrote it.
  const main = (await (
    await fetch(`http://127.0.0.1:${port}/client/main_page?lang=ua`)
  ).json()) as RestReply<'/client/main_page'>
  expect(main.data.latest_reviews.map((r) => [r.client_name, r.review_text])).toContainEqual([
    demoClientName,
    demoWords('ua').reviews[0]![1],
  ])

  await Bun.sleep(500) // let the served requests' memory settle before the RSS is measured (no event marks it)
  // `bun run start` runs the server as a child: measure the whole process tree.
  const tree = Bun.spawnSync(['ps', '-e', '-o', 'pid=,ppid=,rss='])
    .stdout.toString()
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number))
  const pids = new Set([proc.pid])
  for (let grew = true; grew; ) {
    grew = false
    for (const [pid, ppid] of tree)
      if (pids.has(ppid!) && !pids.has(pid!)) {
        pids.add(pid!)
        grew = true
      }
  }
  const rssKb = tree.filter(([pid]) => pids.has(pid!)).reduce((sum, [, , rss]) => sum + rss!, 0)
  console.log(
    JSON.stringify({
      cold_start_to_readyz_ms: coldStartMs,
      idle_rss_mb: Math.round(rssKb / 1024),
      database: server ? 'postgres' : 'pglite',
    }),
  )

  proc.kill('SIGTERM')
  expect(await proc.exited).toBe(0)
}
