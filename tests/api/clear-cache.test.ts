// POST /admin/system/clear_cache (docs/api.md#admin-staff-accounts-and-session): every cache of every
// server process is emptied. In one process: an anonymous answer kept by the micro-cache is read
// fresh right after the call. Across processes (PostgreSQL only): a second server process started
// with `bun server/main.ts` on the same database keeps its own copy until it hears the call on the bus.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { resolve } from 'node:path'
import { type TestApp, makeStaff, signedIn, startTestApp } from '../helpers/app'
import { type Ref, makeTutor, referenceFixture } from '../helpers/catalogue'
import type { RestReply } from '../helpers/api'
import { waitFor } from '../helpers/wait'
import { jsonb } from '../../db/jsonb'

let prod: TestApp
let ref: Ref
beforeAll(async () => {
  prod = await startTestApp({ nodeEnv: 'production' })
  ref = await referenceFixture(prod.services.db)
})
afterAll(() => prod.close())

const path = '/client/tutors?lesson=matematyka&city=lviv'
const names = async (res: Response) =>
  ((await res.json()) as RestReply<'/client/tutors'>).data.items.map((i) => i.name).sort()
const place = () => [{ kind: 'home' as const, city: ref.cities.lviv }]

describe('clear_cache', () => {
  test('who may call it: the static_pages area (staff 1, 3, 4); staff 2 is 403, anonymous 401', async () => {
    expect(
      (
        await (
          await signedIn(prod, { staff: (await makeStaff(prod, 2)).email })
        ).api.post('/admin/system/clear_cache', {})
      ).status,
    ).toBe(403)
    expect(
      (
        await fetch(`${prod.url}/admin/system/clear_cache`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(401)
  })

  test('a kept anonymous answer is read fresh right after the call; the call is audited', async () => {
    const db = prod.services.db
    await makeTutor(db, { name: 'Kept One', subjects: [{ lesson: ref.lessons.math }], places: place() })
    expect(await names(await fetch(prod.url + path))).toEqual(['Kept One'])
    await makeTutor(db, { name: 'Added Later', subjects: [{ lesson: ref.lessons.math }], places: place() })
    // Kept: the anonymous reader still gets the first answer.
    expect(await names(await fetch(prod.url + path))).toEqual(['Kept One'])

    const staff = await signedIn(prod, { staff: (await makeStaff(prod, 3)).email })
    const res = await staff.api.post('/admin/system/clear_cache', {})
    expect(res.status).toBe(200)
    expect(res.json.data.cleared).toEqual(
      expect.arrayContaining(['catalogue_pages', 'compiled_queries', 'micro_cache', 'reference_index']),
    )
    expect(await names(await fetch(prod.url + path))).toEqual(['Added Later', 'Kept One'])
    const logged = await db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'system.clear_cache')
      .execute()
    expect(logged.length).toBe(1)
  })
})

describe.skipIf(!process.env.DATABASE_URL)('clear_cache across server processes (PostgreSQL only)', () => {
  test('another process empties its own caches when it hears the call', async () => {
    const port = await (async () => {
      const s = Bun.serve({ port: 0, fetch: () => new Response() })
      const p = s.port!
      s.stop(true)
      return p
    })()
    const other = Bun.spawn(['bun', 'server/main.ts'], {
      cwd: resolve(import.meta.dir, '../..'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: prod.databaseUrl!,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
        SITE: 'ua',
        LOG_LEVEL: 'error',
        DATA_DIR: resolve(import.meta.dir, '../../.test-data/clear-cache-other'),
      },
      stdout: 'ignore',
      stderr: 'inherit',
    })
    try {
      const otherUrl = `http://127.0.0.1:${port}`
      await waitFor(async () => (await fetch(`${otherUrl}/readyz`).catch(() => null))?.ok === true, {
        timeout: 60_000,
        what: 'the second process ready',
      })
      const db = prod.services.db
      const city = (
        await db
          .insertInto('cities')
          .values({ edition: 'ua', alias: 'rivne-cc', names: jsonb({ ua: 'Рівне' }), popular: true })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
      const page = '/client/tutors?lesson=matematyka&city=rivne-cc'
      await makeTutor(db, {
        name: 'Rivne First',
        subjects: [{ lesson: ref.lessons.math }],
        places: [{ kind: 'home', city }],
      })
      expect(await names(await fetch(otherUrl + page))).toEqual(['Rivne First'])
      await makeTutor(db, {
        name: 'Rivne Second',
        subjects: [{ lesson: ref.lessons.math }],
        places: [{ kind: 'home', city }],
      })
      expect(await names(await fetch(otherUrl + page))).toEqual(['Rivne First'])

      const staff = await signedIn(prod, { staff: (await makeStaff(prod, 1)).email })
      expect((await staff.api.post('/admin/system/clear_cache', {})).status).toBe(200)
      await waitFor(async () => (await names(await fetch(otherUrl + page))).length === 2, {
        timeout: 5_000,
        what: 'the other process answers fresh',
      })
    } finally {
      other.kill('SIGTERM')
      await other.exited
    }
  })
})
