// The browser's chat client (client/lib/chat-socket.ts, docs/product.md#4-states-and-transitions "Chat connection"): on
// an unclean close it reconnects after 100 ms; on a frame carrying an error it closes and clears the
// author; against the real server it receives the history and its own messages. Bun's WebSocket
// stands in for the browser's (it takes the cookie header the browser would send).
import { describe, expect, test } from 'bun:test'
import {
  ChatSocket,
  type ChatFrame,
  FAIL_AFTER_MS,
  type PendingMessage,
  RECONNECT_MS,
  reconnectDelay,
} from '../../client/lib/chat-socket'
import { useTestApp } from '../helpers/app'
import { chatParties } from '../helpers/chat'
import { waitFor } from '../helpers/wait'

const app = useTestApp()

const withCookie = (cookie: string) => ({ origin: app.url, socketOptions: { headers: { cookie } }, storage: null })

/** localStorage as a page has it (survives a "reload": a new ChatSocket on the same store). */
function memoryStorage() {
  const m = new Map<string, string>()
  return {
    map: m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  }
}

const until = (cond: () => boolean, ms = 3000) => waitFor(cond, { timeout: ms })

describe('chat client', () => {
  test('a party gets the history and its own message back; a refusal closes it and clears the author without reconnecting', async () => {
    const p = await chatParties(app)
    await app.services.db
      .insertInto('chat_messages')
      .values({
        order_id: p.orderId,
        sender: 'admin',
        sender_id: p.staff.id,
        recipient: 'client',
        recipient_id: p.client.id,
        msg_text: 'welcome',
      })
      .execute()
    const frames: ChatFrame[] = []
    const states: string[] = []
    const chat = new ChatSocket({
      ...withCookie(p.client.cookie),
      onFrame: (f) => frames.push(f),
      onStateChange: (s) => states.push(s),
    })
    chat.connect({ role: 'client', id: p.client.id, order_id: p.orderId })
    await until(() => frames.length === 1)
    expect(frames[0]!.data.msg_data).toMatchObject({ msg_text: 'welcome' })
    expect(chat.send('admin', 0, 'thanks')).toMatchObject({ msg_text: 'thanks', status: 'pending' })
    await until(() => frames.length === 2)
    expect(frames[1]!.data.msg_data).toMatchObject({ msg_text: 'thanks', sender: 'client', sender_id: p.client.id })
    expect(chat.pending).toEqual([])
    chat.close()
    expect(chat.author).toBeNull()

    // The tutor's session speaking for the client: the server answers a fail frame.
    const errors: unknown[] = []
    const states2: string[] = []
    const refused = new ChatSocket({
      ...withCookie(p.tutor.cookie),
      onError: (e) => errors.push(e),
      onStateChange: (s) => states2.push(s),
    })
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

  test('a send is pending until its echo; pending messages survive a reload and are resent with the same id, stored once', async () => {
    const p = await chatParties(app)
    const storage = memoryStorage()
    const pendings: PendingMessage[][] = []
    const author = { role: 'client' as const, id: p.client.id, order_id: p.orderId }
    // Typed while offline (the socket never opened: the server is unreachable).
    const offline = new ChatSocket({ origin: 'http://127.0.0.1:9', storage, onPendingChange: (l) => pendings.push(l) })
    offline.connect(author)
    const typed = offline.send('admin', 0, 'typed offline')!
    expect(typed.client_msg_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(offline.pending).toEqual([expect.objectContaining({ msg_text: 'typed offline', status: 'pending' })])
    offline.close()
    // The page is reloaded: the pending message comes back from storage and is sent on open.
    const frames: ChatFrame[] = []
    const page = new ChatSocket({ ...withCookie(p.client.cookie), storage, onFrame: (f) => frames.push(f) })
    page.connect(author)
    expect(page.pending.map((m) => m.client_msg_id)).toEqual([typed.client_msg_id])
    await until(() => page.pending.length === 0)
    expect(storage.map.size).toBe(0)
    const echo = frames.find((f) => f.data.type === 0 && f.data.msg_data.msg_text === 'typed offline')!
    expect(echo.data.msg_data).toMatchObject({ client_msg_id: typed.client_msg_id })
    page.close()
    // A second page that still had it pending (the echo came to another tab) resends it: stored once.
    storage.setItem(`chat-pending:client:${p.client.id}:${p.orderId}`, JSON.stringify([typed]))
    const other = new ChatSocket({ ...withCookie(p.client.cookie), storage })
    other.connect(author)
    await until(() => other.pending.length === 0)
    other.close()
    const rows = await app.services.db
      .selectFrom('chat_messages')
      .select('client_msg_id')
      .where('order_id', '=', p.orderId)
      .execute()
    expect(rows).toEqual([{ client_msg_id: typed.client_msg_id }])
  })

  test('reconnects catch up with last_id; delays grow with jitter; an unacknowledged send fails after 30 s', async () => {
    const urls: string[] = []
    const sent: unknown[] = []
    const server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: (req, srv) =>
        srv.upgrade(req, { data: req.url as never }) ? undefined : new Response('no', { status: 400 }),
      websocket: {
        open(ws) {
          urls.push(String(ws.data))
          if (urls.length === 1) {
            ws.send(
              JSON.stringify({
                status: 'success',
                data: {
                  msg_service: 0,
                  type: 0,
                  msg_data: {
                    id: 41,
                    order_id: 1,
                    msg_text: 'x',
                    sender: 'admin',
                    sender_id: 1,
                    recipient: 'client',
                    recipient_id: 1,
                    auto_msg: false,
                    created_at: new Date().toISOString(),
                  },
                },
              }),
            )
            setTimeout(() => ws.terminate(), 30)
          }
        },
        message(_ws, m) {
          sent.push(JSON.parse(String(m)))
        },
      },
    })
    try {
      const chat = new ChatSocket({ origin: `http://127.0.0.1:${server.port}`, storage: null })
      chat.connect({ role: 'client', id: 1, order_id: 1 })
      await until(() => urls.length === 2)
      expect(urls[0]).not.toContain('last_id')
      expect(urls[1]).toContain('last_id=41')
      const m = chat.send('admin', 0, 'no echo')!
      await until(() => sent.length === 1)
      expect(sent[0]).toMatchObject({ data: { msg_data: { client_msg_id: m.client_msg_id, msg_text: 'no echo' } } })
      // Thirty seconds on: failed (the check runs every second).
      ;(chat.pending[0] as { at: number }).at = Date.now() - FAIL_AFTER_MS
      await until(() => chat.pending[0]?.status === 'failed', 2500)
      chat.retry(m.client_msg_id)
      expect(chat.pending[0]!.status).toBe('pending')
      await until(() => sent.length === 2)
      expect((sent[1] as { data: { msg_data: { client_msg_id: string } } }).data.msg_data.client_msg_id).toBe(
        m.client_msg_id,
      )
      chat.close()
    } finally {
      await server.stop(true)
    }
    expect(reconnectDelay(0, () => 0)).toBe(RECONNECT_MS)
    expect(reconnectDelay(0, () => 0.99)).toBeLessThan(2 * RECONNECT_MS)
    expect(reconnectDelay(3, () => 0)).toBe(8 * RECONNECT_MS)
    expect(reconnectDelay(30, () => 0.5)).toBe(15_000)
  })
})
