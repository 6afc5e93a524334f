// The client's order chats (docs/api.md#client-orders-and-chats GET /client/orders/chats?lang): subject names in
// the request's language.
import { clientChats } from '../../domain/chat/list'
import { t } from '../../trpc/init'
import { ZClientChatsAnswer } from '../../../common/schemas/answers'
import { clientProcedure } from '../../trpc/procedures'

export const clientChatsRouter = t.router({
  list: clientProcedure.output(ZClientChatsAnswer).query(({ ctx }) => clientChats(ctx.scope, ctx.client.id)),
})
