// bun run test — builds the client, runs every test (unit, API, websocket, browser) with bun:test on
// PGlite, or on the PostgreSQL server named by DATABASE_URL, and ends with `N passed, N failed`.
import postgres from 'postgres'

const root = new URL('..', import.meta.url).pathname
const filter = process.argv.slice(2)

const build = Bun.spawnSync(['bunx', '--bun', 'vite', 'build', '--logLevel', 'warn'], {
  cwd: root,
  stdout: 'inherit',
  stderr: 'inherit',
})
if (build.exitCode !== 0) {
  console.log('0 passed, 1 failed')
  process.exit(1)
}

const proc = Bun.spawn(['bun', 'test', '--timeout', '60000', ...(filter.length ? filter : ['tests'])], {
  cwd: root,
  stdout: 'pipe',
  stderr: 'pipe',
  env: { ...process.env, NODE_ENV: 'test' },
})

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

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(code === 0 && failed === 0 ? 0 : 1)
