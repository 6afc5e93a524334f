// Anonymous lesson requests are rate-limited per IP (ANON_REQUESTS_PER_IP in ANON_WINDOW_MINUTES,
// counted in the database like the sign-in throttle); signed-in clients are not counted.
import { describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { ANON_REQUESTS_PER_IP } from '../../server/domain/requests/requests'
import { Client, makePerson, signedIn, useTestApp } from '../helpers/app'

const app = useTestApp()

describe('anonymous request throttle', () => {
  test(`after ${ANON_REQUESTS_PER_IP} anonymous requests from one IP the next is 429 and keeps nothing; a signed-in client may still order`, async () => {
    for (let i = 0; i < ANON_REQUESTS_PER_IP; i++) {
      const res = await new Client(app.url).api.post('/client/make_short_school_request', {
        request: { name: `V${i}`, email: `throttle-${i}@example.com`, phone: `06700000${String(i).padStart(2, '0')}` },
      })
      expect(res.status).toBe(200)
    }
    const count = async () =>
      (await app.services.db.selectFrom('orders').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow())
        .n
    const before = await count()
    const over = await new Client(app.url).raw.post('/client/make_short_school_request', {
      request: { name: 'Over', email: 'throttle-over@example.com', phone: '0670009999' },
    })
    expect(over.status).toBe(429)
    expect(over.json).toEqual({ status: 'fail', error: 'rate_limited' })
    expect(await count()).toBe(before)
    expect(
      await app.services.db
        .selectFrom('people')
        .select('id')
        .where('email', '=', 'throttle-over@example.com')
        .executeTakeFirst(),
    ).toBeUndefined()

    const me = await makePerson(app, { client: true })
    const c = await signedIn(app, { client: me.email })
    expect((await c.api.post('/client/make_short_school_request', { request: {} })).status).toBe(200)
    // The window passes: allowed again.
    await app.services.db
      .updateTable('auth_failures')
      .set({ created_at: sql`now() - interval '2 hours'` })
      .where('key', 'like', 'anon-request:%')
      .execute()
    expect(
      (
        await new Client(app.url).api.post('/client/make_short_school_request', {
          request: { name: 'Later', email: 'throttle-later@example.com', phone: '0670008888' },
        })
      ).status,
    ).toBe(200)
  })
})
