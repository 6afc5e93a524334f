// bun run test — builds the client, runs every test (unit, API, websocket, browser) with bun:test on
// PGlite, or on the PostgreSQL server named by DATABASE_URL, and ends with `N passed, N failed`.
// TEST_BROWSER=0 leaves tests/browser out, TEST_BROWSER=only runs it alone (CI runs the browser suite
// once, on the PostgreSQL server, beside the other suites: the pages do not depend on which database answers). The ten slowest files are listed before the total.
// TEST_SKIP_BUILD=1 leaves the client build out (built already). TEST_LIGHTHOUSE=0 leaves the Lighthouse test
// out, TEST_LIGHTHOUSE=only runs it alone: its scores count the pages' main-thread time, which other suites
// on the same cores would lengthen, so CI runs it after them (docs/testing.md).
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import postgres from 'postgres'

const root = new URL('..', import.meta.url).pathname
const filter = process.argv.slice(2)

// TEST_SKIP_BUILD=1: the client is built already (.ci/run builds once, then runs two suites at a time).
const build =
  process.env.TEST_SKIP_BUILD === '1'
    ? { exitCode: 0 }
    : Bun.spawnSync(['bunx', '--bun', 'vite', 'build', '--logLevel', 'warn'], {
        cwd: root,
        stdout: 'inherit',
        stderr: 'inherit',
      })
if (build.exitCode !== 0) {
  console.log('0 passed, 1 failed')
  process.exit(1)
}

// TEST_BROWSER=0: everything but the browser suite; TEST_BROWSER=only: the browser suite alone.
const browser = process.env.TEST_BROWSER === '0' ? 'without' : process.env.TEST_BROWSER === 'only' ? 'only' : 'with'
const suites = readdirSync(`${root}tests`, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'helpers')
  .filter((d) => (browser === 'only' ? d.name === 'browser' : browser === 'with' || d.name !== 'browser'))
  .map((d) => `tests/${d.name}`)
const LIGHTHOUSE = 'tests/browser/lighthouse.test.ts'
/** A suite's directory as bun test takes it; the browser suite as its files but the Lighthouse test. */
const withoutLighthouse = (dir: string): string[] =>
  dir !== 'tests/browser'
    ? [dir]
    : readdirSync(`${root}${dir}`)
        .filter((f) => /\.test\.tsx?$/.test(f))
        .map((f) => `${dir}/${f}`)
        .filter((f) => f !== LIGHTHOUSE)
const lighthouse = process.env.TEST_LIGHTHOUSE
const chosen = lighthouse === 'only' ? [LIGHTHOUSE] : lighthouse === '0' ? suites.flatMap(withoutLighthouse) : suites
mkdirSync(`${root}test-results`, { recursive: true })
const junit = `${root}test-results/junit-${process.pid}.xml`
const proc = Bun.spawn(
  [
    'bun',
    'test',
    '--timeout',
    '60000',
    '--reporter=junit',
    `--reporter-outfile=${junit}`,
    ...(filter.length ? filter : chosen),
  ],
  {
    cwd: root,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...process.env, NODE_ENV: 'test' },
  },
)

// bun test writes its report to stderr; mirror both streams and keep the text to read the counts.
let report = ''
async function pump(stream: ReadableStream<Uint8Array>, out: NodeJS.WriteStream) {
  const decoder = new TextDecoder()
  const reader = stream.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    const text = decoder.decode(value, { stream: true })
    report += text
    out.write(text)
  }
}
await Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr)])
const code = await proc.exited

const count = (word: string) => Number(report.match(new RegExp(`^\\s*(\\d+) ${word}$`, 'm'))?.[1] ?? 0)
const passed = count('pass')
const failed = count('fail') + (code !== 0 && count('fail') === 0 ? 1 : 0)
const skipped = count('skip')

if (process.env.DATABASE_URL) {
  // Test databases of this run (named by the test process's pid: tests/helpers/db.ts): tests drop
  // their own; templates are left for here. Another run's databases are not ours to drop.
  const sql = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} })
  const rows = await sql<
    { datname: string }[]
  >`select datname from pg_database where datname ~ ${`^(tpl|t)_${proc.pid}_`}`
  for (const r of rows) await sql.unsafe(`drop database if exists ${r.datname} with (force)`).catch(() => {})
  await sql.end()
}

printSlowestFiles(junit)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(code === 0 && failed === 0 ? 0 : 1)

/** The ten test files that took longest, from the JUnit report bun test writes beside its console output. */
function printSlowestFiles(file: string) {
  let xml = ''
  try {
    xml = readFileSync(file, 'utf8')
  } catch {
    return
  }
  rmSync(file, { force: true })
  const files = [...xml.matchAll(/<testsuite name="[^"]*" file="([^"]+)"[^>]*? time="([\d.]+)"/g)]
  const top = new Map<string, number>()
  // Nested describe blocks repeat the file with their own (smaller) time: keep the largest, the file's.
  for (const [, name, time] of files) top.set(name!, Math.max(top.get(name!) ?? 0, Number(time)))
  const slowest = [...top].sort((a, b) => b[1] - a[1]).slice(0, 10)
  console.log('\nslowest test files:')
  for (const [name, seconds] of slowest) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`)
}
