// The order chat's image read (GET /api/chat/media?id, our path: the spec names none), for the order's
// parties — its client and its tutor — and staff of the orders area; the service checks the party.
import { readChatMedia } from '../../domain/chat/media'
import { uploadedFileResponse } from '../../domain/shared/download'
import { fileStorage } from '../../integrations/storage/storage'
import { t } from '../../trpc/init'
import { partyOrStaffProcedure } from '../../trpc/procedures'
import { ZChatMediaId } from '../../../common/schemas/admin/order-chat.schema'
import { ZFileResponse } from '../../../common/schemas/answers'

export const chatMediaRouter = t.router({
  /** GET /api/chat/media?id: the image itself (a raw route), shown in the page. */
  get: partyOrStaffProcedure('orders')
    .input(ZChatMediaId)
    .output(ZFileResponse)
    .query(async ({ ctx, input }) =>
      uploadedFileResponse(
        await readChatMedia(ctx.scope, { identity: ctx.identity, id: input.id }, { storage: fileStorage(ctx.env) }),
        { inline: true },
      ),
    ),
})
