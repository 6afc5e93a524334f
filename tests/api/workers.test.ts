// WORKERS=N (docs/deploy.md#several-processes): one supervisor, N server processes on one port sharing
// connections, each with its share of PostgreSQL's connections; SIGTERM stops them all, exit 0.
import { afterAll, describe, expect, test } from 'bun:test'
import { testDb } from '../helpers/db'
import { freePort, ready, startServer } from '../helpers/server-process'

const onPostgres = Boolean(process.env.DATABASE_URL)
const cleanup: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn()
})

const TOKEN = 'workers-metrics-token-0123'

test('more than one worker on the embedded database is refused with what to set', async () => {
  const s = startServer({ DATABASE_URL: '', WORKERS: '2', PORT: String(await freePort()) })
  cleanup.push(() => void s.proc.kill('SIGKILL'))
  expect(await s.proc.exited).toBe(1)
  const err = await new Response(s.proc.stderr).text()
  expect(err).toContain('WORKERS: more than 1 needs DATABASE_URL')
})

describe.skipIf(!onPostgres)('two workers on one PostgreSQL database', () => {
  test('both answer on one port, each with its pool share; SIGTERM stops both and exits 0', async () => {
    const h = await testDb()
    cleanup.push(() => h.close())
    const s = startServer({
      DATABASE_URL: h.url!,
      WORKERS: '2',
      DB_POOL_MAX: '12',
      METRICS_TOKEN: TOKEN,
      PORT: String(await freePort()),
    })
    cleanup.push(() => void s.proc.kill('SIGKILL'))
    await ready(s)

    // A new connection each time: the kernel spreads them over the workers.
    const seen = new Map<string, string>()
    for (let i = 0; i < 60 && seen.size < 2; i++) {
      const text = await (
        await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}`, connection: 'close' } })
      ).text()
      const pid = /server_process_info\{pid="(\d+)",worker="(\d+)"\} 1/.exec(text)
      const max = /db_pool_connections\{state="max"\} (\d+)/.exec(text)
      expect(pid).not.toBeNull()
      expect(Number(max![1])).toBeGreaterThanOrEqual(2)
      expect(Number(max![1])).toBeLessThanOrEqual(12)
      seen.set(pid![1]!, pid![2]!)
    }
    expect([...seen.values()].sort()).toEqual(['1', '2'])
    expect(seen.has(String(s.proc.pid))).toBe(false)

    s.proc.kill('SIGTERM')
    expect(await s.proc.exited).toBe(0)
    for (const pid of seen.keys()) expect(() => process.kill(Number(pid), 0)).toThrow()
  }, 180_000)
})
