// The tutor's orders (docs/api.md#tutor-orders-and-notifications): each category of GET /tutor/orders/{category}, the
// order a tutor may read (personal/potential/appointed only; others 404, no contact before
// appointment), answers to offers through the machine (wrong_status with nothing changed), the
// first lesson with its payment deadline, and the review calls.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { offerToPotentialTutors } from '../../server/domain/notifications/notifications'
import { OrderStatus } from '../../common/order-status'
import { type Client, type TestApp, makePerson, signedIn, startTestApp } from '../helpers/app'
import { type Ref, referenceFixture } from '../helpers/catalogue'
import { makeOrder } from '../helpers/orders'
import type { TutorCategory } from '../../server/domain/orders/tutor-orders'

let app: TestApp
let ref: Ref
let me: { tutorId: number; email: string }
let tc: Client
let other: { tutorId: number; email: string }
const o: Record<string, number> = {}

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
    .select(['action', 'from_status', 'to_status'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute(),
})

async function offer(orderId: number, tutorIds: number[]) {
  const db = app.services.db
  await db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'lesson_id'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    await offerToPotentialTutors(trx, { order, tutorIds, edition: app.services.edition })
  })
}

beforeAll(async () => {
  app = await startTestApp()
  ref = await referenceFixture(app.services.db)
  const p = await makePerson(app, { tutor: true })
  me = { tutorId: p.tutorId!, email: p.email }
  const q = await makePerson(app, { tutor: true })
  other = { tutorId: q.tutorId!, email: q.email }
  tc = await signedIn(app, { tutor: me.email })
  o.personalOnline = (
    await makeOrder(app, { personal_tutor_id: me.tutorId, location_online: true, lesson_id: ref.lessons.math })
  ).orderId
  o.personalHome = (
    await makeOrder(app, {
      personal_tutor_id: me.tutorId,
      location_home: true,
      lesson_id: ref.lessons.math,
      status: OrderStatus.Processing,
    })
  ).orderId
  o.potentialTravel = (
    await makeOrder(app, {
      location_travel: true,
      client_place: 'Поділ',
      lesson_id: ref.lessons.english,
      status: OrderStatus.Potential,
    })
  ).orderId
  await offer(o.potentialTravel, [me.tutorId, other.tutorId])
  o.appointed = (
    await makeOrder(app, {
      status: OrderStatus.Appointed,
      tutor_id: me.tutorId,
      client_email: 'appointed-client@example.com',
    })
  ).orderId
  o.waiting = (await makeOrder(app, { status: OrderStatus.WaitingForPay, tutor_id: me.tutorId })).orderId
  o.paid = (await makeOrder(app, { status: OrderStatus.Paid, tutor_id: me.tutorId })).orderId
  o.otherPersonal = (await makeOrder(app, { personal_tutor_id: other.tutorId, location_online: true })).orderId
  o.otherAppointed = (await makeOrder(app, { status: OrderStatus.Appointed, tutor_id: other.tutorId })).orderId
  o.general = (await makeOrder(app, { location_online: true })).orderId
})
afterAll(() => app.close())

const ids = async (category: TutorCategory) => {
  const res = await tc.api.get(`/tutor/orders/${category}`)
  expect(res.status).toBe(200)
  expect(res.json.data.total).toBe(res.json.data.items.length)
  return (res.json.data.items as { id: number }[]).map((i) => i.id).sort((a, b) => a - b)
}
const sorted = (...xs: number[]) => xs.sort((a, b) => a - b)

describe('categories', () => {
  test("each category holds what its definition says, and never another tutor's order", async () => {
    expect(await ids('new')).toEqual(sorted(o.personalOnline!, o.personalHome!, o.potentialTravel!))
    expect(await ids('new_personal')).toEqual(sorted(o.personalOnline!, o.personalHome!))
    expect(await ids('new_potential')).toEqual([o.potentialTravel!])
    expect(await ids('new_online')).toEqual([o.personalOnline!])
    expect(await ids('new_offline')).toEqual(sorted(o.personalHome!, o.potentialTravel!))
    expect(await ids('my')).toEqual(sorted(o.appointed!, o.waiting!, o.paid!))
    expect(await ids('active')).toEqual(sorted(o.appointed!, o.waiting!))
    expect(await ids('archive')).toEqual([o.paid!])
    expect((await tc.raw.get('/tutor/orders/bogus')).status).toBe(404)
  })

  test('a personal order I responded to, not yet appointed, stays in `my` (it left `new` and was in no tab)', async () => {
    const { orderId } = await makeOrder(app, { personal_tutor_id: me.tutorId })
    expect(await ids('new')).toContain(orderId)
    expect((await tc.api.post('/tutor/order/respond_personal', { order_id: orderId })).status).toBe(200)
    expect(await ids('new')).not.toContain(orderId)
    expect(await ids('my')).toContain(orderId)
    expect(await ids('active')).not.toContain(orderId)
  })

  test('paging: 20 a page, total counts them all', async () => {
    const t = await makePerson(app, { tutor: true })
    for (let i = 0; i < 21; i++) await makeOrder(app, { personal_tutor_id: t.tutorId })
    const c = await signedIn(app, { tutor: t.email })
    const p1 = await c.api.get('/tutor/orders/new_personal')
    const p2 = await c.api.get('/tutor/orders/new_personal?page=2')
    expect(p1.json.data).toMatchObject({ total: 21, page: 1 })
    expect(p1.json.data.items.length).toBe(20)
    expect(p2.json.data.items.length).toBe(1)
  })
})

describe('order get', () => {
  test('personal/potential/appointed tutors read it; the client contact only once appointed', async () => {
    const offered = await tc.api.get(`/tutor/order/get?id=${o.potentialTravel}`)
    expect(offered.status).toBe(200)
    expect(offered.json.data).toMatchObject({
      id: o.potentialTravel,
      my_role: 'potential',
      client_email: null,
      client_phone: null,
      client_place: 'Поділ',
      form_location: ['travel'],
    })
    expect(offered.json.data.lesson).not.toBeNull()
    expect(offered.json.data.lesson!.name).toBe('Англійська мова')
    const mine = await tc.api.get(`/tutor/order/get?id=${o.appointed}`)
    expect(mine.json.data).toMatchObject({ my_role: 'appointed', client_email: 'appointed-client@example.com' })
  })

  test("another tutor's order, a general order and an unknown id are 404", async () => {
    for (const id of [o.otherPersonal, o.otherAppointed, o.general, 999999]) {
      const res = await tc.raw.get(`/tutor/order/get?id=${id}`)
      expect(res.status).toBe(404)
      expect(res.json).toEqual({ status: 'fail', error: 'not_found' })
    }
  })
})

describe('answers to offers', () => {
  test('respond_personal records the answer and leaves the order for the client to choose', async () => {
    const { orderId } = await makeOrder(app, { personal_tutor_id: me.tutorId })
    const res = await tc.api.post('/tutor/order/respond_personal', { order_id: orderId })
    expect(res.status).toBe(200)
    const s = await snapshot(orderId)
    expect(s.order.status).toBe(1)
    expect(s.tutors[0]).toMatchObject({ tutor_id: me.tutorId, role: 'personal', response: 'responded' })
    expect(s.events.at(-1)).toEqual({ action: 'respond_personal', from_status: 1, to_status: 1 })
    expect(await ids('new_personal')).not.toContain(orderId)
    // A second answer is refused and changes nothing.
    const again = await tc.api.post('/tutor/order/respond_personal', { order_id: orderId })
    expect(again.status).toBe(409)
    expect(await snapshot(orderId)).toEqual(s)
  })

  test('respond_potential on a potential order; refused by the machine on another status with nothing changed', async () => {
    const { orderId } = await makeOrder(app, { status: OrderStatus.Potential })
    await offer(orderId, [me.tutorId])
    expect((await tc.api.post('/tutor/order/respond_potential', { order_id: orderId })).status).toBe(200)
    const staffNote = await app.services.db
      .selectFrom('notifications')
      .select(['recipient_kind', 'type'])
      .where('order_id', '=', orderId)
      .where('recipient_kind', '=', 'staff')
      .execute()
    expect(staffNote).toEqual([{ recipient_kind: 'staff', type: 'potential_orders' }])

    // Staff took it back to processing: the machine refuses respond_potential (3 only).
    const back = await makeOrder(app, { status: OrderStatus.Potential })
    await offer(back.orderId, [me.tutorId])
    await app.services.db
      .updateTable('orders')
      .set({ status: OrderStatus.Processing })
      .where('id', '=', back.orderId)
      .execute()
    const before = await snapshot(back.orderId)
    const res = await tc.api.post('/tutor/order/respond_potential', { order_id: back.orderId })
    expect(res.status).toBe(409)
    expect(res.json.error).toBe('wrong_status')
    expect(await snapshot(back.orderId)).toEqual(before)
  })

  test('set_refused_reason declines with a reason; a tutor not offered the order gets 404; appointed orders are wrong_status', async () => {
    const { orderId } = await makeOrder(app, { personal_tutor_id: me.tutorId })
    const res = await tc.api.post('/tutor/order/set_refused_reason', {
      order_id: orderId,
      refused_reason: 'Немає вільного часу',
    })
    expect(res.status).toBe(200)
    expect((await snapshot(orderId)).tutors[0]).toMatchObject({
      response: 'refused',
      refused_reason: 'Немає вільного часу',
    })
    expect(await ids('new')).not.toContain(orderId)
    expect(
      (await tc.api.post('/tutor/order/set_refused_reason', { order_id: orderId, refused_reason: '' })).status,
    ).toBe(422)

    const before = await snapshot(o.otherPersonal!)
    expect(
      (await tc.api.post('/tutor/order/set_refused_reason', { order_id: o.otherPersonal, refused_reason: 'Не мій' }))
        .status,
    ).toBe(404)
    expect((await tc.api.post('/tutor/order/respond_personal', { order_id: o.otherPersonal })).status).toBe(404)
    expect(await snapshot(o.otherPersonal!)).toEqual(before)

    // Personal request already appointed to me (status 4): the machine refuses an answer.
    const taken = await makeOrder(app, {
      personal_tutor_id: me.tutorId,
      status: OrderStatus.Appointed,
      tutor_id: me.tutorId,
    })
    const b = await snapshot(taken.orderId)
    expect(
      (await tc.api.post('/tutor/order/set_refused_reason', { order_id: taken.orderId, refused_reason: 'Передумав' }))
        .json.error,
    ).toBe('wrong_status')
    expect(await snapshot(taken.orderId)).toEqual(b)
  })
})

describe('first lesson', () => {
  test('the appointed tutor sets it: waiting_for_pay with the deadline 3 days later and a notification', async () => {
    const { orderId } = await makeOrder(app, { status: OrderStatus.Appointed, tutor_id: me.tutorId })
    const when = '2030-03-10T16:00:00.000Z'
    const res = await tc.api.post('/tutor/order/set_first_class', { order_id: orderId, first_class: when })
    expect(res.status).toBe(200)
    const s = await snapshot(orderId)
    expect(s.order.status).toBe(OrderStatus.WaitingForPay)
    expect(new Date(s.order.date_payment_deadline!).toISOString()).toBe('2030-03-13T16:00:00.000Z')
    const bell = await tc.api.get('/tutor/on_site_notifications')
    expect(bell.json.data.waiting_for_pay).toContainEqual(
      expect.objectContaining({ id: orderId, date_payment_deadline: Date.parse('2030-03-13T16:00:00.000Z') / 1000 }),
    )
  })

  test("not on a new order (wrong_status), not on another tutor's (404); nothing changes", async () => {
    const { orderId } = await makeOrder(app, { personal_tutor_id: me.tutorId })
    const b = await snapshot(orderId)
    expect(
      (await tc.api.post('/tutor/order/set_first_class', { order_id: orderId, first_class: '2030-01-01T10:00:00Z' }))
        .json.error,
    ).toBe('wrong_status')
    expect(await snapshot(orderId)).toEqual(b)
    const b2 = await snapshot(o.otherAppointed!)
    expect(
      (
        await tc.api.post('/tutor/order/set_first_class', {
          order_id: o.otherAppointed,
          first_class: '2030-01-01T10:00:00Z',
        })
      ).status,
    ).toBe(404)
    expect(await snapshot(o.otherAppointed!)).toEqual(b2)
  })
})

describe('reviews', () => {
  test('request_review only on a paid order of mine, once', async () => {
    const { orderId } = await makeOrder(app, { status: OrderStatus.Paid, tutor_id: me.tutorId })
    expect((await tc.api.post(`/tutor/order/request_review?order_id=${orderId}`)).status).toBe(200)
    expect((await snapshot(orderId)).order.review_requested_at).not.toBeNull()
    expect((await tc.api.post(`/tutor/order/request_review?order_id=${orderId}`)).json.error).toBe('wrong_status')
    expect((await tc.api.post(`/tutor/order/request_review?order_id=${o.waiting}`)).json.error).toBe('wrong_status')
  })

  test('response_review answers a published review; refused without one', async () => {
    const p = await makePerson(app, { client: true })
    const { orderId } = await makeOrder(app, { status: OrderStatus.Paid, tutor_id: me.tutorId, client_id: p.clientId })
    const before = await snapshot(orderId)
    expect(
      (await tc.api.post('/tutor/order/response_review', { order_id: orderId, review_response_text: 'Дякую!' })).json
        .error,
    ).toBe('wrong_status')
    expect(await snapshot(orderId)).toEqual(before)
    const cc = await signedIn(app, { client: p.email })
    expect(
      (
        await cc.api.post('/client/order/set_review', {
          order_id: orderId,
          review_text: 'Чудовий викладач, рекомендую',
          review_mark: 5,
        })
      ).status,
    ).toBe(200)
    const res = await tc.api.post('/tutor/order/response_review', { order_id: orderId, review_response_text: 'Дякую!' })
    expect(res.status).toBe(200)
    const s = await snapshot(orderId)
    expect(s.order.review_response_text).toBe('Дякую!')
    const review = await app.services.db
      .selectFrom('reviews')
      .select('response_text')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(review.response_text).toBe('Дякую!')
  })
})

describe('auto-appointment after a potential response', () => {
  test('an order set to auto-appoint goes to the potential tutor who responds; without it nobody is appointed', async () => {
    const db = app.services.db
    const auto = (
      await makeOrder(app, { location_online: true, lesson_id: ref.lessons.english, status: OrderStatus.Potential })
    ).orderId
    const manual = (
      await makeOrder(app, { location_online: true, lesson_id: ref.lessons.english, status: OrderStatus.Potential })
    ).orderId
    await offer(auto, [me.tutorId])
    await offer(manual, [me.tutorId])
    await db.updateTable('orders').set({ auto_appoint_potential: true }).where('id', '=', auto).execute()

    expect((await tc.api.post('/tutor/order/respond_potential', { order_id: auto })).status).toBe(200)
    expect((await tc.api.post('/tutor/order/respond_potential', { order_id: manual })).status).toBe(200)
    const row = (id: number) =>
      db.selectFrom('orders').select(['status', 'tutor_id']).where('id', '=', id).executeTakeFirstOrThrow()
    expect(await row(auto)).toEqual({ status: OrderStatus.Appointed, tutor_id: me.tutorId })
    expect(await row(manual)).toEqual({ status: OrderStatus.Potential, tutor_id: null })
  })
})
