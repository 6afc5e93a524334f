// The tutor's bell (docs/product.md#3-entities-and-their-fields): GET /tutor/on_site_notifications lists
// personal_orders, potential_orders, assigned, waiting_for_pay (deadline as epoch seconds), deadline_pay_date,
// overdue_pay_date, client_notifications and admin_notifications with a count; marking read; the
// payment-deadline sweep (deadline day, then overdue, each once).
import { beforeAll, describe, expect, test } from 'bun:test'
import { offerToPotentialTutors, sweepPaymentDeadlines } from '../../server/domain/notifications/notifications'
import { notify } from '../../server/domain/orders/notifications'
import { OrderStatus } from '../../common/order-status'
import { Client, makePerson, signedIn, useTestApp } from '../helpers/app'
import { type Ref, referenceFixture } from '../helpers/catalogue'
import { makeOrder } from '../helpers/orders'

const app = useTestApp()
let ref: Ref
beforeAll(async () => {
  ref = await referenceFixture(app.services.db)
})

async function tutor() {
  const p = await makePerson(app, { tutor: true })
  return { id: p.tutorId!, c: await signedIn(app, { tutor: p.email }) }
}

describe('the bell', () => {
  test('every kind of notification in its list with the fields of spec §3, and the count', async () => {
    const t = await tutor()
    const db = app.services.db
    const personal = await makeOrder(app, { personal_tutor_id: t.id, client_name: 'Марія' })
    const potential = await makeOrder(app, { status: OrderStatus.Potential, lesson_id: ref.lessons.english })
    await db.transaction().execute((trx) =>
      offerToPotentialTutors(trx, {
        order: { id: potential.orderId, lesson_id: ref.lessons.english },
        tutorIds: [t.id],
        edition: app.services.edition,
      }),
    )
    const assigned = await makeOrder(app, { status: OrderStatus.Appointed, tutor_id: t.id, client_name: 'Петро' })
    await t.c.api.post('/tutor/order/set_first_class', {
      order_id: assigned.orderId,
      first_class: '2030-02-01T10:00:00.000Z',
    })
    await notify(db, {
      recipient_kind: 'tutor',
      recipient_id: t.id,
      type: 'admin_notifications',
      order_id: assigned.orderId,
      data: { name: 'Менеджер' },
    })
    await notify(db, {
      recipient_kind: 'tutor',
      recipient_id: t.id,
      type: 'client_notifications',
      order_id: assigned.orderId,
      data: { name: 'Петро' },
    })

    const res = await t.c.api.get('/tutor/on_site_notifications')
    expect(res.status).toBe(200)
    const d = res.json.data
    expect(d.personal_orders).toEqual([expect.objectContaining({ id: personal.orderId, client_name: 'Марія' })])
    expect(d.potential_orders).toEqual([
      expect.objectContaining({ id: potential.orderId, lessons_name: ['Англійська мова'] }),
    ])
    expect(d.assigned).toEqual([expect.objectContaining({ id: assigned.orderId, name: 'Петро' })])
    expect(d.waiting_for_pay).toEqual([
      expect.objectContaining({
        id: assigned.orderId,
        date_payment_deadline: Date.parse('2030-02-04T10:00:00.000Z') / 1000,
      }),
    ])
    expect(d.admin_notifications).toEqual([expect.objectContaining({ id: assigned.orderId, name: 'Менеджер' })])
    expect(d.client_notifications).toEqual([expect.objectContaining({ id: assigned.orderId, name: 'Петро' })])
    expect(d.deadline_pay_date).toEqual([])
    expect(d.overdue_pay_date).toEqual([])
    expect(d.count).toBe(6)

    // Another tutor sees none of them.
    const other = await tutor()
    expect((await other.c.api.get('/tutor/on_site_notifications')).json.data.count).toBe(0)
    // Not a tutor: refused.
    expect((await new Client(app.url).api.get('/tutor/on_site_notifications')).status).toBe(401)

    // Mark one read, then one order's, then all.
    const one = d.personal_orders[0]!.notification_id
    expect((await other.c.api.post('/tutor/on_site_notifications/read', { ids: [one] })).json.data.marked).toBe(0)
    expect((await t.c.api.post('/tutor/on_site_notifications/read', { ids: [one] })).json.data.marked).toBe(1)
    expect((await t.c.api.get('/tutor/on_site_notifications')).json.data.count).toBe(5)
    expect(
      (await t.c.api.post('/tutor/on_site_notifications/read', { order_id: assigned.orderId })).json.data.marked,
    ).toBe(4)
    expect((await t.c.api.post('/tutor/on_site_notifications/read', {})).json.data.marked).toBe(1)
    expect((await t.c.api.get('/tutor/on_site_notifications')).json.data.count).toBe(0)
  })

  test('a potential offer skips tutors already on the order', async () => {
    const t = await tutor()
    const { orderId } = await makeOrder(app, { personal_tutor_id: t.id, status: OrderStatus.Processing })
    const other = await tutor()
    const offered = await app.services.db.transaction().execute((trx) =>
      offerToPotentialTutors(trx, {
        order: { id: orderId, lesson_id: null },
        tutorIds: [t.id, other.id],
        edition: app.services.edition,
      }),
    )
    expect(offered).toEqual([other.id])
    const rows = await app.services.db
      .selectFrom('order_tutors')
      .select(['tutor_id', 'role'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      { tutor_id: t.id, role: 'personal' },
      { tutor_id: other.id, role: 'potential' },
    ])
  })
})

describe('payment-deadline sweep', () => {
  test('deadline_pay_date on the deadline day, overdue_pay_date after it, each once; paid orders never', async () => {
    const t = await tutor()
    const db = app.services.db
    const now = new Date('2030-07-15T09:00:00.000Z')
    const make = async (deadline: string, status: 5 | 7 = OrderStatus.WaitingForPay) => {
      const { orderId } = await makeOrder(app, { status, tutor_id: t.id })
      await db
        .updateTable('orders')
        .set({ date_payment_deadline: new Date(deadline) })
        .where('id', '=', orderId)
        .execute()
      return orderId
    }
    const today = await make('2030-07-15T18:00:00.000Z')
    const tomorrow = await make('2030-07-16T09:00:00.000Z')
    const late = await make('2030-07-13T09:00:00.000Z')
    const paidLate = await make('2030-07-10T09:00:00.000Z', OrderStatus.Paid)

    await sweepPaymentDeadlines(db, app.services.edition, now)
    const again = await sweepPaymentDeadlines(db, app.services.edition, now)
    expect(again.emitted).toBe(0)
    const d = (await t.c.api.get('/tutor/on_site_notifications')).json.data
    expect(d.deadline_pay_date.map((n) => n.id)).toEqual([today])
    expect(d.overdue_pay_date.map((n) => n.id)).toEqual([late])
    const none = await db
      .selectFrom('notifications')
      .select('id')
      .where('order_id', 'in', [tomorrow, paidLate])
      .where('type', 'in', ['deadline_pay_date', 'overdue_pay_date'])
      .execute()
    expect(none).toEqual([])

    // The next day: tomorrow's deadline is due, today's overdue.
    await sweepPaymentDeadlines(db, app.services.edition, new Date('2030-07-16T09:00:00.000Z'))
    const next = (await t.c.api.get('/tutor/on_site_notifications')).json.data
    expect(next.deadline_pay_date.map((n) => n.id).sort()).toEqual([today, tomorrow].sort())
    expect(next.overdue_pay_date.map((n) => n.id).sort()).toEqual([today, late].sort())
  })
})
