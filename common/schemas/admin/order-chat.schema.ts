// zod only: inputs of the staff order chat calls (docs/api.md#admin-orders "Order chat") and the chat
// image read. chat_id is a message's id.
import { z } from 'zod'
import { zId } from '../../validators'

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

export const ZChatId = z.object({ chat_id: zId })

export const ZSetMsgRead = z.object({
  chat_id: zId,
  message_service: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(3).optional()),
})

/** multipart: order_id, msg_service (1 viber, 2 sms, 3 whatsapp), msg_text, media (an image). */
export const ZServiceMessage = z.object({
  order_id: zId,
  msg_service: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])),
  msg_text: z.preprocess(blankToUndefined, z.string().max(4000).optional()),
  media: z.unknown().optional(),
  recipient: z.preprocess(blankToUndefined, z.enum(['client', 'tutor']).optional()),
  recipient_id: z.preprocess(blankToUndefined, zId.optional()),
})

export const ZChatMediaId = z.object({ id: zId })

export type TServiceMessage = z.input<typeof ZServiceMessage>

// ---- answers ----

export const ZChatDeleted = z.strictObject({ chat_id: z.number().int(), deleted: z.boolean() })
/** How many messages the call marked read. */
export const ZChatRead = z.strictObject({ chat_id: z.number().int(), read: z.number().int() })
