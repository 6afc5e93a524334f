// Bad input is a 4xx, never a 500 (docs/contract.md#http-envelope): ids out of range or not written plainly, NUL in
// text, huge page numbers, flags other than 0/1/true/false, oversized bodies and headers, unknown methods,
// and concurrent first sign-ins of one new e-mail.
import { beforeAll, describe, expect, test } from 'bun:test'
import { connect } from 'node:net'
import { sql } from 'kysely'
import { MAX_BODY_BYTES } from '../../server/http/limits'
import { routes } from '../../server/rest/routes'
import { Client, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { type HttpAnswer, type RestReply, fieldErrors } from '../helpers/api'

const app = useTestApp()
let staff: Client
let tutor: Client
let client: Client
let tutorId: number
beforeAll(async () => {
  staff = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
  const t = await makePerson(app, { tutor: true })
  tutorId = t.tutorId!
  tutor = await signedIn(app, { tutor: t.email })
  client = await signedIn(app, { client: (await makePerson(app, { client: true })).email })
})

const OVER = 2147483648 // 2^31: one past PostgreSQL's integer
const ID_KEYS = [
  'id',
  'order_id',
  'tutor_id',
  'lesson_id',
  'client_id',
  'city_id',
  'rate_id',
  'admin_id',
  'seo_page_metatags_id',
  'district_id',
  'region_id',
  'level_id',
  'subdistrict_id',
  'chat_id',
  'affiliate_id',
  'subject_id',
  'response_id',
  'recipient_id',
  'practice_id',
  'personal_tutor_id',
  'payment_id',
  'card_id',
  'message_id',
  'review_id',
  'last_id',
  // Numbers that are not ids but land in integer columns or comparisons.
  'price_min',
  'price_max',
  'paid_amount',
  'sort',
  'limit',
  'days',
  'class_regularity',
  'class_duration',
  'status',
]
const TEXT_KEYS = [
  'name',
  'text',
  'email',
  'login',
  'phone',
  'password',
  'title',
  'comment',
  'message',
  'msg_text',
  'description',
  'alias',
  'info',
  'reason',
  'q',
  'search',
  'auth_code',
  'token',
  'first_name',
  'last_name',
]

function fill(value: (key: string) => unknown, keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, value(k)]))
}

/** Every documented path, as every role, with the given body; answers with a status of 500 or more are returned. */
async function serverErrors(body: Record<string, unknown>) {
  const failures: string[] = []
  for (const route of routes) {
    if (route.path.includes('/login') || route.path.includes('logout')) continue
    for (const [who, c] of [
      ['staff', staff],
      ['tutor', tutor],
      ['client', client],
      ['anonymous', new Client(app.url)],
    ] as const) {
      const method = route.method === 'GET' ? 'GET' : 'POST'
      const query =
        method === 'GET'
          ? `?${new URLSearchParams(Object.entries(body).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)])).toString()}`
          : ''
      const res = await c.request(method, route.path + query, method === 'POST' ? { json: body } : {})
      if (res.status >= 500) failures.push(`${who} ${method} ${route.path} → ${res.status}`)
    }
  }
  return failures
}

describe('every documented path', () => {
  test('an id above 2^31-1 in any id field is never a 500', async () => {
    const ids = fill(() => OVER, ID_KEYS)
    expect(await serverErrors({ ...ids, ids: [OVER], order: ids, tutor: ids, request: ids, filters: ids })).toEqual([])
  }, 300_000)

  test('NUL in any text field is never a 500', async () => {
    const texts = fill((k) => `a\u0000${k}@example.com`, TEXT_KEYS)
    expect(await serverErrors({ ...texts, id: 1, order: texts, tutor: texts, request: texts, filters: texts })).toEqual(
      [],
    )
  }, 300_000)
})

describe('ids', () => {
  test('an id is an integer from 1 to 2^31-1 written plainly; anything else is a 400, never another row', async () => {
    for (const id of [true, '0x1', '1e0', ' 1 ', 1.5, OVER, '2147483648', 0, -1, '-1', [1], { a: 1 }]) {
      const res = await staff.raw.post('/admin/tutor/anonymization_delete', { tutor_id: id })
      expect([id, res.status, res.json]).toEqual([id, 400, { status: 'fail', error: 'bad_request' }])
    }
    // Missing or blank is the field's 422 'required', as for any required field.
    for (const body of [{}, { tutor_id: '' }, { tutor_id: null }])
      expect(Object.keys(fieldErrors((await staff.raw.post('/admin/tutor/anonymization_delete', body)).json))).toEqual([
        'tutor_id',
      ])
    // The tutor asked about with `true` was not anonymised as tutor 1 (the report).
    const row = await app.services.db
      .selectFrom('tutors')
      .select('name')
      .where('id', '=', tutorId)
      .executeTakeFirstOrThrow()
    expect(row.name).not.toBe('')
    expect((await staff.api.get(`/admin/tutor/profile/get?id=${tutorId}`)).status).toBe(200)
    expect((await staff.api.get(`/admin/tutor/profile/get?id=0${tutorId}`)).status).toBe(200)
    expect((await staff.raw.get('/admin/tutor/profile/get?id=2147483647')).json).toEqual({
      status: 'fail',
      error: 'not_found',
    })
    expect((await new Client(app.url).raw.get('/client/tutor/get?id=2147483648')).json).toEqual({
      status: 'fail',
      error: 'bad_request',
    })
  })

  test('page numbers: out of range reads the last page (an empty list); not an integer is a 400', async () => {
    const huge = await staff.api.post('/admin/orders', { page: 1e308 })
    expect(huge.status).toBe(200)
    expect(huge.json.data.items).toEqual([])
    expect((await staff.api.post('/admin/orders', { page: 0 })).status).toBe(200)
    expect((await staff.request('POST', '/admin/orders?page=99999999999999999999')).status).toBe(200)
    expect((await staff.request('POST', '/admin/orders?page=1e308')).status).toBe(400)
    expect((await staff.raw.post('/admin/orders', { page: 1.5 })).status).toBe(400)
  })
})

describe('flags', () => {
  test('only 0, 1, true and false (and their strings in a form)', async () => {
    for (const [value, expected] of [
      [1, true],
      ['1', true],
      ['true', true],
      [true, true],
      [0, false],
      ['0', false],
      ['false', false],
      [false, false],
    ] as const) {
      const res = await staff.api.post('/admin/settings/set/transfer_offline_lesson', { value })
      expect([value, res.json]).toEqual([value, { status: 'success', data: { value: expected } }])
    }
    for (const value of [2, -1, 'yes', 'on', 'off', 'TRUE', '', 'x', null, [1]]) {
      const res = await staff.raw.post('/admin/settings/set/transfer_offline_lesson', { value })
      expect([value, res.status]).toEqual([value, 422])
      expect(Object.keys(fieldErrors(res.json))).toEqual(['value'])
    }
    const form = (await staff.request('POST', '/admin/settings/set/transfer_offline_lesson', {
      form: { value: 'true' },
    })) as HttpAnswer<RestReply<'/admin/settings/set/transfer_offline_lesson'>>
    expect(form.json).toEqual({ status: 'success', data: { value: true } })
  })
})

describe('NUL in text', () => {
  test('sign-in, registration and code requests answer 400', async () => {
    const anon = new Client(app.url)
    for (const [path, body] of [
      ['/admin/login', { email: 'a\u0000@example.com', password: 'x\u0000yyyyyyyy' }],
      ['/tutor/login', { login: 'a\u0000@example.com', password: 'xxxxxxxx' }],
      ['/client/auth/login', { login: 'a@example.com', password: 'xx\u0000xxxxxx' }],
      [
        '/tutor/register',
        {
          name: 'N\u0000',
          email: 'nul-register@example.com',
          phone: '0931112233',
          password: 'long-enough-1',
          accept_terms: true,
        },
      ],
      ['/client/auth/get_auth_code', { login: 'nul\u0000@example.com' }],
    ] as const) {
      const res = await anon.raw.post(path, body)
      expect([path, res.status, res.json]).toEqual([path, 400, { status: 'fail', error: 'bad_request' }])
    }
    expect(await app.services.db.selectFrom('people').select('id').where('email', 'like', 'nul%').execute()).toEqual([])
  })

  test('a lesson request with NUL in any field leaves no client and no order behind', async () => {
    const clients = async () =>
      Number(
        (
          await app.services.db
            .selectFrom('clients')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await clients()
    const res = await new Client(app.url).raw.post('/client/make_personal_request', {
      request: {
        tutor_id: tutorId,
        name: 'Visitor',
        email: 'visitor-nul@example.com',
        phone: '0931112244',
        comment: 'hello\u0000',
      },
    })
    expect(res.status).toBe(400)
    expect(await clients()).toBe(before)
    expect(
      await app.services.db.selectFrom('people').select('id').where('email', '=', 'visitor-nul@example.com').execute(),
    ).toEqual([])
  })
})

describe('a visitor’s request', () => {
  test('an order that cannot be written leaves no client behind (client and order are one transaction)', async () => {
    const db = app.services.db
    // A real failure of the order's INSERT, after the client would have been created.
    await sql`create function refuse_test_order() returns trigger language plpgsql as $$ begin if new.client_name = 'Refused Visitor' then raise exception 'refused'; end if; return new; end $$`.execute(
      db,
    )
    await sql`create trigger refuse_test_order before insert on orders for each row execute function refuse_test_order()`.execute(
      db,
    )
    try {
      const res = await new Client(app.url).api.post('/client/order/make_school_request', {
        request: { name: 'Refused Visitor', email: 'refused-visitor@example.com', phone: '0931119900' },
      })
      expect(res.status).toBe(500)
      expect(
        await db.selectFrom('people').select('id').where('email', '=', 'refused-visitor@example.com').execute(),
      ).toEqual([])
    } finally {
      await sql`drop trigger refuse_test_order on orders`.execute(db)
      await sql`drop function refuse_test_order()`.execute(db)
    }
  })

  test('concurrent first requests of one new visitor: no 500, one client, every order theirs', async () => {
    const email = `visitor-${Date.now()}@example.com`
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        new Client(app.url).api.post('/client/order/make_school_request', {
          request: { name: 'Twin Visitor', email, phone: '0931119911' },
        }),
      ),
    )
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200))
    expect(new Set(answers.map((r) => r.json.data.client_id)).size).toBe(1)
  })
})

describe('concurrent first use', () => {
  test('15 concurrent get_auth_code for one new e-mail: no 500, one client, the same client_id', async () => {
    const login = `concurrent-${Date.now()}@example.com`
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => new Client(app.url).api.post('/client/auth/get_auth_code', { login })),
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([])
    const ids = new Set(answers.filter((r) => r.status === 200).map((r) => r.json.data.client_id))
    expect(ids.size).toBe(1)
    const people = await app.services.db
      .selectFrom('people')
      .innerJoin('clients', 'clients.person_id', 'people.id')
      .select('clients.id')
      .where('people.email', '=', login)
      .execute()
    expect(people.map((p) => p.id)).toEqual([...ids])
  })

  test('15 concurrent registrations of one e-mail: one tutor, the others a 422 on the e-mail', async () => {
    const email = `register-${Date.now()}@example.com`
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        new Client(app.url).api.post('/tutor/register', {
          name: 'Twin',
          email,
          phone: `093${String(4000000 + i)}`,
          password: 'long-enough-1',
          accept_terms: true,
        }),
      ),
    )
    expect(answers.filter((r) => r.status === 200).length).toBe(1)
    for (const r of answers.filter((r) => r.status !== 200))
      expect([r.status, Object.keys(fieldErrors(r.json))]).toEqual([422, ['email']])
  })
})

describe('reference data: the spec’s `name`', () => {
  test('create and save accept `name` (the edition’s default language) beside `names`; `names` wins for that locale', async () => {
    const ok = <J extends { status: string; data?: unknown }>(res: { status: number; json: J }) => {
      expect([res.status, res.json.status]).toEqual([200, 'success'])
      return res.json.data as NonNullable<J['data']>
    }
    const city = ok(await staff.api.post('/admin/city/create', { city: { alias: 'spec-name-city', name: 'Черкаси' } }))
    expect(city).toMatchObject({ name: 'Черкаси', names: { ua: 'Черкаси' } })
    const district = ok(
      await staff.api.post('/admin/district/create', {
        district: JSON.stringify({ alias: 'spec-name-district', city_id: city.id, name: 'Центр' }),
      }),
    )
    expect(district.names).toEqual({ ua: 'Центр' })
    const lesson = ok(
      await staff.api.post('/admin/lesson/create', {
        lesson: { alias: 'spec-name-lesson', name: 'Астрономія', names: { en: 'Astronomy' } },
      }),
    )
    expect(lesson.names).toEqual({ ua: 'Астрономія', en: 'Astronomy' })
    const level = ok(
      await staff.api.post('/admin/level/create', {
        level: { alias: 'spec-name-level', lesson_id: lesson.id, name: 'Початковий' },
      }),
    )
    expect(level.names).toEqual({ ua: 'Початковий' })
    // Save: `name` alone renames the default locale and keeps the others.
    expect(
      ok(await staff.api.post(`/admin/lesson/save?lesson_id=${lesson.id}`, { lesson: { name: 'Астрономія і космос' } }))
        .names,
    ).toEqual({ ua: 'Астрономія і космос', en: 'Astronomy' })
    // A display name echoed beside `names` that has the default locale changes nothing.
    expect(
      ok(
        await staff.api.post(`/admin/lesson/save?lesson_id=${lesson.id}`, {
          lesson: { name: 'Astronomy', names: { ua: 'Астрономія', en: 'Astronomy' } },
        }),
      ).names,
    ).toEqual({ ua: 'Астрономія', en: 'Astronomy' })
    // Neither: the default-locale name is still required.
    const none = await staff.raw.post('/admin/city/create', { city: { alias: 'spec-no-name' } })
    expect([none.status, Object.keys(fieldErrors(none.json))]).toEqual([422, ['names']])
  })
})

/** One raw HTTP/1.1 exchange (for what fetch cannot send: CONNECT, a length without its body). */
function rawExchange(text: string): Promise<{ status: number; headers: string; body: string }> {
  const { port } = new URL(app.url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text))
    let out = ''
    const done = () => {
      const [head = '', body = ''] = out.split('\r\n\r\n')
      resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body })
    }
    socket.on('data', (d) => {
      out += d
      const [head = '', body] = out.split('\r\n\r\n')
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? NaN)
      if (body !== undefined && body.length >= length) {
        socket.destroy()
        done()
      }
    })
    socket.on('close', done)
    socket.on('error', reject)
  })
}

describe('sizes and methods', () => {
  test('a declared body over the limit is a 413 in the envelope, unread', async () => {
    const res = await rawExchange(
      `POST /client/auth/get_auth_code HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${MAX_BODY_BYTES + 1}\r\n\r\n{`,
    )
    expect(res.status).toBe(413)
    expect(JSON.parse(res.body)).toEqual({ status: 'fail', error: 'payload_too_large' })
    expect(res.headers).toContain('application/json')
  })

  test('a chunked body (no declared length) is cut off at the limit: a 413 in the envelope', async () => {
    const size = MAX_BODY_BYTES + 1024 * 1024
    const res = await rawExchange(
      `POST /client/auth/get_auth_code HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${size.toString(16)}\r\n${' '.repeat(size)}\r\n0\r\n\r\n`,
    )
    expect(res.status).toBe(413)
    expect(JSON.parse(res.body)).toEqual({ status: 'fail', error: 'payload_too_large' })
  })

  test('headers over 16 KB are a 431 in the envelope', async () => {
    const res = await fetch(`${app.url}/client/tutors`, { headers: { cookie: `junk=${'x'.repeat(20 * 1024)}` } })
    expect(res.status).toBe(431)
    expect(await res.json()).toEqual({ status: 'fail', error: 'headers_too_large' })
  })

  test('CONNECT and other unknown methods are a 405 in the envelope', async () => {
    for (const line of ['CONNECT example.com:443 HTTP/1.1', 'TRACE /client/tutors HTTP/1.1']) {
      const res = await rawExchange(`${line}\r\nHost: example.com\r\n\r\n`)
      expect([line, res.status, JSON.parse(res.body)]).toEqual([
        line,
        405,
        { status: 'fail', error: 'method_not_allowed' },
      ])
    }
  })
})
