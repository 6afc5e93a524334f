// bun run bench:start (part of `bun run bench`) — how long `bun run start` takes to answer /readyz on the
// embedded database (no DATABASE_URL): a fresh clone's first start (no dist/, a new DATA_DIR: client
// build, database, migrations, demo seed), then restarts of that DATA_DIR. Targets: first ≤ 6 s,
// restart ≤ 1.5 s. The "clone" is this checkout's files (tracked and new, not ignored) hard-linked into
// a temporary directory, sharing node_modules (a clone after `bun install`). Each start's parts come
// from its `listening` log line. Writes the `start` key of bench/results-scale.json.
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { freePort, mergeResults } from './bench-parts'

const root = resolve(import.meta.dir, '..')
const RESTARTS = Number(process.env.BENCH_START_RESTARTS ?? 3)
const round2 = (x: number) => Math.round(x * 100) / 100
const load_at_start = loadavg()

const work = mkdtempSync(join(tmpdir(), 'bench-start-'))
const clone = join(work, 'clone')
const dataDir = join(work, 'data')
const files = Bun.spawnSync(['git', 'ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
  .stdout.toString()
  .split('\0')
  .filter((f) => f && !f.startsWith('scripts/_'))
const copy = Bun.spawnSync(['cp', '-l', '--parents', '-t', clone, ...files], { cwd: root, stderr: 'pipe' })
if (copy.exitCode !== 0) {
  Bun.spawnSync(['mkdir', '-p', clone])
  const again = Bun.spawnSync(['cp', '-l', '--parents', '-t', clone, ...files], { cwd: root, stderr: 'pipe' })
  if (again.exitCode !== 0) throw new Error(`copying the checkout failed: ${again.stderr.toString().slice(0, 300)}`)
}
symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'))

/** One `bun server/main.ts` from spawn to the first 200 of /readyz; stopped with SIGTERM after. */
async function start(label: string) {
  const port = await freePort()
  const t0 = performance.now()
  const proc = Bun.spawn(['bun', 'server/main.ts'], {
    cwd: clone,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      SITE: 'ua',
    },
    stdout: 'pipe',
    stderr: 'inherit',
  })
  let ms = 0
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${label}: the server exited with ${proc.exitCode}`)
    if ((await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.ok) {
      ms = Math.round(performance.now() - t0)
      break
    }
    if (performance.now() - t0 > 180_000) throw new Error(`${label}: not ready in 3 minutes`)
    await Bun.sleep(10)
  }
  proc.kill('SIGTERM')
  await proc.exited
  const out = await new Response(proc.stdout).text()
  const listening = out
    .split('\n')
    .map((l) => {
      try {
        return JSON.parse(l) as Record<string, unknown>
      } catch {
        return null
      }
    })
    .find((l) => l?.msg === 'listening')
  const parts = Object.fromEntries(Object.entries(listening ?? {}).filter(([k]) => k.endsWith('_ms')))
  console.log(`${label.padEnd(10)} ${String(ms).padStart(6)} ms to /readyz  ${JSON.stringify(parts)}`)
  return { ms, parts }
}

const first = await start('first')
const restarts = []
for (let i = 0; i < RESTARTS; i++) restarts.push(await start(`restart ${i + 1}`))
rmSync(work, { recursive: true, force: true })
const sorted = restarts.map((r) => r.ms).sort((a, b) => a - b)
const median = sorted[Math.floor(sorted.length / 2)]!
const report = {
  date: new Date().toISOString(),
  machine: { cores: navigator.hardwareConcurrency, bun: Bun.version },
  load_average: { at_start: load_at_start.map(round2), at_end: loadavg().map(round2) },
  first_start_ms: first.ms,
  first_start_parts: first.parts,
  restart_ms: restarts.map((r) => r.ms),
  restart_median_ms: median,
  restart_parts: restarts[sorted.indexOf(median)]?.parts ?? restarts[0]!.parts,
  targets: { first_start_ms_max: 6000, restart_ms_max: 1500 },
  met: { first_start: first.ms <= 6000, restart: median <= 1500 },
  note: 'embedded PGlite, NODE_ENV=development, from spawning `bun server/main.ts` to the first 200 of /readyz; the parts are the `listening` log line (imports: module loading before main runs; database: initdb or open; client_wait: what the start still waited for the client build after seeding)',
}
await mergeResults(resolve(root, 'bench/results-scale.json'), 'start', report)
console.log(
  `first start ${first.ms} ms (target ≤ 6000), restart median ${median} ms (target ≤ 1500); load average ${report.load_average.at_start.join(' ')} → ${report.load_average.at_end.join(' ')}`,
)
console.log('wrote bench/results-scale.json (start)')
