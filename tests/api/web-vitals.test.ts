// Web vitals (docs/contract.md#other-public-endpoints): POST /api/metrics/web_vitals/ takes
// an array of samples with X-Batched and X-Flush-Reason, or a beacon without headers; a 2xx for a good
// batch, a 4xx for garbage or an oversized body, nothing stored then; a flood from one sender is
// refused; the panel desktop reads p75 LCP/INP/CLS per route and edition for staff who open SEO.
import { describe, expect, test } from 'bun:test'
import { WEB_VITALS_MAX_BATCH, WEB_VITALS_MAX_BODY } from '../../common/schemas/public/web-vitals.schema'
import { WEB_VITALS_PER_SENDER_MINUTE } from '../../server/domain/site/web-vitals'
import { Client, makeStaff, signedIn, useTestApp } from '../helpers/app'

const app = useTestApp({ trustedProxies: '127.0.0.1' })
const ENDPOINT = '/api/metrics/web_vitals/'

let ipSeq = 0
/** Each test its own sender (the per-sender cap counts by the address; the test server trusts X-Forwarded-For from loopback). */
const sender = () => ({ 'x-forwarded-for': `203.0.113.${++ipSeq}` })

const sample = (over: Record<string, unknown> = {}) => ({
  name: 'LCP',
  value: 1830.5,
  route: 'tutor_profile',
  platform: 'mobile',
  os: 'Android',
  browser: 'Chrome',
  ts: Date.now(),
  ...over,
})

async function send(body: string, headers: Record<string, string> = {}) {
  return new Client(app.url).request('POST', ENDPOINT, {
    body,
    headers: { 'content-type': 'application/json', ...headers },
  })
}
const count = async () =>
  Number(
    (
      await app.services.db
        .selectFrom('web_vitals')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('POST /api/metrics/web_vitals/', () => {
  test('a batch with X-Batched and X-Flush-Reason is stored, with the edition and the reason', async () => {
    const before = await count()
    const batch = [
      sample(),
      sample({ name: 'INP', value: 96 }),
      sample({ name: 'CLS', value: 0.04, route: 'catalogue' }),
    ]
    const res = await send(JSON.stringify(batch), { 'x-batched': '1', 'x-flush-reason': 'size', ...sender() })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ status: 'success', data: { stored: 3 } })
    expect(await count()).toBe(before + 3)
    const rows = await app.services.db.selectFrom('web_vitals').selectAll().orderBy('id', 'desc').limit(3).execute()
    expect(rows.map((r) => [r.name, r.value, r.route, r.flush_reason, r.edition]).sort()).toEqual([
      ['CLS', 0.04, 'catalogue', 'size', 'ua'],
      ['INP', 96, 'tutor_profile', 'size', 'ua'],
      ['LCP', 1830.5, 'tutor_profile', 'size', 'ua'],
    ])
    // The sender is a hash, never the address.
    expect(rows.every((r) => !r.sender.includes('203.0.113'))).toBe(true)
  })

  test('a beacon (no headers, text/plain) is accepted as flush reason "beacon"', async () => {
    const res = await new Client(app.url).request('POST', ENDPOINT, {
      body: JSON.stringify([sample({ name: 'TTFB', value: 120 })]),
      headers: { 'content-type': 'text/plain;charset=UTF-8', ...sender() },
    })
    expect(res.status).toBe(200)
    const row = await app.services.db
      .selectFrom('web_vitals')
      .select(['name', 'flush_reason'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ name: 'TTFB', flush_reason: 'beacon' })
  })

  test('garbage is a 400 and stores nothing', async () => {
    const before = await count()
    const bad: [string, Record<string, string>?][] = [
      ['not json'],
      ['{"name":"LCP"}'], // not an array
      ['[]'], // empty
      [JSON.stringify([sample({ name: 'FID' })])], // unknown metric
      [JSON.stringify([sample({ value: -1 })])],
      [JSON.stringify([sample({ value: 'fast' })])],
      [JSON.stringify([sample({ route: 'https://evil.example/?q=1' })])], // an address, not a route
      [JSON.stringify([sample({ os: 'A\u0000' })])],
      [JSON.stringify([{ ...sample(), extra: 1 }])], // unknown field
      [JSON.stringify([sample()]), { 'x-flush-reason': 'whenever' }],
      [JSON.stringify(Array.from({ length: WEB_VITALS_MAX_BATCH + 1 }, () => sample()))],
    ]
    for (const [body, headers] of bad) {
      const res = await send(body, { ...headers, ...sender() })
      expect({
        body: body.slice(0, 60),
        status: res.status,
        fail: (res.json as { status?: string } | null)?.status,
      }).toEqual({ body: body.slice(0, 60), status: 400, fail: 'fail' })
    }
    expect(await count()).toBe(before)
  })

  test('an oversized body is a 413 and stores nothing', async () => {
    const before = await count()
    const huge = JSON.stringify([sample({ os: 'x'.repeat(WEB_VITALS_MAX_BODY) })])
    const res = await send(huge, sender())
    expect(res.status).toBe(413)
    expect(res.json).toEqual({ status: 'fail', error: 'payload_too_large' })
    expect(await count()).toBe(before)
  })

  test(`one sender may store ${WEB_VITALS_PER_SENDER_MINUTE} samples a minute; beyond, 429`, async () => {
    const headers = { 'x-flush-reason': 'idle', ...sender() }
    const batch = JSON.stringify(Array.from({ length: 20 }, () => sample()))
    for (let i = 0; i < WEB_VITALS_PER_SENDER_MINUTE / 20; i++) expect((await send(batch, headers)).status).toBe(200)
    const refused = await send(JSON.stringify([sample()]), headers)
    expect(refused.status).toBe(429)
    expect(refused.json).toEqual({ status: 'fail', error: 'rate_limited' })
    // Another sender is not held back by it.
    expect((await send(JSON.stringify([sample()]), { 'x-flush-reason': 'idle', ...sender() })).status).toBe(200)
  })
})

describe('GET /admin/desktop/web_vitals', () => {
  test('p75 per route and edition for staff who open SEO; status 2 may not', async () => {
    await app.services.db.deleteFrom('web_vitals').execute()
    const values = [1000, 2000, 3000, 4000, 5000] // p75 (continuous) = 4000
    for (const v of values)
      await send(
        JSON.stringify([sample({ value: v, route: 'home' }), sample({ name: 'CLS', value: v / 10000, route: 'home' })]),
        { 'x-flush-reason': 'idle', ...sender() },
      )
    await send(JSON.stringify([sample({ name: 'INP', value: 80, route: 'catalogue' })]), {
      'x-flush-reason': 'idle',
      ...sender(),
    })
    const s1 = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
    const res = await s1.api.get('/admin/desktop/web_vitals')
    expect(res.status).toBe(200)
    expect(res.json.data).toEqual({
      days: 7,
      rows: [
        { edition: 'ua', route: 'home', samples: 10, lcp: 4000, inp: null, cls: 0.4 },
        { edition: 'ua', route: 'catalogue', samples: 1, lcp: null, inp: 80, cls: null },
      ],
    })
    const s2 = await signedIn(app, { staff: (await makeStaff(app, 2)).email })
    expect((await s2.raw.get('/admin/desktop/web_vitals')).status).toBe(403)
    expect((await new Client(app.url).raw.get('/admin/desktop/web_vitals')).status).toBe(401)
  })
})
