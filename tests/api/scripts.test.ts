// The contract's operator commands: scripts/admin.ts create and scripts/outbox.ts.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { type DbHandle, createDb } from '../../db/client'
import { verifyPassword } from '../../server/domain/auth/passwords'
import { outboxMailer } from '../../server/integrations/mail/mailer'
import { outboxSms } from '../../server/integrations/sms/sms'
import { testDb } from '../helpers/db'

const root = resolve(import.meta.dir, '../..')
let env: Record<string, string>
let server: (DbHandle & { url?: string }) | null = null
let dataDir: string

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'scripts-test-'))
  if (process.env.DATABASE_URL) server = await testDb()
  env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: server?.url ?? '',
    PASSWORD_HASH_COST: 'test',
    LOG_LEVEL: 'silent',
  } as Record<string, string>
})
afterAll(async () => {
  await server?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

function run(args: string[]) {
  const p = Bun.spawnSync(['bun', 'run', ...args], { cwd: root, env })
  return { code: p.exitCode, out: p.stdout.toString().trim(), err: p.stderr.toString().trim() }
}

/** Opens the same database the scripts use (one process at a time for PGlite). */
async function withDb<T>(fn: (h: DbHandle) => Promise<T>): Promise<T> {
  const h = server?.url
    ? await createDb({ databaseUrl: server.url, maxConnections: 1 })
    : await createDb({ dataDir: join(dataDir, 'pglite') })
  try {
    return await fn(h)
  } finally {
    await h.close()
  }
}

test('admin.ts create prints the new id; the account signs in with that password and status', async () => {
  const r = run([
    'scripts/admin.ts',
    'create',
    '--email',
    'Ops@Example.com',
    '--password',
    'ops-password-1',
    '--name',
    'Ops',
    '--status',
    '2',
  ])
  expect(r.err).toBe('')
  expect(r.code).toBe(0)
  expect(r.out).toMatch(/^\d+$/)
  const row = await withDb((h) =>
    h.db
      .selectFrom('staff')
      .select(['id', 'email', 'status', 'password_hash'])
      .where('id', '=', Number(r.out))
      .executeTakeFirstOrThrow(),
  )
  expect(row).toMatchObject({ email: 'ops@example.com', status: 2 })
  expect(await verifyPassword('ops-password-1', row.password_hash)).toBe(true)
})

test('admin.ts refuses a bad status and a duplicate e-mail', () => {
  expect(
    run([
      'scripts/admin.ts',
      'create',
      '--email',
      'x@example.com',
      '--password',
      'ops-password-1',
      '--name',
      'X',
      '--status',
      '7',
    ]).code,
  ).not.toBe(0)
  const dup = run([
    'scripts/admin.ts',
    'create',
    '--email',
    'ops@example.com',
    '--password',
    'ops-password-1',
    '--name',
    'Ops',
    '--status',
    '1',
  ])
  expect(dup.code).not.toBe(0)
  expect(dup.err).toContain('exists')
})

test('outbox.ts prints what the app sent as JSON lines, filtered by --to and --last', async () => {
  await withDb(async (h) => {
    await outboxMailer(h.db).send({ to: 'anna@example.com', subject: 'Код входу', text: 'Ваш код: 123456' })
    await outboxSms(h.db).send('0501234567', 'Код: 654321')
    await outboxMailer(h.db).send({ to: 'anna@example.com', subject: 'Друге', text: 'Друге повідомлення' })
  })
  const all = run(['scripts/outbox.ts'])
    .out.split('\n')
    .map((l) => JSON.parse(l))
  expect(all.map((m) => m.channel)).toEqual(['email', 'sms', 'email'])
  expect(all[1]).toMatchObject({ channel: 'sms', to: '0501234567', body: 'Код: 654321', transport: 'outbox' })
  const anna = run(['scripts/outbox.ts', '--to', 'anna@example.com', '--last', '1']).out.split('\n')
  expect(anna).toHaveLength(1)
  expect(JSON.parse(anna[0]!)).toMatchObject({ to: 'anna@example.com', subject: 'Друге' })
})
