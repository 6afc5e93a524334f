// The one way an order changes: lock the row, check the action against the status machine, apply
// the change, write the order event — all in one transaction. Staff, tutor, client and system
// calls (and the chat) build on withOrderAction.
import type { Selectable, Updateable } from 'kysely'
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import type { Orders } from '../../../db/types'
import { type Actor, type Executor, audit } from '../shared/audit'
import { notFound } from '../../../common/errors'
import { orderEvent, orderActorKind } from './events'
import { type Moved, type OrderAction, transition } from '../../../common/order-status'

export type OrderRow = Selectable<Orders>
export type OrderPatch = Updateable<Orders>

/** Reads and locks an order (select … for update). Deleted orders and other editions' are not found. */
export async function lockOrder(db: Executor, orderId: number, opts: ActionContext = {}): Promise<OrderRow> {
  let q = db.selectFrom('orders').selectAll().where('id', '=', orderId)
  if (opts.edition) q = q.where('edition', '=', opts.edition)
  if (!opts.deleted) q = q.where('deleted_at', 'is', null)
  const order = await q.forUpdate().executeTakeFirst()
  if (!order) throw notFound()
  return order
}

export interface ActionOutcome<R = undefined> {
  /** Columns to change besides status/previous_status/updated_at. */
  patch?: OrderPatch
  /** What the order event records beside who, when and the statuses. */
  data?: Record<string, unknown>
  result?: R
}

/** Which order, which action, who acts (and where: the edition's orders only). */
export interface OrderActionOf extends ActionContext {
  orderId: number
  action: OrderAction
  actor: Actor
}

export interface ActionContext {
  edition?: string
  /** Lock a soft-deleted order too (nothing but staff tools should). */
  deleted?: boolean
}

/**
 * Runs `action` on an order: locks it, checks the machine (forbidden / wrong_status), lets `body`
 * check the action's own rules and compute the change, then writes the status move, the patch and
 * one order event. Returns body's result (or the moved order's id and statuses).
 */
export async function withOrderAction<R = undefined>(
  db: Db,
  a: OrderActionOf,
  // biome-ignore lint/suspicious/noConfusingVoidType: a body may end without a return (an async body then gives Promise<void>)
  body?: (trx: Executor, order: OrderRow, moved: Moved) => Promise<ActionOutcome<R> | void>,
): Promise<{ order_id: number; status: number; result: R | undefined }> {
  const { action, actor } = a
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, a.orderId, a)
    const moved = transition(order, action, { kind: orderActorKind(actor) })
    const out = (await body?.(trx, order, moved)) ?? {}
    await applyMove(trx, order, { action, actor, moved, patch: out.patch, data: out.data })
    return { order_id: order.id, status: moved.to, result: out.result }
  })
}

/** Writes a checked move: the status, the patch and the order event (for callers holding the lock). */
export async function applyMove(
  trx: Executor,
  order: OrderRow,
  {
    action,
    actor,
    moved,
    patch = {},
    data,
  }: { action: OrderAction; actor: Actor; moved: Moved; patch?: OrderPatch; data?: Record<string, unknown> },
) {
  // A staff member who works an order nobody owns becomes its responsible (the sweep would otherwise
  // hand it to someone else on duty while this one is already calling the client).
  const takes =
    actor.kind === 'staff' &&
    actor.id != null &&
    order.staff_id === null &&
    action !== 'delete' &&
    !('staff_id' in patch)
  await trx
    .updateTable('orders')
    .set({
      ...patch,
      ...(takes ? { staff_id: actor.id } : {}),
      status: moved.to,
      previous_status: moved.previous_status,
      updated_at: sql`now()`,
    })
    .where('id', '=', order.id)
    .execute()
  if (takes) {
    const change = { staff_id: actor.id, previous_staff_id: null, by: 'worked' }
    const at = order.status
    await orderEvent(trx, { orderId: order.id, actor, action: 'set_staff', from: at, to: at, data: change })
    await audit(trx, actor, { action: 'order.set_staff', entity: 'order', id: order.id, data: change })
  }
  await orderEvent(trx, { orderId: order.id, actor, action, from: moved.from, to: moved.to, data })
}
