// The client's order chats (GET /client/orders/chats): every order of the client, with the last
// message the client sees and how many messages to the client are unread; most recent chat first.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import { type ChatMessageRow, messageData } from './messages'

export async function clientChats(db: Db, edition: string, clientId: number) {
  const orders = await db
    .selectFrom('orders')
    .select(['orders.id', 'orders.status', 'orders.tutor_id', 'orders.created_at', 'orders.lesson_id'])
    .where('orders.client_id', '=', clientId)
    .where('orders.edition', '=', edition)
    .where('orders.deleted_at', 'is', null)
    .execute()
  if (!orders.length) return { items: [], total: 0 }
  const ids = orders.map((o) => o.id)
  const mine = sql`((m.sender = 'client' and m.sender_id = ${clientId}) or (m.recipient = 'client' and m.recipient_id = ${clientId})) and m.deleted_at is null`
  const last = await sql<ChatMessageRow>`
    select distinct on (m.order_id) m.* from chat_messages m
    where m.order_id in (${sql.join(ids)}) and ${mine}
    order by m.order_id, m.id desc`.execute(db)
  const unread = await sql<{ order_id: number; n: number }>`
    select m.order_id, count(*)::int as n from chat_messages m
    where m.order_id in (${sql.join(ids)}) and m.recipient = 'client' and m.recipient_id = ${clientId}
      and m.read_at is null and m.deleted_at is null
    group by m.order_id`.execute(db)
  const lastOf = new Map(last.rows.map((r) => [r.order_id, r]))
  const unreadOf = new Map(unread.rows.map((r) => [r.order_id, Number(r.n)]))
  const items = orders.map((o) => {
    const m = lastOf.get(o.id)
    return {
      order_id: o.id,
      status: o.status,
      lesson_id: o.lesson_id,
      tutor_id: o.tutor_id,
      last_message: m ? messageData(m) : null,
      unread_count: unreadOf.get(o.id) ?? 0,
    }
  })
  // Chats with messages first, newest message first; then orders without messages, newest first.
  items.sort((a, b) => (b.last_message?.id ?? 0) - (a.last_message?.id ?? 0) || b.order_id - a.order_id)
  return { items, total: items.length }
}
