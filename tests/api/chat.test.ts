// The order chat over /websocket/ (docs/contract.md#chat): parties connect and get the history,
// messages are stored before they are delivered, the sender comes from the session, the recipient must
// be one the sender may write to (docs/decisions.md#order-chat), a client's message rings the staff bell, and
// a socket is rate limited. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
import { describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/app'
import { type Frame, chatParties, messageFrame, openSocket, query } from '../helpers/chat'

const app = useTestApp()

const isMessage = (text: string) => (f: Frame) =>
  f.status === 'success' && f.data?.type === 0 && f.data.msg_data.msg_text === text

describe('order chat', () => {
  test('a client message reaches staff in the contract frame, stored before delivery, and rings the staff bell', async () => {
    const p = await chatParties(app)
    const staffWs = openSocket(app, query('admin', p.staff.id, p.orderId), p.staff.cookie)
    const clientWs = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    await Promise.all([staffWs.opened, clientWs.opened])
    // No pause before sending: a party that joins late finds the message in its history (server/ws/rooms.ts join).
    clientWs.send(
      messageFrame(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: 'Добрий день, коли заняття?' }),
    )
    const frame = await staffWs.next(isMessage('Добрий день, коли заняття?'))
    expect(frame).toEqual({
      status: 'success',
      data: {
        msg_service: 0,
        type: 0,
        msg_data: expect.objectContaining({
          sender: 'client',
          sender_id: p.client.id,
          recipient: 'admin',
          recipient_id: 0,
          auto_msg: false,
          order_id: p.orderId,
          msg_text: 'Добрий день, коли заняття?',
          id: expect.any(Number),
          created_at: expect.any(String),
        }),
      },
    })
    // The row the frame names exists (stored first), and the sender sees its own message echoed with the id.
    const row = await app.services.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('id', '=', frame.data!.msg_data.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      order_id: p.orderId,
      sender: 'client',
      sender_id: p.client.id,
      recipient: 'admin',
      recipient_id: null,
    })
    expect((await clientWs.next(isMessage('Добрий день, коли заняття?'))).data!.msg_data.id).toBe(row.id)
    const bell = await app.services.db
      .selectFrom('notifications')
      .selectAll()
      .where('order_id', '=', p.orderId)
      .where('type', '=', 'new_chat_from_client')
      .execute()
    expect(bell).toHaveLength(1)
    expect(bell[0]).toMatchObject({ recipient_kind: 'staff', recipient_id: null, read_at: null })
    // A second message does not add a second unread bell.
    clientWs.send(messageFrame(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: 'ще одне' }))
    await staffWs.next(isMessage('ще одне'))
    expect(
      await app.services.db
        .selectFrom('notifications')
        .select('id')
        .where('order_id', '=', p.orderId)
        .where('type', '=', 'new_chat_from_client')
        .execute(),
    ).toHaveLength(1)
    staffWs.ws.close()
    clientWs.ws.close()
  })

  test('a party connecting receives the history it sees, oldest first; a tutor does not see the client ↔ staff talk', async () => {
    const p = await chatParties(app)
    const db = app.services.db
    await db
      .insertInto('chat_messages')
      .values([
        {
          order_id: p.orderId,
          sender: 'client',
          sender_id: p.client.id,
          recipient: 'admin',
          recipient_id: null,
          msg_text: 'one',
        },
        {
          order_id: p.orderId,
          sender: 'admin',
          sender_id: p.staff.id,
          recipient: 'client',
          recipient_id: p.client.id,
          msg_text: 'two',
        },
        {
          order_id: p.orderId,
          sender: 'admin',
          sender_id: p.staff.id,
          recipient: 'tutor',
          recipient_id: p.tutor.id,
          msg_text: 'to tutor',
        },
        {
          order_id: p.orderId,
          sender: 'client',
          sender_id: p.client.id,
          recipient: 'admin',
          recipient_id: null,
          msg_text: 'deleted',
          deleted_at: new Date(),
        },
      ])
      .execute()
    const c = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    await c.next(isMessage('two'))
    await Bun.sleep(100) // absence: no further history frame arrives in this window (no event marks "nothing more")
    expect(c.frames.map((f) => f.data!.msg_data.msg_text)).toEqual(['one', 'two'])
    // What the client was sent is now read (the chat list's unread count).
    const two = await db
      .selectFrom('chat_messages')
      .select('read_at')
      .where('order_id', '=', p.orderId)
      .where('msg_text', '=', 'two')
      .executeTakeFirstOrThrow()
    expect(two.read_at).not.toBeNull()
    const t = openSocket(app, query('tutor', p.tutor.id, p.orderId), p.tutor.cookie)
    await t.next(isMessage('to tutor'))
    await Bun.sleep(100) // absence, as above
    expect(t.frames.map((f) => f.data!.msg_data.msg_text)).toEqual(['to tutor'])
    const s = openSocket(app, query('admin', p.staff.id, p.orderId), p.staff.cookie)
    await s.next(isMessage('to tutor'))
    expect(s.frames.map((f) => f.data!.msg_data.msg_text)).toEqual(['one', 'two', 'to tutor'])
    for (const x of [c, t, s]) x.ws.close()
  })

  test('sender and sender_id in the frame are ignored: the session says who wrote', async () => {
    const p = await chatParties(app)
    const s = openSocket(app, query('admin', p.staff.id, p.orderId), p.staff.cookie)
    const t = openSocket(app, query('tutor', p.tutor.id, p.orderId), p.tutor.cookie)
    await Promise.all([s.opened, t.opened])
    t.send(
      messageFrame(p.orderId, {
        sender: 'admin',
        sender_id: p.staff.id,
        recipient: 'admin',
        recipient_id: 0,
        msg_text: 'spoofed?',
      }),
    )
    const f = await s.next(isMessage('spoofed?'))
    expect(f.data!.msg_data).toMatchObject({ sender: 'tutor', sender_id: p.tutor.id })
    const row = await app.services.db
      .selectFrom('chat_messages')
      .select(['sender', 'sender_id'])
      .where('id', '=', f.data!.msg_data.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ sender: 'tutor', sender_id: p.tutor.id })
    s.ws.close()
    t.ws.close()
  })

  test('who may write to whom: before appointment the client cannot write to a tutor; after it the appointed tutor and the client may', async () => {
    const before = await chatParties(app, { status: 2 })
    const c = openSocket(app, query('client', before.client.id, before.orderId), before.client.cookie)
    await c.opened
    c.send(messageFrame(before.orderId, { recipient: 'tutor', recipient_id: before.tutor.id, msg_text: 'hi tutor' }))
    expect(await c.closed).toBe(1008)
    expect(c.frames.at(-1)).toEqual({ status: 'fail', error: 'forbidden' })
    const t = openSocket(app, query('tutor', before.tutor.id, before.orderId), before.tutor.cookie)
    await t.opened
    t.send(messageFrame(before.orderId, { recipient: 'client', recipient_id: before.client.id, msg_text: 'hi client' }))
    expect(await t.closed).toBe(1008)
    expect(
      await app.services.db.selectFrom('chat_messages').select('id').where('order_id', '=', before.orderId).execute(),
    ).toHaveLength(0)

    const after = await chatParties(app, { status: 4 })
    const c2 = openSocket(app, query('client', after.client.id, after.orderId), after.client.cookie)
    const t2 = openSocket(app, query('tutor', after.tutor.id, after.orderId), after.tutor.cookie)
    await Promise.all([c2.opened, t2.opened])
    c2.send(
      messageFrame(after.orderId, { recipient: 'tutor', recipient_id: after.tutor.id, msg_text: 'see you Monday' }),
    )
    expect((await t2.next(isMessage('see you Monday'))).data!.msg_data).toMatchObject({
      sender: 'client',
      recipient: 'tutor',
      recipient_id: after.tutor.id,
    })
    // A message for another order on this socket, or to a stranger, is refused.
    c2.send(messageFrame(after.orderId + 1000, { recipient: 'admin', recipient_id: 0, msg_text: 'elsewhere' }))
    expect(await c2.closed).toBe(1008)
    expect(c2.frames.at(-1)).toEqual({ status: 'fail', error: 'forbidden' })
    t2.ws.close()
  })

  test('more than 20 messages in 10 s on one socket: fail "rate_limited" and closed', async () => {
    const p = await chatParties(app)
    const c = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    await c.opened
    for (let i = 0; i < 21; i++)
      c.send(messageFrame(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: `m${i}` }))
    expect(await c.closed).toBe(1008)
    expect(c.frames.at(-1)).toEqual({ status: 'fail', error: 'rate_limited' })
    const stored = await app.services.db
      .selectFrom('chat_messages')
      .select('id')
      .where('order_id', '=', p.orderId)
      .execute()
    expect(stored).toHaveLength(20)
  })

  test('messages sent while a party connects arrive once each, in order, after the history', async () => {
    const p = await chatParties(app)
    const c = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    await c.opened
    for (let i = 0; i < 5; i++)
      c.send(messageFrame(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: `early ${i}` }))
    await c.next(isMessage('early 4'))
    const s = openSocket(app, query('admin', p.staff.id, p.orderId), p.staff.cookie)
    for (let i = 0; i < 10; i++)
      c.send(messageFrame(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: `during ${i}` }))
    await s.next(isMessage('during 9'))
    await Bun.sleep(100) // absence: no duplicate arrives late (a held or second delivery would come in this window)
    const ids = s.frames.map((f) => f.data!.msg_data.id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toHaveLength(15)
    c.ws.close()
    s.ws.close()
  })
})
