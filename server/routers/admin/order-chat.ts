// Staff order chat calls (docs/api.md#admin-orders "Order chat", orders area) and the chat image read
// (GET /api/chat/media?id, our path: the spec names none).
import { downloadResponse } from '../../domain/shared/download'
import { readChatMedia } from '../../domain/chat/media'
import { deleteChatMessage, sendServiceMessage, setChatMessageRead } from '../../domain/chat/staff'
import { fileStorage } from '../../integrations/storage/storage'
import { t } from '../../trpc/init'
import { publicProcedure, staffProcedure } from '../../trpc/procedures'
import {
  ZChatDeleted,
  ZChatId,
  ZChatMediaId,
  ZChatRead,
  ZServiceMessage,
  ZSetMsgRead,
} from '../../../common/schemas/admin/order-chat.schema'
import { ZChatMessageAnswer, ZFileResponse } from '../../../common/schemas/answers'

const orders = staffProcedure('orders')

export const orderChatAdminRouter = t.router({
  /** POST /admin/order/chat/delete_msg {chat_id} */
  deleteMsg: orders
    .input(ZChatId)
    .output(ZChatDeleted)
    .mutation(({ ctx, input }) => deleteChatMessage(ctx.scope, input.chat_id, ctx)),
  /** POST /admin/order/chat/set_msg_read {chat_id, message_service} */
  setMsgRead: orders
    .input(ZSetMsgRead)
    .output(ZChatRead)
    .mutation(({ ctx, input }) => setChatMessageRead(ctx.scope, input, ctx)),
  /** POST /admin/order/chat/send_service_message (multipart order_id, media, msg_service; msg_text, recipient) */
  sendServiceMessage: orders
    .input(ZServiceMessage)
    .output(ZChatMessageAnswer)
    .mutation(({ ctx, input }) => sendServiceMessage(ctx.scope, input, { ...ctx, storage: fileStorage(ctx.env) })),
})

export const chatMediaRouter = t.router({
  /** GET /api/chat/media?id: the image itself (a raw route); the access check is the service's. */
  get: publicProcedure
    .input(ZChatMediaId)
    .output(ZFileResponse)
    .query(async ({ ctx, input }) => {
      const file = await readChatMedia(
        ctx.scope,
        { identity: ctx.identity, id: input.id },
        { storage: fileStorage(ctx.env) },
      )
      return downloadResponse(file.body, {
        type: file.mime,
        size: file.size,
        name: file.name,
        inline: true,
        uploaded: true,
      })
    }),
})
