// The client's orders (docs/api.md#client-orders-and-chats): active and archive lists, own orders only (404
// otherwise, nothing changed), set_rate, choosing among the tutors who responded (appoint_tutor,
// make_personal_tutor), set_first_class, reviews (paid only, once; shown on the tutor's profile and
// rating) and the school hand-off token.
import { beforeAll, describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { offerToPotentialTutors } from '../../server/domain/notifications/notifications'
import { OrderStatus } from '../../common/order-status'
import { Client, makePerson, signedIn, useTestApp } from '../helpers/app'
import { type Ref, makeTutor, referenceFixture } from '../helpers/catalogue'
import { makeOrder } from '../helpers/orders'

const app = useTestApp()
let ref: Ref
let me: { clientId: number; email: string }
let cc: Client
let stranger: Client
beforeAll(async () => {
  ref = await referenceFixture(app.services.db)
  const p = await makePerson(app, { client: true })
  me = { clientId: p.clientId!, email: p.email }
  cc = await signedIn(app, { client: me.email })
  stranger = await signedIn(app, { client: (await makePerson(app, { client: true })).email })
})

const snapshot = async (orderId: number) => ({
  order: await app.services.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow(),
  tutors: await app.services.db
    .selectFrom('order_tutors')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute(),
  events: await app.services.db
    .selectFrom('order_events')
    .select('action')
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute(),
})

/** A potential order of mine with two offered tutors; `responders` answered yes. */
async function orderWithResponders(responders: number) {
  const { orderId } = await makeOrder(app, {
    client_id: me.clientId,
    status: OrderStatus.Potential,
    lesson_id: ref.lessons.math,
  })
  const tutors = [await makePerson(app, { tutor: true }), await makePerson(app, { tutor: true })]
  await app.services.db.transaction().execute((trx) =>
    offerToPotentialTutors(trx, {
      order: { id: orderId, lesson_id: ref.lessons.math },
      tutorIds: tutors.map((t) => t.tutorId!),
      edition: app.services.edition,
    }),
  )
  for (const t of tutors.slice(0, responders))
    expect(
      (
        await (
          await signedIn(app, { tutor: t.email })
        ).api.post('/tutor/order/respond_potential', { order_id: orderId })
      ).status,
    ).toBe(200)
  return { orderId, tutors }
}

describe('lists and reads', () => {
  test('active holds open orders, archive paid and lost; only mine', async () => {
    const open = (await makeOrder(app, { client_id: me.clientId })).orderId
    const appointed = (await makeOrder(app, { client_id: me.clientId, status: OrderStatus.Appointed })).orderId
    const paid = (await makeOrder(app, { client_id: me.clientId, status: OrderStatus.Paid })).orderId
    const lost = (await makeOrder(app, { client_id: me.clientId, status: OrderStatus.Lost })).orderId
    await makeOrder(app, {})
    const active = await cc.api.get('/client/orders/active?lang=ua')
    const archive = await cc.api.get('/client/orders/archive')
    expect(active.json.data.items.map((i: { id: number }) => i.id)).toEqual(expect.arrayContaining([open, appointed]))
    expect(active.json.data.items.map((i: { id: number }) => i.id)).not.toContain(paid)
    expect(archive.json.data.items.map((i: { id: number }) => i.id).sort()).toEqual([paid, lost].sort())
    // fee_minor is staff-only: the client's answer does not carry the key at all
    expect(Object.keys(active.json.data.items[0]!)).not.toContain('fee_minor')
    const one = await cc.api.get(`/client/order/?id=${appointed}&lang=ua`)
    expect(one.status).toBe(200)
    expect(one.json.data).toMatchObject({ id: appointed, status: 4, status_name: 'appointed' })
    expect(one.json.data.tutor).not.toBeNull()
    expect(one.json.data.tutor!.id).toBeGreaterThan(0)
  })

  test("another client's order is 404 to read and to act on; nothing changes", async () => {
    const { orderId } = await makeOrder(app, { client_id: me.clientId, status: OrderStatus.Appointed })
    const before = await snapshot(orderId)
    expect((await stranger.api.get(`/client/order/?id=${orderId}`)).status).toBe(404)
    for (const [path, body] of [
      ['/client/order/set_rate', { order_id: orderId, rate_id: ref.rates.mid }],
      ['/client/order/set_first_class', { order_id: orderId, first_class: '2030-01-01T10:00:00Z' }],
      ['/client/order/appoint_tutor', { order_id: orderId, tutor_id: 1 }],
      ['/client/order/make_personal_tutor', { order_id: orderId, tutor_id: 1 }],
      ['/client/order/set_review', { order_id: orderId, review_text: 'Дуже добре, дякую', review_mark: 5 }],
      ['/client/order/get_school_auth_token', { order_id: orderId }],
    ] as const) {
      const res = await stranger.raw.post(path, body)
      expect(res.status).toBe(404)
    }
    expect(await snapshot(orderId)).toEqual(before)
    // A tutor or a visitor is not a client: 403 / 401.
    const tutor = await signedIn(app, { tutor: (await makePerson(app, { tutor: true })).email })
    expect((await tutor.api.get(`/client/order/?id=${orderId}`)).status).toBe(403)
    expect((await new Client(app.url).api.get(`/client/order/?id=${orderId}`)).status).toBe(401)
  })
})

describe('shaping the order', () => {
  test('set_rate on an open order; refused once paid (wrong_status); a rate of nowhere is 422', async () => {
    const { orderId } = await makeOrder(app, { client_id: me.clientId })
    expect((await cc.api.post('/client/order/set_rate', { order_id: orderId, rate_id: ref.rates.mid })).status).toBe(
      200,
    )
    expect((await snapshot(orderId)).order.rate_id).toBe(ref.rates.mid)
    expect((await cc.api.post('/client/order/set_rate', { order_id: orderId, rate_id: 999999 })).status).toBe(422)
    const paid = await makeOrder(app, { client_id: me.clientId, status: OrderStatus.Paid })
    const b = await snapshot(paid.orderId)
    expect(
      (await cc.api.post('/client/order/set_rate', { order_id: paid.orderId, rate_id: ref.rates.low })).json.error,
    ).toBe('wrong_status')
    expect(await snapshot(paid.orderId)).toEqual(b)
  })

  test('appoint_tutor chooses a tutor who responded: appointed, fee copied, tutor notified', async () => {
    const { orderId, tutors } = await orderWithResponders(1)
    const got = await cc.api.get(`/client/order/?id=${orderId}`)
    expect(got.json.data.responded_tutors.map((t) => t.tutor_id)).toEqual([tutors[0]!.tutorId!])
    // The one who did not respond cannot be chosen.
    const b = await snapshot(orderId)
    expect(
      (await cc.api.post('/client/order/appoint_tutor', { order_id: orderId, tutor_id: tutors[1]!.tutorId })).status,
    ).toBe(422)
    expect(await snapshot(orderId)).toEqual(b)
    const res = await cc.api.post('/client/order/appoint_tutor', { order_id: orderId, tutor_id: tutors[0]!.tutorId })
    expect(res.status).toBe(200)
    const s = await snapshot(orderId)
    expect(s.order).toMatchObject({ status: OrderStatus.Appointed, tutor_id: tutors[0]!.tutorId })
    expect(s.events.at(-1)!.action).toBe('appoint_tutor')
    const assigned = await app.services.db
      .selectFrom('notifications')
      .select('recipient_id')
      .where('order_id', '=', orderId)
      .where('type', '=', 'assigned')
      .execute()
    expect(assigned).toEqual([{ recipient_id: tutors[0]!.tutorId }])
    // Appointed already: a second appointment is refused by the machine.
    expect(
      (await cc.api.post('/client/order/appoint_tutor', { order_id: orderId, tutor_id: tutors[0]!.tutorId })).json
        .error,
    ).toBe('wrong_status')
  })

  test('make_personal_tutor turns a responded tutor into the personal one; status unchanged', async () => {
    const { orderId, tutors } = await orderWithResponders(2)
    expect(
      (await cc.api.post('/client/order/make_personal_tutor', { order_id: orderId, tutor_id: tutors[1]!.tutorId }))
        .status,
    ).toBe(200)
    const s = await snapshot(orderId)
    expect(s.order).toMatchObject({ status: OrderStatus.Potential, personal_tutor_id: tutors[1]!.tutorId })
    expect(s.tutors.find((t) => t.tutor_id === tutors[1]!.tutorId)!.role).toBe('personal')
  })

  test('set_first_class by the client: waiting_for_pay and the deadline 3 days later; not before appointment', async () => {
    const appointed = await makeOrder(app, { client_id: me.clientId, status: OrderStatus.Appointed })
    const res = await cc.api.post('/client/order/set_first_class', {
      order_id: appointed.orderId,
      first_class: '2030-06-01T09:00:00.000Z',
    })
    expect(res.status).toBe(200)
    const s = await snapshot(appointed.orderId)
    expect(s.order.status).toBe(OrderStatus.WaitingForPay)
    expect(new Date(s.order.date_payment_deadline!).toISOString()).toBe('2030-06-04T09:00:00.000Z')
    const fresh = await makeOrder(app, { client_id: me.clientId })
    const b = await snapshot(fresh.orderId)
    expect(
      (
        await cc.api.post('/client/order/set_first_class', {
          order_id: fresh.orderId,
          first_class: '2030-06-01T09:00:00.000Z',
        })
      ).json.error,
    ).toBe('wrong_status')
    expect(await snapshot(fresh.orderId)).toEqual(b)
  })
})

describe('reviews', () => {
  test("not on an unpaid order; once on a paid one; shown in /client/tutor/reviews and the tutor's rating", async () => {
    const tutorId = await makeTutor(app.services.db, { subjects: [{ lesson: ref.lessons.math }] })
    const waiting = await makeOrder(app, {
      client_id: me.clientId,
      status: OrderStatus.WaitingForPay,
      tutor_id: tutorId,
    })
    const b = await snapshot(waiting.orderId)
    const early = await cc.api.post('/client/order/set_review', {
      order_id: waiting.orderId,
      review_text: 'Гарний репетитор, дякую',
      review_mark: 5,
    })
    expect(early.status).toBe(409)
    expect(early.json.error).toBe('wrong_status')
    expect(await snapshot(waiting.orderId)).toEqual(b)

    const paid = await makeOrder(app, {
      client_id: me.clientId,
      status: OrderStatus.Paid,
      tutor_id: tutorId,
      lesson_id: ref.lessons.math,
    })
    expect(
      (await cc.api.post('/client/order/set_review', { order_id: paid.orderId, review_text: 'x', review_mark: 5 }))
        .status,
    ).toBe(422)
    expect(
      (
        await cc.api.post('/client/order/set_review', {
          order_id: paid.orderId,
          review_text: 'Пояснює дуже зрозуміло',
          review_mark: 6,
        })
      ).status,
    ).toBe(422)
    const ok = await cc.api.post('/client/order/set_review?lang=ua', {
      order_id: paid.orderId,
      review_text: 'Пояснює дуже зрозуміло',
      review_mark: 4,
    })
    expect(ok.status).toBe(200)
    const s = await snapshot(paid.orderId)
    expect(s.order).toMatchObject({ review_mark: 4, review_text: 'Пояснює дуже зрозуміло', review_status: 1 })

    const second = await cc.api.post('/client/order/set_review', {
      order_id: paid.orderId,
      review_text: 'Ще один відгук тут',
      review_mark: 1,
    })
    expect(second.status).toBe(409)
    expect(second.json.error).toBe('wrong_status')
    expect(await snapshot(paid.orderId)).toEqual(s)
    const n = await app.services.db
      .selectFrom('reviews')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('order_id', '=', paid.orderId)
      .executeTakeFirstOrThrow()
    expect(n.n).toBe(1)

    const listed = await new Client(app.url).api.post('/client/tutor/reviews', { tutor_id: tutorId, lang: 'ua' })
    expect(listed.status).toBe(200)
    expect(listed.json.data.items).toEqual([
      expect.objectContaining({ review_text: 'Пояснює дуже зрозуміло', review_mark: 4, tutor_avg_review_rate: 4 }),
    ])
    expect(listed.json.data.total).toBe(1)
    const tutor = await app.services.db
      .selectFrom('tutors')
      .select(['review_count', 'review_avg'])
      .where('id', '=', tutorId)
      .executeTakeFirstOrThrow()
    expect(tutor).toEqual({ review_count: 1, review_avg: 4 })
  })
})

describe('school hand-off', () => {
  test('a school order of mine gets a sign-in token that signs this client in; other orders 404', async () => {
    const made = await cc.api.post('/client/order/make_school_request', { request: { lesson_id: ref.lessons.english } })
    const orderId = made.json.data.order_id
    const res = await cc.api.post('/client/order/get_school_auth_token', { order_id: orderId })
    expect(res.status).toBe(200)
    expect(res.json.data.school_order_id).toBe(String(orderId))
    expect(res.json.data.url).toBe(`/school-order-client/${orderId}?ak=${res.json.data.client_auth_token}`)
    const login = await new Client(app.url).api.post('/client/auth/login_by_token', {
      auth_token: res.json.data.client_auth_token,
    })
    expect(login.json.auth).toMatchObject({ client: true, client_info: { id: me.clientId } })
    const general = await makeOrder(app, { client_id: me.clientId })
    expect((await cc.api.post('/client/order/get_school_auth_token', { order_id: general.orderId })).status).toBe(404)
  })
})
