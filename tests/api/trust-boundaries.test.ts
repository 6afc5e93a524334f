// What the server believes from a request, and what its pages may load: forwarded headers only from
// TRUSTED_PROXIES, the session cookie only under the name the site issues, free-form JSON bounded in
// depth and length, and a Content-Security-Policy derived from the configuration.
import { describe, expect, test } from 'bun:test'
import { JSON_MAX_DEPTH } from '../../common/validators'
import { Client, PASSWORD, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { fieldErrors } from '../helpers/api'

const LIQPAY = 'https://checkout.liqpay.test'
const CDN = 'https://cdn.example.net'

// Loopback is a trusted proxy here only for `proxied`; `direct` trusts nobody.
const direct = useTestApp()
const proxied = useTestApp({
  trustedProxies: '127.0.0.1',
  pages: true,
  env: {
    PAY_LIQPAY_PUBLIC_KEY: 'sandbox_public',
    PAY_LIQPAY_PRIVATE_KEY: 'sandbox_private',
    PAY_LIQPAY_API_URL: `${LIQPAY}/`,
    MEDIA_ORIGIN: `${CDN}/media/`,
  },
})

/** JSON nested `depth` levels: {a:{a:…{a:1}}}. */
const nested = (depth: number): unknown => {
  let v: unknown = 1
  for (let i = 0; i < depth; i++) v = { a: v }
  return v
}

const staffLogin = (c: Client, email: string, headers: Record<string, string>) =>
  c.api.post('/admin/login', { email, password: PASSWORD }, headers)

describe('forwarded headers', () => {
  test('X-Forwarded-Proto from a peer that is not a trusted proxy changes nothing: plain sid, no HSTS', async () => {
    const staff = await makeStaff(direct, 1)
    const res = await staffLogin(new Client(direct.url), staff.email, { 'x-forwarded-proto': 'https' })
    expect(res.status).toBe(200)
    expect(res.headers.getSetCookie()[0]).toMatch(/^sid=/)
    expect(res.headers.getSetCookie()[0]).not.toMatch(/Secure/i)
    expect(res.headers.get('strict-transport-security')).toBeNull()
  })

  test('from a trusted proxy it is believed: __Host-sid, Secure, HSTS', async () => {
    const staff = await makeStaff(proxied, 1)
    const res = await staffLogin(new Client(proxied.url), staff.email, { 'x-forwarded-proto': 'https' })
    expect(res.headers.getSetCookie()[0]).toMatch(/^__Host-sid=.*Secure/i)
    expect(res.headers.get('strict-transport-security')).toContain('max-age=')
  })

  test('X-Forwarded-For from an untrusted peer is not the client address (the throttle keys on the peer)', async () => {
    const t = await makePerson(direct, { tutor: true })
    // Ten wrong passwords, each claiming another address: all are one address to the server.
    for (let i = 0; i < 10; i++)
      expect(
        (
          await new Client(direct.url).raw.post(
            '/tutor/login',
            { login: t.email, password: 'wrong-password-1' },
            { 'x-forwarded-for': `203.0.113.${i + 1}` },
          )
        ).status,
      ).toBe(401)
    const next = await new Client(direct.url).raw.post(
      '/tutor/login',
      { login: t.email, password: PASSWORD },
      { 'x-forwarded-for': '203.0.113.200' },
    )
    expect(next.status).toBe(429)
  })
})

describe('session cookie name', () => {
  test('where __Host-sid is issued, a plain sid with a valid session is not read', async () => {
    const staff = await makeStaff(proxied, 1)
    const c = new Client(proxied.url)
    await staffLogin(c, staff.email, { 'x-forwarded-proto': 'https' })
    const token = c.cookies.get('__Host-sid')!
    expect(token).toBeTruthy()
    const https = { 'x-forwarded-proto': 'https' }
    const asHostSid = await fetch(`${proxied.url}/admin/desktop`, {
      headers: { ...https, cookie: `__Host-sid=${token}` },
    })
    expect(asHostSid.status).toBe(200)
    // The same token planted as a plain `sid` (as a sibling subdomain could) is nobody's session.
    const asSid = await fetch(`${proxied.url}/admin/desktop`, { headers: { ...https, cookie: `sid=${token}` } })
    expect(asSid.status).toBe(401)
    // Over plain http the site issues `sid`, and reads only that one.
    const plain = await signedIn(proxied, { staff: staff.email })
    const sid = plain.cookies.get('sid')!
    expect((await fetch(`${proxied.url}/admin/desktop`, { headers: { cookie: `sid=${sid}` } })).status).toBe(200)
    expect((await fetch(`${proxied.url}/admin/desktop`, { headers: { cookie: `__Host-sid=${sid}` } })).status).toBe(401)
  })
})

describe('free-form JSON', () => {
  test(`the staff schedule: ${JSON_MAX_DEPTH} levels are kept, deeper or 10,000 deep is a 422 on schedule`, async () => {
    const staff = await makeStaff(direct, 1)
    const c = await signedIn(direct, { staff: staff.email })
    const ok = await c.raw.post('/admin/admins/schedule/save', { schedule: nested(JSON_MAX_DEPTH) })
    expect(ok.status).toBe(200)
    for (const depth of [JSON_MAX_DEPTH + 1, 10_000]) {
      const deep = await c.raw.post('/admin/admins/schedule/save', { schedule: nested(depth) })
      expect([depth, deep.status]).toEqual([depth, 422])
      expect(Object.keys(fieldErrors(deep.json))).toEqual(['schedule'])
    }
  })

  test(`the tutor's schedule: ${JSON_MAX_DEPTH + 1} or 10,000 deep is a 422 on schedule; a long flat one too`, async () => {
    const t = await makePerson(direct, { tutor: true })
    const c = await signedIn(direct, { tutor: t.email })
    const save = (schedule: unknown) =>
      c.request('POST', '/tutor/profile/save', { form: { tutor: JSON.stringify({ schedule }) } })
    for (const schedule of [nested(JSON_MAX_DEPTH + 1), nested(10_000), { note: 'x'.repeat(30_000) }]) {
      const res = await save(schedule)
      expect(res.status).toBe(422)
      expect(Object.keys(fieldErrors(res.json))).toContain('schedule')
    }
    // Within the limits the schedule is no field's error.
    const fine = await save(nested(JSON_MAX_DEPTH))
    expect(fine.status === 200 || !Object.keys(fieldErrors(fine.json)).includes('schedule')).toBe(true)
  })
})

const directives = (csp: string | null) =>
  Object.fromEntries(
    (csp ?? '').split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/)
      return [name!, sources]
    }),
  ) as Record<string, string[]>

describe('Content-Security-Policy', () => {
  test('a page: own websocket origin, the configured image origin, no other hosts', async () => {
    const res = await fetch(`${proxied.url}/`)
    expect(res.status).toBe(200)
    const csp = directives(res.headers.get('content-security-policy'))
    const ws = `ws://${new URL(proxied.url).host}`
    expect(csp['connect-src']).toEqual(["'self'", ws])
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://i.ytimg.com', CDN])
    expect(csp['form-action']).toEqual(["'self'", LIQPAY])
    for (const list of Object.values(csp))
      for (const s of list) expect(['ws:', 'wss:', 'https:', 'http:', '*']).not.toContain(s)
    // An https site's socket is wss://.
    const secure = directives(
      (await fetch(`${proxied.url}/`, { headers: { 'x-forwarded-proto': 'https' } })).headers.get(
        'content-security-policy',
      ),
    )
    expect(secure['connect-src']).toEqual(["'self'", ws])
  })

  test('a payment-form page: the form may post to the edition’s provider checkout, and nowhere else', async () => {
    const t = await makePerson(proxied, { tutor: true })
    const c = await signedIn(proxied, { tutor: t.email })
    const page = await c.request('GET', '/wallet')
    expect(page.status).toBe(200)
    const csp = directives(page.headers.get('content-security-policy'))
    expect(csp['form-action']).toEqual(["'self'", LIQPAY])
  })

  test('without a form provider or a media origin, the policy names only the site', async () => {
    const res = await fetch(`${direct.url}/healthz`)
    const csp = directives(res.headers.get('content-security-policy'))
    expect(csp['form-action']).toEqual(["'self'"])
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://i.ytimg.com'])
    expect(csp['connect-src']).toEqual(["'self'", `ws://${new URL(direct.url).host}`])
  })
})
