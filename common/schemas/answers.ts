// zod only: answer shapes shared by many procedures' `.output()`.
import { z } from 'zod'

/**
 * A raw route's answer (a file download, an image, a redirect): the REST adapter passes a Response
 * through untouched (server/rest/adapter.ts), so its body is a stream, not JSON to describe.
 */
export const ZFileResponse = z.instanceof(Response)

/** A point in time as the database gives it; JSON carries it as an ISO text. */
export const zTimestamp = z.date()

/** A chat message as the chat calls and the socket's frames carry it (server/domain/chat/messages.ts messageData). */
export const ZChatMessageAnswer = z.strictObject({
  sender: z.string(),
  sender_id: z.number(),
  recipient: z.string(),
  recipient_id: z.number(),
  auto_msg: z.boolean(),
  order_id: z.number(),
  msg_text: z.string(),
  id: z.number(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  media: z.strictObject({ url: z.string(), name: z.string(), type: z.string(), size: z.number() }).nullable(),
  client_msg_id: z.string().nullable(),
})

/** GET /client/orders/chats: one chat per order, its last message and the client's unread count. */
export const ZClientChatsAnswer = z.strictObject({
  items: z.array(
    z.strictObject({
      order_id: z.number(),
      status: z.number(),
      lesson_id: z.number().nullable(),
      lesson_name: z.string().nullable(),
      tutor_id: z.number().nullable(),
      tutor_name: z.string().nullable(),
      last_message: ZChatMessageAnswer.nullable(),
      unread_count: z.number(),
    }),
  ),
  total: z.number(),
})
