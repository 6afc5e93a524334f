// Staff order chat calls (spec/api-calls.md §7.1 "Order chat", orders area) and the chat image read
// (GET /api/chat/media?id, our path: the spec names none).
import { attachmentDisposition } from '../../domain/tutors/documents'
import { readChatMedia } from '../../domain/chat/media'
import { deleteChatMessage, sendServiceMessage, setChatMessageRead } from '../../domain/chat/staff'
import { fileStorage } from '../../integrations/storage/storage'
import { t } from '../../trpc/init'
import { publicProcedure, staffProcedure } from '../../trpc/procedures'
import { ZChatId, ZChatMediaId, ZServiceMessage, ZSetMsgRead } from '../../../common/schemas/admin/order-chat.schema'

const orders = staffProcedure('orders')

export const orderChatAdminRouter = t.router({
  /** POST /admin/order/chat/delete_msg {chat_id} */
  deleteMsg: orders.input(ZChatId).mutation(({ ctx, input }) => deleteChatMessage(ctx, ctx.actor, input.chat_id)),
  /** POST /admin/order/chat/set_msg_read {chat_id, message_service} */
  setMsgRead: orders.input(ZSetMsgRead).mutation(({ ctx, input }) => setChatMessageRead(ctx, ctx.staff.id, input.chat_id, input.message_service)),
  /** POST /admin/order/chat/send_service_message (multipart order_id, media, msg_service; msg_text, recipient) */
  sendServiceMessage: orders
    .input(ZServiceMessage)
    .mutation(({ ctx, input }) => sendServiceMessage({ ...ctx, storage: fileStorage(ctx.env) }, { ...ctx.actor, id: ctx.staff.id }, input)),
})

export const chatMediaRouter = t.router({
  /** GET /api/chat/media?id: the image itself (a raw route); the access check is the service's. */
  get: publicProcedure.input(ZChatMediaId).query(async ({ ctx, input }) => {
    const file = await readChatMedia(ctx.db, fileStorage(ctx.env), ctx.edition.code, ctx.identity, input.id)
    return new Response(file.blob, {
      headers: {
        'content-type': file.mime,
        'content-length': String(file.size),
        'content-disposition': attachmentDisposition(file.name).replace(/^attachment/, 'inline'),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'private, no-store',
      },
    })
  }),
})
