// The staff member responsible for an order (docs/decisions.md
// silent", "Responsible staff"): a new order goes to the staff member the schedule puts on duty now
// with the fewest open orders; nobody on duty leaves it unowned until the minute sweep appoints it;
// staff reassign it (audited); the list filters by it; the desktop links to mine and counts the unowned.
import { beforeAll, describe, expect, test } from 'bun:test'
import { Client, makeStaff, signedIn, useTestApp, withTestApp, type TestApp } from '../helpers/app'
import type { TrpcReply } from '../helpers/api'
import { makeOrder } from '../helpers/orders'
import { waitFor } from '../helpers/wait'
import { runSweeps } from '../../server/jobs/sweeps'

const ALL_DAY = { mon: '0–24', tue: '0-24', wed: '0–24', thu: '0–24', fri: '0–24', sat: '0–24', sun: '0–24' }

/** Saves the schedule through the panel's own call: these staff on duty the whole week, the others' cells empty. */
async function putOnDuty(admin: Client, onDuty: number[], off: number[] = []) {
  const week = Object.fromEntries([
    ...onDuty.map((id) => [id, ALL_DAY]),
    ...off.map((id) => [id, { mon: '', tue: '' }]),
  ])
  const res = await admin.api.post('/admin/admins/schedule/save', { schedule: JSON.stringify({ week }) })
  expect(res.status).toBe(200)
}

const ownerOf = async (app: TestApp, orderId: number) =>
  (await app.services.db.selectFrom('orders').select('staff_id').where('id', '=', orderId).executeTakeFirstOrThrow())
    .staff_id

const staffEvents = (app: TestApp, orderId: number) =>
  app.services.db
    .selectFrom('order_events')
    .select(['actor_kind', 'actor_id', 'data', 'from_status', 'to_status'])
    .where('order_id', '=', orderId)
    .where('action', '=', 'set_staff')
    .orderBy('id')
    .execute()

const setStaff = (c: Client, input: { order_id: number; staff_id: number }) =>
  c.request('POST', '/trpc/admin.orders.setStaff', { json: input })

describe('appointment of new orders', () => {
  const app = useTestApp()
  let admin: Client
  let a: { id: number; email: string }
  let b: { id: number; email: string }
  beforeAll(async () => {
    admin = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
    a = await makeStaff(app, 2)
    b = await makeStaff(app, 4)
  })

  test("a visitor's request goes to the staff member on duty (A), not to B who is off duty; the change is in the history", async () => {
    await putOnDuty(admin, [a.id], [b.id])
    const res = await new Client(app.url).api.post('/client/make_short_school_request', {
      request: { name: 'Olena', email: 'duty-visitor@example.com', phone: '0671112233' },
    })
    expect(res.status).toBe(200)
    const orderId = res.json.data.order_id
    expect(await ownerOf(app, orderId)).toBe(a.id)
    expect(await staffEvents(app, orderId)).toEqual([
      {
        actor_kind: 'system',
        actor_id: null,
        data: { staff_id: a.id, previous_staff_id: null, by: 'on_duty' },
        from_status: 1,
        to_status: 1,
      },
    ])
    // Staff see who is responsible, in the editor and in the list.
    const order = await admin.api.get(`/admin/order/get?id=${orderId}`)
    expect(order.json.data).toMatchObject({ staff_id: a.id, staff_name: 'Staff 2' })
    const row = (
      await admin.api.post('/admin/orders', { page: 1, filters: { text_search: String(orderId) } })
    ).json.data.items.find((o) => o.id === orderId)
    expect(row).toMatchObject({ staff_id: a.id, staff_name: 'Staff 2' })
  })

  test('with two on duty, the one with fewer open orders gets it (a tie: the lower id); paid and lost orders do not count', async () => {
    await putOnDuty(admin, [a.id, b.id])
    const db = app.services.db
    const load = async (id: number) =>
      (
        await db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('staff_id', '=', id)
          .where('status', 'not in', [7, 8])
          .where('deleted_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n
    // Level the two, then give A two more open orders and B three closed ones.
    const even = async () => {
      const [la, lb] = [Number(await load(a.id)), Number(await load(b.id))]
      for (let i = 0; i < Math.abs(la - lb); i++) {
        const { orderId } = await makeOrder(app, { client_id: null })
        await db
          .updateTable('orders')
          .set({ staff_id: la < lb ? a.id : b.id })
          .where('id', '=', orderId)
          .execute()
      }
    }
    await even()
    expect(Number(await load(a.id))).toBe(Number(await load(b.id)))
    // A tie: the lower id.
    const tie = await makeOrder(app, { client_id: null })
    expect(await ownerOf(app, tie.orderId)).toBe(Math.min(a.id, b.id))
    await even()
    for (let i = 0; i < 2; i++)
      await db
        .updateTable('orders')
        .set({ staff_id: a.id })
        .where('id', '=', (await makeOrder(app, { client_id: null })).orderId)
        .execute()
    for (const status of [7, 8] as const)
      await db
        .updateTable('orders')
        .set({ staff_id: b.id })
        .where('id', '=', (await makeOrder(app, { client_id: null, status })).orderId)
        .execute()
    const next = await makeOrder(app, { client_id: null })
    expect(await ownerOf(app, next.orderId)).toBe(b.id)
    // Staff create orders the same way (admin/order/create).
    const created = await admin.api.post('/admin/order/create', { order: { client_name: 'By phone' } })
    expect(await ownerOf(app, created.json.data.order_id)).toBe(b.id)
  })

  test('a deleted account or a status that may not work with orders is never appointed', async () => {
    const s3 = await makeStaff(app, 3)
    const gone = await makeStaff(app, 2)
    await app.services.db.updateTable('staff').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute()
    await putOnDuty(admin, [s3.id, gone.id])
    const { orderId } = await makeOrder(app, { client_id: null })
    expect(await ownerOf(app, orderId)).toBeNull()
    expect(await staffEvents(app, orderId)).toEqual([])
  })

  test('staff reassign: audited, the list filters mine / a staff member / nobody, status 3 cannot', async () => {
    await putOnDuty(admin, [a.id])
    const { orderId } = await makeOrder(app, { client_id: null })
    expect(await ownerOf(app, orderId)).toBe(a.id)
    const asA = await signedIn(app, { staff: a.email })
    const asB = await signedIn(app, { staff: b.email })

    // The choice: staff whose status works with orders, with their open orders.
    const options = (
      (await asA.raw.get('/trpc/admin.orders.staffOptions')).json as TrpcReply<'admin.orders.staffOptions'>
    ).result.data.items
    expect(options.map((o) => o.admin_id)).toEqual(expect.arrayContaining([a.id, b.id]))
    const s3 = await makeStaff(app, 3)
    expect(
      (
        (await asA.raw.get('/trpc/admin.orders.staffOptions')).json as TrpcReply<'admin.orders.staffOptions'>
      ).result.data.items.map((o) => o.admin_id),
    ).not.toContain(s3.id)

    const moved = await setStaff(asA, { order_id: orderId, staff_id: b.id })
    expect(moved.status).toBe(200)
    expect((moved.json as TrpcReply<'admin.orders.setStaff'>).result.data).toEqual({
      order_id: orderId,
      staff_id: b.id,
      staff_name: 'Staff 4',
    })
    expect(await ownerOf(app, orderId)).toBe(b.id)
    const events = await staffEvents(app, orderId)
    expect(events.at(-1)).toEqual({
      actor_kind: 'staff',
      actor_id: a.id,
      data: { staff_id: b.id, previous_staff_id: a.id, by: 'staff' },
      from_status: 1,
      to_status: 1,
    })
    const audited = await app.services.db
      .selectFrom('audit_log')
      .select(['actor_kind', 'actor_id', 'data'])
      .where('action', '=', 'order.set_staff')
      .where('entity_id', '=', orderId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(audited).toEqual({
      actor_kind: 'staff',
      actor_id: a.id,
      data: { staff_id: b.id, previous_staff_id: a.id, by: 'staff' },
    })
    // The same one again is 409; someone who may not work with orders is a 422 on staff_id; an unknown order 404.
    expect((await setStaff(asA, { order_id: orderId, staff_id: b.id })).status).toBe(409)
    expect((await setStaff(asA, { order_id: orderId, staff_id: s3.id })).status).toBe(422)
    expect((await setStaff(asA, { order_id: 2_000_000_000, staff_id: b.id })).status).toBe(404)
    // Status 3 has no orders area: refused, and nothing changed.
    const as3 = await signedIn(app, { staff: s3.email })
    expect((await setStaff(as3, { order_id: orderId, staff_id: a.id })).status).toBe(403)
    expect((await as3.raw.get('/trpc/admin.orders.staffOptions')).status).toBe(403)
    expect(await ownerOf(app, orderId)).toBe(b.id)

    // The list's filter: mine (B's now), a staff member, nobody.
    const ids = async (c: Client, responsible: string | number) =>
      (await c.api.post('/admin/orders', { page: 1, filters: { responsible } as never })).json.data.items.map(
        (o) => o.id,
      )
    expect(await ids(asB, 'mine')).toContain(orderId)
    expect(await ids(asA, 'mine')).not.toContain(orderId)
    expect(await ids(asA, b.id)).toContain(orderId)
    expect(await ids(asA, 'none')).not.toContain(orderId)
    const mineTotal = (await asB.api.post('/admin/orders', { page: 1, filters: { responsible: 'mine' } as never })).json
      .data.total
    expect(
      (await asB.api.post('/admin/count_orders_statuses', { page: 1, filters: { responsible: 'mine' } as never })).json
        .data.total,
    ).toBe(mineTotal)
    expect((await asB.raw.post('/admin/orders', { page: 1, filters: { responsible: 'somebody' } })).status).toBe(422)
  })

  test("the desktop's orders widget links to my orders and counts the open ones nobody owns", async () => {
    await putOnDuty(admin, [])
    const asA = await signedIn(app, { staff: a.email })
    const widget = async () =>
      (await asA.api.get('/admin/desktop')).json.data.widgets.find((w) => w.key === 'orders_waiting')!
    const before = await widget()
    expect(before.mine!.href).toBe('/panel/users_orders?responsible=mine&status=1,2,3,4,5,6')
    expect(before.unowned!.href).toBe('/panel/users_orders?responsible=none&status=1,2,3,4,5,6')
    const { orderId } = await makeOrder(app, { client_id: null })
    await makeOrder(app, { client_id: null, status: 8 }) // closed: not waiting for anyone
    const after = await widget()
    expect(after.unowned!.count - before.unowned!.count).toBe(1)
    expect(after.mine!.count).toBe(before.mine!.count)
    await setStaff(asA, { order_id: orderId, staff_id: a.id })
    const taken = await widget()
    expect(taken.unowned!.count).toBe(before.unowned!.count)
    expect(taken.mine!.count - before.mine!.count).toBe(1)
    // The links' lists answer the same numbers.
    expect(
      (
        await asA.api.post('/admin/orders', {
          page: 1,
          filters: { responsible: 'mine', status: [1, 2, 3, 4, 5, 6] } as never,
        })
      ).json.data.total,
    ).toBe(taken.mine!.count)
    expect(
      (
        await asA.api.post('/admin/orders', {
          page: 1,
          filters: { responsible: 'none', status: '1,2,3,4,5,6' } as never,
        })
      ).json.data.total,
    ).toBe(taken.unowned!.count)
  })
})

describe('the minute sweep', () => {
  test('nobody on duty leaves a new order unowned; once the schedule puts someone on duty the sweep appoints it, once', async () => {
    await withTestApp({ sweeps: true, env: { JOBS_SWEEP_SECONDS: '2' } }, async (app) => {
      const admin = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
      const a = await makeStaff(app, 2)
      await putOnDuty(admin, [], [a.id])
      const { orderId } = await makeOrder(app, { client_id: null })
      const closed = await makeOrder(app, { client_id: null, status: 7 })
      expect(await ownerOf(app, orderId)).toBeNull()
      // Runs while nobody is on duty change nothing.
      const deps = { db: app.services.db, edition: app.services.edition, log: () => app.services.log, queue: null }
      await runSweeps(deps, 60)
      expect(await ownerOf(app, orderId)).toBeNull()

      await putOnDuty(admin, [a.id])
      // The sweep job of this server appoints it; two more runs at once (as two processes would) and the
      // job's next runs change nothing: one appointment.
      await waitFor(async () => (await ownerOf(app, orderId)) === a.id, {
        timeout: 15_000,
        interval: 200,
        what: 'the sweep job appoints the order',
      })
      const runs = async () =>
        (await app.services.db.selectFrom('sweep_marks').select('runs').where('name', '=', 'minute').executeTakeFirst())
          ?.runs ?? 0
      const before = await runs()
      await Promise.all([runSweeps(deps, 60), runSweeps(deps, 60)])
      await waitFor(async () => (await runs()) >= before + 3, {
        timeout: 15_000,
        interval: 200,
        what: 'another sweep job run',
      })
      expect(await staffEvents(app, orderId)).toEqual([
        {
          actor_kind: 'system',
          actor_id: null,
          data: { staff_id: a.id, previous_staff_id: null, by: 'on_duty' },
          from_status: 1,
          to_status: 1,
        },
      ])
      // A paid order is not in work: nobody is appointed to it.
      expect(await ownerOf(app, closed.orderId)).toBeNull()
    })
  })
})
