// Staff chat calls (docs/api.md#admin-orders "Order chat"): delete a message, mark messages read, send a
// service message (viber, sms, whatsapp) with an optional image. Each change is stored first, then
// published on the bus so every process's open sockets of the order see it.
// chat_id is a message's id (chat_messages.id) in these calls.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import { msg } from '../../../i18n/format'
import type { FileStorage } from '../../integrations/storage/storage'
import { keyOf, randomName } from '../../integrations/storage/storage'
import type { Messengers } from '../../integrations/messengers/messengers'
import type { SmsSender } from '../../integrations/sms/sms'
import type { Notifier } from '../../notify'
import { type Actor, type Executor, audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { DomainError, FieldErrors, notFound } from '../../../common/errors'
import { FILE_MESSAGES, checkUpload } from '../tutors/files'
import { type ChatMessageRow, messageData, publish, storeMessage } from './messages'
import { chatOrder, recipientFor } from './parties'

export const MSG_SERVICE = { chat: 0, viber: 1, sms: 2, whatsapp: 3 } as const

/** Where changes are announced: the bus every process's open sockets listen on. */
interface ChatIo {
  notifier: Notifier
}

async function messageOfEdition(db: Db, chatId: number, edition: string): Promise<ChatMessageRow> {
  const row = await db
    .selectFrom('chat_messages')
    .innerJoin('orders', 'orders.id', 'chat_messages.order_id')
    .selectAll('chat_messages')
    .where('chat_messages.id', '=', chatId)
    .where('orders.edition', '=', edition)
    .where('orders.deleted_at', 'is', null)
    .executeTakeFirst()
  if (!row) throw notFound()
  return row
}

/**
 * The order's new_chat_from_client bell is read once no client message to staff is left unread (read,
 * or deleted: a deleted message cannot be read any more, so it must not keep the bell ringing).
 */
async function clearBellIfAllRead(trx: Executor, orderId: number, staffId: number | null) {
  const left = await trx
    .selectFrom('chat_messages')
    .select('id')
    .where('order_id', '=', orderId)
    .where('sender', '=', 'client')
    .where('recipient', '=', 'admin')
    .where('read_at', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!left)
    await trx
      .updateTable('notifications')
      .set({ read_at: sql`now()`, read_by_staff_id: staffId })
      .where('recipient_kind', '=', 'staff')
      .where('type', '=', 'new_chat_from_client')
      .where('order_id', '=', orderId)
      .where('read_at', 'is', null)
      .execute()
}

/** Soft delete; the order's sockets get a deletion frame, and the bell stops if it was the last unread client message. Deleting twice is 409. */
export async function deleteChatMessage(d: Scope, chatId: number, io: ChatIo) {
  const row = await messageOfEdition(d.db, chatId, d.edition.code)
  if (row.deleted_at) throw new DomainError('wrong_status')
  await d.db.transaction().execute(async (trx) => {
    await trx.updateTable('chat_messages').set({ deleted_at: sql`now()` }).where('id', '=', chatId).execute()
    await clearBellIfAllRead(trx, row.order_id, d.actor.id)
    await audit(trx, d.actor, {
      action: 'chat.delete_msg',
      entity: 'chat_message',
      id: chatId,
      data: { order_id: row.order_id },
    })
  })
  await publish(io.notifier, { kind: 'deleted', order_id: row.order_id, id: chatId })
  return { chat_id: chatId, deleted: true }
}

/**
 * Marks read every unread message to staff of that order and service up to chat_id (reading a
 * message means having read what came before it), and the order's new_chat_from_client bell once no
 * client message is left unread. message_service, when given, must be the message's.
 */
export async function setChatMessageRead(
  d: Scope,
  { chat_id: chatId, message_service: messageService }: { chat_id: number; message_service?: number | undefined },
  io: ChatIo,
) {
  const staffId = d.actor.id
  const row = await messageOfEdition(d.db, chatId, d.edition.code)
  if (messageService !== undefined && messageService !== row.msg_service)
    throw new FieldErrors({ message_service: [msg('validation.invalid')] })
  const ids = await d.db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('chat_messages')
      .set({ read_at: sql`now()` })
      .where('order_id', '=', row.order_id)
      .where('msg_service', '=', row.msg_service)
      .where('recipient', '=', 'admin')
      .where('id', '<=', chatId)
      .where('read_at', 'is', null)
      .where('deleted_at', 'is', null)
      .returning('id')
      .execute()
    await clearBellIfAllRead(trx, row.order_id, staffId)
    return marked.map((m) => m.id)
  })
  if (ids.length) await publish(io.notifier, { kind: 'read', order_id: row.order_id, ids })
  return { chat_id: chatId, read: ids.length }
}

export interface ServiceMessageInput {
  order_id: number
  msg_service: 1 | 2 | 3
  msg_text?: string
  /** A multipart File: an image (jpg, png, webp) up to 10 MB. */
  media?: unknown
  recipient?: 'client' | 'tutor'
  recipient_id?: number
}

const MEDIA_MESSAGES = { type: () => FILE_MESSAGES.imageType, tooLarge: () => FILE_MESSAGES.imageTooLarge }

/**
 * A message staff send to the order's client (or a tutor on it) through viber, SMS or whatsapp. The
 * text goes out to the recipient's phone through the SMS interface (2) or the messengers' (1 Viber by
 * Infobip, 3 WhatsApp by Twilio; docs/operations.md#messages-sms-viber-whatsapp). The image is kept
 * in file storage (chat-media/<order>/<random>) and read through /api/chat/media.
 */
export async function sendServiceMessage(
  d: Scope,
  input: ServiceMessageInput,
  io: ChatIo & { storage: FileStorage; sms: SmsSender; messengers: Messengers },
) {
  const actor = d.actor as Actor & { id: number }
  const order = await chatOrder(d.db, input.order_id, d.edition.code)
  if (!order) throw notFound()
  const recipient = input.recipient ?? 'client'
  const wanted = input.recipient_id ?? (recipient === 'client' ? order.client_id : order.tutor_id)
  const recipientId =
    wanted == null
      ? false
      : await recipientFor(d.db, order, { author: { role: 'admin', id: actor.id }, recipient, recipientId: wanted })
  if (recipientId === false || recipientId === null)
    throw new FieldErrors({ recipient_id: [msg('validation.invalid')] })
  const text = (input.msg_text ?? '').trim()
  const hasMedia = input.media !== undefined && input.media !== null && input.media !== ''
  if (text.length > 4000) throw new FieldErrors({ msg_text: [msg('validation.invalid')] })
  if (!text && (!hasMedia || input.msg_service === MSG_SERVICE.sms))
    throw new FieldErrors({ msg_text: [msg('validation.required')] })

  let upload = null
  if (hasMedia) {
    const checked = await checkUpload(input.media, ['jpg', 'png', 'webp'], MEDIA_MESSAGES)
    if ('error' in checked) throw new FieldErrors({ media: [checked.error] })
    upload = checked
  }

  let outboxId: number | null = null
  if (input.msg_service === MSG_SERVICE.sms) {
    const phone = await phoneOf(d.db, { role: recipient, id: recipientId, orderId: input.order_id })
    if (!phone) throw new FieldErrors({ recipient_id: [msg('validation.invalid')] })
    await io.sms.send(`${d.edition.phone.prefix}${phone}`, text)
  } else if (text) {
    // Viber or WhatsApp: the text goes to the recipient's phone through that messenger (an image alone
    // stays in the chat: its link is readable only by the order's parties).
    const phone = await phoneOf(d.db, { role: recipient, id: recipientId, orderId: input.order_id })
    if (!phone) throw new FieldErrors({ recipient_id: [msg('validation.invalid')] })
    const channel = input.msg_service === MSG_SERVICE.viber ? 'viber' : 'whatsapp'
    outboxId = (await io.messengers[channel].send(`${d.edition.phone.prefix}${phone}`, text)).outboxId
  }

  let media = null
  if (upload) {
    const key = keyOf('chat-media', order.id, randomName())
    await io.storage.put(key, upload.bytes, upload.mime)
    media = { key, name: upload.name, type: upload.mime, size: upload.bytes.length }
  }
  const row = await storeMessage(d.db, {
    order_id: order.id,
    sender: 'admin',
    sender_id: actor.id,
    recipient,
    recipient_id: recipientId,
    msg_text: text,
    msg_service: input.msg_service,
    media,
  })
  // The delivery (provider, its message id, status or error) is the outbox row's; the message points at it.
  if (outboxId !== null)
    await d.db.updateTable('chat_messages').set({ outbox_id: outboxId }).where('id', '=', row.id).execute()
  await audit(d.db, actor, {
    action: 'chat.send_service_message',
    entity: 'chat_message',
    id: row.id,
    data: { order_id: order.id, msg_service: input.msg_service, outbox_id: outboxId },
  })
  await publish(io.notifier, { kind: 'message', order_id: order.id, id: row.id })
  return messageData(row)
}

/** The phone to text: the one given on the order for its client, else the person's. */
async function phoneOf(
  db: Db,
  { role, id, orderId }: { role: 'client' | 'tutor'; id: number; orderId: number },
): Promise<string | null> {
  if (role === 'client') {
    const order = await db.selectFrom('orders').select('client_phone').where('id', '=', orderId).executeTakeFirst()
    if (order?.client_phone) return order.client_phone
    const p = await db
      .selectFrom('clients')
      .innerJoin('people', 'people.id', 'clients.person_id')
      .select('people.phone')
      .where('clients.id', '=', id)
      .executeTakeFirst()
    return p?.phone ?? null
  }
  const p = await db
    .selectFrom('tutors')
    .innerJoin('people', 'people.id', 'tutors.person_id')
    .select('people.phone')
    .where('tutors.id', '=', id)
    .executeTakeFirst()
  return p?.phone ?? null
}
