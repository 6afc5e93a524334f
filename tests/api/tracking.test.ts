// Tracking (docs/api.md#other-public-calls): redirect codes made by staff (counted, only to
// stored destinations of this site or allow-listed hosts — no open redirect), the CPA cookie of a paid
// click, and the captcha behind its provider interface (the local provider through the whole API; the
// real siteverify module's wire format against a local fake of the provider).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { fieldErrors } from '../helpers/api'
import { SiteverifyCaptcha } from '../../server/integrations/captcha/siteverify'
import { isAdClick } from '../../common/schemas/public/tracking.schema'

const app = useTestApp({ env: { CAPTCHA_PROVIDER: 'local', CAPTCHA_SECRET: 'local-captcha-secret-for-tests' } })
const db = () => app.services.db
let staff: Client
let managerStaff: Client

beforeAll(async () => {
  staff = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
  managerStaff = await signedIn(app, { staff: (await makeStaff(app, 2)).email })
})

const clicks = async (code: string) =>
  (await db().selectFrom('link_codes').select('clicks').where('code', '=', code).executeTakeFirstOrThrow()).clicks

describe('redirect codes', () => {
  test('a code staff made redirects (302) to its destination and counts every click', async () => {
    const made = await staff.api.post('/admin/seo/link/create', {
      link: { code: 'spring-promo', destination: '/p/about/' },
    })
    expect(made.status).toBe(200)
    expect(made.json.data).toMatchObject({
      code: 'spring-promo',
      destination: '/p/about/',
      clicks: 0,
      active: true,
      url: `${app.url}/link/redirect?code=spring-promo`,
    })
    const visitor = new Client(app.url)
    for (let i = 1; i <= 3; i++) {
      const res = await visitor.request('GET', '/link/redirect?code=spring-promo')
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe(`${app.url}/p/about/`)
      expect(await clicks('spring-promo')).toBe(i)
    }
    const list = await staff.api.get('/admin/seo/links/get?page=1')
    expect(list.json.data.items.find((l) => l.code === 'spring-promo')).toMatchObject({ clicks: 3, active: true })
  })

  test('an unknown code is 404 not_found in the envelope, and nothing is counted', async () => {
    const res = await new Client(app.url).raw.get('/link/redirect?code=no-such-code')
    expect(res.status).toBe(404)
    expect(res.json).toEqual({ status: 'fail', error: 'not_found' })
    expect(res.headers.get('location')).toBeNull()
    // A missing code is bad input.
    expect([400, 422]).toContain((await new Client(app.url).raw.get('/link/redirect')).status)
  })

  test('an inactive code is 404 and counts nothing; made active again it redirects', async () => {
    const made = await staff.api.post('/admin/seo/link/create', { link: { destination: '/reviews', active: 0 } })
    const code = made.json.data.code
    expect(code).toMatch(/^[\w-]{8}$/)
    expect((await new Client(app.url).raw.get(`/link/redirect?code=${code}`)).status).toBe(404)
    expect(await clicks(code)).toBe(0)
    await staff.api.post('/admin/seo/link/save', { link: { id: made.json.data.id, active: 1 } })
    expect((await new Client(app.url).request('GET', `/link/redirect?code=${code}`)).status).toBe(302)
  })

  test('a foreign destination is refused on create (422 destination) unless staff allowed its host; removing the host stops its codes', async () => {
    for (const destination of [
      'https://evil.example/phish',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'http://partner.example/',
      'https://user:pw@partner.example/',
    ]) {
      const res = await staff.raw.post('/admin/seo/link/create', { link: { destination } })
      expect(res.status).toBe(422)
      expect(fieldErrors(res.json)).toHaveProperty('destination')
    }
    expect(await db().selectFrom('link_codes').select('id').where('destination', 'like', '%evil%').execute()).toEqual(
      [],
    )
    // The site's own absolute origin is fine.
    expect((await staff.api.post('/admin/seo/link/create', { link: { destination: `${app.url}/news/` } })).status).toBe(
      200,
    )

    const host = await staff.api.post('/admin/seo/link_host/create', { host: 'Partner.Example' })
    expect(host.json.data.host).toBe('partner.example')
    const made = await staff.api.post('/admin/seo/link/create', {
      link: { code: 'partner', destination: 'https://partner.example/landing?x=1' },
    })
    expect(made.status).toBe(200)
    // http to an allowed host is still refused: https only for foreign hosts.
    expect(
      (await staff.raw.post('/admin/seo/link/create', { link: { destination: 'http://partner.example/' } })).status,
    ).toBe(422)
    const go = await new Client(app.url).request('GET', '/link/redirect?code=partner')
    expect(go.status).toBe(302)
    expect(go.headers.get('location')).toBe('https://partner.example/landing?x=1')

    await staff.api.post('/admin/seo/link_host/delete', { id: host.json.data.id })
    expect((await new Client(app.url).raw.get('/link/redirect?code=partner')).status).toBe(404)
    // Changing a code to a foreign destination is refused too.
    expect(
      (
        await staff.raw.post('/admin/seo/link/save', {
          link: { id: made.json.data.id, destination: 'https://evil.example/' },
        })
      ).status,
    ).toBe(422)
  })

  test('a taken code is 422; only staff whose status opens SEO manage codes', async () => {
    const again = await staff.raw.post('/admin/seo/link/create', { link: { code: 'spring-promo', destination: '/' } })
    expect(again.status).toBe(422)
    expect(fieldErrors(again.json)).toHaveProperty('code')
    expect((await new Client(app.url).raw.get('/admin/seo/links/get')).status).toBe(401)
    expect((await managerStaff.raw.post('/admin/seo/link/create', { link: { destination: '/' } })).status).toBe(403)
  })
})

describe('POST /cpa/set_cookie', () => {
  test('a paid click sets the first-party ad_click cookie (90 days) with the tracked parameters only', async () => {
    const c = new Client(app.url)
    const res = await c.request('POST', '/cpa/set_cookie', {
      json: { cookie: 'gclid=Cj0KCQ-abc&utm_medium=cpc&utm_source=google&other=1' },
    })
    expect(res.status).toBe(200)
    expect((res.json as { data: unknown }).data).toEqual({
      cookie: { gclid: 'Cj0KCQ-abc', utm_medium: 'cpc', utm_source: 'google' },
      set: true,
    })
    const cookie = res.headers.getSetCookie().find((s) => s.startsWith('ad_click='))!
    expect(cookie).toContain('gclid%3DCj0KCQ-abc')
    expect(cookie).toMatch(/Max-Age=7776000/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Path=\//i)
    expect(cookie).not.toMatch(/HttpOnly/i)
  })

  test('the affiliate pair and admitad id count as paid clicks; a plain visit or half a pair sets nothing', async () => {
    const pair = await new Client(app.url).api.post('/cpa/set_cookie', { cookie: { aff_id: '42', aff_sub: 'click-9' } })
    expect(pair.json.data.set).toBe(true)
    const admitad = await new Client(app.url).api.post('/cpa/set_cookie', { cookie: { admitad_uid: 'f3a9c1' } })
    expect(admitad.json.data.set).toBe(true)
    for (const cookie of [{ aff_id: '42' }, { utm_medium: 'organic', utm_source: 'newsletter' }, {}]) {
      const res = await new Client(app.url).api.post('/cpa/set_cookie', { cookie })
      expect(res.json.data).toEqual({ cookie: {}, set: false })
      expect(res.headers.getSetCookie().some((s) => s.startsWith('ad_click='))).toBe(false)
    }
    expect(isAdClick({ utm_medium: 'CPM' })).toBe(true)
  })

  test('garbage is a 4xx in the envelope', async () => {
    for (const body of [{ cookie: { gclid: 'a b<script>' } }, { cookie: { unknown_param: 'x' } }, { cookie: 12 }, {}]) {
      const res = await new Client(app.url).raw.post('/cpa/set_cookie', body)
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      expect(res.json?.status).toBe('fail')
    }
  })
})

describe('captcha (local provider)', () => {
  test('POST /recaptcha/get {action} answers the provider and a token the sign-up accepts; none or a forged one is a 422', async () => {
    const got = await new Client(app.url).api.post('/recaptcha/get', { action: 'signup' })
    expect(got.json.data).toMatchObject({ enabled: true, provider: 'local', site_key: null, action: 'signup' })
    const token = got.json.data.token!
    const body = (email: string, captcha_token?: string) => ({
      name: 'Ганна Кандидатка',
      email,
      phone: '0671234501',
      password: 'long-enough-pass',
      captcha_token,
      accept_terms: true,
    })

    const none = await new Client(app.url).raw.post('/tutor/register', body('no-token@example.com'))
    expect(none.status).toBe(422)
    expect(fieldErrors(none.json)).toHaveProperty('captcha_token')
    const forged = await new Client(app.url).raw.post(
      '/tutor/register',
      body('forged@example.com', `${token.slice(0, -3)}AAA`),
    )
    expect(forged.status).toBe(422)
    expect(fieldErrors(forged.json)).toHaveProperty('captcha_token')
    // A token for another action is refused.
    const other = (await new Client(app.url).api.post('/recaptcha/get', { action: 'request' })).json.data.token!
    expect(
      (await new Client(app.url).raw.post('/tutor/register', body('other-action@example.com', other))).status,
    ).toBe(422)
    expect(
      await db()
        .selectFrom('people')
        .select('id')
        .where('email', 'in', ['no-token@example.com', 'forged@example.com', 'other-action@example.com'])
        .execute(),
    ).toEqual([])

    const ok = await new Client(app.url).raw.post('/tutor/register', body('with-token@example.com', token))
    expect(ok.status).toBe(200)
  })

  test('the request form needs the token too', async () => {
    const tutor = await makePerson(app, { tutor: true })
    const request = {
      tutor_id: tutor.tutorId!,
      name: 'Відвідувач',
      email: 'captcha-visitor@example.com',
      phone: '0631000099',
      form_location: ['online'],
    }
    const refused = await new Client(app.url).raw.post('/client/make_personal_request', { request })
    expect(refused.status).toBe(422)
    expect(fieldErrors(refused.json)).toHaveProperty('captcha_token')
    const token = (await new Client(app.url).api.post('/recaptcha/get', { action: 'request' })).json.data.token!
    const ok = await new Client(app.url).raw.post('/client/make_personal_request', {
      request: { ...request, captcha_token: token },
    })
    expect(ok.status).toBe(200)
  })

  test('an unknown action is a 4xx', async () => {
    const res = await new Client(app.url).raw.post('/recaptcha/get', { action: 'steal' })
    expect([400, 422]).toContain(res.status)
  })
})

describe('captcha (real siteverify module against a local fake provider)', () => {
  const seen: { contentType: string | null; form: Record<string, string> }[] = []
  let answer: Record<string, unknown> = {}
  let fake: ReturnType<typeof Bun.serve>
  beforeAll(() => {
    fake = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      async fetch(req) {
        seen.push({
          contentType: req.headers.get('content-type'),
          form: Object.fromEntries(new URLSearchParams(await req.text())),
        })
        return Response.json(answer)
      },
    })
  })
  afterAll(() => fake.stop(true))

  test('reCAPTCHA v3: a form POST of secret, response and remoteip; success, action and score decide', async () => {
    const p = new SiteverifyCaptcha({
      name: 'recaptcha',
      siteKey: 'site-key',
      secret: 'the-secret',
      verifyUrl: `http://127.0.0.1:${fake.port}/recaptcha/api/siteverify`,
      minScore: 0.5,
    })
    expect(await p.challenge('signup')).toEqual({
      provider: 'recaptcha',
      site_key: 'site-key',
      action: 'signup',
      token: null,
    })
    answer = { success: true, action: 'signup', score: 0.9, hostname: 'localhost' }
    expect(await p.verify('tok-1', { action: 'signup', ip: '203.0.113.7' })).toEqual({ ok: true })
    expect(seen.at(-1)).toEqual({
      contentType: 'application/x-www-form-urlencoded',
      form: { secret: 'the-secret', response: 'tok-1', remoteip: '203.0.113.7' },
    })
    answer = { success: true, action: 'signup', score: 0.2 }
    expect(await p.verify('tok-2', { action: 'signup', ip: '203.0.113.7' })).toEqual({ ok: false, reason: 'low-score' })
    answer = { success: true, action: 'request', score: 0.9 }
    expect(await p.verify('tok-3', { action: 'signup', ip: '203.0.113.7' })).toEqual({
      ok: false,
      reason: 'action-mismatch',
    })
    answer = { success: false, 'error-codes': ['invalid-input-response'] }
    expect(await p.verify('tok-4', { action: 'signup', ip: '203.0.113.7' })).toEqual({
      ok: false,
      reason: 'invalid-input-response',
    })
    // An empty token never reaches the provider.
    const before = seen.length
    expect((await p.verify('', { action: 'signup', ip: '' })).ok).toBe(false)
    expect(seen.length).toBe(before)
  })

  test('Turnstile: the same protocol without a score', async () => {
    const p = new SiteverifyCaptcha({
      name: 'turnstile',
      siteKey: '0x4AAA',
      secret: 'ts-secret',
      verifyUrl: `http://127.0.0.1:${fake.port}/turnstile/v0/siteverify`,
      minScore: 0.5,
    })
    answer = { success: true, action: 'request', hostname: 'localhost' }
    expect(await p.verify('ts-token', { action: 'request', ip: '198.51.100.4' })).toEqual({ ok: true })
    expect(seen.at(-1)!.form).toEqual({ secret: 'ts-secret', response: 'ts-token', remoteip: '198.51.100.4' })
  })

  test('a provider that cannot be reached refuses (never a 500)', async () => {
    const p = new SiteverifyCaptcha({
      name: 'recaptcha',
      siteKey: 'k',
      secret: 's',
      verifyUrl: 'http://127.0.0.1:1/siteverify',
      minScore: 0.5,
    })
    expect(await p.verify('tok', { action: 'signup', ip: '' })).toEqual({ ok: false, reason: 'unreachable' })
  })
})
