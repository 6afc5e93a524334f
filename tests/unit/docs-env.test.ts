// docs/deploy.md's environment table is generated from server/env.ts; a setting added or changed
// without regenerating it (bun run scripts/docs-env.ts) fails here.
import { expect, test } from 'bun:test'

test('docs/deploy.md lists every setting as server/env.ts declares it', async () => {
  const run = Bun.spawn(['bun', 'scripts/docs-env.ts', '--check'], {
    cwd: new URL('../..', import.meta.url).pathname,
    stderr: 'pipe',
  })
  expect(await new Response(run.stderr).text()).toBe('')
  expect(await run.exited).toBe(0)
}, 60_000)

test('every setting is described', async () => {
  const { envTable } = await import('../../scripts/docs-env')
  const undescribed = envTable()
    .split('\n')
    .slice(2)
    .filter((row) => row.endsWith('|  |'))
  expect(undescribed).toEqual([])
})
