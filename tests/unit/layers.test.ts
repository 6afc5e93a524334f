// The layer lint: dependency-cruiser over common/, client/, server/ and db/ with
// .dependency-cruiser.cjs — common/ is pure, client/ takes only the router's type from server/, the
// domain never imports the transport layers. Run through Bun: the package's own launcher refuses
// Node 20, which is what this machine has. (On the tree before common/ existed: 58 violations.)
import { expect, test } from 'bun:test'
import { resolve } from 'node:path'

const root = resolve(import.meta.dir, '../..')

test('no import crosses the layers', () => {
  const run = Bun.spawnSync(
    [
      'bun',
      'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'json',
      'common',
      'client',
      'server',
      'db',
    ],
    { cwd: root, stdout: 'pipe', stderr: 'pipe' },
  )
  const out = run.stdout.toString()
  expect(out.length, run.stderr.toString()).toBeGreaterThan(0)
  const report = JSON.parse(out) as {
    summary: { violations: { from: string; to: string; rule: { name: string } }[]; totalCruised: number }
  }
  expect(report.summary.totalCruised).toBeGreaterThan(300)
  expect(report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([])
})

test('the rules bite: a value import of the router and a server import from common/ are violations', async () => {
  const { forbidden } = require(resolve(root, '.dependency-cruiser.cjs')) as {
    forbidden: { name: string; from: { path: string }; to: { path: string; pathNot?: string } }[]
  }
  const rule = (name: string) => forbidden.find((r) => r.name === name)!
  const matches = (r: ReturnType<typeof rule>, from: string, to: string) =>
    new RegExp(r.from.path).test(from) &&
    new RegExp(r.to.path).test(to) &&
    !(r.to.pathNot && new RegExp(r.to.pathNot).test(to))
  expect(matches(rule('common-is-pure'), 'common/money.ts', 'server/domain/shared/audit.ts')).toBe(true)
  expect(matches(rule('client-takes-only-the-router-type'), 'client/App.tsx', 'server/domain/orders/core.ts')).toBe(
    true,
  )
  expect(matches(rule('client-takes-only-the-router-type'), 'client/lib/trpc.ts', 'server/routers/app.ts')).toBe(false)
  expect(
    matches(rule('domain-below-transport'), 'server/domain/orders/core.ts', 'server/routers/admin/orders.ts'),
  ).toBe(true)
})
