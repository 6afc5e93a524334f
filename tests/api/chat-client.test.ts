// The browser's chat client (client/lib/chat-socket.ts, spec/product.md §4 "Chat connection"): on an
// unclean close it reconnects after 100 ms; on a frame carrying an error it closes and clears the
// author; against the real server it receives the history and its own messages. Bun's WebSocket
// stands in for the browser's (it takes the cookie header the browser would send).
import { describe, expect, test } from 'bun:test'
import { ChatSocket, type ChatFrame, RECONNECT_MS } from '../../client/lib/chat-socket'
import { useTestApp } from '../helpers/app'
import { chatParties } from '../helpers/chat'
import { waitFor } from '../helpers/wait'

const app = useTestApp()

const withCookie = (cookie: string) => ({ origin: app.url, socketOptions: { headers: { cookie } } })

const until = (cond: () => boolean, ms = 3000) => waitFor(cond, { timeout: ms })

describe('chat client', () => {
  test('a party gets the history and its own message back; a refusal closes it and clears the author without reconnecting', async () => {
    const p = await chatParties(app)
    await app.services.db.insertInto('chat_messages').values({ order_id: p.orderId, sender: 'admin', sender_id: p.staff.id, recipient: 'client', recipient_id: p.client.id, msg_text: 'welcome' }).execute()
    const frames: ChatFrame[] = []
    const states: string[] = []
    const chat = new ChatSocket({ ...withCookie(p.client.cookie), onFrame: (f) => frames.push(f), onStateChange: (s) => states.push(s) })
    chat.connect({ role: 'client', id: p.client.id, order_id: p.orderId })
    await until(() => frames.length === 1)
    expect(frames[0]!.data.msg_data).toMatchObject({ msg_text: 'welcome' })
    expect(chat.send('admin', 0, 'thanks')).toBe(true)
    await until(() => frames.length === 2)
    expect(frames[1]!.data.msg_data).toMatchObject({ msg_text: 'thanks', sender: 'client', sender_id: p.client.id })
    chat.close()
    expect(chat.author).toBeNull()

    // The tutor's session speaking for the client: the server answers a fail frame.
    const errors: unknown[] = []
    const states2: string[] = []
    const refused = new ChatSocket({ ...withCookie(p.tutor.cookie), onError: (e) => errors.push(e), onStateChange: (s) => states2.push(s) })
    refused.connect({ role: 'client', id: p.client.id, order_id: p.orderId })
    await until(() => errors.length === 1)
    expect(errors).toEqual(['forbidden'])
    expect(refused.author).toBeNull()
    await Bun.sleep(RECONNECT_MS * 3) // absence: no reconnect within three reconnect delays (the client's timer has no injectable clock)
    expect(states2.filter((s) => s === 'connecting')).toHaveLength(1)
  })

  test('an unclean close reconnects after 100 ms; a clean one does not', async () => {
    const opens: number[] = []
    let mode: 'drop' | 'clean' = 'drop'
    const server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: (req, srv) => (srv.upgrade(req) ? undefined : new Response('no', { status: 400 })),
      websocket: {
        open(ws) {
          opens.push(Date.now())
          // The first connection is dropped without a close frame (code 1006 at the client).
          if (opens.length === 1) setTimeout(() => ws.terminate(), 20)
          else if (mode === 'clean') setTimeout(() => ws.close(1000, 'bye'), 20)
        },
        message() {},
      },
    })
    try {
      const chat = new ChatSocket({ origin: `http://127.0.0.1:${server.port}` })
      chat.connect({ role: 'client', id: 1, order_id: 1 })
      await until(() => opens.length === 2)
      expect(opens[1]! - opens[0]!).toBeGreaterThanOrEqual(RECONNECT_MS)
      expect(chat.author).toEqual({ role: 'client', id: 1, order_id: 1 })
      chat.close()
      mode = 'clean'
      chat.connect({ role: 'client', id: 1, order_id: 1 })
      await until(() => opens.length === 3)
      await Bun.sleep(RECONNECT_MS * 4) // absence: a clean close is not retried within four reconnect delays
      expect(opens).toHaveLength(3)
    } finally {
      await server.stop(true)
    }
  })
})
