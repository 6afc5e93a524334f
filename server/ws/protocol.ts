// Chat websocket frames (CONTRACT.md "Chat websocket"), shared by the server and the browser.
import { z } from 'zod'

export const ZSocketQuery = z.object({
  role: z.enum(['client', 'tutor', 'admin']),
  id: z.coerce.number().int().positive(),
  order_id: z.coerce.number().int().positive().optional(),
})
export type SocketQuery = z.infer<typeof ZSocketQuery>

export const ZChatMessage = z.object({
  sender: z.enum(['client', 'tutor', 'admin']),
  sender_id: z.number().int(),
  recipient: z.enum(['client', 'tutor', 'admin']),
  recipient_id: z.number().int(),
  auto_msg: z.union([z.boolean(), z.literal(0), z.literal(1)]).default(false),
  order_id: z.number().int().positive(),
  msg_text: z.string().trim().min(1).max(4000),
  id: z.number().int().optional(),
  created_at: z.string().optional(),
})

export const ZIncomingFrame = z.object({
  status: z.literal('success').optional(),
  data: z.object({ msg_service: z.number().int().min(0).max(3).default(0), type: z.number().int().default(0), msg_data: ZChatMessage }),
})

export const failFrame = (error: string) => JSON.stringify({ status: 'fail', error })
