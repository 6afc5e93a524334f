// Chat websocket frames (docs/contract.md#chat), shared by the server and the browser.
import { z } from 'zod'
import { MAX_ID, zId } from './validators'

/** Ids as everywhere (1..2^31-1, written plainly): a larger order_id is a refusal, not a database error. */
export const ZSocketQuery = z.object({
  role: z.enum(['client', 'tutor', 'admin']),
  id: zId,
  order_id: zId.optional(),
  /** Ours: the last message id this socket has seen; on connect it gets the messages above it (instead of the last 50). */
  last_id: z
    .preprocess(
      (v) => (typeof v === 'string' && /^[0-9]{1,10}$/.test(v) ? Number(v) : v),
      z.number().int().min(0).max(MAX_ID),
    )
    .optional(),
})
export type SocketQuery = z.infer<typeof ZSocketQuery>

export const ZChatMessage = z.object({
  sender: z.enum(['client', 'tutor', 'admin']),
  sender_id: z.number().int(),
  recipient: z.enum(['client', 'tutor', 'admin']),
  recipient_id: z.number().int().min(0).max(MAX_ID), // 0: whichever staff member reads the order's chat
  auto_msg: z.union([z.boolean(), z.literal(0), z.literal(1)]).default(false),
  order_id: zId,
  // NUL cannot be stored (PostgreSQL text): docs/contract.md answers it `bad_request`.
  msg_text: z
    .string()
    .trim()
    .min(1)
    .max(4000)
    .refine((v) => !v.includes('\u0000')),
  id: z.number().int().optional(),
  created_at: z.string().optional(),
  /** The sender's own id of the message: stored once per sender; the stored frame carries it back (the acknowledgement). */
  client_msg_id: z
    .string()
    .min(1)
    .max(64)
    .refine((v) => !v.includes('\u0000'))
    .optional(),
})

/** Frames longer than this (in bytes) are refused `too_large` and closed 1009. */
export const MAX_FRAME_BYTES = 64 * 1024

export const ZIncomingFrame = z.object({
  status: z.literal('success').optional(),
  data: z.object({
    msg_service: z.number().int().min(0).max(3).default(0),
    type: z.number().int().default(0),
    msg_data: ZChatMessage,
  }),
})

export const failFrame = (error: string) => JSON.stringify({ status: 'fail', error })
