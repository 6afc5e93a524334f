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

/** Records a state change; call it inside the transaction that makes the change. */
export async function audit(db: Executor, actor: Actor, action: string, entity: string, entityId: number | null, data?: Record<string, unknown>) {
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
