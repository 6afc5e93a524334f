// Two server processes on one PostgreSQL database (two startTestApp instances sharing DATABASE_URL's
// test database, each with its own LISTEN connection): a message sent to one reaches sockets on the
// other, and a staff deletion on one reaches sockets on both. Runs only when DATABASE_URL is set —
// on PGlite there is one process and the bus is in-process (covered by chat.test.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type TestApp, startTestApp } from '../helpers/app'
import { type Frame, chatParties, messageFrame, openSocket, query } from '../helpers/chat'
import { waitFor } from '../helpers/wait'
import { chatFaults } from '../../server/ws/chat-socket'
import { DELIVERY } from '../../server/ws/rooms'

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

const isMessage = (text: string) => (f: Frame) =>
  f.status === 'success' && f.data?.type === 0 && f.data.msg_data.msg_text === text

describe.skipIf(!onPostgres)('order chat across server processes (PostgreSQL only)', () => {
  test('a client on process A and staff and the tutor on process B: messages cross both ways in order', async () => {
    expect(b.url).not.toBe(a.url)
    const p = await chatParties(a)
    const client = openSocket(a, query('client', p.client.id, p.orderId), p.client.cookie)
    const staff = openSocket(b, query('admin', p.staff.id, p.orderId), p.staff.cookie)
    const tutor = openSocket(b, query('tutor', p.tutor.id, p.orderId), p.tutor.cookie)
    await Promise.all([client.opened, staff.opened, tutor.opened])
    // No pause: a socket that joins after a message is stored finds it in its history (server/ws/rooms.ts join).
    for (const text of ['one', 'two', 'three'])
      client.send(messageFrame(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: text }))
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

  test('a process killed between the commit and the NOTIFY: stored once, the party on the other process gets it live (sweep), the resend after reconnect is acknowledged', async () => {
    const dying = await startTestApp({ databaseUrl: a.databaseUrl })
    const p = await chatParties(a)
    const staff = openSocket(a, query('admin', p.staff.id, p.orderId), p.staff.cookie)
    const client = openSocket(dying, query('client', p.client.id, p.orderId), p.client.cookie)
    await Promise.all([staff.opened, client.opened])
    const withId = (text: string, id: string) => {
      const f = messageFrame(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: text })
      return { ...f, data: { ...f.data, msg_data: { ...f.data.msg_data, client_msg_id: id } } }
    }
    client.send(withId('first', 'k0'))
    const first = await client.next(isMessage('first'))
    await staff.next(isMessage('first'))
    chatFaults.set(dying.services, { dropPublish: true })
    client.send(withId('in the crash', 'k1'))
    const rows = () =>
      a.services.db
        .selectFrom('chat_messages')
        .select(['msg_text', 'client_msg_id'])
        .where('order_id', '=', p.orderId)
        .orderBy('id')
        .execute()
    await waitFor(async () => (await rows()).length === 2, { what: 'stored by the dying process' })
    await dying.close() // the process dies: its sockets with it, no NOTIFY ever sent
    await client.closed
    // The browser reconnects (to the other process) from the last id it saw and resends its pending message.
    const again = openSocket(
      a,
      `${query('client', p.client.id, p.orderId)}&last_id=${first.data!.msg_data.id}`,
      p.client.cookie,
    )
    const caught = await again.next(isMessage('in the crash'))
    again.send(withId('in the crash', 'k1'))
    expect((await again.next(isMessage('in the crash'))).data!.msg_data).toMatchObject({
      id: caught.data!.msg_data.id,
      client_msg_id: 'k1',
    })
    // Staff on the surviving process, connected all along, gets it without a reload, once.
    await staff.next(isMessage('in the crash'), 8000)
    await Bun.sleep(100) // absence: no duplicate
    expect(staff.frames.map((f) => f.data!.msg_data.msg_text)).toEqual(['first', 'in the crash'])
    expect(await rows()).toEqual([
      { msg_text: 'first', client_msg_id: 'k0' },
      { msg_text: 'in the crash', client_msg_id: 'k1' },
    ])
    for (const s of [staff, again]) s.ws.close()
  }, 20_000)

  test('the LISTEN connection drops: messages published meanwhile reach the room when it listens again', async () => {
    const sweep = DELIVERY.sweepMs
    DELIVERY.sweepMs = 600_000 // only the re-listen may find the gap
    const listener = await startTestApp({ databaseUrl: a.databaseUrl })
    DELIVERY.sweepMs = sweep
    try {
      const p = await chatParties(a)
      const staff = openSocket(listener, query('admin', p.staff.id, p.orderId), p.staff.cookie)
      const client = openSocket(a, query('client', p.client.id, p.orderId), p.client.cookie)
      await Promise.all([staff.opened, client.opened])
      client.send(messageFrame(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: 'before the drop' }))
      await staff.next(isMessage('before the drop'))
      // Messages whose events were lost while the listener was down (stored, never published)...
      await a.services.db
        .insertInto('chat_messages')
        .values(
          Array.from({ length: 5 }, (_, i) => ({
            order_id: p.orderId,
            sender: 'client',
            sender_id: p.client.id,
            recipient: 'admin',
            recipient_id: null,
            msg_text: `during ${i}`,
          })),
        )
        .execute()
      // ...then the listener's LISTEN connection drops (every one on this database but this query's).
      const { sql } = await import('kysely')
      const killed = await sql<{ pid: number }>`
        select pg_terminate_backend(pid) as ok, pid from pg_stat_activity
        where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`.execute(
        a.services.db,
      )
      expect(killed.rows.length).toBeGreaterThan(0)
      await staff.next(isMessage('during 4'), 10_000)
      await Bun.sleep(100) // absence: no duplicate
      expect(staff.frames.map((f) => f.data!.msg_data.msg_text)).toEqual([
        'before the drop',
        'during 0',
        'during 1',
        'during 2',
        'during 3',
        'during 4',
      ])
      for (const s of [staff, client]) s.ws.close()
    } finally {
      await listener.close()
    }
  }, 20_000)
})
