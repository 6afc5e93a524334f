// Staff order chat calls (docs/api.md#admin-orders "Order chat", orders area). The chat image read:
// client/chat-media.ts.
import { deleteChatMessage, sendServiceMessage, setChatMessageRead } from '../../domain/chat/staff'
import { fileStorage } from '../../integrations/storage/storage'
import { t } from '../../trpc/init'
import { staffProcedure } from '../../trpc/procedures'
import {
  ZChatDeleted,
  ZChatId,
  ZChatRead,
  ZServiceMessage,
  ZSetMsgRead,
} from '../../../common/schemas/admin/order-chat.schema'
import { ZChatMessageAnswer } from '../../../common/schemas/answers'

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
