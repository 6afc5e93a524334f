// This process's chat rooms: the open sockets of each order, and delivery to them by message id.
// Each room remembers the last message id it has read (`lastId`) and each socket the last id it was
// sent (`lastSentId`). Rows stored by this process's group commit, or carried by another process's bus
// event, are taken as they are when the room has read exactly up to the id they follow (takeStored);
// otherwise an event only says "order O has something new". Delivery reads the new rows
// of every room with news in ONE query (id > the room's last id, server/domain/chat/messages.ts
// newMessages), sends each socket what it may see above its own last id, in id order, and marks what
// reached its recipient read, all marks of a second in one update (markRead). Because messages of one
// order are stored one at a time (messages.ts lockOrder), a room that has read id N never misses a
// row below N, so a lost or late event costs nothing but time: the next event, a LISTEN reconnect, or
// the periodic sweep reads the gap. A socket that cannot keep up (its send buffer over
// SEND_LIMITS.bufferBytes) is dropped; it reconnects and catches up by id.
import type { ServerWebSocket } from 'bun'
import { chatMessagesDelivered } from '../observability/metrics'
import {
  CHAT_CHANNEL,
  type ChatEvent,
  type ChatMessageRow,
  FRAME_DELETED,
  FRAME_READ,
  type StoredRows,
  lastMessageId,
  markDelivered,
  messageFrame,
  newMessages,
  readMessages,
  successFrame,
  visibleTo,
} from '../domain/chat/messages'
import type { ChatAuthor } from '../domain/chat/parties'
import { errorFields } from '../log'
import type { AppServices } from '../trpc/context'

export const DELIVERY = {
  /** Rows read per delivery query (a longer backlog is read in further batches). */
  batchRows: 2000,
  /** Orders per delivery query. */
  batchRooms: 500,
  /** Every room re-reads above its last id this often (a message stored by a process that died before its NOTIFY). */
  sweepMs: 3000,
  /**
   * Read marks of live deliveries are written together this often, off the delivery path (one UPDATE
   * for all of them instead of one per bus event; nobody is told of these marks live).
   */
  readMarkMs: 1000,
}

export const SEND_LIMITS = {
  /** A socket whose unsent frames exceed this is dropped (it reconnects and catches up by id). */
  bufferBytes: 1024 * 1024,
}

/** Test hook per app (tests/api/chat-delivery.test.ts): `pauseSweep` stops the periodic re-read, to show what arrives without it. */
export const roomFaults = new WeakMap<AppServices, { pauseSweep?: boolean }>()

export interface RoomMember {
  author: ChatAuthor | null
  /** The highest message id sent to this socket (or the last_id it connected with). */
  lastSentId: number
  /** Frames that arrived while the socket's catch-up was being read (sent after it, see join). */
  pending: { id: number | null; frame: string }[] | null
}

export type RoomSocket = ServerWebSocket<RoomMember & Record<string, unknown>>

interface Room {
  sockets: Set<RoomSocket>
  /** The highest message id of the order this process has read for the room (null until known). */
  lastId: number | null
  known: Promise<void>
}

/** Sends one frame; drops a socket whose send buffer is over the limit. Answers false when dropped. */
export function sendFrame(ws: RoomSocket, frame: string): boolean {
  if (ws.readyState !== 1) return false
  const sent = ws.send(frame)
  if (sent === 0 || ws.getBufferedAmount() > SEND_LIMITS.bufferBytes) {
    ws.terminate()
    return false
  }
  return true
}

/** Waits until the socket's send buffer is below half the limit (false: closed, or still full after 30 s: dropped). */
async function drained(ws: RoomSocket): Promise<boolean> {
  const until = Date.now() + 30_000
  while (ws.readyState === 1 && ws.getBufferedAmount() > SEND_LIMITS.bufferBytes / 2) {
    if (Date.now() > until) {
      ws.terminate()
      return false
    }
    await Bun.sleep(10)
  }
  return ws.readyState === 1
}

export function chatRooms(services: AppServices) {
  const rooms = new Map<number, Room>()
  const dirty = new Set<number>()
  let queue: Promise<void> = Promise.resolve()
  let flushQueued = false
  let subscribedOnce = false

  const run = (task: () => Promise<void>) => {
    queue = queue.then(task).catch((err) => services.log.error('chat delivery failed', errorFields(err)))
  }
  function scheduleFlush() {
    if (flushQueued) return
    flushQueued = true
    run(flush)
  }
  function markAllDirty() {
    for (const orderId of rooms.keys()) dirty.add(orderId)
    if (dirty.size) scheduleFlush()
  }

  const subscribed = services.notifier.subscribe(
    CHAT_CHANNEL,
    (payload) => {
      const ev = payload as ChatEvent
      if (ev.kind === 'stored') return takeStored(ev.orders)
      if (ev.kind === 'messages') {
        for (const [orderId, id] of ev.orders) {
          const room = rooms.get(orderId)
          if (!room || (room.lastId !== null && id <= room.lastId)) continue
          dirty.add(orderId)
        }
        if (dirty.size) scheduleFlush()
        return
      }
      if (!rooms.has(ev.order_id)) return
      if (ev.kind === 'message') {
        const room = rooms.get(ev.order_id)!
        if (room.lastId !== null && ev.id <= room.lastId) return
        dirty.add(ev.order_id)
        scheduleFlush()
      } else run(() => deliverEvent(ev))
    },
    // The LISTEN connection came back: events sent meanwhile are lost, so every room reads above its last id.
    () => {
      if (subscribedOnce) markAllDirty()
      subscribedOnce = true
    },
  )
  // A process that stops while it is still subscribing (its pool closed under the LISTEN) must not
  // leave an unhandled rejection; sockets awaiting `ready` get the error themselves.
  subscribed.catch((err) => services.log.warn('chat bus subscription ended', errorFields(err)))

  const sweep = setInterval(() => {
    if (rooms.size && !roomFaults.get(services)?.pauseSweep) markAllDirty()
  }, DELIVERY.sweepMs)
  sweep.unref?.()

  function deliver(ws: RoomSocket, id: number | null, frame: string) {
    if (id !== null && id <= ws.data.lastSentId) return
    if (ws.data.pending) ws.data.pending.push({ id, frame })
    else {
      if (id !== null) ws.data.lastSentId = id
      if (sendFrame(ws, frame) && id !== null) chatMessagesDelivered.inc()
    }
  }

  /** Reads the new rows of the dirty rooms (one query per batch) and sends them. */
  async function flush() {
    flushQueued = false
    const targets: [number, number][] = []
    let more = false
    for (const orderId of dirty) {
      if (targets.length >= DELIVERY.batchRooms) {
        more = true
        break
      }
      const room = rooms.get(orderId)
      if (!room) dirty.delete(orderId)
      else if (room.lastId !== null) {
        targets.push([orderId, room.lastId])
        dirty.delete(orderId)
      }
      // A room whose last id is still being read stays dirty: that read schedules a flush when it ends.
      // (Rescheduling for it here looped on microtasks and starved the very I/O it waited for.)
    }
    if (more) scheduleFlush()
    if (!targets.length) return
    const rows = await newMessages(services.pipeline, targets, DELIVERY.batchRows)
    if (rows.length >= DELIVERY.batchRows) {
      // A cut batch: read on from where each room got to.
      for (const [orderId] of targets) dirty.add(orderId)
      scheduleFlush()
    }
    const read: number[] = []
    for (const row of rows) {
      const id = Number(row.id)
      const room = rooms.get(row.order_id)
      if (!room || room.lastId === null || id <= room.lastId) continue
      room.lastId = id
      deliverRow(room, row, read)
    }
    markRead(read)
  }

  /** Sends a row to the room's sockets that may see it; `read` collects it when its recipient has the chat open. */
  function deliverRow(room: Room, row: ChatMessageRow, read: number[]) {
    if (row.deleted_at) return
    const id = Number(row.id)
    const frame = messageFrame(row)
    let recipientHere = false
    for (const ws of room.sockets) {
      const a = ws.data.author
      if (!a || !visibleTo(row, a.role, a.id)) continue
      deliver(ws, id, frame)
      if (a.role === row.recipient && a.id === row.recipient_id) recipientHere = true
    }
    // A client or tutor who has the chat open has seen the message.
    if (recipientHere && !row.read_at && (row.recipient === 'client' || row.recipient === 'tutor')) read.push(id)
  }

  let unmarked: number[] = []
  let markTimer: ReturnType<typeof setTimeout> | null = null
  function markRead(ids: number[]) {
    if (!ids.length) return
    unmarked.push(...ids)
    if (markTimer) return
    markTimer = setTimeout(writeReadMarks, DELIVERY.readMarkMs)
    markTimer.unref?.()
  }
  function writeReadMarks() {
    markTimer = null
    const ids = unmarked
    unmarked = []
    return markDelivered(services.db, ids).catch((err) => services.log.error('chat read mark failed', errorFields(err)))
  }

  /**
   * Rows just stored (by this process's group commit, or carried by another process's bus event),
   * with the id each order's rows follow. A room that has read exactly up to that id takes them as
   * they are: no read, no wait for the bus. Any other room with news reads them (flush), so a missed
   * or reordered event still costs only time.
   */
  function takeStored(entries: StoredRows[]) {
    const read: number[] = []
    for (const { order_id, after, rows } of entries) {
      const room = rooms.get(order_id)
      if (!room || !rows.length) continue
      const top = Number(rows.at(-1)!.id)
      if (room.lastId !== null && top <= room.lastId) continue
      if (room.lastId !== after) {
        dirty.add(order_id)
        continue
      }
      room.lastId = top
      for (const row of rows) deliverRow(room, row, read)
    }
    if (dirty.size) scheduleFlush()
    markRead(read)
  }

  async function deliverEvent(ev: Exclude<ChatEvent, { kind: 'message' | 'messages' | 'stored' }>) {
    const room = rooms.get(ev.order_id)
    if (!room?.sockets.size) return
    const rows = (await readMessages(services.db, ev.kind === 'read' ? ev.ids : [ev.id])).filter(
      (r) => r.order_id === ev.order_id,
    )
    for (const ws of room.sockets) {
      const a = ws.data.author
      if (!a) continue
      const seen = rows.filter((r) => visibleTo(r, a.role, a.id))
      if (!seen.length) continue
      if (ev.kind === 'read')
        deliver(
          ws,
          null,
          successFrame(seen[0]!.msg_service, FRAME_READ, {
            order_id: ev.order_id,
            ids: seen.map((r) => Number(r.id)),
            read_at: new Date(seen[0]!.read_at as never).toISOString(),
          }),
        )
      else {
        const r = seen[0]!
        deliver(
          ws,
          null,
          successFrame(r.msg_service, FRAME_DELETED, {
            id: Number(r.id),
            order_id: r.order_id,
            deleted_at: new Date(r.deleted_at as never).toISOString(),
          }),
        )
      }
    }
  }

  return {
    /** Resolves once this process listens on the bus. */
    ready: subscribed,
    /**
     * Adds the socket to its order's room, then sends its catch-up: `first()` (the messages above the
     * socket's last id, or the recent history), then while `more` is given and pages come full, the
     * next page above the last id sent, each once the socket's buffer has drained (a long backlog is
     * not dropped as a slow reader). Frames delivered meanwhile are held and sent after it, each
     * message once (by id).
     */
    async join(
      ws: RoomSocket,
      catchUp: {
        first: () => Promise<ChatMessageRow[]>
        more?: (afterId: number) => Promise<ChatMessageRow[]>
        page?: number
      },
    ) {
      const orderId = ws.data.author!.order_id
      ws.data.pending = []
      let room = rooms.get(orderId)
      if (!room) {
        const created: Room = { sockets: new Set(), lastId: null, known: Promise.resolve() }
        created.known = lastMessageId(services.db, orderId).then(
          (last) => {
            created.lastId = last
            // Events that came while the last id was read.
            dirty.add(orderId)
            scheduleFlush()
          },
          (err) => {
            if (rooms.get(orderId) === created) rooms.delete(orderId)
            throw err
          },
        )
        rooms.set(orderId, created)
        room = created
      }
      room.sockets.add(ws)
      try {
        await room.known
        let rows = await catchUp.first()
        for (;;) {
          for (const row of rows) {
            const id = Number(row.id)
            if (id <= ws.data.lastSentId) continue
            ws.data.lastSentId = id
            if (!sendFrame(ws, messageFrame(row))) return
            chatMessagesDelivered.inc()
          }
          if (!catchUp.more || rows.length < (catchUp.page ?? Number.POSITIVE_INFINITY)) break
          if (!(await drained(ws))) return
          rows = await catchUp.more(ws.data.lastSentId)
        }
        const held = ws.data.pending
        ws.data.pending = null
        for (const p of held) deliver(ws, p.id, p.frame)
      } finally {
        ws.data.pending = null
      }
    },
    leave(ws: RoomSocket) {
      const orderId = ws.data.author?.order_id
      if (orderId === undefined) return
      const room = rooms.get(orderId)
      room?.sockets.delete(ws)
      if (room && !room.sockets.size) rooms.delete(orderId)
    },
    takeStored,
    /** Whether this party has the order's chat open on this process (a socket joined to its room). */
    hasParty(orderId: number, role: string, id: number): boolean {
      for (const ws of rooms.get(orderId)?.sockets ?? [])
        if (ws.data.author?.role === role && ws.data.author.id === id && ws.readyState === 1) return true
      return false
    },
    /** Stops the sweep and writes the read marks still waiting (the server is stopping). */
    async stop() {
      clearInterval(sweep)
      if (markTimer) clearTimeout(markTimer)
      await writeReadMarks()
    },
  }
}
