// Staff order reviews (paid orders only; a response only to a published review; no second review;
// the tutor's profile and catalogue figures follow), the Excel export, and staff notifications.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import ExcelJS from 'exceljs'
import { OrderStatus } from '../../common/order-status'
import { type Client, makePerson, makeStaff, signedIn, startTestApp, type TestApp } from '../helpers/app'
import { makeTutor, referenceFixture, type Ref } from '../helpers/catalogue'
import { makeOrder } from '../helpers/orders'

let app: TestApp
const staffNotifications = (c: Client) => c.api.get('/admin/on_site_notifications')
let ref: Ref
let staff: Client
let staffId: number
const db = () => app.services.db

beforeAll(async () => {
  app = await startTestApp()
  ref = await referenceFixture(app.services.db)
  const s = await makeStaff(app, 1)
  staffId = s.id
  staff = await signedIn(app, { staff: s.email })
})
afterAll(() => app.close())

const order = (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe('reviews', () => {
  test('set_review only at status 7; it reaches the reviews table, the profile and the catalogue; a second one is refused', async () => {
    const tutorId = await makeTutor(db(), {
      name: 'Reviewed Tutor',
      subjects: [{ lesson: ref.lessons.math }],
      places: [{ kind: 'home', city: ref.cities.kyiv }],
    })
    const waiting = await makeOrder(app, {
      status: OrderStatus.WaitingForPay,
      tutor_id: tutorId,
      lesson_id: ref.lessons.math,
    })
    const refused = await staff.api.post('/admin/order/set_review', {
      order_id: waiting.orderId,
      review_mark: 5,
      review_text: 'Чудово',
    })
    expect(refused.status).toBe(409)
    expect(refused.json.error).toBe('wrong_status')
    expect((await order(waiting.orderId)).review_mark).toBeNull()

    const paid = await makeOrder(app, {
      status: OrderStatus.Paid,
      tutor_id: tutorId,
      lesson_id: ref.lessons.math,
      client_name: 'Марія',
    })
    expect((await staff.api.post('/admin/order/set_review', { order_id: paid.orderId, review_mark: 6 })).status).toBe(
      422,
    )
    expect((await staff.api.post('/admin/order/set_review', { order_id: paid.orderId, review_mark: 0 })).status).toBe(
      422,
    )
    const ok = await staff.api.post('/admin/order/set_review', {
      order_id: paid.orderId,
      review_mark: 4,
      review_text: 'Дуже уважний викладач',
    })
    expect(ok.status).toBe(200)
    expect(await order(paid.orderId)).toMatchObject({
      review_mark: 4,
      review_text: 'Дуже уважний викладач',
      review_status: 1,
      status: 7,
    })
    const review = await db()
      .selectFrom('reviews')
      .select(['tutor_id', 'order_id', 'mark', 'text', 'status', 'client_name', 'lesson_id'])
      .where('order_id', '=', paid.orderId)
      .executeTakeFirstOrThrow()
    expect(review).toEqual({
      tutor_id: tutorId,
      order_id: paid.orderId,
      mark: 4,
      text: 'Дуже уважний викладач',
      status: 1,
      client_name: 'Марія',
      lesson_id: ref.lessons.math,
    })
    const tutorRow = await db()
      .selectFrom('tutors')
      .select(['review_count', 'review_avg'])
      .where('id', '=', tutorId)
      .executeTakeFirstOrThrow()
    expect(tutorRow).toEqual({ review_count: 1, review_avg: 4 })
    const listing = await db()
      .selectFrom('catalogue_listings')
      .select(['review_count', 'rating'])
      .where('tutor_id', '=', tutorId)
      .where('city_id', '=', ref.cities.kyiv)
      .executeTakeFirstOrThrow()
    expect(listing).toEqual({ review_count: 1, rating: 4 })
    const publicReviews = await new (await import('../helpers/app')).Client(app.url).api.post('/client/tutor/reviews', {
      tutor_id: tutorId,
      lang: 'ua',
    })
    expect(JSON.stringify(publicReviews.json.data)).toContain('Дуже уважний викладач')

    // a second review: refused, nothing changes
    const again = await staff.api.post('/admin/order/set_review', {
      order_id: paid.orderId,
      review_mark: 1,
      review_text: 'інакше',
    })
    expect(again.status).toBe(409)
    expect((await order(paid.orderId)).review_mark).toBe(4)
    expect(await db().selectFrom('reviews').select('id').where('order_id', '=', paid.orderId).execute()).toHaveLength(1)

    // response: only to a published review
    const resp = await staff.api.post('/admin/order/set_review_response', {
      order_id: paid.orderId,
      review_response_text: 'Дякуємо за відгук!',
    })
    expect(resp.status).toBe(200)
    expect((await order(paid.orderId)).review_response_text).toBe('Дякуємо за відгук!')
    expect(
      (
        await db()
          .selectFrom('reviews')
          .select('response_text')
          .where('order_id', '=', paid.orderId)
          .executeTakeFirstOrThrow()
      ).response_text,
    ).toBe('Дякуємо за відгук!')
    await db().updateTable('orders').set({ review_status: 2 }).where('id', '=', paid.orderId).execute() // hidden by moderation
    const hidden = await staff.api.post('/admin/order/set_review_response', {
      order_id: paid.orderId,
      review_response_text: 'ще раз',
    })
    expect(hidden.status).toBe(409)
    expect((await order(paid.orderId)).review_response_text).toBe('Дякуємо за відгук!')

    // a paid order with a review cannot be un-paid
    expect((await staff.raw.post(`/admin/order/set_paid_off?order_id=${paid.orderId}`)).status).toBe(409)

    // empty review: the review leaves the order, the table and the figures; then a new one may be set
    await db().updateTable('orders').set({ review_status: 1 }).where('id', '=', paid.orderId).execute()
    expect((await staff.raw.post(`/admin/order/set_empty_review?order_id=${paid.orderId}`)).status).toBe(200)
    expect(await order(paid.orderId)).toMatchObject({
      review_mark: null,
      review_text: null,
      review_response_text: null,
      review_status: null,
    })
    expect(await db().selectFrom('reviews').select('id').where('order_id', '=', paid.orderId).execute()).toHaveLength(0)
    expect(
      (await db().selectFrom('tutors').select('review_count').where('id', '=', tutorId).executeTakeFirstOrThrow())
        .review_count,
    ).toBe(0)
    expect((await staff.raw.post(`/admin/order/set_empty_review?order_id=${paid.orderId}`)).status).toBe(409)
    expect(
      (
        await staff.api.post('/admin/order/set_review_response', {
          order_id: paid.orderId,
          review_response_text: 'без відгуку',
        })
      ).status,
    ).toBe(409)
    expect((await staff.api.post('/admin/order/set_review', { order_id: paid.orderId, review_mark: 5 })).status).toBe(
      200,
    )

    const events = await db()
      .selectFrom('order_events')
      .select(['action', 'actor_kind', 'actor_id'])
      .where('order_id', '=', paid.orderId)
      .where('action', 'like', '%review%')
      .orderBy('id')
      .execute()
    expect(events.map((e) => e.action)).toEqual(['set_review', 'set_review_response', 'set_empty_review', 'set_review'])
    expect(events.every((e) => e.actor_kind === 'staff' && e.actor_id === staffId)).toBe(true)
  })

  test('set_no_review at status 7 once', async () => {
    const paid = await makeOrder(app, { status: OrderStatus.Paid })
    expect((await staff.raw.post(`/admin/order/set_no_review?order_id=${paid.orderId}`)).status).toBe(200)
    expect((await order(paid.orderId)).no_review).toBe(true)
    expect((await staff.raw.post(`/admin/order/set_no_review?order_id=${paid.orderId}`)).status).toBe(409)
  })
})

describe('Excel export', () => {
  test('empty filters are refused with the spec message', async () => {
    for (const body of [{}, { filters: {} }, { filters: '{}' }, { filters: { text_search: '', status: [] } }]) {
      const res = await staff.raw.post('/admin/get_file_excel_export_orders', body)
      expect(res.status).toBe(422)
      expect(res.json).toEqual({ status: 'fail', error: { filters: ['Please select at least one filter'] } })
    }
  })

  test('the file is an .xlsx with a row per matching order', async () => {
    const tutor = await makePerson(app, { tutor: true })
    const a = await makeOrder(app, {
      client_name: 'Export Alpha',
      lesson_id: ref.lessons.math,
      city_id: ref.cities.kyiv,
      location_home: true,
    })
    const b = await makeOrder(app, {
      client_name: 'Export Beta',
      status: OrderStatus.Paid,
      tutor_id: tutor.tutorId!,
      lesson_id: ref.lessons.english,
      location_online: true,
    })
    await makeOrder(app, { client_name: 'Other Gamma' })
    const res = await fetch(`${app.url}/admin/get_file_excel_export_orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: JSON.stringify({ filters: { text_search: 'Export' }, file_name: 'orders-november' }),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(res.headers.get('content-disposition')).toContain('orders-november.xlsx')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await res.arrayBuffer())
    const sheet = book.worksheets[0]!
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    expect(header.slice(0, 4)).toEqual(['ID', 'Created', 'Status', 'Status name'])
    const rows: Record<string, unknown>[] = []
    sheet.eachRow((row, n) => {
      if (n === 1) return
      const values = (row.values as unknown[]).slice(1)
      rows.push(Object.fromEntries(header.map((h, i) => [String(h), values[i] ?? null])))
    })
    expect(rows.map((r) => r.ID)).toEqual([b.orderId, a.orderId])
    expect(rows[0]).toMatchObject({
      Status: 7,
      'Status name': 'paid',
      Client: 'Export Beta',
      Subject: 'Англійська мова',
      Place: 'online',
      'Tutor ID': tutor.tutorId,
      'Paid amount': 100,
      'Payment method': 'cash',
    })
    expect(rows[1]).toMatchObject({
      Status: 1,
      'Status name': 'new',
      Client: 'Export Alpha',
      Subject: 'Математика',
      City: 'Київ',
      Place: 'home',
    })
  })
})

describe('staff notifications', () => {
  test('listed by type for staff with the orders area; set_read marks them for everyone; status 3 sees none', async () => {
    const tutor = await makePerson(app, { tutor: true })
    const { orderId } = await makeOrder(app, { personal_tutor_id: tutor.tutorId, client_name: 'Bell Client' })
    const responseId = (
      await db().selectFrom('order_tutors').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow()
    ).id

    const res = await staffNotifications(staff)
    expect(res.status).toBe(200)
    expect(res.json.auth).toMatchObject({ admin: true, admin_info: { admin_id: staffId, status: 1 } })
    const personal = res.json.data.notifications.personal_orders
    expect(personal).toContainEqual(
      expect.objectContaining({ order_id: orderId, response_id: responseId, client_name: 'Bell Client' }),
    )
    expect(Object.keys(res.json.data.notifications).sort()).toEqual([
      'client_deleted_orders',
      'client_terms_declined_orders',
      'income_calls',
      'new_chat_from_client',
      'personal_orders',
      'potential_orders',
      'timer_notifications',
    ])

    const content = await makeStaff(app, 3)
    const asContent = await signedIn(app, { staff: content.email })
    const theirs = await staffNotifications(asContent)
    expect(theirs.status).toBe(200)
    expect(theirs.json.data.notifications.personal_orders).toEqual([])
    expect(
      (
        await asContent.raw.post(
          `/admin/on_site_notification/set_read?type=personal_response&response_id=${responseId}`,
        )
      ).status,
    ).toBe(404)

    const manager = await makeStaff(app, 2)
    const asManager = await signedIn(app, { staff: manager.email })
    expect((await staffNotifications(asManager)).json.data.notifications.personal_orders).toContainEqual(
      expect.objectContaining({ order_id: orderId }),
    )
    const read = await staff.raw.post(
      `/admin/on_site_notification/set_read?type=personal_response&response_id=${responseId}`,
    )
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({ data: { read: 1 } })
    // a broadcast read by one staff member is read for all
    expect((await staffNotifications(asManager)).json.data.notifications.personal_orders).not.toContainEqual(
      expect.objectContaining({ order_id: orderId }),
    )
    expect(
      (await staff.raw.post(`/admin/on_site_notification/set_read?type=personal_response&response_id=${responseId}`))
        .status,
    ).toBe(404)
    // the tutor's own notification is untouched
    const tutorNote = await db()
      .selectFrom('notifications')
      .select('read_at')
      .where('order_id', '=', orderId)
      .where('recipient_kind', '=', 'tutor')
      .executeTakeFirstOrThrow()
    expect(tutorNote.read_at).toBeNull()
    expect(
      (await new (await import('../helpers/app')).Client(app.url).api.get('/admin/on_site_notifications')).status,
    ).toBe(401)
  })
})
