// Who belongs to an order's chat, and who may write to whom (docs/contract.md#chat).
//
// Parties: the order's client; the tutors on it (appointed, personal, potential — not removed ones);
// staff whose status opens the orders area. The rooms are per order; the order page shows two blocks:
//   #client_chat_block, the client ↔ the appointed tutor, and #admin_chat_block, a party ↔ staff.
// Our decision (the spec is silent): the client and a tutor do not message each other before an
// appointment; once the order has an appointed tutor, that tutor and the client may.
// Staff write to the client or to any tutor party; a message to staff names a staff member or 0
// ("the staff desk", stored as null).
import type { Identity } from '../auth/sessions'
import type { Executor } from '../shared/audit'
import { staffMayAccess } from '../../../common/staff-areas'

export type ChatRole = 'client' | 'tutor' | 'admin'

export interface ChatAuthor {
  role: ChatRole
  id: number
  order_id: number
}

export interface ChatOrder {
  id: number
  client_id: number | null
  tutor_id: number | null
  personal_tutor_id: number | null
}

/** The order (this edition, not deleted), or null. */
export async function chatOrder(db: Executor, orderId: number, edition: string): Promise<ChatOrder | null> {
  const row = await db
    .selectFrom('orders')
    .select(['id', 'client_id', 'client_confirmed', 'tutor_id', 'personal_tutor_id'])
    .where('id', '=', orderId)
    .where('edition', '=', edition)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!row) return null
  // An unconfirmed request has no client party yet: the account it names has not claimed it.
  const { client_confirmed: confirmed, ...order } = row
  return confirmed ? order : { ...order, client_id: null }
}

/** Is this tutor on the order (appointed, personal, or offered it as a potential tutor)? */
export async function isTutorParty(db: Executor, order: ChatOrder, tutorId: number): Promise<boolean> {
  if (order.tutor_id === tutorId || order.personal_tutor_id === tutorId) return true
  const row = await db
    .selectFrom('order_tutors')
    .select('id')
    .where('order_id', '=', order.id)
    .where('tutor_id', '=', tutorId)
    .where('role', 'in', ['personal', 'potential', 'appointed'])
    .executeTakeFirst()
  return !!row
}

/** Is the signed-in identity, speaking as `role` `id`, a party of the order? */
export async function isParty(
  db: Executor,
  order: ChatOrder,
  { role, id, identity }: { role: ChatRole; id: number; identity: Identity },
): Promise<boolean> {
  if (role === 'admin') return identity.staff?.id === id && staffMayAccess(identity.staff.status, 'orders')
  if (role === 'client') return identity.client?.id === id && order.client_id === id
  return identity.tutor?.id === id && (await isTutorParty(db, order, id))
}

/**
 * May `author` send to `recipient` `recipientId` on this order? Answers the recipient id to store
 * (null for the staff desk) or false.
 */
export async function recipientFor(
  db: Executor,
  order: ChatOrder,
  {
    author,
    recipient,
    recipientId,
  }: { author: Pick<ChatAuthor, 'role' | 'id'>; recipient: ChatRole; recipientId: number },
): Promise<number | null | false> {
  if (recipient === 'admin') {
    if (author.role === 'admin') return false
    if (recipientId === 0) return null
    const staff = await db
      .selectFrom('staff')
      .select(['id', 'status'])
      .where('id', '=', recipientId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
    return staff && staffMayAccess(staff.status, 'orders') ? staff.id : false
  }
  if (recipient === 'client') {
    if (recipientId !== order.client_id || order.client_id === null) return false
    if (author.role === 'admin') return recipientId
    // A tutor writes to the client only as the appointed tutor.
    return author.role === 'tutor' && order.tutor_id === author.id ? recipientId : false
  }
  // recipient tutor
  if (author.role === 'admin') return (await isTutorParty(db, order, recipientId)) ? recipientId : false
  return author.role === 'client' && order.tutor_id !== null && order.tutor_id === recipientId ? recipientId : false
}

/** Does a message concern this party? Staff see every message of the order; others their own. */
export function visibleTo(
  m: { sender: string; sender_id: number | null; recipient: string; recipient_id: number | null },
  role: ChatRole,
  id: number,
): boolean {
  if (role === 'admin') return true
  return (m.sender === role && m.sender_id === id) || (m.recipient === role && m.recipient_id === id)
}
