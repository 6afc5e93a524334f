// Lesson requests (docs/api.md#client-lesson-requests, docs/product.md#5-validation-rules shaping): a visitor's request
// keeps the order, finds or creates the client and does NOT sign in (a code is sent instead); a
// blacklisted client cannot order; analytics carry SHA-256 hashes of the normalised contact; a
// personal request notifies its tutor (on site, e-mail, SMS) and staff.
import { beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { Client, makePerson, signedIn, useTestApp } from '../helpers/app'
import { type Ref, makeTutor, referenceFixture } from '../helpers/catalogue'
import { type HttpAnswer, type RestReply, fieldErrors } from '../helpers/api'

const app = useTestApp()
let ref: Ref
let tutorId: number
let tutorEmail: string
let tutorPhone: string
beforeAll(async () => {
  ref = await referenceFixture(app.services.db)
  const tutor = await makePerson(app, { tutor: true })
  tutorId = tutor.tutorId!
  tutorEmail = tutor.email
  tutorPhone = tutor.phone
})
// Every request here comes from 127.0.0.1: forget the per-IP count between tests (requests-throttle.test.ts tests it).
beforeEach(async () => {
  await app.services.db.deleteFrom('auth_failures').where('key', 'like', 'anon-request:%').execute()
})

const sha = (s: string) => createHash('sha256').update(s).digest('hex')
let n = 0
const visitor = () => {
  n++
  return {
    name: `Visitor ${n}`,
    email: `Visitor.${n}@Example.com `,
    phone: `+38 (063) 100-00-${String(n).padStart(2, '0')}`,
  }
}
const order = (id: number) =>
  app.services.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe('a visitor who is not signed in', () => {
  test('a personal request keeps the order, creates the client, sends a code and signs nobody in', async () => {
    const c = new Client(app.url)
    const v = visitor()
    const res = await c.api.post('/client/make_personal_request', {
      request: {
        tutor_id: tutorId,
        ...v,
        lesson_id: ref.lessons.math,
        form_location: ['online'],
        description: 'Алгебра, 9 клас',
      },
    })
    expect(res.status).toBe(200)
    const d = res.json.data
    expect(d).toMatchObject({ code_sent: true, signed_in: false })
    expect(res.json).not.toHaveProperty('auth')
    expect(res.headers.getSetCookie()).toEqual([])
    expect(c.cookies.size).toBe(0)
    // Still anonymous: the client area refuses.
    expect((await c.api.get('/client/orders/active')).status).toBe(401)

    const o = await order(d.order_id)
    expect(o).toMatchObject({
      kind: 'personal',
      status: 1,
      personal_tutor_id: tutorId,
      client_id: d.client_id,
      client_name: v.name,
      client_email: 'visitor.1@example.com',
      client_phone: '0631000001',
      location_online: true,
    })
    const person = await app.services.db
      .selectFrom('clients as c')
      .innerJoin('people as p', 'p.id', 'c.person_id')
      .select(['p.email', 'p.phone'])
      .where('c.id', '=', d.client_id)
      .executeTakeFirstOrThrow()
    expect(person).toEqual({ email: 'visitor.1@example.com', phone: '0631000001' })

    // The code went to the e-mail; the existing code sign-in works with it.
    const mail = await app.services.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', 'visitor.1@example.com')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const code = mail.body.match(/\b(\d{6})\b/)![1]!
    const login = await c.api.post('/client/auth/login_by_code', { client_id: d.client_id, auth_code: code })
    expect(login.status).toBe(200)
    expect(login.json.auth).toMatchObject({ client: true, client_info: { id: d.client_id } })
    const mine = await c.api.get('/client/orders/active')
    expect(mine.json.data.items.map((i) => i.id)).toEqual([d.order_id])
  })

  test('an existing e-mail names that client (unconfirmed until its code is used); an existing phone alone does not', async () => {
    const existing = await makePerson(app, { client: true })
    const byEmail = await new Client(app.url).api.post('/client/make_short_school_request', {
      request: {
        name: 'Олена',
        email: existing.email.toUpperCase(),
        phone: '0931112200',
        lesson_id: ref.lessons.english,
      },
    })
    expect(byEmail.status).toBe(200)
    expect(byEmail.json.data.client_id).toBe(existing.clientId!)
    const byPhone = await new Client(app.url).api.post('/client/order/make_school_request', {
      request: { name: 'Олена', email: 'another-address@example.com', phone: existing.phone },
    })
    // Only the phone is the existing client's: the visitor gets their own account (request-identity.test.ts).
    expect(byPhone.json.data.client_id).not.toBe(existing.clientId!)
    expect((await order(byEmail.json.data.order_id)).client_confirmed).toBe(false)
    expect((await order(byEmail.json.data.order_id)).kind).toBe('short')
    expect((await order(byPhone.json.data.order_id)).kind).toBe('school')
    const clients = await app.services.db
      .selectFrom('clients')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('person_id', '=', existing.personId)
      .executeTakeFirstOrThrow()
    expect(clients.n).toBe(1)
  })

  test('name, e-mail and phone are required; the phone follows the edition rule', async () => {
    const missing = await new Client(app.url).raw.post('/client/make_personal_request', {
      request: { tutor_id: tutorId, name: 'X' },
    })
    expect(missing.status).toBe(422)
    expect(Object.keys(fieldErrors(missing.json)).sort()).toEqual(['email', 'phone'])
    const badPhone = await new Client(app.url).api.post('/client/make_personal_request', {
      request: { tutor_id: tutorId, ...visitor(), phone: '12345' },
    })
    expect(badPhone.status).toBe(422)
    expect(fieldErrors(badPhone.json).phone).toBeDefined()
    const before = await app.services.db
      .selectFrom('orders')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
    const noTutor = await new Client(app.url).raw.post('/client/make_personal_request', { request: { ...visitor() } })
    expect(noTutor.status).toBe(422)
    expect(fieldErrors(noTutor.json).tutor_id).toBeDefined()
    const after = await app.services.db
      .selectFrom('orders')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
    expect(after.n).toBe(before.n)
  })

  test('a request naming an unknown subject is a 422 and creates no client', async () => {
    const v = visitor()
    const res = await new Client(app.url).api.post('/client/make_short_school_request', {
      request: { ...v, lesson_id: 999999 },
    })
    expect(res.status).toBe(422)
    expect(fieldErrors(res.json).lesson_id).toBeDefined()
    expect(
      await app.services.db
        .selectFrom('people')
        .select('id')
        .where('email', '=', v.email.trim().toLowerCase())
        .executeTakeFirst(),
    ).toBeUndefined()
  })

  test('a form-encoded request works too (form_location as a list, the client place with its address)', async () => {
    const v = visitor()
    const res = (await new Client(app.url).request('POST', '/client/make_personal_request', {
      form: {
        tutor_id: String(tutorId),
        name: v.name,
        email: v.email,
        phone: v.phone,
        form_location: 'travel,online',
        client_place: 'Оболонь',
        address: 'просп. Героїв, 5',
        class_regularity: '',
      },
    })) as HttpAnswer<RestReply<'/client/make_personal_request'>>
    expect(res.status).toBe(200)
    expect(await order(res.json.data.order_id)).toMatchObject({
      location_travel: true,
      location_online: true,
      location_home: false,
      client_place: 'Оболонь, просп. Героїв, 5',
      class_regularity: 0,
    })
  })

  test('the request may travel as JSON text under `request`', async () => {
    const res = await new Client(app.url).api.post('/client/order/make_test_landing_school_request', {
      request: JSON.stringify({ ...visitor(), lesson_id: ref.lessons.english }),
    })
    expect(res.status).toBe(200)
    expect((await order(res.json.data.order_id)).kind).toBe('test_landing')
  })
})

describe('request shaping (spec §5)', () => {
  test('not a client location → client_place emptied', async () => {
    const res = await new Client(app.url).api.post('/client/make_personal_request', {
      request: {
        tutor_id: tutorId,
        ...visitor(),
        form_location: ['home', 'online'],
        client_place: ['Поділ'],
        address: 'вул. Сагайдачного, 1',
      },
    })
    const o = await order(res.json.data.order_id)
    expect(o).toMatchObject({ location_home: true, location_online: true, location_travel: false, client_place: '' })
  })

  test('a single client_place gets the address; several are kept as a list', async () => {
    const one = await new Client(app.url).api.post('/client/make_personal_request', {
      request: {
        tutor_id: tutorId,
        ...visitor(),
        form_location: ['travel'],
        client_place: ['Поділ'],
        address: 'вул. Сагайдачного, 1',
      },
    })
    expect((await order(one.json.data.order_id)).client_place).toBe('Поділ, вул. Сагайдачного, 1')
    const two = await new Client(app.url).api.post('/client/make_personal_request', {
      request: { tutor_id: tutorId, ...visitor(), location_travel: true, client_place: ['Поділ', 'Оболонь'] },
    })
    expect((await order(two.json.data.order_id)).client_place).toBe('Поділ; Оболонь')
  })

  test('empty class_regularity / class_duration become 0 in the short request', async () => {
    const res = await new Client(app.url).api.post('/client/make_personal_request_short_form', {
      request: { tutor_id: tutorId, ...visitor(), class_regularity: '', class_duration: null },
    })
    expect(res.status).toBe(200)
    expect(await order(res.json.data.order_id)).toMatchObject({
      class_regularity: 0,
      class_duration: 0,
      request_origin: 'make_personal_request_short_form',
    })
    const set = await new Client(app.url).api.post('/client/make_personal_request_short_form', {
      request: { tutor_id: tutorId, ...visitor(), class_regularity: '2', class_duration: 60 },
    })
    expect(await order(set.json.data.order_id)).toMatchObject({ class_regularity: 2, class_duration: 60 })
  })

  test('a lesson level is kept only if it belongs to the chosen subject', async () => {
    const keep = await new Client(app.url).api.post('/client/make_personal_request', {
      request: { tutor_id: tutorId, ...visitor(), lesson_id: ref.lessons.math, level_id: ref.levels.exam },
    })
    expect((await order(keep.json.data.order_id)).level_id).toBe(ref.levels.exam)
    const drop = await new Client(app.url).api.post('/client/make_personal_request', {
      request: { tutor_id: tutorId, ...visitor(), lesson_id: ref.lessons.english, level_id: ref.levels.exam },
    })
    expect(drop.status).toBe(200)
    expect(await order(drop.json.data.order_id)).toMatchObject({ lesson_id: ref.lessons.english, level_id: null })
  })
})

describe('analytics', () => {
  test('begin_checkout and submit_order carry SHA-256 of the trimmed lower-case e-mail and the digits-only phone with the edition prefix', async () => {
    const res = await new Client(app.url).api.post('/client/make_personal_request', {
      request: {
        tutor_id: tutorId,
        name: 'Ira',
        email: '  Ira.K@Example.COM ',
        phone: '+38 (067) 765-43-21',
        lesson_id: ref.lessons.math,
      },
    })
    const a = res.json.data.analytics
    expect(a.events.map((e) => e.event)).toEqual(['begin_checkout', 'submit_order'])
    expect(a.events[1]!.order_id).toBe(res.json.data.order_id)
    expect(a.user_data).toEqual({
      sha256_email_address: sha('ira.k@example.com'),
      sha256_phone_number: sha('380677654321'),
    })
    expect(JSON.stringify(res.json)).not.toContain('ira.k@example.com')
  })
})

describe('signed-in clients and blacklist', () => {
  test('a signed-in client orders as itself, contact filled from the profile, still signed in', async () => {
    const me = await makePerson(app, { client: true })
    const c = await signedIn(app, { client: me.email })
    const res = await c.api.post('/client/make_personal_request', {
      request: { tutor_id: tutorId, lesson_id: ref.lessons.math },
    })
    expect(res.status).toBe(200)
    expect(res.json.data).toMatchObject({
      client_id: me.clientId,
      code_sent: false,
      signed_in: true,
      request_token: null,
    })
    expect(await order(res.json.data.order_id)).toMatchObject({
      client_id: me.clientId,
      client_email: me.email,
      client_phone: me.phone,
    })
    expect(
      (await app.services.db.selectFrom('outbox').select('id').where('recipient', '=', me.email).execute()).length,
    ).toBe(0)
  })

  test('a blacklisted client cannot order, signed in or not; nothing is kept', async () => {
    const bad = await makePerson(app, { client: true })
    const c = await signedIn(app, { client: bad.email })
    await app.services.db.updateTable('clients').set({ blacklisted: true }).where('id', '=', bad.clientId!).execute()
    const before = await app.services.db
      .selectFrom('orders')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
    const anon = await new Client(app.url).api.post('/client/make_personal_request', {
      request: { tutor_id: tutorId, name: 'B', email: bad.email, phone: '0939998877' },
    })
    expect(anon.status).toBe(403)
    expect(anon.json.error).toBe('forbidden')
    expect(anon.json.message).toContain('Ми не можемо прийняти заявку')
    const signedInTry = await c.api.post('/client/make_personal_request', { request: { tutor_id: tutorId } })
    expect(signedInTry.status).toBe(403)
    expect(signedInTry.json.error).toBe('forbidden')
    const after = await app.services.db
      .selectFrom('orders')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
    expect(after.n).toBe(before.n)
  })
})

describe('notifications of a personal request', () => {
  test('the tutor gets a personal_orders notification, an e-mail and an SMS; staff get personal_orders', async () => {
    const v = visitor()
    const res = await new Client(app.url).api.post('/client/make_personal_request', {
      request: { tutor_id: tutorId, ...v },
    })
    const id = res.json.data.order_id
    const rows = await app.services.db
      .selectFrom('notifications')
      .select(['recipient_kind', 'recipient_id', 'type'])
      .where('order_id', '=', id)
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      { recipient_kind: 'tutor', recipient_id: tutorId, type: 'personal_orders' },
      { recipient_kind: 'staff', recipient_id: null, type: 'personal_orders' },
    ])
    const sent = await app.services.db
      .selectFrom('outbox')
      .select(['channel', 'recipient', 'body'])
      .where('body', '~', `№${id}[^0-9]`)
      .where('recipient', 'in', [tutorEmail, `+38${tutorPhone}`])
      .orderBy('id')
      .execute()
    expect(sent.map((s) => s.channel).sort()).toEqual(['email', 'sms'])
    expect(sent.find((s) => s.channel === 'email')!.body).toContain(v.name)
    const bell = await (await signedIn(app, { tutor: tutorEmail })).api.get('/tutor/on_site_notifications')
    expect(bell.json.data.personal_orders).toContainEqual(expect.objectContaining({ id, client_name: v.name }))
  })

  test('a request to an unknown or inactive tutor is a 422 on tutor_id', async () => {
    const inactive = await makeTutor(app.services.db, { active: false })
    const res = await new Client(app.url).api.post('/client/make_personal_request', {
      request: { tutor_id: inactive, ...visitor() },
    })
    expect(res.status).toBe(422)
    expect(fieldErrors(res.json).tutor_id).toBeDefined()
  })
})

describe('adding to a request', () => {
  test('the visitor adds info and a first-lesson date with the request_token; others get 404 and nothing changes', async () => {
    const made = await new Client(app.url).api.post('/client/make_personal_request', {
      request: { tutor_id: tutorId, ...visitor() },
    })
    const { order_id, request_token } = made.json.data
    const info = await new Client(app.url).api.post('/client/order/personal_request_add_info', {
      order_id,
      info: 'Зручно після 18:00',
      request_token: request_token!,
    })
    expect(info.status).toBe(200)
    const when = '2030-05-01T15:00:00.000Z'
    const date = await new Client(app.url).api.post('/client/order/personal_request_add_date_first_class', {
      order_id,
      first_class: when,
      request_token: request_token!,
    })
    expect(date.status).toBe(200)
    expect(await order(order_id)).toMatchObject({ info: 'Зручно після 18:00', status: 1 })
    expect(new Date((await order(order_id)).first_class!).toISOString()).toBe(when)

    // Another visitor, another request's token, another client: 404, nothing changed.
    const other = await new Client(app.url).api.post('/client/make_personal_request', {
      request: { tutor_id: tutorId, ...visitor() },
    })
    const stranger = await makePerson(app, { client: true })
    const sc = await signedIn(app, { client: stranger.email })
    for (const [c, token] of [
      [new Client(app.url), undefined],
      [new Client(app.url), other.json.data.request_token],
      [sc, undefined],
    ] as const) {
      const r = await c.api.post('/client/order/personal_request_add_info', {
        order_id,
        info: 'spam',
        request_token: token ?? undefined,
      })
      expect(r.status).toBe(404)
    }
    expect((await order(order_id)).info).toBe('Зручно після 18:00')
    const events = await app.services.db
      .selectFrom('order_events')
      .select('action')
      .where('order_id', '=', order_id)
      .orderBy('id')
      .execute()
    expect(events.map((e) => e.action)).toEqual(['create', 'add_info', 'add_info'])
  })

  test('a signed-in client gets request_token null and may send it back as it came', async () => {
    const me = await makePerson(app, { client: true })
    const c = await signedIn(app, { client: me.email })
    const made = await c.api.post('/client/make_personal_request', { request: { tutor_id: tutorId, ...visitor() } })
    expect(made.json.data.request_token).toBeNull()
    const info = await c.api.post('/client/order/personal_request_add_info', {
      order_id: made.json.data.order_id,
      info: 'Після 18:00',
      request_token: made.json.data.request_token,
    })
    expect(info.status).toBe(200)
    expect((await order(made.json.data.order_id)).info).toBe('Після 18:00')
  })
})
