// The chat socket limits come from the environment (raised only by the chat benchmark); without
// CHAT_* variables they are the product's: 20 messages per user and 60 per order in 10 s, 30
// connections per user per minute (enforced in tests/api/chat-delivery.test.ts).
import { afterEach, describe, expect, test } from 'bun:test'
import { parseEnv } from '../../server/env'
import { CONNECT_LIMIT, MESSAGE_LIMITS, applyChatLimits } from '../../server/domain/chat/messages'

const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent' }

describe('chat limits from the environment', () => {
  afterEach(() => applyChatLimits(parseEnv(base)))

  test('defaults are the product limits', () => {
    applyChatLimits(parseEnv(base))
    expect(MESSAGE_LIMITS).toEqual({ perSender: 20, perOrder: 60, windowSeconds: 10 })
    expect(CONNECT_LIMIT).toEqual({ perMinute: 30 })
  })

  test('CHAT_RATE_PER_USER, CHAT_RATE_PER_ORDER, CHAT_CONNECTS_PER_MINUTE raise them', () => {
    applyChatLimits(
      parseEnv({ ...base, CHAT_RATE_PER_USER: '500', CHAT_RATE_PER_ORDER: '900', CHAT_CONNECTS_PER_MINUTE: '100' }),
    )
    expect(MESSAGE_LIMITS).toEqual({ perSender: 500, perOrder: 900, windowSeconds: 10 })
    expect(CONNECT_LIMIT).toEqual({ perMinute: 100 })
  })
})
