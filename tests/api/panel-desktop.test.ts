// GET /admin/desktop (issue 14): the widgets of the areas the staff status opens, each a count and a
// link to the filtered list; the counts follow the data, and the lists answer the same numbers.
import { beforeAll, describe, expect, test } from 'bun:test'
import { Client, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { makeOrder } from '../helpers/orders'
import { makeTutor } from '../helpers/catalogue'

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
    expect(Object.keys(before).sort()).toEqual(['orders_today', 'orders_waiting', 'reviews_to_moderate', 'tutors_to_publish', 'unpaid_fees'])
    expect(before.orders_waiting!.href).toBe('/panel/users_orders?status=1')
    expect(before.unpaid_fees!.href).toBe('/panel/users_orders?status=5')
    expect(before.tutors_to_publish!.href).toBe('/panel/users_show?status=1&published=0')
    expect(before.reviews_to_moderate!.href).toBe('/panel/reviews_show?status=0')
    expect(before.orders_today!.href).toMatch(/^\/panel\/users_orders\?date_from=\d{4}-\d{2}-\d{2}&date_to=\d{4}-\d{2}-\d{2}$/)

    const db = app.services.db
    await makeOrder(app)
    await makeOrder(app, { status: 5 })
    // makeOrder appoints a tutor of its own on the way to status 5: tutors are counted from here.
    const tutorsBefore = (await widgets(s1)).tutors_to_publish!.count
    await makeTutor(db, { status: 1, published: false })
    await makeTutor(db, { status: 1, published: true }) // published: not waiting
    await makeTutor(db, { status: 1, published: false, deleted: true }) // deleted: not waiting
    await db.insertInto('site_reviews').values({ name: 'Ann', text: 'A very good site indeed', mark: 5, email: 'ann@example.com' }).execute()
    await db.insertInto('site_reviews').values({ name: 'Bob', text: 'Published already, thanks', mark: 4, status: 1 }).execute()

    const after = await widgets(s1)
    expect(after.orders_today!.count - before.orders_today!.count).toBe(2)
    expect(after.orders_waiting!.count - before.orders_waiting!.count).toBe(1)
    expect(after.unpaid_fees!.count - before.unpaid_fees!.count).toBe(1)
    expect(after.tutors_to_publish!.count - tutorsBefore).toBe(1)
    expect(after.reviews_to_moderate!.count - before.reviews_to_moderate!.count).toBe(1)

    // The lists the widgets link to answer the same numbers.
    expect((await s1.api.post('/admin/orders', { page: 1, filters: { status: [1] } })).json.data.total).toBe(after.orders_waiting!.count)
    expect((await s1.api.post('/admin/orders', { page: 1, filters: { status: [5] } })).json.data.total).toBe(after.unpaid_fees!.count)
    const day = after.orders_today!.href.match(/date_from=([\d-]+)/)![1]
    expect((await s1.api.post('/admin/orders', { page: 1, filters: { date_from: day, date_to: day } })).json.data.total).toBe(after.orders_today!.count)
    const reviews = (await s1.api.get('/admin/site_reviews/get?page=1&status=0')).json.data as { total: number; items: { status: number }[] }
    expect(reviews.total).toBe(after.reviews_to_moderate!.count)
    expect(reviews.items.every((r) => r.status === 0)).toBe(true)
  })

  test('only the widgets of the areas the status opens', async () => {
    const s2 = await signedIn(app, { staff: (await makeStaff(app, 2)).email })
    expect(Object.keys(await widgets(s2)).sort()).toEqual(['orders_today', 'orders_waiting', 'tutors_to_publish', 'unpaid_fees'])
    const s3 = await signedIn(app, { staff: (await makeStaff(app, 3)).email })
    expect(Object.keys(await widgets(s3))).toEqual(['reviews_to_moderate'])
  })
})
