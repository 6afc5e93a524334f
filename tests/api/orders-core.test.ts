// The order core every order call builds on: creation through the domain, the machine's moves,
// the order events, the fee copied on appointment, and the personal request's notifications.
import { beforeAll, describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { createOrder } from '../../server/domain/orders/create'
import { withOrderAction } from '../../server/domain/orders/core'
import { systemScope } from '../../server/domain/shared/scope'
import { EDITIONS } from '../../common/editions'
import { OrderStatus } from '../../common/order-status'
import { DomainError, FieldErrors } from '../../common/errors'
import { makePerson, useTestApp } from '../helpers/app'
import { referenceFixture, type Ref } from '../helpers/catalogue'
import { makeOrder } from '../helpers/orders'

const app = useTestApp()
let ref: Ref
beforeAll(async () => {
  ref = await referenceFixture(app.services.db)
})

describe('order core', () => {
  test('makeOrder reaches every status through the machine, one event per action', async () => {
    for (const status of Object.values(OrderStatus)) {
      const { orderId } = await makeOrder(app, { status, lesson_id: ref.lessons.math, city_id: ref.cities.kyiv })
      const order = await app.services.db
        .selectFrom('orders')
        .select(['status', 'previous_status'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
      expect(order.status).toBe(status)
      const events = await app.services.db
        .selectFrom('order_events')
        .select(['action', 'from_status', 'to_status'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute()
      expect(events[0]).toEqual({ action: 'create', from_status: null, to_status: 1 })
      expect(events.at(-1)!.to_status).toBe(status)
    }
  })

  test('a refused move changes nothing and writes no event', async () => {
    const { orderId } = await makeOrder(app, {})
    const err = await withOrderAction(app.services.db, {
      orderId,
      action: 'set_paid',
      actor: { kind: 'staff', id: null },
    }).catch((e) => e)
    expect(err).toBeInstanceOf(DomainError)
    expect(err.code).toBe('wrong_status')
    const n = await app.services.db
      .selectFrom('order_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(n.n).toBe(1)
  })

  test('appointment copies the fee of the order band; a later fee change does not move it', async () => {
    const db = app.services.db
    await db
      .insertInto('order_fees')
      .values({ edition: 'ua', rate_id: ref.rates.mid, fee_minor: 25000, currency: 'UAH' })
      .execute()
    await db
      // The edition's default fee (the migration made one): this test's amount.
      .updateTable('order_fees')
      .set({ fee_minor: 10000 })
      .where('edition', '=', 'ua')
      .where('rate_id', 'is', null)
      .execute()
    const mid = await makeOrder(app, { rate_id: ref.rates.mid, status: OrderStatus.Appointed })
    const other = await makeOrder(app, { rate_id: ref.rates.high, status: OrderStatus.Appointed })
    await db.updateTable('order_fees').set({ fee_minor: 99900 }).where('rate_id', '=', ref.rates.mid).execute()
    const fees = await db
      .selectFrom('orders')
      .select(['id', 'fee_minor', 'fee_currency', 'tutor_id'])
      .where('id', 'in', [mid.orderId, other.orderId])
      .orderBy('id')
      .execute()
    expect(fees.map((f) => f.fee_minor)).toEqual([25000, 10000])
    expect(fees[0]!.tutor_id).toBe(mid.tutorId)
    const assigned = await db
      .selectFrom('notifications')
      .select(['type', 'recipient_id'])
      .where('order_id', '=', mid.orderId)
      .where('type', '=', 'assigned')
      .execute()
    expect(assigned).toEqual([{ type: 'assigned', recipient_id: mid.tutorId }])
  })

  test('a personal request notifies the tutor (with the client name) and staff', async () => {
    const tutor = await makePerson(app, { tutor: true })
    const { orderId, clientId } = await makeOrder(app, {
      personal_tutor_id: tutor.tutorId,
      lesson_id: ref.lessons.english,
    })
    const order = await app.services.db
      .selectFrom('orders')
      .select(['kind', 'client_name', 'client_email'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(order.kind).toBe('personal')
    expect(order.client_name).toMatch(/^Client /)
    const notes = await app.services.db
      .selectFrom('notifications')
      .select(['recipient_kind', 'recipient_id', 'type', 'response_id', 'data'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute()
    expect(notes.map((n) => [n.recipient_kind, n.recipient_id, n.type])).toEqual([
      ['tutor', tutor.tutorId, 'personal_orders'],
      ['staff', null, 'personal_orders'],
    ])
    expect(notes[0]!.data).toEqual({ client_name: order.client_name })
    const row = await app.services.db
      .selectFrom('order_tutors')
      .select(['id', 'role'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(row.role).toBe('personal')
    expect(notes[0]!.response_id).toBe(row.id)
    expect(clientId).not.toBeNull()
  })

  test('references must exist and fit together (422 per field)', async () => {
    const err = await createOrder(systemScope(app.services.db, EDITIONS.ua), {
      lesson_id: ref.lessons.english,
      level_id: ref.levels.exam,
      city_id: ref.cities.lviv,
      district_id: ref.districts.podil,
    }).catch((e) => e)
    expect(err).toBeInstanceOf(FieldErrors)
    expect(Object.keys(err.fields).sort()).toEqual(['district_id', 'level_id'])
  })
})

describe('pause sweep', () => {
  test('a paused order whose date_pause_off has come returns to its status (system actor); others stay', async () => {
    const { unpauseDue } = await import('../../server/domain/orders/staff')
    const db = app.services.db
    const due = await makeOrder(app, { status: OrderStatus.Processing })
    const later = await makeOrder(app, { status: OrderStatus.Processing })
    const staffActor = { kind: 'staff' as const, id: null }
    const { setPause } = await import('../../server/domain/orders/staff')
    const scope = systemScope(db, app.services.edition, { actor: staffActor })
    await setPause(scope, { order_id: due.orderId, date_pause_off: new Date(Date.now() + 60_000) })
    await setPause(scope, { order_id: later.orderId, date_pause_off: new Date(Date.now() + 86_400_000) })
    await db
      .updateTable('orders')
      .set({ date_pause_off: new Date(Date.now() - 1000) })
      .where('id', '=', due.orderId)
      .execute()
    expect(await unpauseDue(db)).toEqual([due.orderId])
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'status', 'date_pause_off'])
      .where('id', 'in', [due.orderId, later.orderId])
      .orderBy('id')
      .execute()
    expect(rows.map((r) => r.status)).toEqual([OrderStatus.Processing, OrderStatus.Paused])
    expect(rows[0]!.date_pause_off).toBeNull()
    const ev = await db
      .selectFrom('order_events')
      .select(['action', 'actor_kind', 'from_status', 'to_status'])
      .where('order_id', '=', due.orderId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(ev).toEqual({ action: 'unpause', actor_kind: 'system', from_status: 6, to_status: 2 })
  })
})
