// Staff calls on orders (docs/api.md#admin-orders) over HTTP: access, the list, the editor, the status
// machine through the API (refusals change nothing), tutors, flags, SMS and the audit trail.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { OrderStatus } from '../../common/order-status'
import { type Client, makePerson, makeStaff, signedIn, startTestApp, type TestApp } from '../helpers/app'
import { makeTutor, referenceFixture, type Ref } from '../helpers/catalogue'
import { makeOrder } from '../helpers/orders'
import type { RestOutput, HttpAnswer, RestReply, TrpcReply } from '../helpers/api'

let app: TestApp
let ref: Ref
let staff: Client
let staffId: number
const db = () => app.services.db

beforeAll(async () => {
  app = await startTestApp()
  ref = await referenceFixture(app.services.db)
  const s = await makeStaff(app, 2) // status 2: orders, tutors, calls, clients
  staffId = s.id
  staff = await signedIn(app, { staff: s.email })
})
afterAll(() => app.close())

const order = (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const eventCount = async (id: number) =>
  (
    await db()
      .selectFrom('order_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow()
  ).n
const lastEvent = (id: number) =>
  db()
    .selectFrom('order_events')
    .select(['action', 'actor_kind', 'actor_id', 'from_status', 'to_status', 'data', 'at'])
    .where('order_id', '=', id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()

/** A refused call answers `status`/`error` and leaves the order and its trail as they were. */
async function refusedUnchanged(
  id: number,
  call: () => Promise<{ status: number; json: { status: string; error?: unknown } }>,
  status: number,
  error?: unknown,
) {
  const before = await order(id)
  const events = await eventCount(id)
  const res = await call()
  expect(res.status).toBe(status)
  expect(res.json.status).toBe('fail')
  if (error !== undefined) expect(res.json.error).toEqual(error)
  expect(await order(id)).toEqual(before)
  expect(await eventCount(id)).toBe(events)
  return res
}

describe('access', () => {
  test('anonymous 401, a tutor or client 403, staff without the orders area 403, status 2 allowed', async () => {
    const { orderId } = await makeOrder(app)
    const anon = await new (await import('../helpers/app')).Client(app.url).api.post('/admin/orders', {})
    expect(anon.status).toBe(401)
    const tutor = await makePerson(app, { tutor: true })
    const asTutor = await signedIn(app, { tutor: tutor.email })
    expect((await asTutor.api.post('/admin/orders', {})).status).toBe(403)
    expect((await asTutor.api.post(`/admin/order/set_processing?order_id=${orderId}`)).status).toBe(403)
    const content = await makeStaff(app, 3)
    const asContent = await signedIn(app, { staff: content.email })
    for (const path of [
      '/admin/orders',
      `/admin/order/set_processing?order_id=${orderId}`,
      '/admin/count_orders_statuses',
      '/admin/get_file_excel_export_orders',
    ]) {
      const res = await asContent.raw.post(path, { filters: { status: 1 } })
      expect(res.status).toBe(403)
      expect(res.json).toEqual({ status: 'fail', error: 'forbidden' })
    }
    expect((await asContent.api.get(`/admin/order/get?id=${orderId}`)).status).toBe(403)
    expect((await order(orderId)).status).toBe(OrderStatus.New)
    expect((await staff.api.get(`/admin/order/get?id=${orderId}`)).status).toBe(200)
  })
})

describe('list and counts', () => {
  test('filters, text search, paging, sort_dir (default desc) and status counts', async () => {
    const tutor = await makePerson(app, { tutor: true })
    const a = await makeOrder(app, {
      lesson_id: ref.lessons.math,
      city_id: ref.cities.kyiv,
      client_name: 'Оксана Listfilter',
      description: 'алгебра 9 клас',
    })
    const b = await makeOrder(app, {
      lesson_id: ref.lessons.english,
      city_id: ref.cities.lviv,
      client_name: 'Petro Listfilter',
      status: OrderStatus.Appointed,
      tutor_id: tutor.tutorId!,
    })
    const c = await makeOrder(app, {
      lesson_id: ref.lessons.math,
      city_id: ref.cities.lviv,
      client_name: 'Ivan Listfilter',
      status: OrderStatus.Processing,
    })
    await db()
      .updateTable('orders')
      .set({ created_at: new Date('2026-01-10T12:00:00Z') })
      .where('id', '=', a.orderId)
      .execute()

    const list = async (filters: object, extra: object = {}) =>
      (await staff.api.post('/admin/orders', { page: 1, filters, ...extra })).json.data
    const ids = (d: RestOutput<'/admin/orders'>) => d.items.map((i) => i.id)

    const all = await list({ text_search: 'Listfilter' })
    expect(ids(all)).toEqual([c.orderId, b.orderId, a.orderId]) // newest first: a was moved to January
    expect(all.total).toBe(3)
    expect(ids(await list({ text_search: 'Listfilter' }, { sort_dir: 'asc' }))).toEqual([
      a.orderId,
      b.orderId,
      c.orderId,
    ])
    expect(ids(await list({ text_search: 'Listfilter', status: 4 }))).toEqual([b.orderId])
    expect(ids(await list({ text_search: 'Listfilter', status: [1, 2] }))).toEqual([c.orderId, a.orderId])
    expect(ids(await list({ tutor_id: tutor.tutorId }))).toEqual([b.orderId])
    expect(
      ids(await list({ text_search: 'Listfilter', city_id: ref.cities.lviv, lesson_id: ref.lessons.math })),
    ).toEqual([c.orderId])
    expect(ids(await list({ client_id: a.clientId }))).toEqual([a.orderId])
    expect(ids(await list({ text_search: 'алгебра' }))).toEqual([a.orderId])
    expect(ids(await list({ text_search: String(b.orderId) }))).toContain(b.orderId)
    expect(ids(await list({ text_search: 'Listfilter', date_from: '2026-01-10', date_to: '2026-01-10' }))).toEqual([
      a.orderId,
    ])
    expect(ids(await list({ text_search: 'Listfilter', date_to: '2026-01-09' }))).toEqual([])
    // A JSON-text filters field and a form body work alike.
    const form = (await staff.request('POST', '/admin/orders', {
      form: { page: '1', filters: JSON.stringify({ text_search: 'Listfilter', status: 2 }) },
    })) as HttpAnswer<RestReply<'/admin/orders'>>
    expect(ids(form.json.data)).toEqual([c.orderId])

    const item = all.items.find((i) => i.id === b.orderId)
    expect(item).toMatchObject({
      order_id: b.orderId,
      status: 4,
      status_name: 'appointed',
      tutor_id: tutor.tutorId,
      lesson_name: 'Англійська мова',
      city_name: 'Львів',
    })

    const counts = (
      await staff.api.post('/admin/count_orders_statuses', {
        page: 1,
        filters: { text_search: 'Listfilter', status: 4 },
      })
    ).json.data
    expect(counts.counts).toMatchObject({ '1': 1, '2': 1, '4': 1, '7': 0 })
    expect(counts.total).toBe(3)
  })

  test('paging: 20 a page, total counts all', async () => {
    for (let i = 0; i < 21; i++) await makeOrder(app, { client_id: null, client_name: `Pager ${i}` })
    const p1 = (await staff.api.post('/admin/orders', { page: 1, filters: { text_search: 'Pager' } })).json.data
    const p2 = (await staff.api.post('/admin/orders', { page: 2, filters: { text_search: 'Pager' } })).json.data
    expect(p1.items).toHaveLength(20)
    expect(p2.items).toHaveLength(1)
    expect(p1.total).toBe(21)
    expect(p2.page).toBe(2)
  })
})

describe('editor: get, create, save, copy, delete', () => {
  test('create (blank or with fields), save, copy and soft delete; each audited', async () => {
    const blank = await staff.api.post('/admin/order/create')
    expect(blank.status).toBe(200)
    const blankId = blank.json.data.order_id
    expect((await order(blankId)).status).toBe(1)

    const person = await makePerson(app, { client: true })
    const created = await staff.api.post('/admin/order/create', {
      order: JSON.stringify({
        client_id: person.clientId,
        lesson_id: ref.lessons.math,
        level_id: ref.levels.exam,
        city_id: ref.cities.kyiv,
        form_location: ['home', 'online'],
        description: 'НМТ',
        class_regularity: 2,
        class_duration: 60,
        rate_id: ref.rates.mid,
      }),
    })
    expect(created.status).toBe(200)
    const id = created.json.data.order_id
    const got = (await staff.api.get(`/admin/order/get?id=${id}`)).json.data
    expect(got).toMatchObject({
      order_id: id,
      status: 1,
      status_name: 'new',
      client_id: person.clientId,
      client_email: person.email,
      client_phone: person.phone,
      lesson_id: ref.lessons.math,
      level_id: ref.levels.exam,
      form_location: ['home', 'online'],
      class_regularity: 2,
      class_duration: 60,
      rate_id: ref.rates.mid,
    })
    expect(got.actions).toContain('set_processing')
    expect(got.actions).not.toContain('set_review')
    expect(got.events[0]).toMatchObject({ action: 'create', actor_kind: 'staff', actor_id: staffId })

    // save: the editable fields; references must fit (a level of another subject is 422)
    await refusedUnchanged(
      id,
      () => staff.api.post('/admin/order/save', { order_id: id, order: { level_id: ref.levels.b2 } }),
      422,
    )
    const saved = await staff.api.post('/admin/order/save', {
      order_id: id,
      order: {
        description: 'НМТ, 2 рази на тиждень',
        form_location: ['travel'],
        client_place: 'вул. Хрещатик, 1',
        district_id: ref.districts.podil,
      },
    })
    expect(saved.status).toBe(200)
    const after = await order(id)
    expect(after).toMatchObject({
      description: 'НМТ, 2 рази на тиждень',
      location_home: false,
      location_travel: true,
      location_online: false,
      client_place: 'вул. Хрещатик, 1',
      district_id: ref.districts.podil,
      status: 1,
    })
    expect(await lastEvent(id)).toMatchObject({
      action: 'save',
      actor_kind: 'staff',
      actor_id: staffId,
      from_status: 1,
      to_status: 1,
    })
    expect(((await lastEvent(id)).data as { changed: string[] }).changed.sort()).toEqual(
      ['client_place', 'description', 'district_id', 'location_home', 'location_online', 'location_travel'].sort(),
    )
    // order_id may travel inside the order JSON
    expect(
      (await staff.api.post('/admin/order/save', { order: JSON.stringify({ id, info: 'дзвонити після 18:00' }) }))
        .status,
    ).toBe(200)
    expect((await order(id)).info).toBe('дзвонити після 18:00')

    // copy: a new order with the request fields, status new
    const copy = await staff.api.get(`/admin/order/copy?id=${id}`)
    expect(copy.status).toBe(200)
    const copied = await order(copy.json.data.order_id)
    expect(copied).toMatchObject({
      status: 1,
      client_id: person.clientId,
      lesson_id: ref.lessons.math,
      description: 'НМТ, 2 рази на тиждень',
      copied_from_order_id: id,
      tutor_id: null,
    })
    expect(copied.id).not.toBe(id)

    // delete (soft): gone from get and list, the row and its trail stay
    expect((await staff.api.post(`/admin/order/delete?order_id=${copied.id}`)).status).toBe(200)
    expect((await staff.api.get(`/admin/order/get?id=${copied.id}`)).status).toBe(404)
    const list = (await staff.api.post('/admin/orders', { filters: { client_id: person.clientId } })).json.data
    expect(list.items.map((i) => i.id)).toEqual([id])
    expect((await order(copied.id)).deleted_at).not.toBeNull()
    expect((await staff.api.post(`/admin/order/set_processing?order_id=${copied.id}`)).status).toBe(404)

    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity', '=', 'order')
      .where('entity_id', 'in', [id, copied.id])
      .orderBy('id')
      .execute()
    expect(audit.map((a) => a.action)).toEqual([
      'order.create',
      'order.save',
      // The first save of an order nobody owned made the saving staff member its responsible.
      'order.set_staff',
      'order.save',
      'order.create',
      'order.delete',
    ])
    expect(audit.every((a) => a.actor_id === staffId)).toBe(true)
  })

  test('unknown order 404; a paid order cannot be deleted (409)', async () => {
    expect((await staff.api.get('/admin/order/get?id=999999')).status).toBe(404)
    const { orderId } = await makeOrder(app, { status: OrderStatus.Paid })
    await refusedUnchanged(
      orderId,
      () => staff.api.post(`/admin/order/delete?order_id=${orderId}`),
      409,
      'wrong_status',
    )
  })
})

describe('the status machine through the API', () => {
  test('processing, potential on/off, lost on/off back to where it was, pause/unpause', async () => {
    const { orderId } = await makeOrder(app, { lesson_id: ref.lessons.math, city_id: ref.cities.kyiv })
    const act = (path: string, body: object = {}) =>
      staff.raw.post(`/admin/order/${path}?order_id=${orderId}`, body) as Promise<
        HttpAnswer<RestReply<'/admin/order/set_processing'>>
      >

    expect((await act('set_processing')).json.data).toMatchObject({ order_id: orderId, status: 2 })
    await refusedUnchanged(orderId, () => act('set_processing'), 409, 'wrong_status')
    await refusedUnchanged(orderId, () => act('set_potential_off'), 409, 'wrong_status')
    expect((await act('set_potential')).json.data.status).toBe(3)
    expect((await act('set_potential_off')).json.data.status).toBe(2)

    await refusedUnchanged(orderId, () => act('set_lost'), 422)
    await refusedUnchanged(orderId, () => act('set_lost', { remove_reasons: '   ' }), 422)
    expect((await act('set_lost', { remove_reasons: 'клієнт знайшов репетитора сам' })).json.data.status).toBe(8)
    expect(await order(orderId)).toMatchObject({
      status: 8,
      previous_status: 2,
      remove_reasons: 'клієнт знайшов репетитора сам',
    })
    await refusedUnchanged(
      orderId,
      () => act('set_pause', { date_pause_off: new Date(Date.now() + 86_400_000).toISOString() }),
      409,
      'wrong_status',
    )
    expect((await act('set_lost_off')).json.data.status).toBe(2)
    expect(await order(orderId)).toMatchObject({ status: 2, previous_status: null, remove_reasons: null })

    await refusedUnchanged(orderId, () => act('set_pause', {}), 422)
    await refusedUnchanged(orderId, () => act('set_pause', { date_pause_off: '2020-01-01T10:00:00Z' }), 422)
    const off = new Date(Date.now() + 5 * 86_400_000)
    expect((await act('set_pause', { date_pause_off: off.toISOString() })).json.data.status).toBe(6)
    expect((await order(orderId)).date_pause_off?.getTime()).toBe(off.getTime())
    expect((await act('unpause')).json.data.status).toBe(2)
    expect((await order(orderId)).date_pause_off).toBeNull()

    const events = await db()
      .selectFrom('order_events')
      .select(['action', 'from_status', 'to_status', 'actor_kind', 'actor_id'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute()
    expect(events.map((e) => [e.action, e.from_status, e.to_status])).toEqual([
      ['create', null, 1],
      // The first staff member to work an order nobody owns becomes its responsible.
      ['set_staff', 1, 1],
      ['set_processing', 1, 2],
      ['set_potential', 2, 3],
      ['set_potential_off', 3, 2],
      ['set_lost', 2, 8],
      ['set_lost_off', 8, 2],
      ['set_pause', 2, 6],
      ['unpause', 6, 2],
    ])
    expect(events.slice(1).every((e) => e.actor_kind === 'staff' && e.actor_id === staffId)).toBe(true)
  })

  test('a sample of refused moves: wrong_status, nothing changed', async () => {
    const fresh = await makeOrder(app)
    const paid = await makeOrder(app, { status: OrderStatus.Paid })
    const lost = await makeOrder(app, { status: OrderStatus.Lost })
    const payment = { payment_data: { amount: 150, method: 'card', date: '2026-11-01' } }
    await refusedUnchanged(
      fresh.orderId,
      () => staff.api.post('/admin/order/set_paid', { order_id: fresh.orderId, ...payment }),
      409,
      'wrong_status',
    )
    await refusedUnchanged(
      fresh.orderId,
      () => staff.api.post(`/admin/order/set_paid_off?order_id=${fresh.orderId}`),
      409,
      'wrong_status',
    )
    await refusedUnchanged(
      fresh.orderId,
      () => staff.api.post(`/admin/order/unpause?order_id=${fresh.orderId}`),
      409,
      'wrong_status',
    )
    await refusedUnchanged(
      fresh.orderId,
      () =>
        staff.api.post('/admin/order/set_first_class', {
          order_id: fresh.orderId,
          first_class: '2026-12-01T15:00:00Z',
        }),
      409,
      'wrong_status',
    )
    await refusedUnchanged(
      fresh.orderId,
      () => staff.api.post(`/admin/order/set_no_review?order_id=${fresh.orderId}`),
      409,
      'wrong_status',
    )
    await refusedUnchanged(
      paid.orderId,
      () => staff.api.post(`/admin/order/set_lost?order_id=${paid.orderId}`, { remove_reasons: 'x' }),
      409,
      'wrong_status',
    )
    await refusedUnchanged(
      paid.orderId,
      () => staff.api.post(`/admin/order/set_processing?order_id=${paid.orderId}`),
      409,
      'wrong_status',
    )
    await refusedUnchanged(
      paid.orderId,
      () => staff.api.post('/admin/order/set_paid', { order_id: paid.orderId, ...payment }),
      409,
      'wrong_status',
    )
    await refusedUnchanged(
      lost.orderId,
      () => staff.api.post(`/admin/order/appoint_tutor?order_id=${lost.orderId}&tutor_id=1`),
      409,
      'wrong_status',
    )
    await refusedUnchanged(
      lost.orderId,
      () => staff.api.post(`/admin/order/set_school_new?order_id=${lost.orderId}`),
      409,
      'wrong_status',
    )
    // the docs/product.md#8-error-catalogue message travels beside the code
    const res = await staff.api.post(`/admin/order/set_paid_off?order_id=${fresh.orderId}`)
    expect(res.json.error).toBe('wrong_status')
  })

  test('the deal: appoint (fee copied), first class (deadline, waiting_for_pay), set_paid with payment data, paid off, remove tutor', async () => {
    await db()
      .insertInto('order_fees')
      .values({ edition: 'ua', rate_id: ref.rates.high, fee_minor: 45000, currency: 'UAH' })
      .execute()
    const tutor = await makePerson(app, { tutor: true })
    const { orderId } = await makeOrder(app, { rate_id: ref.rates.high })
    const act = (path: string, body: object = {}) =>
      staff.raw.post(`/admin/order/${path}`, { order_id: orderId, ...body }) as Promise<
        HttpAnswer<RestReply<'/admin/order/set_processing'>>
      >

    await refusedUnchanged(orderId, () => act('appoint_tutor', { tutor_id: 999999 }), 422)
    expect((await act('appoint_tutor', { tutor_id: tutor.tutorId })).json.data.status).toBe(4)
    expect(await order(orderId)).toMatchObject({ tutor_id: tutor.tutorId, fee_minor: 45000, fee_currency: 'UAH' })
    expect(await lastEvent(orderId)).toMatchObject({
      action: 'appoint_tutor',
      to_status: 4,
      data: expect.objectContaining({ tutor_id: tutor.tutorId, fee_minor: 45000 }),
    })

    await refusedUnchanged(orderId, () => act('set_first_class', { first_class: 'not a date' }), 422)
    const first = new Date('2026-12-03T16:00:00Z')
    expect((await act('set_first_class', { first_class: first.toISOString() })).json.data.status).toBe(5)
    const o5 = await order(orderId)
    expect(o5.first_class?.getTime()).toBe(first.getTime())
    expect(o5.date_payment_deadline?.getTime()).toBe(first.getTime() + 3 * 86_400_000)
    const waiting = await db()
      .selectFrom('notifications')
      .select(['recipient_id', 'data'])
      .where('order_id', '=', orderId)
      .where('type', '=', 'waiting_for_pay')
      .executeTakeFirstOrThrow()
    expect(waiting).toEqual({
      recipient_id: tutor.tutorId,
      data: { date_payment_deadline: o5.date_payment_deadline!.toISOString() },
    })

    await refusedUnchanged(orderId, () => act('set_paid'), 422)
    await refusedUnchanged(orderId, () => act('set_paid', { payment_data: { amount: 450, method: 'card' } }), 422)
    await refusedUnchanged(
      orderId,
      () => act('set_paid', { payment_data: { amount: -5, method: 'card', date: '2026-11-20' } }),
      422,
    )
    await refusedUnchanged(
      orderId,
      () => act('set_paid', { payment_data: { amount: 450, method: 'card', date: '2099-01-01' } }),
      422,
    )
    const paid = await act('set_paid', {
      payment_data: JSON.stringify({ amount: '450.00', method: 'bank_transfer', date: '2026-11-20' }),
    })
    expect(paid.json.data.status).toBe(7)
    const o7 = await order(orderId)
    expect(o7.payment_data).toMatchObject({
      amount: 450,
      amount_minor: 45000,
      currency: 'UAH',
      method: 'bank_transfer',
      date: '2026-11-20',
      recorded_by_staff_id: staffId,
    })
    expect(o7.paid_at).not.toBeNull()

    expect((await act('set_paid_off')).json.data.status).toBe(5)
    expect(await order(orderId)).toMatchObject({ status: 5, payment_data: null, paid_at: null })

    // removing the tutor: reasons required; only the appointed tutor; the debt goes with the tutor
    await refusedUnchanged(orderId, () => act('delete_tutor', { tutor_id: tutor.tutorId }), 422)
    const other = await makePerson(app, { tutor: true })
    await refusedUnchanged(orderId, () => act('delete_tutor', { tutor_id: other.tutorId, remove_reasons: 'x' }), 404)
    const removed = await staff.api.post(
      `/admin/order/delete_tutor?order_id=${orderId}&tutor_id=${tutor.tutorId}&remove_reasons=${encodeURIComponent('не домовились про час')}`,
    )
    expect(removed.json.data.status).toBe(2)
    expect(await order(orderId)).toMatchObject({
      tutor_id: null,
      fee_minor: null,
      first_class: null,
      date_payment_deadline: null,
    })
    const row = await db()
      .selectFrom('order_tutors')
      .select(['role', 'remove_reasons'])
      .where('order_id', '=', orderId)
      .where('tutor_id', '=', tutor.tutorId!)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ role: 'removed', remove_reasons: 'не домовились про час' })
    // a later appointment copies the fee again
    expect((await act('appoint_tutor', { tutor_id: other.tutorId })).json.data.status).toBe(4)
  })
})

describe('tutors of an order', () => {
  test('potential tutors come from the catalogue (subject, city or online); set_potential offers them; search by text', async () => {
    const inKyiv = await makeTutor(db(), {
      name: 'Kyiv Potentialtutor',
      subjects: [{ lesson: ref.lessons.math }],
      places: [{ kind: 'home', city: ref.cities.kyiv }],
    })
    const online = await makeTutor(db(), {
      name: 'Online Potentialtutor',
      subjects: [{ lesson: ref.lessons.math }],
      online: true,
    })
    const inLviv = await makeTutor(db(), {
      name: 'Lviv Potentialtutor',
      subjects: [{ lesson: ref.lessons.math }],
      places: [{ kind: 'home', city: ref.cities.lviv }],
    })
    const english = await makeTutor(db(), {
      name: 'English Potentialtutor',
      subjects: [{ lesson: ref.lessons.english }],
      places: [{ kind: 'home', city: ref.cities.kyiv }],
    })
    const busy = await makeTutor(db(), {
      name: 'Busy Potentialtutor',
      subjects: [{ lesson: ref.lessons.math }],
      places: [{ kind: 'home', city: ref.cities.kyiv }],
    })
    await db().updateTable('tutors').set({ no_new_orders: true }).where('id', '=', busy).execute()

    const offline = await makeOrder(app, { lesson_id: ref.lessons.math, city_id: ref.cities.kyiv, location_home: true })
    const ids = async (orderId: number) =>
      (await staff.api.post('/admin/order/get_potential_tutors', { order_id: orderId })).json.data.items
        .map((i) => i.id)
        .sort()
    expect(await ids(offline.orderId)).toEqual([inKyiv])
    const both = await makeOrder(app, {
      lesson_id: ref.lessons.math,
      city_id: ref.cities.kyiv,
      location_home: true,
      location_online: true,
    })
    expect(await ids(both.orderId)).toEqual([inKyiv, online].sort())
    expect(await ids(both.orderId)).not.toContain(inLviv)
    expect(await ids(both.orderId)).not.toContain(english)

    expect((await staff.api.post(`/admin/order/set_potential?order_id=${both.orderId}`)).json.data.status).toBe(3)
    const rows = await db()
      .selectFrom('order_tutors')
      .select(['tutor_id', 'role'])
      .where('order_id', '=', both.orderId)
      .orderBy('tutor_id')
      .execute()
    expect(rows).toEqual([inKyiv, online].sort((a, b) => a - b).map((tutor_id) => ({ tutor_id, role: 'potential' })))
    const notes = await db()
      .selectFrom('notifications')
      .select(['recipient_id', 'data'])
      .where('order_id', '=', both.orderId)
      .where('type', '=', 'potential_orders')
      .orderBy('recipient_id')
      .execute()
    expect(notes.map((n) => n.recipient_id)).toEqual([inKyiv, online].sort((a, b) => a - b))
    expect(notes[0]!.data).toEqual({ lessons_name: ['Математика'] })
    const listed = (await staff.api.post('/admin/order/get_potential_tutors', { order_id: both.orderId })).json.data
      .items
    expect(listed.every((t) => t.order_role === 'potential')).toBe(true)

    const found = (
      await staff.api.post('/admin/order/search_tutors', {
        order_id: both.orderId,
        filters: { text_search: 'Lviv Potentialtutor' },
      })
    ).json.data.items
    expect(found.map((t) => t.id)).toEqual([inLviv])
    const foundForm = (await staff.request('POST', '/admin/order/search_tutors', {
      form: { order_id: String(both.orderId), 'filters[text_search]': 'Potentialtutor' },
    })) as HttpAnswer<RestReply<'/admin/order/search_tutors'>>
    expect(foundForm.json.data.items.map((t) => t.id).sort()).toEqual([inKyiv, online, inLviv, english, busy].sort())
  })

  test('auto-appointment reaches only potential tutors who responded', async () => {
    const personal = await makePerson(app, { tutor: true })
    const potential = await makePerson(app, { tutor: true })
    const outsider = await makePerson(app, { tutor: true })
    const { orderId } = await makeOrder(app, { personal_tutor_id: personal.tutorId })
    // The personal tutor and a removed one have "responded"; the potential one has not yet.
    await db()
      .updateTable('order_tutors')
      .set({ response: 'responded', responded_at: new Date() })
      .where('order_id', '=', orderId)
      .execute()
    await db()
      .insertInto('order_tutors')
      .values([
        { order_id: orderId, tutor_id: potential.tutorId!, role: 'potential' },
        {
          order_id: orderId,
          tutor_id: outsider.tutorId!,
          role: 'removed',
          response: 'responded',
          responded_at: new Date(),
        },
      ])
      .execute()

    const on = await staff.api.post('/admin/order/set_auto_appoint_potential_tutors', { order_id: orderId, value: 1 })
    expect(on.json.data).toMatchObject({ auto_appoint_potential: 1, appointed_tutor_id: null, status: 1 })
    expect(await order(orderId)).toMatchObject({ auto_appoint_potential: true, tutor_id: null, status: 1 })

    // The potential tutor responds (the tutor area records it), then the system appoints.
    await db()
      .updateTable('order_tutors')
      .set({ response: 'responded', responded_at: new Date() })
      .where('order_id', '=', orderId)
      .where('tutor_id', '=', potential.tutorId!)
      .execute()
    const { autoAppointInTrx } = await import('../../server/domain/orders/staff')
    expect(
      await db()
        .transaction()
        .execute((trx) => autoAppointInTrx(trx, orderId)),
    ).toBe(potential.tutorId)
    expect(await order(orderId)).toMatchObject({ tutor_id: potential.tutorId, status: 4 })
    expect(await lastEvent(orderId)).toMatchObject({
      action: 'appoint_tutor',
      actor_kind: 'system',
      data: expect.objectContaining({ auto: true, tutor_id: potential.tutorId }),
    })

    // Switched on after a potential tutor responded: appointed at once. Off: nobody is.
    const second = await makeOrder(app)
    await db()
      .insertInto('order_tutors')
      .values({
        order_id: second.orderId,
        tutor_id: potential.tutorId!,
        role: 'potential',
        response: 'responded',
        responded_at: new Date(),
      })
      .execute()
    const off = await staff.api.post('/admin/order/set_auto_appoint_potential_tutors', {
      order_id: second.orderId,
      value: 0,
    })
    expect(off.json.data.appointed_tutor_id).toBeNull()
    expect(
      await db()
        .transaction()
        .execute((trx) => autoAppointInTrx(trx, second.orderId)),
    ).toBeNull()
    const on2 = await staff.api.post('/admin/order/set_auto_appoint_potential_tutors', {
      order_id: second.orderId,
      value: 'true',
    })
    expect(on2.json.data).toMatchObject({ appointed_tutor_id: potential.tutorId, status: 4 })
  })

  test('yellow mark on and off per tutor; repeats 409; a tutor not on the order 404', async () => {
    const tutor = await makePerson(app, { tutor: true })
    const { orderId } = await makeOrder(app, { personal_tutor_id: tutor.tutorId })
    const mark = (on: boolean, tutorId = tutor.tutorId) =>
      staff.api.post(`/admin/order/tutor_mark_yellow${on ? '' : '_off'}?order_id=${orderId}&tutor_id=${tutorId}`)
    await refusedUnchanged(orderId, () => mark(false), 409, 'wrong_status')
    expect((await mark(true)).status).toBe(200)
    const yellow = () =>
      db().selectFrom('order_tutors').select('yellow').where('order_id', '=', orderId).executeTakeFirstOrThrow()
    expect((await yellow()).yellow).toBe(true)
    expect((await mark(true)).status).toBe(409)
    expect((await mark(false)).status).toBe(200)
    expect((await yellow()).yellow).toBe(false)
    const stranger = await makePerson(app, { tutor: true })
    expect((await mark(true, stranger.tutorId)).status).toBe(404)
    expect((await staff.api.get(`/admin/order/get?id=${orderId}`)).json.data.tutors).toEqual([
      expect.objectContaining({ tutor_id: tutor.tutorId, role: 'personal', yellow: 0 }),
    ])
  })
})

describe('flags, hand-offs and SMS', () => {
  test('favourite, school new → processing, other site; repeats 409', async () => {
    const { orderId } = await makeOrder(app)
    expect((await staff.api.post('/admin/order/set_favorite', { order_id: orderId, add_favorite: 1 })).status).toBe(200)
    expect((await order(orderId)).favorite).toBe(true)
    expect(
      (await staff.api.post('/admin/orders', { filters: { favorite: 1, client_id: (await order(orderId)).client_id } }))
        .json.data.total,
    ).toBe(1)
    expect((await staff.api.post('/admin/order/set_favorite', { order_id: orderId, add_favorite: 0 })).status).toBe(200)
    expect((await order(orderId)).favorite).toBe(false)

    await refusedUnchanged(
      orderId,
      () => staff.api.post(`/admin/order/set_school_processing?order_id=${orderId}`),
      409,
      'wrong_status',
    )
    expect((await staff.api.post(`/admin/order/set_school_new?order_id=${orderId}`)).status).toBe(200)
    await refusedUnchanged(
      orderId,
      () => staff.api.post(`/admin/order/set_school_new?order_id=${orderId}`),
      409,
      'wrong_status',
    )
    expect((await staff.api.post(`/admin/order/set_school_processing?order_id=${orderId}`)).status).toBe(200)
    expect((await order(orderId)).school_state).toBe('processing')
    expect((await staff.api.post(`/admin/order/set_other_site_new?order_id=${orderId}`)).status).toBe(200)
    expect((await order(orderId)).other_site_state).toBe('new')
    await refusedUnchanged(
      orderId,
      () => staff.api.post(`/admin/order/set_other_site_new?order_id=${orderId}`),
      409,
      'wrong_status',
    )
  })

  test('sms_client and sms_tutor go through the SMS outbox', async () => {
    const tutor = await makePerson(app, { tutor: true })
    const { orderId, clientId } = await makeOrder(app)
    const client = await db()
      .selectFrom('orders')
      .select(['client_phone'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    await refusedUnchanged(
      orderId,
      () => staff.api.post(`/admin/order/sms_tutor?order_id=${orderId}`),
      409,
      'wrong_status',
    )
    expect((await staff.api.post(`/admin/order/sms_client?order_id=${orderId}`)).status).toBe(200)
    await staff.api.post(`/admin/order/appoint_tutor?order_id=${orderId}&tutor_id=${tutor.tutorId}`)
    expect((await staff.api.post(`/admin/order/sms_tutor?order_id=${orderId}`)).status).toBe(200)
    expect((await staff.api.post(`/admin/order/sms_client?order_id=${orderId}`)).status).toBe(200)
    const sent = await db()
      .selectFrom('outbox')
      .select(['recipient', 'body'])
      .where('channel', '=', 'sms')
      .where('body', 'like', `%${orderId}%`)
      .orderBy('id')
      .execute()
    expect(sent).toHaveLength(3)
    expect(sent[0]).toEqual({
      recipient: `+38${client.client_phone}`,
      body: `Ваша заявка №${orderId} прийнята. Ми підберемо репетитора і зв'яжемося з вами.`,
    })
    expect(sent[1]!.recipient).toBe(`+38${tutor.phone}`)
    expect(sent[1]!.body).toContain(`+38${client.client_phone}`)
    expect(sent[2]!.body).toContain(`+38${tutor.phone}`)
    expect(await lastEvent(orderId)).toMatchObject({ action: 'sms_client', actor_id: staffId })
    expect(clientId).not.toBeNull()
    // no phone, no SMS
    const none = await makeOrder(app, { client_id: null })
    await refusedUnchanged(none.orderId, () => staff.api.post(`/admin/order/sms_client?order_id=${none.orderId}`), 422)
  })

  test('order_rules: the machine for the panel', async () => {
    const res = await staff.api.get('/admin/resources/order_rules')
    expect(res.status).toBe(200)
    expect(res.json.data.statuses).toContainEqual({ value: 7, name: 'paid' })
    expect(res.json.data.actions).toContainEqual({
      action: 'set_review',
      from: [7],
      to: 'same',
      by: ['staff', 'client'],
    })
  })
})

describe('fee table (tRPC)', () => {
  test('staff set a band fee and the default; appointment copies it; an edit later does not move the debt', async () => {
    const save = (input: object) => staff.request('POST', '/trpc/admin.orders.fees.save', { json: input })
    expect((await save({ rate_id: ref.rates.low, fee: '-1' })).status).toBe(422)
    expect((await save({ rate_id: ref.rates.low, fee: 0 })).status).toBe(422)
    expect((await save({ rate_id: 999999, fee: 10 })).status).toBe(422)
    expect((await save({ rate_id: ref.rates.low, fee: '120.50' })).status).toBe(200)
    expect((await save({ rate_id: null, fee: 80 })).status).toBe(200)
    const list = ((await staff.raw.get('/trpc/admin.orders.fees.list')).json as TrpcReply<'admin.orders.fees.list'>)
      .result.data
    expect(list.default).toEqual({ rate_id: null, fee_minor: 8000, currency: 'UAH' })
    expect(list.rates.find((r) => r.rate_id === ref.rates.low)).toMatchObject({ fee_minor: 12050, currency: 'UAH' })

    const tutor = await makePerson(app, { tutor: true })
    const { orderId } = await makeOrder(app, { rate_id: ref.rates.low })
    await staff.api.post(`/admin/order/appoint_tutor?order_id=${orderId}&tutor_id=${tutor.tutorId}`)
    expect((await order(orderId)).fee_minor).toBe(12050)
    expect((await save({ rate_id: ref.rates.low, fee: 200 })).status).toBe(200)
    expect((await order(orderId)).fee_minor).toBe(12050)
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'data'])
      .where('action', '=', 'order_fee.save')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(audit).toEqual({
      action: 'order_fee.save',
      actor_id: staffId,
      data: { fee_minor: 20000, old_fee_minor: 12050 },
    })
  })
})
