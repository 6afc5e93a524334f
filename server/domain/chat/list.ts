// The client's order chats (GET /client/orders/chats): every order of the client, with the last
// message the client sees and how many messages to the client are unread; most recent chat first.
// Each item also names the order's subject (in the request's language) and its appointed tutor, so
// a person can tell the chats apart. Three queries, whatever the number of orders.
import { sql } from 'kysely'
import type { Scope } from '../shared/scope'
import { localName } from '../shared/names'
import { type ChatMessageRow, messageData } from './messages'

export async function clientChats(
  { db, edition: ed, locale }: Pick<Scope, 'db' | 'edition' | 'locale'>,
  clientId: number,
) {
  const orders = await db
    .selectFrom('orders as o')
    .leftJoin('lessons as l', 'l.id', 'o.lesson_id')
    .leftJoin('tutors as t', 't.id', 'o.tutor_id')
    .select([
      'o.id',
      'o.status',
      'o.tutor_id',
      'o.created_at',
      'o.lesson_id',
      'l.names as lesson_names',
      't.name as tutor_name',
    ])
    .where('o.client_id', '=', clientId)
    .where('o.client_confirmed', '=', true)
    .where('o.edition', '=', ed.code)
    .where('o.deleted_at', 'is', null)
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
      lesson_name: o.lesson_names ? localName(o.lesson_names, locale, ed) : null,
      tutor_id: o.tutor_id,
      tutor_name: o.tutor_id ? (o.tutor_name ?? null) : null,
      last_message: m ? messageData(m) : null,
      unread_count: unreadOf.get(o.id) ?? 0,
    }
  })
  // Chats with messages first, newest message first; then orders without messages, newest first.
  items.sort((a, b) => (b.last_message?.id ?? 0) - (a.last_message?.id ?? 0) || b.order_id - a.order_id)
  return { items, total: items.length }
}
