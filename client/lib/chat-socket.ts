// A small browser client for the order chat (docs/contract.md#chat, docs/product.md#4-states-and-transitions
// "Chat connection", docs/decisions.md#order-chat): connect as an author (role, id, order_id) with the session
// cookie; on an unclean close reconnect after a jittered, growing delay (a server restart must not
// bring every browser back at the same instant) and catch up with `last_id`, the highest message id
// seen; on a frame carrying an error close and clear the author (no reconnect until connect() is
// called again). Frames are those of common/chat-protocol.ts.
//
// Nothing typed is lost: every send gets a client_msg_id and stays pending (kept in localStorage per
// order, so it survives a reload) until the server's echo of the stored message carries that id back.
// Pending messages are (re)sent with the same id whenever the socket opens — the server stores each id
// once — and one without an echo after FAIL_AFTER_MS is marked failed (retry() sends it again).

export type ChatRole = 'client' | 'tutor' | 'admin'

export interface ChatAuthor {
  role: ChatRole
  id: number
  order_id: number
}

export interface ChatMessageData {
  sender: ChatRole | 'system'
  sender_id: number
  recipient: ChatRole
  recipient_id: number
  auto_msg: boolean
  order_id: number
  msg_text: string
  id: number
  created_at: string
  read_at?: string | null
  media?: { url: string; name: string; type: string; size: number } | null
  client_msg_id?: string | null
}

/** A message typed here that the server has not acknowledged yet. */
export interface PendingMessage {
  client_msg_id: string
  recipient: ChatRole
  recipient_id: number
  msg_text: string
  /** When it was typed (or retried), ms since the epoch. */
  at: number
  status: 'pending' | 'failed'
}

/** data.type: 0 a message, 1 a message deleted, 2 messages read. */
export type ChatFrame =
  | { status: 'success'; data: { msg_service: number; type: 0; msg_data: ChatMessageData } }
  | {
      status: 'success'
      data: { msg_service: number; type: 1; msg_data: { id: number; order_id: number; deleted_at: string } }
    }
  | {
      status: 'success'
      data: { msg_service: number; type: 2; msg_data: { order_id: number; ids: number[]; read_at: string } }
    }

/** The shortest reconnect delay (the first retry waits RECONNECT_MS..2×RECONNECT_MS). */
export const RECONNECT_MS = 100
export const RECONNECT_MAX_MS = 10_000
/** A message without its echo this long is shown as failed (with a retry button). */
export const FAIL_AFTER_MS = 30_000

/** The delay before reconnect attempt `attempt` (0-based): doubling, capped, with half of it random. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_MS * 2 ** attempt)
  return Math.round(base * (1 + random()))
}

export interface ChatSocketOptions {
  /** The site origin, e.g. https://example.com (default: the page's). */
  origin?: string
  onFrame?: (frame: ChatFrame) => void
  /** A fail frame arrived: the connection is closed and the author cleared. */
  onError?: (error: unknown) => void
  onStateChange?: (state: 'connecting' | 'open' | 'closed') => void
  /** The pending messages changed (sent, acknowledged, failed). */
  onPendingChange?: (pending: PendingMessage[]) => void
  /** Where pending messages are kept (default: the page's localStorage, when there is one). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null
  /** Injected in tests outside a browser. */
  WebSocketImpl?: new (
    url: string,
    opts?: never,
  ) => WebSocket
  /** Extra constructor options for WebSocketImpl (tests pass the cookie header). */
  socketOptions?: unknown
  random?: () => number
}

export function chatSocketUrl(origin: string, a: ChatAuthor, lastId?: number): string {
  const ws = origin.replace(/^http/, 'ws').replace(/\/$/, '')
  return `${ws}/websocket/?role=${a.role}&id=${a.id}&order_id=${a.order_id}${lastId !== undefined ? `&last_id=${lastId}` : ''}`
}

const storageKey = (a: ChatAuthor) => `chat-pending:${a.role}:${a.id}:${a.order_id}`

function defaultStorage(): ChatSocketOptions['storage'] {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

function newId(): string {
  const c = globalThis.crypto as Crypto | undefined
  if (c?.randomUUID) return c.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`
}

export class ChatSocket {
  author: ChatAuthor | null = null
  /** The highest message id received (the catch-up point of the next connection). */
  lastId = 0
  private ws: WebSocket | null = null
  private timer: ReturnType<typeof setTimeout> | null = null
  private failTimer: ReturnType<typeof setInterval> | null = null
  private attempt = 0
  /** A connection has delivered its history: later ones catch up by last_id. */
  private synced = false
  private lastAuthor: ChatAuthor | null = null
  private pendingList: PendingMessage[] = []
  private readonly storage: ChatSocketOptions['storage']

  constructor(private readonly opts: ChatSocketOptions = {}) {
    this.storage = opts.storage === undefined ? defaultStorage() : opts.storage
  }

  get pending(): PendingMessage[] {
    return this.pendingList
  }

  connect(author: ChatAuthor) {
    this.close()
    this.author = author
    this.lastAuthor = author
    this.lastId = 0
    this.synced = false
    this.attempt = 0
    this.pendingList = this.load(author)
    this.emitPending()
    this.failTimer = setInterval(() => this.checkFailed(), 1000)
    this.open()
  }

  /**
   * Sends a message to `recipient` (sender fields are the server's, from the session). It is pending
   * until its echo arrives, sent now when the socket is open, else as soon as it opens. Answers the
   * pending message, or null without an author.
   */
  send(recipient: ChatRole, recipientId: number, text: string): PendingMessage | null {
    const a = this.author
    if (!a) return null
    const m: PendingMessage = {
      client_msg_id: newId(),
      recipient,
      recipient_id: recipientId,
      msg_text: text,
      at: Date.now(),
      status: 'pending',
    }
    this.pendingList = [...this.pendingList, m]
    this.save()
    this.emitPending()
    this.transmit(m)
    return m
  }

  /** Sends a failed message again with the same client_msg_id (reconnecting if the chat was closed by a refusal). */
  retry(clientMsgId: string) {
    const m = this.pendingList.find((p) => p.client_msg_id === clientMsgId)
    if (!m) return
    const again: PendingMessage = { ...m, at: Date.now(), status: 'pending' }
    this.pendingList = this.pendingList.map((p) => (p === m ? again : p))
    this.save()
    this.emitPending()
    if (!this.author && this.lastAuthor) {
      this.author = this.lastAuthor
      if (!this.failTimer) this.failTimer = setInterval(() => this.checkFailed(), 1000)
      this.open()
    } else this.transmit(again)
  }

  /** Closes on purpose: no reconnect, author cleared (pending messages stay stored for the next visit). */
  close() {
    this.author = null
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    if (this.failTimer) clearInterval(this.failTimer)
    this.failTimer = null
    const ws = this.ws
    this.ws = null
    if (ws && ws.readyState <= 1) ws.close(1000)
  }

  private transmit(m: PendingMessage) {
    const a = this.author
    if (!a || !this.ws || this.ws.readyState !== 1) return
    const msg_data = {
      sender: a.role,
      sender_id: a.id,
      recipient: m.recipient,
      recipient_id: m.recipient_id,
      auto_msg: false,
      order_id: a.order_id,
      msg_text: m.msg_text,
      client_msg_id: m.client_msg_id,
    }
    this.ws.send(JSON.stringify({ status: 'success', data: { msg_service: 0, type: 0, msg_data } }))
  }

  private checkFailed() {
    const now = Date.now()
    if (!this.pendingList.some((p) => p.status === 'pending' && now - p.at >= FAIL_AFTER_MS)) return
    this.pendingList = this.pendingList.map((p) =>
      p.status === 'pending' && now - p.at >= FAIL_AFTER_MS ? { ...p, status: 'failed' } : p,
    )
    this.save()
    this.emitPending()
  }

  private acknowledge(m: ChatMessageData) {
    const a = this.author
    if (!m.client_msg_id || !a || m.sender !== a.role || m.sender_id !== a.id) return
    const before = this.pendingList.length
    this.pendingList = this.pendingList.filter((p) => p.client_msg_id !== m.client_msg_id)
    if (this.pendingList.length === before) return
    this.save()
    this.emitPending()
  }

  private emitPending() {
    this.opts.onPendingChange?.(this.pendingList)
  }

  private load(a: ChatAuthor): PendingMessage[] {
    try {
      const raw = this.storage?.getItem(storageKey(a))
      const list = raw ? (JSON.parse(raw) as PendingMessage[]) : []
      return Array.isArray(list)
        ? list.filter((p) => p && typeof p.client_msg_id === 'string' && typeof p.msg_text === 'string')
        : []
    } catch {
      return []
    }
  }

  private save() {
    const a = this.author ?? this.lastAuthor
    if (!a || !this.storage) return
    try {
      if (this.pendingList.length) this.storage.setItem(storageKey(a), JSON.stringify(this.pendingList))
      else this.storage.removeItem(storageKey(a))
    } catch {
      // Storage full or denied: the messages stay pending in memory.
    }
  }

  private open() {
    const a = this.author
    if (!a) return
    const origin = this.opts.origin ?? globalThis.location?.origin ?? ''
    const Impl = (this.opts.WebSocketImpl ?? WebSocket) as new (url: string, opts?: never) => WebSocket
    const ws = new Impl(
      chatSocketUrl(origin, a, this.synced ? this.lastId : undefined),
      this.opts.socketOptions as never,
    )
    this.ws = ws
    this.opts.onStateChange?.('connecting')
    ws.addEventListener('open', () => {
      if (this.ws !== ws) return
      this.attempt = 0
      this.synced = true
      this.opts.onStateChange?.('open')
      // Everything not acknowledged goes again, with its own id: the server stores each id once.
      for (const m of this.pendingList) this.transmit(m)
    })
    ws.addEventListener('message', (e) => {
      if (this.ws !== ws) return
      let frame: { status?: string; error?: unknown } | null = null
      try {
        frame = JSON.parse(String((e as MessageEvent).data))
      } catch {
        frame = { status: 'fail', error: 'bad_frame' }
      }
      if (frame?.status !== 'success' || frame.error !== undefined) {
        // A message carrying an error: close and clear the author (docs/product.md#4-states-and-transitions).
        const error = frame?.error ?? 'bad_frame'
        this.close()
        // No connection comes back by itself now: what is unacknowledged is failed (retry() reconnects).
        if (this.pendingList.some((p) => p.status === 'pending')) {
          this.pendingList = this.pendingList.map((p) => ({ ...p, status: 'failed' }))
          this.save()
          this.emitPending()
        }
        this.opts.onError?.(error)
        return
      }
      const f = frame as ChatFrame
      if (f.data.type === 0) {
        if (f.data.msg_data.id > this.lastId) this.lastId = f.data.msg_data.id
        this.acknowledge(f.data.msg_data)
      }
      this.opts.onFrame?.(f)
    })
    ws.addEventListener('close', (e) => {
      if (this.ws !== ws) return // replaced or closed on purpose
      this.ws = null
      this.opts.onStateChange?.('closed')
      const clean = (e as CloseEvent).wasClean && (e as CloseEvent).code === 1000
      if (!clean && this.author)
        this.timer = setTimeout(() => this.open(), reconnectDelay(this.attempt++, this.opts.random))
    })
  }
}
