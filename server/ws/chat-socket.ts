// The /websocket/ upgrade point and the order chat over it (docs/contract.md#chat).
// The session cookie must belong to the role and id in the query and, with an order_id, to a party of
// that order (server/domain/chat/parties.ts). Refusals get a fail frame and a close.
// On connect a party receives the messages it sees above `last_id` (our query parameter), or without
// it the last 50 (oldest first), as ordinary message frames. A frame it sends is checked (at most
// 64 KB; sender and sender_id come from the session, never the frame; the recipient must be one it may
// write to), stored once per (sender, client_msg_id) within the rate limits kept in PostgreSQL
// (messages.ts storeSocketBatch: the sends of all sockets of the process in one transaction), then published on the cross-process bus; each process delivers it
// to its own sockets of that order by id (rooms.ts). A repeat of a stored client_msg_id is answered
// with the stored frame (the acknowledgement) and not stored again. Connections are limited per user
// per minute (chat_connects).
import type { Server, ServerWebSocket, WebSocketHandler } from 'bun'
import { websocketConnections } from '../observability/metrics'
import type { Identity } from '../domain/auth/sessions'
import { loadIdentity } from '../domain/auth/sessions'
import {
  type SocketSend,
  type SocketSendResult,
  countConnect,
  history,
  markSeen,
  messageEvents,
  messageFrame,
  messagesAfter,
  publishPayloads,
  senderKey,
  storeSocketBatch,
  storedRows,
} from '../domain/chat/messages'
import { type ChatAuthor, chatOrder, isParty } from '../domain/chat/parties'
import { isCrossSite } from '../http/security'
import { errorFields } from '../log'
import { type AppServices, type RequestMeta, SessionCookie } from '../trpc/context'
import { MAX_FRAME_BYTES, type SocketQuery, ZIncomingFrame, ZSocketQuery, failFrame } from '../../common/chat-protocol'
import { type RoomSocket, chatRooms, sendFrame } from './rooms'

export const HISTORY_SIZE = 50
/** Catch-up rows read and sent at a time (the next page waits for the socket's buffer to drain). */
export const CATCH_UP_PAGE = 50
/** Bun closes a socket over this without a word (1009): set above MAX_FRAME_BYTES so ours answers first. */
export const MAX_PAYLOAD_BYTES = 128 * 1024

/**
 * Test hooks per app (tests/api/chat-delivery.test.ts): `dropPublish` stores a message and never
 * publishes it, as a process that dies between the commit and the NOTIFY.
 */
export const chatFaults = new WeakMap<AppServices, { dropPublish?: boolean }>()

export interface ChatSocketData {
  query: SocketQuery | null
  identity: Identity | null
  refusal: string | null
  requestId: string
  /** The party this socket speaks for in an order's chat; null without an order_id. */
  author: ChatAuthor | null
  /** Frames of one socket are handled one after another. */
  chain: Promise<void>
  pending: { id: number | null; frame: string }[] | null
  /** The highest message id sent to this socket (starts at the query's last_id). */
  lastSentId: number
  [key: string]: unknown
}

async function refusalFor(
  services: AppServices,
  query: SocketQuery,
  identity: Identity | null,
): Promise<string | null> {
  if (!identity) return 'unauthorized'
  const own =
    query.role === 'admin' ? identity.staff?.id : query.role === 'tutor' ? identity.tutor?.id : identity.client?.id
  if (own !== query.id) return 'forbidden'
  if (query.order_id === undefined) return null
  const order = await chatOrder(services.db, query.order_id, services.edition.code)
  if (!order) return 'not_found'
  return (await isParty(services.db, order, { role: query.role, id: query.id, identity })) ? null : 'forbidden'
}

export async function upgradeChat(
  req: Request,
  url: URL,
  server: Server<ChatSocketData>,
  services: AppServices,
  meta: RequestMeta,
) {
  const parsed = ZSocketQuery.safeParse(Object.fromEntries(url.searchParams))
  const token = SessionCookie.read(req.headers.get('cookie'), meta.secure)
  const sessionId = token ? await services.tokens.verify(token) : null
  const identity = sessionId ? await loadIdentity(services.db, sessionId) : null
  const query = parsed.success ? parsed.data : null
  // Another site's page must not open a chat with this browser's cookie (cross-site WebSocket hijacking).
  const crossSite = isCrossSite(req, meta.origin)
  let refusal = !query ? 'bad_request' : crossSite ? 'forbidden' : await refusalFor(services, query, identity)
  // Connections per user, across processes (a client reconnecting in a loop).
  if (query && !refusal && !(await countConnect(services.db, { role: query.role, id: query.id })))
    refusal = 'rate_limited'
  const author =
    query && !refusal && query.order_id !== undefined
      ? { role: query.role, id: query.id, order_id: query.order_id }
      : null
  const data: ChatSocketData = {
    query,
    identity,
    refusal,
    requestId: meta.requestId,
    author,
    chain: Promise.resolve(),
    pending: null,
    lastSentId: query?.last_id ?? 0,
  }
  if (server.upgrade(req, { data })) return undefined
  return new Response(JSON.stringify({ status: 'fail', error: 'bad_request' }), {
    status: 400,
    headers: { 'content-type': 'application/json' },
  })
}

export function chatSocket(services: AppServices): {
  handler: WebSocketHandler<ChatSocketData>
  stop: () => Promise<void>
  closeAll: () => void
} {
  const rooms = chatRooms(services)
  const store = sendQueue(services, rooms)

  function refuse(
    ws: { send(s: string): unknown; close(code?: number, reason?: string): void },
    error: string,
    code = 1008,
  ) {
    ws.send(failFrame(error))
    ws.close(code, error)
  }

  const open = new Set<ServerWebSocket<ChatSocketData>>()
  const handler: WebSocketHandler<ChatSocketData> = {
    maxPayloadLength: MAX_PAYLOAD_BYTES,
    // Backstop of rooms.ts sendFrame's own check (which drops a slow reader at SEND_LIMITS.bufferBytes).
    backpressureLimit: 4 * 1024 * 1024,
    closeOnBackpressureLimit: true,
    async open(ws) {
      open.add(ws)
      websocketConnections.inc()
      if (ws.data.refusal) return refuse(ws, ws.data.refusal)
      const author = ws.data.author
      if (!author) return
      // The join is the first link of the socket's chain: a frame sent at once (and refused, closing
      // the socket) is handled after it, so a closed socket is never left in a room.
      ws.data.chain = (async () => {
        try {
          await rooms.ready
          const party = { orderId: author.order_id, role: author.role, id: author.id }
          const lastId = ws.data.query!.last_id
          await rooms.join(
            ws as unknown as RoomSocket,
            lastId === undefined
              ? { first: () => history(services.db, { ...party, limit: HISTORY_SIZE }) }
              : {
                  first: () => messagesAfter(services.db, { ...party, afterId: lastId, limit: CATCH_UP_PAGE }),
                  more: (afterId) => messagesAfter(services.db, { ...party, afterId, limit: CATCH_UP_PAGE }),
                  page: CATCH_UP_PAGE,
                },
          )
          if (author.role !== 'admin')
            await markSeen(services.db, { orderId: author.order_id, role: author.role, id: author.id })
        } catch (err) {
          services.log.error('chat open failed', { requestId: ws.data.requestId, ...errorFields(err) })
          refuse(ws, 'server_error', 1011)
        }
      })()
      await ws.data.chain
    },
    message(ws, raw) {
      if ((typeof raw === 'string' ? Buffer.byteLength(raw) : raw.byteLength) > MAX_FRAME_BYTES)
        return refuse(ws, 'too_large', 1009)
      ws.data.chain = ws.data.chain
        .then(() => handle(ws, raw))
        .catch((err) => {
          services.log.error('chat message failed', { requestId: ws.data.requestId, ...errorFields(err) })
          refuse(ws, 'server_error', 1011)
        })
    },
    close(ws) {
      open.delete(ws)
      websocketConnections.dec()
      rooms.leave(ws as unknown as RoomSocket)
      // Closed while still joining: leave again once the join is done.
      void ws.data.chain.then(() => rooms.leave(ws as unknown as RoomSocket))
    },
  }
  return {
    handler,
    stop: rooms.stop,
    /**
     * The server is stopping: every socket is closed with 1001 (going away), so its client reconnects to
     * another process and catches up by id; a send without its acknowledgement is sent again under the
     * same client_msg_id and stored once (docs/contract.md#chat).
     */
    closeAll() {
      for (const ws of open) ws.close(1001, 'going_away')
    },
  }

  async function handle(
    ws: Parameters<NonNullable<WebSocketHandler<ChatSocketData>['open']>>[0],
    raw: string | Buffer,
  ) {
    if (ws.readyState !== 1) return
    let frame: unknown
    try {
      frame = JSON.parse(String(raw))
    } catch {
      return refuse(ws, 'bad_request', 1003)
    }
    const parsed = ZIncomingFrame.safeParse(frame)
    if (!parsed.success) return refuse(ws, 'bad_request', 1003)
    const author = ws.data.author
    // Messages belong to an order's chat; without an order the connection only receives.
    if (!author) return refuse(ws, 'forbidden')
    const { data } = parsed.data
    const m = data.msg_data
    // Service messages (viber, sms, whatsapp) are staff calls, not socket frames.
    if (data.msg_service !== 0 || data.type !== 0) return refuse(ws, 'bad_request', 1003)
    if (m.order_id !== author.order_id) return refuse(ws, 'forbidden')
    const stored = await store({
      author,
      identity: ws.data.identity!,
      recipient: m.recipient,
      recipient_id: m.recipient_id,
      msg_text: m.msg_text,
      client_msg_id: m.client_msg_id ?? null,
      // Whether it counts (a client or tutor recipient only) is the store's rule (SocketSend.seen).
      seen: rooms.hasParty(author.order_id, m.recipient, m.recipient_id),
    })
    if (typeof stored === 'string') return refuse(ws, stored)
    // A repeat (the sender did not see the echo, e.g. it reconnected): the stored frame is its answer.
    if (stored.repeat) return void sendFrame(ws as unknown as RoomSocket, messageFrame(stored.row))
  }
}

/** Sends stored at most at once (one transaction). */
export const SEND_BATCH = 500
/** Batches being stored at once by one process. */
export const BATCHES_IN_FLIGHT = 2

/**
 * The group commit of a process's chat sockets: a send waits while BATCHES_IN_FLIGHT batches are being
 * stored and goes with the next one (so a lone send is stored at once, and under load every transaction
 * carries many); after the commit this process's rooms take the new rows at once and the batch is published on
 * the bus with its rows where they fit (rooms.ts takeStored). A batch that fails
 * is stored again one send at a time, so one bad send fails alone.
 */
function sendQueue(services: AppServices, rooms: Pick<ReturnType<typeof chatRooms>, 'takeStored'>) {
  type Waiting = { send: SocketSend; resolve: (r: SocketSendResult) => void; reject: (e: unknown) => void }
  let waiting: Waiting[] = []
  let inFlight = 0
  // The bus events of each batch go out after the previous batch's (a room that is behind reads the
  // gap anyway), off the store path: the next batch is stored while these are being sent.
  let publishing: Promise<unknown> = Promise.resolve()

  async function storeAndPublish(batch: Waiting[]) {
    const results = await storeSocketBatch(
      services.db,
      batch.map((w) => w.send),
      { edition: services.edition.code, tx: services.pipeline },
    )
    const rows = results.flatMap((r) => (typeof r === 'object' && !r.repeat ? [r.row] : []))
    // A process that dies right after the commit (the dropPublish fault) neither delivers nor publishes.
    if (rows.length && !chatFaults.get(services)?.dropPublish) {
      const stored = storedRows(rows, results.previousTop)
      // This process's own rooms at once; the others (and any room that was behind) by the bus.
      rooms.takeStored(stored)
      const events = messageEvents(stored)
      publishing = publishing.then(() =>
        publishPayloads(services.notifier, events).catch((err) =>
          services.log.error('chat publish failed', errorFields(err)),
        ),
      )
    }
    for (const [i, w] of batch.entries()) w.resolve(results[i]!)
  }

  async function storeOrSplit(batch: Waiting[]) {
    try {
      await storeAndPublish(batch)
    } catch (err) {
      if (batch.length === 1) batch[0]!.reject(err)
      else for (const w of batch) await storeAndPublish([w]).catch((e) => w.reject(e))
    }
  }

  // Up to BATCHES_IN_FLIGHT batches at once, each on its own connection. A batch holds its senders' and
  // orders' locks until it commits, so a second batch sharing any of them would only wait for the first:
  // the next batch takes the waiting sends that share no sender and no order with a batch in flight (a send
  // left waiting keeps every later send of its sender and its order waiting too, so both stay in order).
  // Two batches of this process then run side by side; with another process's batch they take turns on
  // the advisory locks (always in the same order: no deadlock), so per order the ids stay in commit order.
  const busySenders = new Map<string, number>()
  const busyOrders = new Map<number, number>()
  const hold = (batch: Waiting[], by: 1 | -1) => {
    for (const { send } of batch)
      for (const [map, key] of [
        [busySenders, senderKey(send)],
        [busyOrders, send.author.order_id],
      ] as [Map<unknown, number>, unknown][]) {
        const n = (map.get(key) ?? 0) + by
        if (n) map.set(key, n)
        else map.delete(key)
      }
  }
  function nextBatch(): Waiting[] {
    if (!busySenders.size) return waiting.splice(0, SEND_BATCH)
    const batch: Waiting[] = []
    const left: Waiting[] = []
    const blockedSenders = new Set(busySenders.keys())
    const blockedOrders = new Set(busyOrders.keys())
    for (const w of waiting) {
      const sk = senderKey(w.send)
      const ok = w.send.author.order_id
      if (batch.length >= SEND_BATCH || blockedSenders.has(sk) || blockedOrders.has(ok)) {
        left.push(w)
        blockedSenders.add(sk)
        blockedOrders.add(ok)
      } else batch.push(w)
    }
    waiting = left
    return batch
  }
  function pump() {
    while (waiting.length && inFlight < BATCHES_IN_FLIGHT) {
      const batch = nextBatch()
      if (!batch.length) return
      inFlight++
      hold(batch, 1)
      void storeOrSplit(batch).finally(() => {
        inFlight--
        hold(batch, -1)
        pump()
      })
    }
  }

  // A send starts a batch only after the frames already received in this turn of the event loop have
  // joined it (setImmediate runs after the turn's I/O): under load a free slot took a batch of one.
  let pumpQueued = false
  return (send: SocketSend) =>
    new Promise<SocketSendResult>((resolve, reject) => {
      waiting.push({ send, resolve, reject })
      if (pumpQueued) return
      pumpQueued = true
      setImmediate(() => {
        pumpQueued = false
        pump()
      })
    })
}
