// A small browser client for the order chat (CONTRACT.md "Chat websocket", spec/product.md §4
// "Chat connection"): connect as an author (role, id, order_id) with the session cookie; on an
// unclean close reconnect after 100 ms; on a frame carrying an error close and clear the author (no
// reconnect until connect() is called again). Frames are those of common/chat-protocol.ts.

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
}

/** data.type: 0 a message, 1 a message deleted, 2 messages read. */
export type ChatFrame =
  | { status: 'success'; data: { msg_service: number; type: 0; msg_data: ChatMessageData } }
  | { status: 'success'; data: { msg_service: number; type: 1; msg_data: { id: number; order_id: number; deleted_at: string } } }
  | { status: 'success'; data: { msg_service: number; type: 2; msg_data: { order_id: number; ids: number[]; read_at: string } } }

export const RECONNECT_MS = 100

export interface ChatSocketOptions {
  /** The site origin, e.g. https://example.com (default: the page's). */
  origin?: string
  onFrame?: (frame: ChatFrame) => void
  /** A fail frame arrived: the connection is closed and the author cleared. */
  onError?: (error: unknown) => void
  onStateChange?: (state: 'connecting' | 'open' | 'closed') => void
  /** Injected in tests outside a browser. */
  WebSocketImpl?: new (url: string, opts?: never) => WebSocket
  /** Extra constructor options for WebSocketImpl (tests pass the cookie header). */
  socketOptions?: unknown
}

export function chatSocketUrl(origin: string, a: ChatAuthor): string {
  const ws = origin.replace(/^http/, 'ws').replace(/\/$/, '')
  return `${ws}/websocket/?role=${a.role}&id=${a.id}&order_id=${a.order_id}`
}

export class ChatSocket {
  author: ChatAuthor | null = null
  private ws: WebSocket | null = null
  private timer: ReturnType<typeof setTimeout> | null = null

  constructor(private readonly opts: ChatSocketOptions = {}) {}

  connect(author: ChatAuthor) {
    this.close()
    this.author = author
    this.open()
  }

  /** Sends a message to `recipient`; sender fields are the server's (from the session). */
  send(recipient: ChatRole, recipientId: number, text: string): boolean {
    const a = this.author
    if (!a || !this.ws || this.ws.readyState !== 1) return false
    const msg_data = { sender: a.role, sender_id: a.id, recipient, recipient_id: recipientId, auto_msg: false, order_id: a.order_id, msg_text: text }
    this.ws.send(JSON.stringify({ status: 'success', data: { msg_service: 0, type: 0, msg_data } }))
    return true
  }

  /** Closes on purpose: no reconnect, author cleared. */
  close() {
    this.author = null
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const ws = this.ws
    this.ws = null
    if (ws && ws.readyState <= 1) ws.close(1000)
  }

  private open() {
    const a = this.author
    if (!a) return
    const origin = this.opts.origin ?? globalThis.location?.origin ?? ''
    const Impl = (this.opts.WebSocketImpl ?? WebSocket) as new (url: string, opts?: never) => WebSocket
    const ws = new Impl(chatSocketUrl(origin, a), this.opts.socketOptions as never)
    this.ws = ws
    this.opts.onStateChange?.('connecting')
    ws.addEventListener('open', () => this.opts.onStateChange?.('open'))
    ws.addEventListener('message', (e) => {
      let frame: { status?: string; error?: unknown } | null = null
      try {
        frame = JSON.parse(String((e as MessageEvent).data))
      } catch {
        frame = { status: 'fail', error: 'bad_frame' }
      }
      if (frame?.status !== 'success' || frame.error !== undefined) {
        // A message carrying an error: close and clear the author (spec §4).
        const error = frame?.error ?? 'bad_frame'
        this.close()
        this.opts.onError?.(error)
        return
      }
      this.opts.onFrame?.(frame as ChatFrame)
    })
    ws.addEventListener('close', (e) => {
      if (this.ws !== ws) return // replaced or closed on purpose
      this.ws = null
      this.opts.onStateChange?.('closed')
      const clean = (e as CloseEvent).wasClean && (e as CloseEvent).code === 1000
      if (!clean && this.author) this.timer = setTimeout(() => this.open(), RECONNECT_MS)
    })
  }
}
