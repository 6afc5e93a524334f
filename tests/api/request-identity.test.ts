// Identity on requests: a visitor who names an existing account's phone or e-mail never gets into that
// account, nor sees its data, without the code sent to that account; they still get their own request
// and their own way in. Fees: every edition has a fee table from the migration; an order no rule
// covers is refused at appointment (never silently free).
import { beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { Client, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { type Ref, referenceFixture } from '../helpers/catalogue'
import { makeOrder } from '../helpers/orders'

const app = useTestApp()
const db = () => app.services.db
let ref: Ref
beforeAll(async () => {
  ref = await referenceFixture(db())
})
beforeEach(async () => {
  await db().deleteFrom('auth_failures').where('key', 'like', 'anon-request:%').execute()
})

let n = 0
const fresh = () => {
  n++
  return { email: `stranger-${n}@example.com`, phone: `067${String(4000000 + n).padStart(7, '0')}` }
}
const request = (c: Client, v: { name?: string; email: string; phone: string; description?: string }) =>
  c.api.post('/client/make_short_school_request', {
    request: {
      name: v.name ?? 'Незнайомець',
      email: v.email,
      phone: v.phone,
      lesson_id: ref.lessons.math,
      description: v.description ?? 'Мій секретний опис',
    },
  })
const lastCode = async (to: string) => {
  const row = await db()
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  return row?.body.match(/\b(\d{6})\b/)?.[1] ?? null
}
const clientOf = (orderId: number) =>
  db()
    .selectFrom('orders')
    .select(['client_id', 'client_confirmed'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()

/** The owner's own order, so that a leak would show in what the stranger sees. */
async function owner() {
  const p = await makePerson(app, { client: true })
  const { orderId } = await makeOrder(app, { client_id: p.clientId!, description: 'Дані власника' })
  return { ...p, orderId }
}

describe('identity on requests', () => {
  test('existing phone, new e-mail: a new account on the visitor’s e-mail; the code goes there; nothing of the owner', async () => {
    const o = await owner()
    const v = { ...fresh(), phone: o.phone }
    const c = new Client(app.url)
    const res = await request(c, v)
    expect(res.status).toBe(200)
    const d = res.json.data
    expect(d.client_id).not.toBe(o.clientId)
    expect(d).toMatchObject({ code_sent: true, account_exists: false })
    expect(d.code_sent_to).toBe(`s***${v.email.split('@')[0]!.slice(-1)}@example.com`)
    // The code went to the visitor's own e-mail, none to the owner's.
    expect(await lastCode(o.email)).toBeNull()
    const code = await lastCode(v.email)
    expect(code).not.toBeNull()
    const login = await c.api.post('/client/auth/login_by_code', { client_id: d.client_id, auth_code: code! })
    expect(login.status).toBe(200)
    const mine = (await c.api.get('/client/orders/active')).json.data.items.map((i: { id: number }) => i.id)
    expect(mine).toEqual([d.order_id])
    // The owner sees only their own order.
    const own = await signedIn(app, { client: o.email })
    const theirs = (await own.api.get('/client/orders/active')).json.data.items.map((i: { id: number }) => i.id)
    expect(theirs).toEqual([o.orderId])
  })

  test('existing e-mail: the code goes to that account; the order joins it only once that code is used', async () => {
    const o = await owner()
    const v = { ...fresh(), email: o.email }
    const stranger = new Client(app.url)
    const res = await request(stranger, v)
    expect(res.status).toBe(200)
    const d = res.json.data
    expect(d).toMatchObject({ client_id: o.clientId, code_sent: true, account_exists: true, signed_in: false })
    expect(d.code_sent_to).toBe(`p***${o.email.split('@')[0]!.slice(-1)}@example.com`)
    expect(await clientOf(d.order_id)).toEqual({ client_id: o.clientId!, client_confirmed: false })
    // A wrong code does not sign the stranger in; the account does not show the stranger's request.
    const wrong = await stranger.api.post('/client/auth/login_by_code', { client_id: d.client_id, auth_code: '000000' })
    expect(wrong.status).toBe(401)
    const own = await signedIn(app, { client: o.email })
    const seen = async () =>
      (await own.api.get('/client/orders/active')).json.data.items.map((i: { id: number }) => i.id).sort()
    expect(await seen()).toEqual([o.orderId])
    expect((await own.api.get(`/client/order/?id=${d.order_id}`)).status).toBe(404)
    // The owner (who reads that mailbox) uses the code: the request is theirs.
    const code = await lastCode(o.email)
    const ok = await new Client(app.url).api.post('/client/auth/login_by_code', {
      client_id: d.client_id,
      auth_code: code!,
    })
    expect(ok.status).toBe(200)
    expect(await clientOf(d.order_id)).toEqual({ client_id: o.clientId!, client_confirmed: true })
    expect(await seen()).toEqual([o.orderId, d.order_id].sort((a, b) => a - b))
  })

  test('existing e-mail and phone: the same rule; the unproven request stays with staff, flagged', async () => {
    const o = await owner()
    const stranger = new Client(app.url)
    const res = await request(stranger, { email: o.email, phone: o.phone })
    const d = res.json.data
    expect(d).toMatchObject({ account_exists: true, code_sent: true })
    expect(await lastCode(o.email)).not.toBeNull()
    expect((await stranger.api.get('/client/orders/active')).status).toBe(401)
    expect((await clientOf(d.order_id)).client_confirmed).toBe(false)
    const staff = await signedIn(app, { staff: (await makeStaff(app, 2)).email })
    const list = await staff.api.post('/admin/orders', { filters: { text_search: String(d.order_id) } })
    expect(list.status).toBe(200)
    const row = list.json.data.items.find((i: { id: number }) => i.id === d.order_id)
    expect(row).toMatchObject({ client_confirmed: false, same_phone_clients: 0 })
  })

  test('neither: a new account with both contacts, the code to the e-mail', async () => {
    const v = fresh()
    const res = await request(new Client(app.url), v)
    const d = res.json.data
    expect(d).toMatchObject({ account_exists: false, code_sent: true })
    const p = await db()
      .selectFrom('clients as c')
      .innerJoin('people as p', 'p.id', 'c.person_id')
      .select(['p.email', 'p.phone'])
      .where('c.id', '=', d.client_id)
      .executeTakeFirstOrThrow()
    expect(p).toEqual({ email: v.email, phone: v.phone })
    expect((await clientOf(d.order_id)).client_confirmed).toBe(true)
  })

  test('two visitors with one phone: the second is a separate client; staff see both flagged as the same phone', async () => {
    const a = fresh()
    const b = { ...fresh(), phone: a.phone }
    const first = (await request(new Client(app.url), a)).json.data
    const second = (await request(new Client(app.url), b)).json.data
    expect(second.client_id).not.toBe(first.client_id)
    const staff = await signedIn(app, { staff: (await makeStaff(app, 2)).email })
    for (const id of [first.order_id, second.order_id]) {
      const list = await staff.api.post('/admin/orders', { filters: { text_search: String(id) } })
      expect(list.json.data.items.find((i: { id: number }) => i.id === id)).toMatchObject({ same_phone_clients: 1 })
    }
  })
})

describe('client terms', () => {
  const acceptances = (email: string) =>
    db()
      .selectFrom('terms_acceptances as t')
      .innerJoin('people as p', 'p.id', 't.person_id')
      .select(['t.role', 't.documents'])
      .where('p.email', '=', email)
      .execute()

  test('a visitor’s request records the acceptance of the client offer and the privacy policy', async () => {
    const v = fresh()
    expect((await request(new Client(app.url), v)).status).toBe(200)
    const rows = await acceptances(v.email)
    expect(rows.map((r) => r.role)).toEqual(['client'])
    expect((rows[0]!.documents as { alias: string }[]).map((d) => d.alias)).toEqual(['ofertaclient', 'pp'])
  })

  test('a request naming someone else’s e-mail records nothing for that account', async () => {
    const o = await owner()
    expect((await request(new Client(app.url), { ...fresh(), email: o.email })).status).toBe(200)
    expect(await acceptances(o.email)).toEqual([])
  })
})

describe('fees', () => {
  test('the migration gives every edition a positive default fee', async () => {
    const rows = await db()
      .selectFrom('order_fees')
      .select(['edition', 'fee_minor'])
      .where('rate_id', 'is', null)
      .execute()
    expect(rows.map((r) => r.edition).sort()).toEqual(['es', 'in', 'kz', 'mx', 'ng', 'pl', 'ua', 'us'])
    for (const r of rows) expect(r.fee_minor).toBeGreaterThan(0)
  })

  test('an order no fee rule covers is refused at appointment with a clear error; nothing changes', async () => {
    const staff = await signedIn(app, { staff: (await makeStaff(app, 2)).email })
    const tutor = await makePerson(app, { tutor: true })
    const { orderId } = await makeOrder(app, { rate_id: ref.rates.high })
    const saved = await db().selectFrom('order_fees').selectAll().where('edition', '=', 'ua').execute()
    await db().deleteFrom('order_fees').where('edition', '=', 'ua').execute()
    try {
      const res = await staff.api.post('/admin/order/appoint_tutor', { order_id: orderId, tutor_id: tutor.tutorId })
      expect(res.status).toBe(409)
      expect(res.json).toMatchObject({ status: 'fail', error: 'wrong_status' })
      expect(res.json.message).toContain('комісію')
      const o = await db()
        .selectFrom('orders')
        .select(['tutor_id', 'fee_minor'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
      expect(o).toEqual({ tutor_id: null, fee_minor: null })
    } finally {
      await db().insertInto('order_fees').values(saved).execute()
    }
    // With the rule back the same appointment carries the default fee.
    const ok = await staff.api.post('/admin/order/appoint_tutor', { order_id: orderId, tutor_id: tutor.tutorId })
    expect(ok.status).toBe(200)
    const o = await db().selectFrom('orders').select('fee_minor').where('id', '=', orderId).executeTakeFirstOrThrow()
    expect(o.fee_minor).toBe(20000)
  })
})
