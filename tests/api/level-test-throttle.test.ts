// Starting the English level test is rate-limited (docs/decisions.md#level-test): per client
// address STARTS_PER_IP and per signed-in person STARTS_PER_PERSON in STARTS_WINDOW_MINUTES, counted in
// the database; the next start is the contract's 429 `rate_limited` and draws nothing; another address
// (or the same one once the window has passed) may start again.
import { describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { STARTS_PER_IP, STARTS_PER_PERSON } from '../../server/domain/content/level-test'
import { Client, makePerson, signedIn, useTestApp } from '../helpers/app'

// The test server trusts X-Forwarded-For from loopback: each request says which address it comes from.
const app = useTestApp({ trustedProxies: '127.0.0.1' })
const from = (address: string) => ({ 'x-forwarded-for': address })
const attempts = async () =>
  (
    await app.services.db
      .selectFrom('examination_attempts')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n

describe('level test start throttle', () => {
  test(`after ${STARTS_PER_IP} starts from one address the next is 429 and draws nothing; another address may start; the window passes`, async () => {
    for (let i = 0; i < STARTS_PER_IP; i++) {
      const r = await new Client(app.url).raw.post('/client/examination_test/start', {}, from('203.0.113.7'))
      expect([i, r.status]).toEqual([i, 200])
    }
    const before = await attempts()
    const over = await new Client(app.url).raw.post('/client/examination_test/start', {}, from('203.0.113.7'))
    expect(over.status).toBe(429)
    expect(over.json).toEqual({ status: 'fail', error: 'rate_limited' })
    expect(await attempts()).toBe(before)
    // Another address is not refused.
    expect((await new Client(app.url).raw.post('/client/examination_test/start', {}, from('203.0.113.8'))).status).toBe(
      200,
    )
    // Reading and submitting a started attempt are not starts: still answered.
    const a = (
      (await new Client(app.url).raw.post('/client/examination_test/start', {}, from('203.0.113.9'))).json.data as {
        attempt: string
      }
    ).attempt
    expect(
      (await new Client(app.url).raw.get(`/client/examination_test/attempt?attempt=${a}`, from('203.0.113.7'))).status,
    ).toBe(200)
    // An hour later the first address may start again.
    await app.services.db
      .updateTable('auth_failures')
      .set({ created_at: sql`now() - interval '61 minutes'` })
      .where('key', '=', 'level-test:ip:203.0.113.7')
      .execute()
    expect((await new Client(app.url).raw.post('/client/examination_test/start', {}, from('203.0.113.7'))).status).toBe(
      200,
    )
  })

  test(`a signed-in person gets ${STARTS_PER_PERSON} starts an hour whatever the address; another person from the same addresses is not refused`, async () => {
    const p = await makePerson(app, { tutor: true })
    const tutor = await signedIn(app, { tutor: p.email })
    for (let i = 0; i < STARTS_PER_PERSON; i++) {
      const r = await tutor.raw.post('/client/examination_test/start', {}, from(`198.51.100.${i + 1}`))
      expect([i, r.status]).toEqual([i, 200])
    }
    const over = await tutor.raw.post('/client/examination_test/start', {}, from('198.51.100.200'))
    expect(over.status).toBe(429)
    expect(over.json).toEqual({ status: 'fail', error: 'rate_limited' })
    const other = await signedIn(app, { tutor: (await makePerson(app, { tutor: true })).email })
    expect((await other.raw.post('/client/examination_test/start', {}, from('198.51.100.1'))).status).toBe(200)
  })
})
