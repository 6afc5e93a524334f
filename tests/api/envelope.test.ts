// The HTTP contract: envelope, statuses, parameters from every body kind, CSRF, headers.
import { describe, expect, test } from 'bun:test'
import { jsonb } from '../../db/jsonb'
import { Client, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import type { RestReply, HttpAnswer, RawReply } from '../helpers/api'

const app = useTestApp()

describe('health', () => {
  test('/healthz and /readyz answer success', async () => {
    const c = new Client(app.url)
    expect((await c.raw.get('/healthz')).json).toEqual({ status: 'success' })
    expect((await c.raw.get('/readyz')).json).toEqual({ status: 'success' })
  })
})

describe('statuses', () => {
  test('401 when not signed in', async () => {
    const res = await new Client(app.url).raw.get('/admin/desktop')
    expect(res.status).toBe(401)
    expect(res.json).toEqual({ status: 'fail', error: 'unauthorized' })
  })

  test('403 "forbidden" for a signed-in user without the role or the staff status', async () => {
    const p = await makePerson(app, { tutor: true })
    const tutor = await signedIn(app, { tutor: p.email })
    expect((await tutor.raw.get('/admin/desktop')).json).toEqual({ status: 'fail', error: 'forbidden' })
    const s2 = await signedIn(app, { staff: (await makeStaff(app, 2)).email })
    const res = await s2.raw.post('/admin/admins', { page: 1 })
    expect(res.status).toBe(403)
    expect(res.json).toEqual({ status: 'fail', error: 'forbidden' })
  })

  test('only status 1 may change transfer settings', async () => {
    const s4 = await signedIn(app, { staff: (await makeStaff(app, 4)).email })
    expect((await s4.raw.post('/admin/settings/set/transfer_offline_lesson', { value: 1 })).status).toBe(403)
    const s1 = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
    const ok = await s1.raw.post('/admin/settings/set/transfer_offline_lesson', { value: 1 })
    expect(ok.json).toEqual({ status: 'success', data: { value: true } })
    const row = await app.services.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'transfer_offline_lesson')
      .executeTakeFirstOrThrow()
    expect(row.value).toBe(true) // a JSON boolean, not the string "true", on both drivers
    const audit = await app.services.db
      .selectFrom('audit_log')
      .select(['actor_kind', 'action'])
      .where('action', '=', 'settings.set')
      .execute()
    expect(audit).toContainEqual({ actor_kind: 'staff', action: 'settings.set' })
  })

  test('404 "not_found" for an unknown record and for an unknown API path', async () => {
    const s1 = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
    expect((await s1.raw.get('/admin/site_review/get?id=999999')).json).toEqual({ status: 'fail', error: 'not_found' })
    const res = await new Client(app.url).raw.get('/client/no/such/call')
    expect(res.status).toBe(404)
    expect(res.json).toEqual({ status: 'fail', error: 'not_found' })
  })

  test('409 "wrong_status" when a state rule refuses the action', async () => {
    const review = await app.services.db
      .insertInto('site_reviews')
      .values({ name: 'A', text: 'B', mark: 5 })
      .returning('id')
      .executeTakeFirstOrThrow()
    const s3 = await signedIn(app, { staff: (await makeStaff(app, 3)).email })
    expect((await s3.raw.post(`/admin/site_review/set_deleted?id=${review.id}`)).json).toEqual({
      status: 'success',
      data: { id: review.id, status: 3 },
    })
    const again = await s3.raw.post(`/admin/site_review/set_active?id=${review.id}`)
    expect(again.status).toBe(409)
    expect(again.json).toEqual({ status: 'fail', error: 'wrong_status' })
  })

  test('422 with {field: [messages]} for invalid input', async () => {
    const res = await new Client(app.url).raw.post('/admin/login', { email: '', password: 'x' })
    expect(res.status).toBe(422)
    expect(res.json.status).toBe('fail')
    expect(res.json.error).toEqual({ email: ["Обов'язкове поле"] })
  })

  test('422 messages follow ?lang', async () => {
    const res = await new Client(app.url).raw.post('/admin/login?lang=en', { email: '', password: 'x' })
    expect(res.json.error).toEqual({ email: ['Required field'] })
  })

  test('400 for a malformed JSON body, and nothing is changed', async () => {
    const res = (await new Client(app.url).request('POST', '/admin/login', {
      body: '{"email": "a@b.c", ',
      headers: { 'content-type': 'application/json' },
    })) as HttpAnswer<RawReply>
    expect(res.status).toBe(400)
    expect(res.json.status).toBe('fail')
    expect(res.json.error).toBe('bad_request')
  })

  test('405 for a documented path called with the wrong method', async () => {
    const res = await new Client(app.url).raw.get('/admin/login')
    expect(res.status).toBe(405)
    expect(res.json.status).toBe('fail')
  })
})

describe('parameters', () => {
  test('form-urlencoded, multipart and query parameters reach the procedure', async () => {
    const staff = await makeStaff(app, 1)
    const form = await new Client(app.url).request('POST', '/admin/login', {
      form: { email: staff.email, password: 'correct-horse-42' },
    })
    expect(form.status).toBe(200)
    const fd = new FormData()
    fd.set('email', staff.email)
    fd.set('password', 'correct-horse-42')
    const multipart = await new Client(app.url).request('POST', '/admin/login', { body: fd })
    expect(multipart.status).toBe(200)
    const query = await new Client(app.url).request(
      'POST',
      `/admin/login?email=${encodeURIComponent(staff.email)}&password=correct-horse-42`,
    )
    expect(query.status).toBe(200)
  })

  test('bracketed keys nest: filters[status]=1', async () => {
    const s1 = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
    const res = await s1.request('POST', '/admin/admins', { form: { page: '1', 'filters[status]': '1' } })
    expect(res.status).toBe(200)
    const { data } = res.json as RestReply<'/admin/admins'>
    expect(data.items.length).toBeGreaterThan(0)
    expect(data.items.every((s) => s.status === 1)).toBe(true)
    expect(data.total).toBeGreaterThanOrEqual(data.items.length)
  })
})

describe('cross-site requests', () => {
  test('a POST whose Origin names another site is refused, before any work', async () => {
    const staff = await makeStaff(app, 1)
    const res = await new Client(app.url).raw.post(
      '/admin/login',
      { email: staff.email, password: 'correct-horse-42' },
      { origin: 'https://evil.example' },
    )
    expect(res.status).toBe(403)
    expect(res.json).toEqual({ status: 'fail', error: 'forbidden' })
    expect(res.headers.getSetCookie()).toHaveLength(0)
  })

  test('Sec-Fetch-Site: cross-site is refused; same-origin and header-less scripts pass', async () => {
    const staff = await makeStaff(app, 1)
    const body = { email: staff.email, password: 'correct-horse-42' }
    expect((await new Client(app.url).raw.post('/admin/login', body, { 'sec-fetch-site': 'cross-site' })).status).toBe(
      403,
    )
    expect(
      (await new Client(app.url).raw.post('/admin/login', body, { 'sec-fetch-site': 'same-origin', origin: app.url }))
        .status,
    ).toBe(200)
    expect((await new Client(app.url).raw.post('/admin/login', body)).status).toBe(200)
  })

  test('a server on loopback names is one site by any of them, on its own port only', async () => {
    const staff = await makeStaff(app, 1)
    const body = { email: staff.email, password: 'correct-horse-42' }
    const port = new URL(app.url).port
    const from = async (origin: string) => (await new Client(app.url).raw.post('/admin/login', body, { origin })).status
    expect(await from(`http://localhost:${port}`)).toBe(200)
    expect(await from(`http://[::1]:${port}`)).toBe(200)
    expect(await from(`http://localhost:${Number(port) + 1}`)).toBe(403)
    expect(await from(`https://localhost:${port}`)).toBe(403)
  })

  test('the tRPC endpoint gets the same check', async () => {
    const res = await new Client(app.url).request('POST', '/trpc/auth.staff.login', {
      json: { email: 'a@b.c', password: 'x' },
      headers: { origin: 'https://evil.example' },
    })
    expect(res.status).toBe(403)
  })
})

describe('headers', () => {
  test('security headers and a request id on every answer', async () => {
    const res = await new Client(app.url).raw.get('/healthz')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/)
  })

  test('large JSON answers are gzip-compressed when accepted', async () => {
    const s1 = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
    for (let i = 0; i < 30; i++) await makeStaff(app, 3)
    const res = await fetch(`${app.url}/admin/admins?page=1`, {
      headers: { cookie: `sid=${s1.cookies.get('sid')}`, 'accept-encoding': 'gzip' },
    })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect((await res.json()).status).toBe('success')
  })
})

describe('the language of a tRPC call', () => {
  test('the page that made it (a same-origin Referer with a locale prefix), unless ?lang says otherwise; else the default', async () => {
    await app.services.db
      .insertInto('lessons')
      .values({
        edition: 'ua',
        alias: 'locale-probe',
        names: jsonb({ ua: 'Проба-укр', ru: 'Проба-рус', en: 'Probe-en' }),
      })
      .execute()
    const subjects = async (headers: Record<string, string>, lang = '') => {
      const input = encodeURIComponent(JSON.stringify(lang ? { lang } : {}))
      const res = await fetch(
        `${app.url}/trpc/public.reference.allSubjects?input=${input}${lang ? `&lang=${lang}` : ''}`,
        { headers },
      )
      expect(res.status).toBe(200)
      return JSON.stringify(await res.json())
    }
    const host = new URL(app.url).host
    expect(await subjects({})).toContain('Проба-укр')
    expect(await subjects({ referer: `http://${host}/ru/tutors/` })).toContain('Проба-рус')
    expect(await subjects({ referer: `http://${host}/en/client_chats` })).toContain('Probe-en')
    // A page without a prefix is the default language; another site's page does not choose.
    expect(await subjects({ referer: `http://${host}/tutors/` })).toContain('Проба-укр')
    expect(await subjects({ referer: 'https://elsewhere.example/ru/' })).toContain('Проба-укр')
    // A language the edition does not serve is ignored; ?lang wins over the page.
    expect(await subjects({ referer: `http://${host}/pl/` })).toContain('Проба-укр')
    expect(await subjects({ referer: `http://${host}/ru/` }, 'en')).toContain('Probe-en')
  })
})
