// Order chat over real websockets: parties of an order signed in, and a socket that collects frames.
import { type TestApp, makePerson, makeStaff, signedIn } from './app'
import { makeOrder } from './orders'
import type { messageData } from '../../server/domain/chat/messages'

export interface Frame {
  status: string
  error?: unknown
  /** msg_data as a message frame (type 0) carries it; deletion (1) and read (2) frames carry other fields: compare those as unknown. */
  data?: { msg_service: number; type: number; msg_data: ReturnType<typeof messageData> }
}

export interface TestSocket {
  ws: WebSocket
  frames: Frame[]
  opened: Promise<void>
  closed: Promise<number>
  /** Resolves with the first frame (from index `from`) matching `pred`; rejects after `ms`. */
  next(pred?: (f: Frame) => boolean, ms?: number): Promise<Frame>
  send(frame: unknown): void
}

export function openSocket(app: Pick<TestApp, 'url'>, query: string, cookie?: string): TestSocket {
  const ws = new WebSocket(`${app.url.replace('http', 'ws')}/websocket/?${query}`, {
    headers: cookie ? { cookie } : {},
  } as never)
  const frames: Frame[] = []
  const listeners = new Set<() => void>()
  const closed = new Promise<number>((resolve) => ws.addEventListener('close', (e) => resolve(e.code)))
  const opened = new Promise<void>((resolve) => ws.addEventListener('open', () => resolve()))
  ws.addEventListener('message', (e) => {
    frames.push(JSON.parse(String(e.data)))
    for (const l of listeners) l()
  })
  let consumed = 0
  return {
    ws,
    frames,
    opened,
    closed,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next(pred = () => true, ms = 5000) {
      return new Promise<Frame>((resolve, reject) => {
        const check = () => {
          for (let i = consumed; i < frames.length; i++)
            if (pred(frames[i]!)) {
              consumed = i + 1
              listeners.delete(check)
              clearTimeout(timer)
              resolve(frames[i]!)
              return
            }
        }
        const timer = setTimeout(() => {
          listeners.delete(check)
          reject(new Error(`no matching frame in ${ms} ms; got ${JSON.stringify(frames)}`))
        }, ms)
        listeners.add(check)
        check()
      })
    },
  }
}

export const sid = (c: { cookies: Map<string, string> }) => `sid=${c.cookies.get('sid')}`

/** An order (status 4 appointed by default) with its client, appointed tutor and an orders-area staff member, each signed in. */
export async function chatParties(app: TestApp, o: { status?: 1 | 2 | 3 | 4 | 5 | 7; client_phone?: string } = {}) {
  const client = await makePerson(app, { client: true })
  const tutor = await makePerson(app, { tutor: true })
  const status = o.status ?? 4
  const appointed = status >= 4
  const order = await makeOrder(app, {
    status,
    client_id: client.clientId,
    tutor_id: appointed ? tutor.tutorId! : undefined,
    client_phone: o.client_phone ?? client.phone,
  })
  if (!appointed)
    await app.services.db
      .insertInto('order_tutors')
      .values({ order_id: order.orderId, tutor_id: tutor.tutorId!, role: 'potential' })
      .execute()
  const staff = await makeStaff(app, 1)
  const [clientHttp, tutorHttp, staffHttp] = await Promise.all([
    signedIn(app, { client: client.email }),
    signedIn(app, { tutor: tutor.email }),
    signedIn(app, { staff: staff.email }),
  ])
  return {
    orderId: order.orderId,
    client: { ...client, id: client.clientId!, http: clientHttp, cookie: sid(clientHttp) },
    tutor: { ...tutor, id: tutor.tutorId!, http: tutorHttp, cookie: sid(tutorHttp) },
    staff: { ...staff, http: staffHttp, cookie: sid(staffHttp) },
  }
}

export type Parties = Awaited<ReturnType<typeof chatParties>>

export function messageFrame(
  orderId: number,
  m: { recipient: string; recipient_id: number; msg_text: string; sender?: string; sender_id?: number },
) {
  return {
    status: 'success',
    data: {
      msg_service: 0,
      type: 0,
      msg_data: {
        sender: m.sender ?? 'client',
        sender_id: m.sender_id ?? 1,
        recipient: m.recipient,
        recipient_id: m.recipient_id,
        auto_msg: false,
        order_id: orderId,
        msg_text: m.msg_text,
      },
    },
  }
}

export const query = (role: string, id: number, orderId: number) => `role=${role}&id=${id}&order_id=${orderId}`
