import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../../db/types'
import { jsonb } from '../../../db/jsonb'

export type Executor = Kysely<DB> | Transaction<DB>

export interface Actor {
  kind: 'staff' | 'tutor' | 'client' | 'system' | 'anonymous'
  id: number | null
  /** The staff member acting through impersonation, if any. */
  onBehalfOfStaffId?: number | null
}

export const SYSTEM: Actor = { kind: 'system', id: null }

/** One state change: what was done (`order.set_paid`), to which entity and row, with what details. */
export interface Change {
  action: string
  entity: string
  id: number | null
  data?: Record<string, unknown>
}

/** Records a state change; call it inside the transaction that makes the change. */
export async function audit(db: Executor, actor: Actor, { action, entity, id: entityId, data }: Change) {
  await db
    .insertInto('audit_log')
    .values({
      actor_kind: actor.kind,
      actor_id: actor.id,
      on_behalf_of_staff_id: actor.onBehalfOfStaffId ?? null,
      action,
      entity,
      entity_id: entityId,
      data: data === undefined ? null : jsonb(data),
    })
    .execute()
}
