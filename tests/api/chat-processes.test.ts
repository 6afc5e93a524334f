// Two server processes on one PostgreSQL database (two startTestApp instances sharing DATABASE_URL's
// test database, each with its own LISTEN connection): a message sent to one reaches sockets on the
// other, and a staff deletion on one reaches sockets on both. Runs only when DATABASE_URL is set —
// on PGlite there is one process and the bus is in-process (covered by chat.test.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type TestApp, startTestApp } from '../helpers/app'
import { type Frame, chatParties, messageFrame, openSocket, query } from '../helpers/chat'

const onPostgres = !!process.env.DATABASE_URL
let a: TestApp
let b: TestApp
beforeAll(async () => {
  if (!onPostgres) return
  a = await startTestApp()
  b = await startTestApp({ databaseUrl: a.databaseUrl })
})
afterAll(async () => {
  if (!onPostgres) return
  await b.close() // the second leaves the database; the first drops it
  await a.close()
})

const isMessage = (text: string) => (f: Frame) => f.status === 'success' && f.data?.type === 0 && f.data.msg_data.msg_text === text

describe.skipIf(!onPostgres)('order chat across server processes (PostgreSQL only)', () => {
  test('a client on process A and staff and the tutor on process B: messages cross both ways in order', async () => {
    expect(b.url).not.toBe(a.url)
    const p = await chatParties(a)
    const client = openSocket(a, query('client', p.client.id, p.orderId), p.client.cookie)
    const staff = openSocket(b, query('admin', p.staff.id, p.orderId), p.staff.cookie)
    const tutor = openSocket(b, query('tutor', p.tutor.id, p.orderId), p.tutor.cookie)
    await Promise.all([client.opened, staff.opened, tutor.opened])
    // No pause: a socket that joins after a message is stored finds it in its history (server/ws/rooms.ts join).
    for (const text of ['one', 'two', 'three']) client.send(messageFrame(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: text }))
    for (const text of ['one', 'two', 'three']) await staff.next(isMessage(text))
    expect(staff.frames.map((f) => f.data!.msg_data.msg_text)).toEqual(['one', 'two', 'three'])
    staff.send(messageFrame(p.orderId, { recipient: 'client', recipient_id: p.client.id, msg_text: 'from B' }))
    const back = await client.next(isMessage('from B'))
    expect(back.data!.msg_data).toMatchObject({ sender: 'admin', sender_id: p.staff.id })
    // The tutor on B saw none of the client ↔ staff talk.
    tutor.send(messageFrame(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: 'tutor here' }))
    await tutor.next(isMessage('tutor here'))
    expect(tutor.frames.map((f) => f.data!.msg_data.msg_text)).toEqual(['tutor here'])
    // A staff deletion through process A reaches the staff socket on B.
    const id = staff.frames[0]!.data!.msg_data.id
    expect((await p.staff.http.api.post('/admin/order/chat/delete_msg', { chat_id: id })).status).toBe(200)
    expect((await staff.next((f) => f.data?.type === 1)).data!.msg_data.id).toBe(id)
    for (const s of [client, staff, tutor]) s.ws.close()
  })
})
