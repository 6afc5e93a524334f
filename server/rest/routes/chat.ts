// Order chat calls: staff (docs/api.md#admin-orders "Order chat"), the client's chat list (#client-orders-and-chats)
// and the chat image read (our path). The messages themselves travel over /websocket/ (server/ws/).
import { type Route, get, post } from '../adapter'

export const chatRoutes = [
  post('/admin/order/chat/delete_msg', (api) => api.admin.orderChat.deleteMsg),
  post('/admin/order/chat/set_msg_read', (api) => api.admin.orderChat.setMsgRead),
  post('/admin/order/chat/send_service_message', (api) => api.admin.orderChat.sendServiceMessage),
  get('/client/orders/chats', (api) => api.clientArea.chats.list),
  get('/api/chat/media', (api) => api.chat.media.get, { raw: true }),
] satisfies Route[]
