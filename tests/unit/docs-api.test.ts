// docs/api.md's call tables are generated from the REST table and the procedures' schemas; a call
// added or changed without regenerating them (bun run scripts/docs-api.ts) fails here.
import { expect, test } from 'bun:test'

test('docs/api.md lists every documented call as the code declares it', async () => {
  const run = Bun.spawn(['bun', 'scripts/docs-api.ts', '--check'], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: { ...process.env, NODE_ENV: 'test' },
    stderr: 'pipe',
  })
  expect(await new Response(run.stderr).text()).toBe('')
  expect(await run.exited).toBe(0)
}, 60_000)
