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
}

/**
 * Stores a message; a client's message also leaves the staff a new_chat_from_client notification
 * (one unread per order: more messages do not pile up more bells).
 */
export async function storeMessage(db: Db, m: NewMessage): Promise<ChatMessageRow> {
  return db.transaction().execute(async (trx) => {
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
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    if (m.sender === 'client') await notifyStaffOfClientMessage(trx, row)
    return row
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
