// GET /admin/desktop: the widgets of the areas the staff status opens, each a count and a
// link to the filtered list; the counts follow the data, and the lists answer the same numbers.
import { beforeAll, describe, expect, test } from 'bun:test'
import { type Client, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { makeOrder } from '../helpers/orders'
import { makeTutor } from '../helpers/catalogue'
import { jsonb } from '../../db/jsonb'
import { coversMinute, onDutyIn } from '../../server/domain/staff/on-duty'

const app = useTestApp()
let s1: Client
beforeAll(async () => {
  s1 = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
})

type Widget = { key: string; count: number; href: string }
const widgets = async (c: Client): Promise<Record<string, Widget>> => {
  const res = await c.api.get('/admin/desktop')
  expect(res.status).toBe(200)
  return Object.fromEntries((res.json.data.widgets as Widget[]).map((w) => [w.key, w]))
}

describe('desktop widgets', () => {
  test('counts follow new orders, orders waiting, unpaid fees, tutors to publish and reviews to moderate', async () => {
    const before = await widgets(s1)
    expect(Object.keys(before).sort()).toEqual([
      'calls_to_return',
      'orders_today',
      'orders_waiting',
      'reviews_to_moderate',
      'tutors_to_publish',
      'unpaid_fees',
    ])
    expect(before.orders_waiting!.href).toBe('/panel/users_orders?status=1')
    expect(before.unpaid_fees!.href).toBe('/panel/users_orders?status=5')
    expect(before.tutors_to_publish!.href).toBe('/panel/users_show?status=1&published=0')
    expect(before.reviews_to_moderate!.href).toBe('/panel/reviews_show?status=0')
    expect(before.orders_today!.href).toMatch(
      /^\/panel\/users_orders\?date_from=\d{4}-\d{2}-\d{2}&date_to=\d{4}-\d{2}-\d{2}$/,
    )

    const db = app.services.db
    await makeOrder(app)
    await makeOrder(app, { status: 5 })
    // makeOrder appoints a tutor of its own on the way to status 5: tutors are counted from here.
    const tutorsBefore = (await widgets(s1)).tutors_to_publish!.count
    await makeTutor(db, { status: 1, published: false })
    await makeTutor(db, { status: 1, published: true }) // published: not waiting
    await makeTutor(db, { status: 1, published: false, deleted: true }) // deleted: not waiting
    await db
      .insertInto('site_reviews')
      .values({ name: 'Ann', text: 'A very good site indeed', mark: 5, email: 'ann@example.com' })
      .execute()
    await db
      .insertInto('site_reviews')
      .values({ name: 'Bob', text: 'Published already, thanks', mark: 4, status: 1 })
      .execute()

    const after = await widgets(s1)
    expect(after.orders_today!.count - before.orders_today!.count).toBe(2)
    expect(after.orders_waiting!.count - before.orders_waiting!.count).toBe(1)
    expect(after.unpaid_fees!.count - before.unpaid_fees!.count).toBe(1)
    expect(after.tutors_to_publish!.count - tutorsBefore).toBe(1)
    expect(after.reviews_to_moderate!.count - before.reviews_to_moderate!.count).toBe(1)

    // The lists the widgets link to answer the same numbers.
    expect((await s1.api.post('/admin/orders', { page: 1, filters: { status: [1] } })).json.data.total).toBe(
      after.orders_waiting!.count,
    )
    expect((await s1.api.post('/admin/orders', { page: 1, filters: { status: [5] } })).json.data.total).toBe(
      after.unpaid_fees!.count,
    )
    const day = after.orders_today!.href.match(/date_from=([\d-]+)/)![1]
    expect(
      (await s1.api.post('/admin/orders', { page: 1, filters: { date_from: day, date_to: day } })).json.data.total,
    ).toBe(after.orders_today!.count)
    const reviews = (await s1.api.get('/admin/site_reviews/get?page=1&status=0')).json.data as {
      total: number
      items: { status: number }[]
    }
    expect(reviews.total).toBe(after.reviews_to_moderate!.count)
    expect(reviews.items.every((r) => r.status === 0)).toBe(true)
  })

  test('only the widgets of the areas the status opens', async () => {
    const s2 = await signedIn(app, { staff: (await makeStaff(app, 2)).email })
    expect(Object.keys(await widgets(s2)).sort()).toEqual([
      'calls_to_return',
      'orders_today',
      'orders_waiting',
      'tutors_to_publish',
      'unpaid_fees',
    ])
    const s3 = await signedIn(app, { staff: (await makeStaff(app, 3)).email })
    expect(Object.keys(await widgets(s3))).toEqual(['reviews_to_moderate'])
  })

  test('calls to return: incoming calls no call back reached yet, linking to the incoming calls filtered the same way', async () => {
    const db = app.services.db
    const staff = await makeStaff(app, 1)
    const s = await signedIn(app, { staff: staff.email })
    const before = (await widgets(s)).calls_to_return!
    expect(before.href).toBe('/panel/users_incoming_calls?returned=0')
    const edition = 'ua'
    const income = async (extra: { deleted_at?: Date } = {}) =>
      (
        await db
          .insertInto('calls')
          .values({
            direction: 'in',
            provider: 'local',
            edition,
            from_number: '+380931234567',
            status: 'completed',
            ...extra,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    const waiting = await income()
    const calledBack = await income()
    const unreached = await income()
    const deleted = await income({ deleted_at: new Date() })
    // A call back placed through the API returns its call; one that ended unreached does not.
    expect((await s.api.post('/admin/call/outcome_to_income', { call_id: calledBack })).status).toBe(200)
    const miss = await s.api.post('/admin/call/outcome_to_income', { call_id: unreached })
    expect(miss.status).toBe(200)
    await db.updateTable('calls').set({ status: 'no-answer' }).where('id', '=', miss.json.data.id).execute()

    const after = (await widgets(s)).calls_to_return!
    expect(after.count - before.count).toBe(2) // waiting and unreached
    const list = async (filters: Record<string, unknown>) =>
      (await s.api.post('/admin/telephony/incomes/get', { page: 1, filters } as never)).json.data as {
        total: number
        items: { id: number }[]
      }
    const toReturn = await list({ returned: false })
    expect(toReturn.total).toBe(after.count)
    expect(toReturn.items.map((i) => i.id)).toEqual(expect.arrayContaining([waiting, unreached]))
    expect(toReturn.items.map((i) => i.id)).not.toContain(calledBack)
    expect(toReturn.items.map((i) => i.id)).not.toContain(deleted)
    expect((await list({ returned: true })).items.map((i) => i.id)).toContain(calledBack)
    expect((await list({ returned: '0' })).total).toBe(after.count) // as the address carries it
    expect((await s.raw.post('/admin/telephony/incomes/get', { page: 1, filters: { returned: 'maybe' } })).status).toBe(
      422,
    )
    // Status 3 has no calls area: no widget.
    const s3 = await signedIn(app, { staff: (await makeStaff(app, 3)).email })
    expect((await widgets(s3)).calls_to_return).toBeUndefined()
  })

  test("on duty now: the staff the schedule puts on duty at this moment, in the edition's time zone", async () => {
    const db = app.services.db
    const on = await makeStaff(app, 2)
    const off = await makeStaff(app, 3)
    const s = await signedIn(app, { staff: on.email })
    expect(
      (await s.api.get('/admin/desktop')).json.data.on_duty.map((d: { admin_id: number }) => d.admin_id),
    ).not.toContain(on.id)
    const all = { mon: '0–24', tue: '0-24', wed: '0–24', thu: '0–24', fri: '0–24', sat: '0–24', sun: '0–24' }
    const schedule = { week: { [on.id]: all, [off.id]: { mon: '' } }, note: 'kept' }
    await db
      .insertInto('settings')
      .values({ key: 'staff_schedule', value: jsonb(schedule) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: jsonb(schedule) }))
      .execute()
    const duty = (await s.api.get('/admin/desktop')).json.data.on_duty as {
      admin_id: number
      name: string
      hours: string
    }[]
    expect(duty.find((d) => d.admin_id === on.id)).toMatchObject({
      name: 'Staff 2',
      hours: expect.stringMatching(/^0[–-]24$/),
    })
    expect(duty.map((d) => d.admin_id)).not.toContain(off.id)

    // The hours: ranges in the edition's zone, several per day, past midnight.
    expect(coversMinute('9–18', 9 * 60)).toBe(true)
    expect(coversMinute('9–18', 18 * 60)).toBe(false)
    expect(coversMinute('9:30-13, 14-18', 13 * 60 + 30)).toBe(false)
    expect(coversMinute('9:30-13, 14-18', 14 * 60 + 5)).toBe(true)
    expect(coversMinute('22–6', 23 * 60)).toBe(true)
    expect(coversMinute('22–6', 5 * 60)).toBe(true)
    expect(coversMinute('22–6', 12 * 60)).toBe(false)
    expect(coversMinute('вихідний', 12 * 60)).toBe(false)
    // Monday 2026-11-23 07:30 UTC is 09:30 in Kyiv.
    const monday = new Date('2026-11-23T07:30:00Z')
    expect(
      onDutyIn({ week: { 5: { mon: '9–18' }, 6: { tue: '9–18' }, 7: { mon: '10–18' } } }, monday, 'Europe/Kyiv'),
    ).toEqual([{ id: 5, hours: '9–18' }])
    expect(onDutyIn([1, 2], monday, 'Europe/Kyiv')).toEqual([])
  })
})
