// Order chat messages: store, read back as frames, soft delete, read marks. A message is stored (and
// committed) before anything is published, so every frame a socket receives names a stored row.
// Publishing goes over the cross-process bus (server/notify.ts) with the row's id only: each process
// reads the row and delivers to its own sockets (NOTIFY payloads are capped at 8000 bytes).
import { sql } from 'kysely'
import type { Selectable } from 'kysely'
import type { Db } from '../../../db/client'
import { jsonb } from '../../../db/jsonb'
import type { ChatMessages } from '../../../db/types'
import type { Notifier } from '../../notify'
import type { Executor } from '../shared/audit'
import { notify } from '../orders/notifications'
import { type ChatRole, visibleTo } from './parties'

export type ChatMessageRow = Selectable<ChatMessages>

/** The bus channel of every order chat event. */
export const CHAT_CHANNEL = 'order_chat'

/** Frame types (data.type): 0 a message (the contract's), 1 a message deleted, 2 messages read (ours). */
export const FRAME_MESSAGE = 0
export const FRAME_DELETED = 1
export const FRAME_READ = 2

export type ChatEvent =
  | { kind: 'message'; order_id: number; id: number }
  | { kind: 'deleted'; order_id: number; id: number }
  | { kind: 'read'; order_id: number; ids: number[] }

/** Where an attached file is read: the order's parties and staff only (see media.ts). */
export const mediaUrl = (messageId: number) => `/api/chat/media?id=${messageId}`

interface StoredMedia {
  key: string
  name: string
  type: string
  size: number
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : new Date(String(v)).toISOString())

/** The contract's msg_data of a stored message (media without its storage key). */
export function messageData(m: ChatMessageRow) {
  const media = m.media as StoredMedia | null
  return {
    sender: m.sender,
    sender_id: m.sender_id ?? 0,
    recipient: m.recipient,
    recipient_id: m.recipient_id ?? 0,
    auto_msg: m.auto_msg,
    order_id: m.order_id,
    msg_text: m.msg_text,
    id: m.id,
    created_at: iso(m.created_at)!,
    read_at: iso(m.read_at),
    media: media ? { url: mediaUrl(m.id), name: media.name, type: media.type, size: media.size } : null,
    client_msg_id: m.client_msg_id ?? null,
  }
}

export const successFrame = (msgService: number, type: number, msgData: unknown) =>
  JSON.stringify({ status: 'success', data: { msg_service: msgService, type, msg_data: msgData } })

export const messageFrame = (m: ChatMessageRow) => successFrame(m.msg_service, FRAME_MESSAGE, messageData(m))

export interface NewMessage {
  order_id: number
  sender: ChatRole
  sender_id: number
  recipient: ChatRole
  recipient_id: number | null
  msg_text: string
  msg_service?: number
  auto_msg?: boolean
  media?: StoredMedia | null
  /** The sender's own id of the message (1–64 characters): stored once per sender. */
  client_msg_id?: string | null
}

/** Advisory lock classes (two-key form; auth/throttle.ts uses 1 and 2). */
const LOCK_CHAT_ORDER = 0x63680001
const LOCK_CHAT_SENDER = 0x63680002
const ROLE_KEY = { client: 0, tutor: 1, admin: 2, system: 3 } as const

/**
 * Messages of one order are stored one at a time (a transaction-scoped lock taken before the id is
 * drawn), so within an order ids become visible in id order: a reader that has seen id N never later
 * finds a new row of that order below N. Delivery and catch-up read "id > last" on that promise.
 */
async function lockOrder(trx: Executor, orderId: number) {
  await sql`select pg_advisory_xact_lock(${LOCK_CHAT_ORDER}::int, ${orderId}::int)`.execute(trx)
}

/**
 * Stores a message; a client's message also leaves the staff a new_chat_from_client notification
 * (one unread per order: more messages do not pile up more bells).
 */
export async function storeMessage(db: Db, m: NewMessage): Promise<ChatMessageRow> {
  return db.transaction().execute(async (trx) => {
    await lockOrder(trx, m.order_id)
    const row = await trx
      .insertInto('chat_messages')
      .values({
        order_id: m.order_id,
        sender: m.sender,
        sender_id: m.sender_id,
        recipient: m.recipient,
        recipient_id: m.recipient_id,
        msg_text: m.msg_text,
        msg_service: m.msg_service ?? 0,
        auto_msg: m.auto_msg ?? false,
        media: m.media ? jsonb(m.media) : null,
        client_msg_id: m.client_msg_id ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    if (m.sender === 'client') await notifyStaffOfClientMessage(trx, row)
    return row
  })
}

/** Message rate of the chat socket, shared by every socket and process (counted in chat_messages). */
export const MESSAGE_LIMITS = { perSender: 20, perOrder: 60, windowSeconds: 10 }

/**
 * Stores a message written on the chat socket, within the rate limits (per sender across all its
 * orders, sockets and processes; per order) and once per (sender, client_msg_id): a repeat answers
 * the stored row with `repeat` (not stored again, not counted). Answers 'rate_limited' when a limit
 * is reached. The sender's and the order's locks (always in that order) make the count and the insert
 * one step.
 */
export async function storeSocketMessage(
  db: Db,
  m: NewMessage & { sender: 'client' | 'tutor' | 'admin' },
  limits = MESSAGE_LIMITS,
): Promise<{ row: ChatMessageRow; repeat: boolean } | 'rate_limited'> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_CHAT_SENDER + ROLE_KEY[m.sender]}::int, ${m.sender_id}::int), pg_advisory_xact_lock(${LOCK_CHAT_ORDER}::int, ${m.order_id}::int)`.execute(trx)
    const since = sql`now() - make_interval(secs => ${limits.windowSeconds}::int)`
    const inserted = await sql<ChatMessageRow>`
      insert into chat_messages (order_id, sender, sender_id, recipient, recipient_id, msg_text, msg_service, auto_msg, client_msg_id)
      select ${m.order_id}::int, ${m.sender}::text, ${m.sender_id}::int, ${m.recipient}::text, ${m.recipient_id}::int, ${m.msg_text}::text, 0, false, ${m.client_msg_id ?? null}::text
      where (select count(*) from (select created_at from chat_messages where sender = ${m.sender}::text and sender_id = ${m.sender_id}::int order by id desc limit ${limits.perSender}::int) s where s.created_at > ${since}) < ${limits.perSender}::int
        and (select count(*) from (select created_at from chat_messages where order_id = ${m.order_id}::int order by id desc limit ${limits.perOrder}::int) o where o.created_at > ${since}) < ${limits.perOrder}::int
      on conflict (sender, sender_id, client_msg_id) where client_msg_id is not null do nothing
      returning *`.execute(trx)
    const row = inserted.rows[0]
    if (row) {
      if (m.sender === 'client') await notifyStaffOfClientMessage(trx, row)
      return { row, repeat: false }
    }
    // Not inserted: a repeat of a stored message, or over a limit.
    if (m.client_msg_id) {
      const stored = await trx
        .selectFrom('chat_messages')
        .selectAll()
        .where('sender', '=', m.sender)
        .where('sender_id', '=', m.sender_id)
        .where('client_msg_id', '=', m.client_msg_id)
        .executeTakeFirst()
      if (stored) return { row: stored, repeat: true }
    }
    return 'rate_limited' as const
  })
}

async function notifyStaffOfClientMessage(trx: Executor, row: ChatMessageRow) {
  const unread = await trx
    .selectFrom('notifications')
    .select('id')
    .where('recipient_kind', '=', 'staff')
    .where('type', '=', 'new_chat_from_client')
    .where('order_id', '=', row.order_id)
    .where('read_at', 'is', null)
    .executeTakeFirst()
  if (!unread)
    await notify(trx, { recipient_kind: 'staff', recipient_id: null, type: 'new_chat_from_client', order_id: row.order_id, data: { chat_id: row.id, client_id: row.sender_id } })
}

export async function publish(notifier: Notifier, event: ChatEvent) {
  await notifier.publish(CHAT_CHANNEL, event)
}

/** The last `limit` messages of the order this party sees, oldest first (deleted ones left out). */
export async function history(db: Executor, { orderId, role, id, limit = 50 }: { orderId: number; role: ChatRole; id: number; limit?: number }): Promise<ChatMessageRow[]> {
  let q = db.selectFrom('chat_messages').selectAll().where('order_id', '=', orderId).where('deleted_at', 'is', null)
  if (role !== 'admin')
    q = q.where((eb) => eb.or([eb.and([eb('sender', '=', role), eb('sender_id', '=', id)]), eb.and([eb('recipient', '=', role), eb('recipient_id', '=', id)])]))
  const rows = await q.orderBy('id', 'desc').limit(limit).execute()
  return rows.reverse()
}

/**
 * The messages of the order this party sees with id above `afterId`, oldest first (deleted ones left
 * out), at most `limit`: a socket's catch-up by the last id it has seen.
 */
export async function messagesAfter(
  db: Executor,
  { orderId, role, id, afterId, limit = 500 }: { orderId: number; role: ChatRole; id: number; afterId: number; limit?: number },
): Promise<ChatMessageRow[]> {
  let q = db.selectFrom('chat_messages').selectAll().where('order_id', '=', orderId).where('id', '>', afterId).where('deleted_at', 'is', null)
  if (role !== 'admin')
    q = q.where((eb) => eb.or([eb.and([eb('sender', '=', role), eb('sender_id', '=', id)]), eb.and([eb('recipient', '=', role), eb('recipient_id', '=', id)])]))
  return q.orderBy('id', 'asc').limit(limit).execute()
}

/** The highest message id of an order (0 without messages). */
export async function lastMessageId(db: Executor, orderId: number): Promise<number> {
  const r = await db.selectFrom('chat_messages').select((eb) => eb.fn.max('id').as('max')).where('order_id', '=', orderId).executeTakeFirst()
  return Number(r?.max ?? 0)
}

/**
 * New messages of several orders in one read: for each [order, last id] the rows above that id
 * (deleted ones too: the caller skips them but moves past), lowest ids first, at most `limit` in all.
 * Lowest-first keeps each order's part a prefix of its new rows, so a cut batch loses nothing.
 */
export async function newMessages(db: Executor, after: [orderId: number, lastId: number][], limit: number): Promise<ChatMessageRow[]> {
  if (!after.length) return []
  const values = sql.join(after.map(([o, l]) => sql`(${o}::int, ${l}::bigint)`))
  const r = await sql<ChatMessageRow>`
    select m.* from (values ${values}) as v(order_id, last_id)
    join chat_messages m on m.order_id = v.order_id and m.id > v.last_id
    order by m.id limit ${limit}::int`.execute(db)
  return r.rows
}

/** Marks read (once) the listed messages: live delivery to a client or tutor with the chat open. */
export async function markDelivered(db: Executor, ids: number[]): Promise<void> {
  if (!ids.length) return
  await db.updateTable('chat_messages').set({ read_at: sql`now()` }).where('id', 'in', ids).where('read_at', 'is', null).execute()
}

/** Rows by id (one read). */
export async function readMessages(db: Executor, ids: number[]): Promise<ChatMessageRow[]> {
  if (!ids.length) return []
  return db.selectFrom('chat_messages').selectAll().where('id', 'in', ids).execute()
}

/** Connections per user per minute on the chat socket (a fixed window, counted in chat_connects). */
export const CONNECT_LIMIT = { perMinute: 30 }

/**
 * Sets this process's chat limits from the environment (server/env.ts CHAT_RATE_PER_USER,
 * CHAT_RATE_PER_ORDER, CHAT_CONNECTS_PER_MINUTE; their defaults are the values above). Only the chat
 * benchmark (scripts/bench-chat.ts) raises them.
 */
export function applyChatLimits(env: { CHAT_RATE_PER_USER: number; CHAT_RATE_PER_ORDER: number; CHAT_CONNECTS_PER_MINUTE: number }) {
  MESSAGE_LIMITS.perSender = env.CHAT_RATE_PER_USER
  MESSAGE_LIMITS.perOrder = env.CHAT_RATE_PER_ORDER
  CONNECT_LIMIT.perMinute = env.CHAT_CONNECTS_PER_MINUTE
}

/** Counts one connection of the user; answers false when it is over the limit. */
export async function countConnect(db: Executor, { role, id }: { role: ChatRole; id: number }, limit = CONNECT_LIMIT.perMinute): Promise<boolean> {
  const r = await sql<{ count: number }>`
    insert into chat_connects as c (role, user_id) values (${role}::text, ${id}::int)
    on conflict (role, user_id) do update set
      count = case when c.window_start > now() - interval '1 minute' then c.count + 1 else 1 end,
      window_start = case when c.window_start > now() - interval '1 minute' then c.window_start else now() end
    returning count`.execute(db)
  return Number(r.rows[0]!.count) <= limit
}

/**
 * A client or tutor has seen what was sent to them (history on connect, or live delivery): mark it
 * read. Staff mark messages read explicitly (set_msg_read). Answers the ids marked.
 */
export async function markSeen(
  db: Executor,
  { orderId, role, id, upToId }: { orderId: number; role: 'client' | 'tutor'; id: number; upToId?: number },
): Promise<number[]> {
  let q = db
    .updateTable('chat_messages')
    .set({ read_at: sql`now()` })
    .where('order_id', '=', orderId)
    .where('recipient', '=', role)
    .where('recipient_id', '=', id)
    .where('read_at', 'is', null)
    .where('deleted_at', 'is', null)
  if (upToId !== undefined) q = q.where('id', '<=', upToId)
  return (await q.returning('id').execute()).map((r) => r.id)
}

export async function readMessage(db: Executor, id: number): Promise<ChatMessageRow | null> {
  return (await db.selectFrom('chat_messages').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
}

export { visibleTo }
