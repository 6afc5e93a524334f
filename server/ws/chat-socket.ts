// The /websocket/ upgrade point. The session cookie must belong to the role and id in the query
// (and, for an order's chat, to a party of that order). Refusals get a fail frame and a close.
// Order chat itself arrives with the orders capability; until then an order_id is refused as unknown.
import type { Server, WebSocketHandler } from 'bun'
import type { Identity } from '../domain/auth/sessions'
import { loadIdentity } from '../domain/auth/sessions'
import { type AppServices, type RequestMeta, SessionCookie } from '../trpc/context'
import { type SocketQuery, ZIncomingFrame, ZSocketQuery, failFrame } from './protocol'

export interface ChatSocketData {
  query: SocketQuery | null
  identity: Identity | null
  refusal: string | null
  requestId: string
}

function refusalFor(query: SocketQuery, identity: Identity | null): string | null {
  if (!identity) return 'unauthorized'
  const own = query.role === 'admin' ? identity.staff?.id : query.role === 'tutor' ? identity.tutor?.id : identity.client?.id
  if (own !== query.id) return 'forbidden'
  if (query.order_id !== undefined) return 'not_found' // no order chat yet: no order can be joined
  return null
}

export async function upgradeChat(req: Request, url: URL, server: Server<ChatSocketData>, services: AppServices, meta: RequestMeta) {
  const parsed = ZSocketQuery.safeParse(Object.fromEntries(url.searchParams))
  const token = SessionCookie.read(req.headers.get('cookie'))
  const sessionId = token ? await services.tokens.verify(token) : null
  const identity = sessionId ? await loadIdentity(services.db, sessionId) : null
  const query = parsed.success ? parsed.data : null
  const refusal = query ? refusalFor(query, identity) : 'bad_request'
  if (server.upgrade(req, { data: { query, identity, refusal, requestId: meta.requestId } })) return undefined
  return new Response(JSON.stringify({ status: 'fail', error: 'bad_request' }), { status: 400, headers: { 'content-type': 'application/json' } })
}

export function chatSocket(services: AppServices): WebSocketHandler<ChatSocketData> {
  return {
    open(ws) {
      if (ws.data.refusal) {
        ws.send(failFrame(ws.data.refusal))
        ws.close(1008, ws.data.refusal)
      }
    },
    message(ws, raw) {
      let frame: unknown
      try {
        frame = JSON.parse(String(raw))
      } catch {
        ws.send(failFrame('bad_request'))
        return void ws.close(1003, 'bad_request')
      }
      const parsed = ZIncomingFrame.safeParse(frame)
      if (!parsed.success) {
        ws.send(failFrame('bad_request'))
        return void ws.close(1003, 'bad_request')
      }
      // Messages belong to an order's chat; without an order the connection only receives.
      services.log.debug('ws frame refused: no order chat on this connection', { requestId: ws.data.requestId })
      ws.send(failFrame('forbidden'))
      ws.close(1008, 'forbidden')
    },
  }
}
