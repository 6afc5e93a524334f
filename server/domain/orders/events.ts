// The order's own audit trail: one order_events row per action, written in the action's transaction
// (beside the shared audit_log, which records staff actions across the product).
import { jsonb } from '../../../db/jsonb'
import type { Actor, Executor } from '../shared/audit'
import type { OrderActorKind } from '../../../common/order-status'

/** The order-event actor kind of a product actor (an anonymous caller acts as the system). */
export function orderActorKind(actor: Actor): OrderActorKind {
  return actor.kind === 'anonymous' ? 'system' : actor.kind
}

export async function orderEvent(
  db: Executor,
  e: {
    orderId: number
    actor: Actor
    action: string
    from: number | null
    to: number | null
    data?: Record<string, unknown>
  },
) {
  await db
    .insertInto('order_events')
    .values({
      order_id: e.orderId,
      actor_kind: orderActorKind(e.actor),
      actor_id: e.actor.id,
      on_behalf_of_staff_id: e.actor.onBehalfOfStaffId ?? null,
      action: e.action,
      from_status: e.from,
      to_status: e.to,
      data: e.data === undefined ? null : jsonb(e.data),
    })
    .execute()
}
