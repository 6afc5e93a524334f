// Orders for tests, made through the domain (createOrder and the status machine's actions), so a
// test order is in a state the product itself can reach.
import type { Actor } from '../../server/domain/shared/audit'
import { systemScope } from '../../server/domain/shared/scope'
import { createOrder, type OrderDraft } from '../../server/domain/orders/create'
import * as staff from '../../server/domain/orders/staff'
import { OrderStatus, type OrderStatusValue } from '../../common/order-status'
import type { AppServices } from '../../server/trpc/context'
import { makePerson, type TestApp } from './app'

export interface MakeOrder extends OrderDraft {
  /** Drive the new order to this status through the machine's actions (default: 1, new). */
  status?: OrderStatusValue
  /** The tutor appointed on the way to statuses 4, 5 and 7 (made when not given). */
  tutor_id?: number
  /** Who performs the staff steps (default: a staff actor without id). */
  staffActor?: Actor
}

export interface MadeOrder {
  orderId: number
  clientId: number | null
  tutorId: number | null
}

type HasServices = { services: Pick<AppServices, 'db' | 'edition'> }

const STAFF: Actor = { kind: 'staff', id: null }

/**
 * Creates an order (a client is made when client_id is not given; pass client_id: null for none) and
 * moves it to `status` with the staff actions: 2 set_processing, 3 set_potential, 4 appoint_tutor,
 * 5 + set_first_class (tomorrow), 6 set_pause (a week), 7 + set_paid (100.00, cash), 8 set_lost.
 */
export async function makeOrder(app: HasServices, o: MakeOrder = {}): Promise<MadeOrder> {
  const { db, edition } = app.services
  const { status = OrderStatus.New, tutor_id, staffActor = STAFF, ...draft } = o
  let clientId = draft.client_id
  if (clientId === undefined) clientId = (await makePerson(app as TestApp, { client: true })).clientId
  const orderId = await createOrder(systemScope(db, edition, { actor: { kind: 'client', id: clientId ?? null } }), {
    ...draft,
    client_id: clientId,
  })
  const scope = systemScope(db, edition, { actor: staffActor })
  const order_id = orderId
  let tutorId: number | null = null
  const needsTutor =
    status === OrderStatus.Appointed || status === OrderStatus.WaitingForPay || status === OrderStatus.Paid
  if (needsTutor) {
    tutorId = tutor_id ?? (await makePerson(app as TestApp, { tutor: true })).tutorId!
    await staff.staffAppointTutor(scope, { order_id, tutor_id: tutorId })
  }
  if (status === OrderStatus.WaitingForPay || status === OrderStatus.Paid)
    await staff.staffSetFirstClass(scope, { order_id, first_class: new Date(Date.now() + 86_400_000) })
  if (status === OrderStatus.Paid)
    await staff.setPaid(scope, {
      order_id,
      payment_data: { amount: 10000, method: 'cash', date: new Date().toISOString().slice(0, 10), comment: '' },
    })
  if (status === OrderStatus.Processing) await staff.setProcessing(scope, { order_id })
  if (status === OrderStatus.Potential) await staff.setPotential(scope, { order_id })
  if (status === OrderStatus.Paused)
    await staff.setPause(scope, { order_id, date_pause_off: new Date(Date.now() + 7 * 86_400_000) })
  if (status === OrderStatus.Lost) await staff.setLost(scope, { order_id, remove_reasons: 'test' })
  return { orderId, clientId: clientId ?? null, tutorId }
}
