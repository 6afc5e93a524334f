// This process's chat rooms: the open sockets of each order, and delivery of bus events to them.
// Every process subscribes once to the chat channel; an event names a stored row, which is read here
// and sent to the local sockets of that order that may see it. Events are handled one at a time, in
// the order the bus delivers them, so frames keep the order the messages were stored in.
import type { ServerWebSocket } from 'bun'
import {
  CHAT_CHANNEL, type ChatEvent, FRAME_DELETED, FRAME_READ, markSeen, messageFrame, readMessage, successFrame, visibleTo,
} from '../domain/chat/messages'
import type { ChatAuthor } from '../domain/chat/parties'
import { errorFields } from '../log'
import type { AppServices } from '../trpc/context'

export interface RoomMember {
  author: ChatAuthor | null
  /** Frames that arrived while the history was being sent (delivered after it, see join). */
  pending: { id: number | null; frame: string }[] | null
  /**
   * Ids of the messages the history carried. On PostgreSQL a NOTIFY for a message the history already
   * read may still be on its way when the history is flushed; such a late event must not be sent twice.
   */
  historyIds?: Set<number>
}

export type RoomSocket = ServerWebSocket<RoomMember & Record<string, unknown>>

export function chatRooms(services: AppServices) {
  const rooms = new Map<number, Set<RoomSocket>>()
  let queue: Promise<void> = Promise.resolve()

  const subscribed = services.notifier.subscribe(CHAT_CHANNEL, (payload) => {
    queue = queue.then(() => deliver(payload as ChatEvent)).catch((err) => services.log.error('chat delivery failed', errorFields(err)))
  })
  // A process that stops while it is still subscribing (its pool closed under the LISTEN) must not
  // leave an unhandled rejection; sockets awaiting `ready` get the error themselves.
  subscribed.catch((err) => services.log.warn('chat bus subscription ended', errorFields(err)))

  function send(ws: RoomSocket, messageId: number | null, frame: string) {
    if (messageId !== null && ws.data.historyIds?.has(messageId)) return
    if (ws.data.pending) ws.data.pending.push({ id: messageId, frame })
    else ws.send(frame)
  }

  async function deliver(ev: ChatEvent) {
    const sockets = rooms.get(ev.order_id)
    if (!sockets?.size) return
    const members = [...sockets].filter((ws) => ws.data.author)
    if (ev.kind === 'read') {
      const rows = await Promise.all(ev.ids.map((id) => readMessage(services.db, id)))
      for (const ws of members) {
        const { role, id } = ws.data.author!
        const seen = rows.filter((r) => r && visibleTo(r, role, id))
        if (seen.length)
          send(ws, null, successFrame(seen[0]!.msg_service, FRAME_READ, { order_id: ev.order_id, ids: seen.map((r) => r!.id), read_at: new Date(seen[0]!.read_at as never).toISOString() }))
      }
      return
    }
    const row = await readMessage(services.db, ev.id)
    if (!row || row.order_id !== ev.order_id) return
    const frame =
      ev.kind === 'message'
        ? messageFrame(row)
        : successFrame(row.msg_service, FRAME_DELETED, { id: row.id, order_id: row.order_id, deleted_at: new Date(row.deleted_at as never).toISOString() })
    let recipientHere = false
    for (const ws of members) {
      const { role, id } = ws.data.author!
      if (!visibleTo(row, role, id)) continue
      send(ws, ev.kind === 'message' ? row.id : null, frame)
      if (role === row.recipient && id === row.recipient_id) recipientHere = true
    }
    // A client or tutor who has the chat open has seen the message.
    if (ev.kind === 'message' && recipientHere && (row.recipient === 'client' || row.recipient === 'tutor'))
      await markSeen(services.db, { orderId: row.order_id, role: row.recipient, id: row.recipient_id!, upToId: row.id })
  }

  return {
    /** Resolves once this process listens on the bus. */
    ready: subscribed,
    /**
     * Adds the socket to its order's room, then sends what `history` answers; frames published
     * meanwhile are held and sent after it, except messages the history already carried.
     */
    async join(ws: RoomSocket, history: () => Promise<{ id: number; frame: string }[]>) {
      const orderId = ws.data.author!.order_id
      ws.data.pending = []
      const set = rooms.get(orderId) ?? new Set()
      set.add(ws)
      rooms.set(orderId, set)
      try {
        const past = await history()
        for (const m of past) ws.send(m.frame)
        ws.data.historyIds = new Set(past.map((m) => m.id))
        // Let events already on the queue reach the buffer before it is flushed.
        await queue
        for (const p of ws.data.pending ?? []) if (p.id === null || !ws.data.historyIds.has(p.id)) ws.send(p.frame)
      } finally {
        ws.data.pending = null
      }
    },
    leave(ws: RoomSocket) {
      const orderId = ws.data.author?.order_id
      if (orderId === undefined) return
      const set = rooms.get(orderId)
      set?.delete(ws)
      if (set && !set.size) rooms.delete(orderId)
    },
  }
}
