// Chat that never loses a word (docs/contract.md#chat, docs/decisions.md#order-chat):
// acknowledged sends (client_msg_id stored once per sender, the echo is the acknowledgement),
// catch-up by the last message id, delivery by id in batches, and limits that hold across sockets
// (frame size, unknown fields, NUL, message and connection rates kept in the database).
// Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
import { describe, expect, test } from 'bun:test'
import { makeStaff, signedIn, useTestApp } from '../helpers/app'
import { type Frame, chatParties, messageFrame, openSocket, query, sid } from '../helpers/chat'
import { waitFor } from '../helpers/wait'
import { type SocketSend, publish, storeSocketBatch } from '../../server/domain/chat/messages'
import type { Identity } from '../../server/domain/auth/sessions'
import { chatFaults } from '../../server/ws/chat-socket'
import { roomFaults } from '../../server/ws/rooms'

const app = useTestApp()

const isMessage = (text: string) => (f: Frame) =>
  f.status === 'success' && f.data?.type === 0 && f.data.msg_data.msg_text === text
const texts = (frames: Frame[]) => frames.filter((f) => f.data?.type === 0).map((f) => f.data!.msg_data.msg_text)
const withId = (orderId: number, m: Parameters<typeof messageFrame>[1], clientMsgId: string) => {
  const f = messageFrame(orderId, m)
  return { ...f, data: { ...f.data, msg_data: { ...f.data.msg_data, client_msg_id: clientMsgId } } }
}
const stored = (orderId: number) =>
  app.services.db.selectFrom('chat_messages').selectAll().where('order_id', '=', orderId).orderBy('id').execute()

describe('acknowledged sends: client_msg_id', () => {
  test("stored once per sender; a repeat (same socket or a new one) answers the stored frame; every party's frame carries it", async () => {
    const p = await chatParties(app)
    const staff = openSocket(app, query('admin', p.staff.id, p.orderId), p.staff.cookie)
    const client = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    await Promise.all([staff.opened, client.opened])
    const frame = withId(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: 'Коли урок?' }, 'c-1')
    client.send(frame)
    const echo = await client.next(isMessage('Коли урок?'))
    expect(echo.data!.msg_data).toMatchObject({ client_msg_id: 'c-1', sender: 'client', sender_id: p.client.id })
    expect((await staff.next(isMessage('Коли урок?'))).data!.msg_data).toMatchObject({
      client_msg_id: 'c-1',
      id: echo.data!.msg_data.id,
    })
    // The same id again on this socket: not stored, answered with the stored frame.
    client.send(frame)
    const again = await client.next(isMessage('Коли урок?'))
    expect(again.data!.msg_data.id).toBe(echo.data!.msg_data.id)
    // And from a new socket (a reconnect), even with another text: the stored message answers.
    const client2 = openSocket(
      app,
      `${query('client', p.client.id, p.orderId)}&last_id=${echo.data!.msg_data.id}`,
      p.client.cookie,
    )
    await client2.opened
    client2.send(withId(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: 'changed text' }, 'c-1'))
    const answer = await client2.next((f) => f.data?.type === 0)
    expect(answer.data!.msg_data).toMatchObject({
      id: echo.data!.msg_data.id,
      msg_text: 'Коли урок?',
      client_msg_id: 'c-1',
    })
    const rows = await stored(p.orderId)
    expect(rows.map((r) => [r.msg_text, r.client_msg_id])).toEqual([['Коли урок?', 'c-1']])
    // Another sender may use the same id: it is unique per sender.
    const tutor = openSocket(app, query('tutor', p.tutor.id, p.orderId), p.tutor.cookie)
    await tutor.opened
    tutor.send(withId(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: 'tutor c-1' }, 'c-1'))
    await staff.next(isMessage('tutor c-1'))
    await Bun.sleep(100) // absence: the repeat reached staff only once
    expect(texts(staff.frames)).toEqual(['Коли урок?', 'tutor c-1'])
    for (const s of [staff, client, client2, tutor]) s.ws.close()
  })

  test('client_msg_id must be 1–64 characters', async () => {
    const p = await chatParties(app)
    for (const bad of ['', 'x'.repeat(65)]) {
      const c = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
      await c.opened
      c.send(withId(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: 'hi' }, bad))
      expect(await c.closed).toBe(1003)
      expect(c.frames.at(-1)).toEqual({ status: 'fail', error: 'bad_request' })
    }
    expect(await stored(p.orderId)).toHaveLength(0)
  })
})

describe('catch-up by last id', () => {
  test('with last_id a party gets every message it sees above it (more than 50); without it the last 50', async () => {
    const p = await chatParties(app)
    const db = app.services.db
    await db
      .insertInto('chat_messages')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          order_id: p.orderId,
          sender: 'client',
          sender_id: p.client.id,
          recipient: 'admin',
          recipient_id: null,
          msg_text: `m${i}`,
        })),
      )
      .execute()
    await db
      .insertInto('chat_messages')
      .values({
        order_id: p.orderId,
        sender: 'admin',
        sender_id: p.staff.id,
        recipient: 'tutor',
        recipient_id: p.tutor.id,
        msg_text: 'to tutor',
      })
      .execute()
    const rows = await stored(p.orderId)
    const all = openSocket(app, `${query('client', p.client.id, p.orderId)}&last_id=0`, p.client.cookie)
    await all.next(isMessage('m59'))
    await Bun.sleep(100) // absence: nothing else (the tutor's message is not the client's)
    expect(texts(all.frames)).toEqual(rows.slice(0, 60).map((r) => r.msg_text))
    const after = openSocket(app, `${query('client', p.client.id, p.orderId)}&last_id=${rows[54]!.id}`, p.client.cookie)
    await after.next(isMessage('m59'))
    expect(texts(after.frames)).toEqual(['m55', 'm56', 'm57', 'm58', 'm59'])
    const recent = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    await recent.next(isMessage('m59'))
    expect(texts(recent.frames)).toEqual(rows.slice(10, 60).map((r) => r.msg_text))
    for (const s of [all, after, recent]) s.ws.close()
  })

  test('one bus event delivers every new message of the room in id order, once each, and marks them read once', async () => {
    const p = await chatParties(app)
    const db = app.services.db
    const client = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    await client.opened
    await Bun.sleep(100) // the room is joined (no event marks it)
    // Stored without events (as by a process that died before its NOTIFY), then one event for the last.
    const rows = await db
      .insertInto('chat_messages')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          order_id: p.orderId,
          sender: 'admin',
          sender_id: p.staff.id,
          recipient: 'client',
          recipient_id: p.client.id,
          msg_text: `b${i}`,
        })),
      )
      .returning('id')
      .execute()
    await publish(app.services.notifier, { kind: 'message', order_id: p.orderId, id: rows.at(-1)!.id })
    await client.next(isMessage('b29'))
    // A late event for an earlier message sends nothing twice.
    await publish(app.services.notifier, { kind: 'message', order_id: p.orderId, id: rows[3]!.id })
    await Bun.sleep(150) // absence: no duplicate
    const ids = client.frames.map((f) => f.data!.msg_data.id)
    expect(ids).toEqual(rows.map((r) => r.id))
    await waitFor(async () => (await stored(p.orderId)).every((r) => r.read_at !== null), {
      what: 'the batch marked read',
    })
    client.ws.close()
  })
})

describe('limits that hold', () => {
  test('a frame over 64 KB: fail "too_large" and close 1009; over 128 KB the server closes 1009; nothing stored', async () => {
    const p = await chatParties(app)
    const c = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    await c.opened
    c.send(messageFrame(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: 'x'.repeat(70 * 1024) }))
    expect(await c.closed).toBe(1009)
    expect(c.frames.at(-1)).toEqual({ status: 'fail', error: 'too_large' })
    const big = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    await big.opened
    big.send(messageFrame(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: 'x'.repeat(200 * 1024) }))
    expect(await big.closed).toBe(1009)
    expect(await stored(p.orderId)).toHaveLength(0)
  })

  test('unknown fields are dropped; a NUL in the text is bad_request (1003), not a server error', async () => {
    const p = await chatParties(app)
    const c = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    await c.opened
    const f = messageFrame(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: 'extra fields' })
    c.send({
      ...f,
      junk: 'y'.repeat(1000),
      data: {
        ...f.data,
        junk: 1,
        msg_data: { ...f.data.msg_data, junk: 'z'.repeat(1000), read_at: '2020-01-01', media: { url: 'x' } },
      },
    })
    const echo = await c.next(isMessage('extra fields'))
    expect(Object.keys(echo.data!.msg_data).sort()).toEqual(
      [
        'auto_msg',
        'client_msg_id',
        'created_at',
        'id',
        'media',
        'msg_text',
        'order_id',
        'read_at',
        'recipient',
        'recipient_id',
        'sender',
        'sender_id',
      ].sort(),
    )
    expect(echo.data!.msg_data).toMatchObject({ media: null, read_at: null })
    expect(JSON.stringify(echo)).not.toContain('junk"')
    c.send(messageFrame(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: 'a\u0000b' }))
    expect(await c.closed).toBe(1003)
    expect(c.frames.at(-1)).toEqual({ status: 'fail', error: 'bad_request' })
    expect((await stored(p.orderId)).map((r) => r.msg_text)).toEqual(['extra fields'])
    expect(app.logs.filter((l) => l.includes('chat message failed'))).toEqual([])
  })

  test('20 messages per 10 s per user across all its sockets: the 21st is rate_limited', async () => {
    const p = await chatParties(app)
    const other = await chatParties(app)
    // The same tutor on a second order: the limit is the user's, not the order's or the socket's.
    await app.services.db
      .insertInto('order_tutors')
      .values({ order_id: other.orderId, tutor_id: p.tutor.id, role: 'potential' })
      .execute()
    const sockets = [
      openSocket(app, query('tutor', p.tutor.id, p.orderId), p.tutor.cookie),
      openSocket(app, query('tutor', p.tutor.id, p.orderId), p.tutor.cookie),
      openSocket(app, query('tutor', p.tutor.id, other.orderId), p.tutor.cookie),
    ]
    await Promise.all(sockets.map((s) => s.opened))
    for (let i = 0; i < 20; i++) {
      const s = sockets[i % 3]!
      const orderId = i % 3 === 2 ? other.orderId : p.orderId
      s.send(messageFrame(orderId, { recipient: 'admin', recipient_id: 0, msg_text: `t${i}` }))
      await s.next(isMessage(`t${i}`))
    }
    sockets[1]!.send(messageFrame(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: 'one too many' }))
    expect(await sockets[1]!.closed).toBe(1008)
    expect(sockets[1]!.frames.at(-1)).toEqual({ status: 'fail', error: 'rate_limited' })
    const n = await app.services.db
      .selectFrom('chat_messages')
      .select('id')
      .where('sender', '=', 'tutor')
      .where('sender_id', '=', p.tutor.id)
      .execute()
    expect(n).toHaveLength(20)
    sockets[0]!.ws.close()
    sockets[2]!.ws.close()
  })

  test('60 messages per 10 s per order, whoever writes', async () => {
    const p = await chatParties(app)
    const staff = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const s = await makeStaff(app, 1)
        const http = await signedIn(app, { staff: s.email })
        return openSocket(app, query('admin', s.id, p.orderId), sid(http))
      }),
    )
    await Promise.all(staff.map((s) => s.opened))
    for (let i = 0; i < 60; i++) {
      const s = staff[Math.floor(i / 20)]!
      s.send(messageFrame(p.orderId, { recipient: 'client', recipient_id: p.client.id, msg_text: `s${i}` }))
      await s.next(isMessage(`s${i}`))
    }
    staff[3]!.send(messageFrame(p.orderId, { recipient: 'client', recipient_id: p.client.id, msg_text: 'the 61st' }))
    expect(await staff[3]!.closed).toBe(1008)
    expect(staff[3]!.frames.at(-1)).toEqual({ status: 'fail', error: 'rate_limited' })
    expect(await stored(p.orderId)).toHaveLength(60)
    for (const s of staff.slice(0, 3)) s.ws.close()
  })

  test('30 connections per minute per user; the 31st is refused rate_limited', async () => {
    const p = await chatParties(app)
    for (let i = 0; i < 30; i++) {
      const s = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
      await s.opened
      s.ws.close()
      await s.closed
    }
    const refused = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    expect(await refused.closed).toBe(1008)
    expect(refused.frames).toEqual([{ status: 'fail', error: 'rate_limited' }])
    // Another user is not affected.
    const tutor = openSocket(app, query('tutor', p.tutor.id, p.orderId), p.tutor.cookie)
    await tutor.opened
    await Bun.sleep(100) // absence: not refused
    expect(tutor.frames).toEqual([])
    tutor.ws.close()
  })
})

describe('a process dies between the commit and the NOTIFY', () => {
  test('the message is stored once; the live party gets it by the sweep, a new socket by last_id, and the resend is acknowledged', async () => {
    const p = await chatParties(app)
    const staff = openSocket(app, query('admin', p.staff.id, p.orderId), p.staff.cookie)
    const client = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    await Promise.all([staff.opened, client.opened])
    client.send(withId(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: 'before' }, 'k0'))
    const before = await staff.next(isMessage('before'))
    chatFaults.set(app.services, { dropPublish: true })
    try {
      client.send(withId(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: 'lost in the crash?' }, 'k1'))
      await waitFor(async () => (await stored(p.orderId)).length === 2, { what: 'the message stored' })
      // The "process" died: its socket with it.
      client.ws.close()
    } finally {
      chatFaults.delete(app.services)
    }
    // A new socket of staff catching up from the last id it saw gets it at once.
    const staff2 = openSocket(
      app,
      `${query('admin', p.staff.id, p.orderId)}&last_id=${before.data!.msg_data.id}`,
      p.staff.cookie,
    )
    expect((await staff2.next(isMessage('lost in the crash?'))).data!.msg_data.client_msg_id).toBe('k1')
    // The client reconnects from its last id and resends its pending message with the same id.
    const client2 = openSocket(
      app,
      `${query('client', p.client.id, p.orderId)}&last_id=${before.data!.msg_data.id}`,
      p.client.cookie,
    )
    const caught = await client2.next(isMessage('lost in the crash?'))
    client2.send(withId(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: 'lost in the crash?' }, 'k1'))
    const ack = await client2.next(isMessage('lost in the crash?'))
    expect(ack.data!.msg_data).toMatchObject({ id: caught.data!.msg_data.id, client_msg_id: 'k1' })
    // The staff socket that stayed open gets it by the sweep (no event ever came), once.
    await staff.next(isMessage('lost in the crash?'), 8000)
    await Bun.sleep(100) // absence: no duplicate
    expect(texts(staff.frames)).toEqual(['before', 'lost in the crash?'])
    expect((await stored(p.orderId)).map((r) => r.client_msg_id)).toEqual(['k0', 'k1'])
    for (const s of [staff, staff2, client2]) s.ws.close()
  })
})

describe('rows stored by this process', () => {
  test('reach the rooms of this process at once, without the bus: a party gets the message while no event comes and no sweep runs', async () => {
    const p = await chatParties(app)
    const tutor = openSocket(app, query('tutor', p.tutor.id, p.orderId), p.tutor.cookie)
    const client = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    await Promise.all([tutor.opened, client.opened])
    client.send(withId(p.orderId, { recipient: 'tutor', recipient_id: p.tutor.id, msg_text: 'first' }, 'b0'))
    await tutor.next(isMessage('first'))
    // The bus goes silent (as a LISTEN connection that is down) and the periodic re-read is paused:
    // nothing but the process's own group commit can bring the message to the tutor's socket.
    const notifier = app.services.notifier
    const publishBefore = notifier.publish
    notifier.publish = async () => {}
    roomFaults.set(app.services, { pauseSweep: true })
    try {
      client.send(
        withId(p.orderId, { recipient: 'tutor', recipient_id: p.tutor.id, msg_text: 'while the bus is silent' }, 'b1'),
      )
      const got = await tutor.next(isMessage('while the bus is silent'), 4000)
      expect(got.data!.msg_data.client_msg_id).toBe('b1')
      // The sender's echo (its acknowledgement) too.
      await client.next(isMessage('while the bus is silent'), 4000)
    } finally {
      notifier.publish = publishBefore
      roomFaults.delete(app.services)
    }
    await Bun.sleep(100) // absence: no duplicate once the sweep or a later event reads the room
    expect(texts(tutor.frames)).toEqual(['first', 'while the bus is silent'])
    for (const s of [tutor, client]) s.ws.close()
  })
})

describe('a slow reader', () => {
  test('a socket that does not read is dropped once its send buffer is over the limit; it catches up by id after reconnecting', async () => {
    const { SEND_LIMITS } = await import('../../server/ws/rooms')
    const net = await import('node:net')
    const p = await chatParties(app)
    const limit = SEND_LIMITS.bufferBytes
    SEND_LIMITS.bufferBytes = 256 * 1024
    try {
      // A raw client that completes the handshake, then stops reading (its TCP window fills up).
      const { port } = new URL(app.url)
      const sock = net.connect(Number(port), '127.0.0.1')
      let buf = Buffer.alloc(0)
      let closed = false
      sock.on('data', (d: Buffer) => {
        buf = Buffer.concat([buf, d])
      })
      sock.on('close', () => {
        closed = true
      })
      await new Promise((r) => sock.on('connect', r))
      sock.write(
        `GET /websocket/?${query('admin', p.staff.id, p.orderId)} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nCookie: ${p.staff.cookie}\r\n\r\n`,
      )
      await waitFor(() => buf.includes('\r\n\r\n'), { what: 'the handshake' })
      expect(buf.toString('latin1')).toStartWith('HTTP/1.1 101')
      await Bun.sleep(200) // the room is joined (no event marks it)
      sock.pause()
      const rows = await app.services.db
        .insertInto('chat_messages')
        .values(
          Array.from({ length: 1200 }, (_, i) => ({
            order_id: p.orderId,
            sender: 'client',
            sender_id: p.client.id,
            recipient: 'admin',
            recipient_id: null,
            msg_text: `${i} ${'ж'.repeat(3990)}`,
          })),
        )
        .returning('id')
        .execute()
      await publish(app.services.notifier, { kind: 'message', order_id: p.orderId, id: rows.at(-1)!.id })
      await Bun.sleep(1500) // the server writes into the full buffer and drops the socket
      sock.resume()
      await waitFor(() => closed, { what: 'the slow socket closed by the server', timeout: 10_000 })
      // Decode what it got before the drop: unmasked server frames.
      const head = buf.indexOf('\r\n\r\n') + 4
      const ids: number[] = []
      for (let o = head; o + 2 <= buf.length; ) {
        let len = buf[o + 1]! & 0x7f
        let at = o + 2
        if (len === 126) {
          len = buf.readUInt16BE(at)
          at += 2
        } else if (len === 127) {
          len = Number(buf.readBigUInt64BE(at))
          at += 8
        }
        if (at + len > buf.length) break
        if ((buf[o]! & 0x0f) === 1) ids.push(JSON.parse(buf.subarray(at, at + len).toString('utf8')).data.msg_data.id)
        o = at + len
      }
      expect(ids.length).toBeLessThan(rows.length)
      expect(ids).toEqual(rows.slice(0, ids.length).map((r) => r.id))
      SEND_LIMITS.bufferBytes = limit
      // Reconnected from the last id it saw, it gets the rest.
      const again = openSocket(
        app,
        `${query('admin', p.staff.id, p.orderId)}&last_id=${ids.at(-1) ?? 0}`,
        p.staff.cookie,
      )
      await waitFor(() => again.frames.at(-1)?.data?.msg_data.id === rows.at(-1)!.id, {
        timeout: 15_000,
        what: 'the rest caught up',
      })
      // (compared as a boolean: a failure must not print megabytes of frames)
      expect(
        again.frames.map((f) => f.data!.msg_data.id).join() ===
          rows
            .slice(ids.length)
            .map((r) => r.id)
            .join(),
      ).toBe(true)
      again.ws.close()
    } finally {
      SEND_LIMITS.bufferBytes = limit
    }
  }, 30_000)
})

describe('group commit: the sends stored in one transaction', () => {
  test('a batch keeps every per-send answer: the rate limit counts the batch in order, a repeat (stored or in the same batch) is answered, refusals stay per send, one bell per order', async () => {
    const p = await chatParties(app)
    const other = await chatParties(app)
    const db = app.services.db
    const as = (role: 'client' | 'tutor', id: number) => ({ [role]: { id }, staff: null }) as unknown as Identity
    const tutorSend = (i: number, cid: string | null = `t-${i}`): SocketSend => ({
      author: { role: 'tutor', id: p.tutor.id, order_id: p.orderId },
      identity: as('tutor', p.tutor.id),
      recipient: 'client',
      recipient_id: p.client.id,
      msg_text: `t${i}`,
      client_msg_id: cid,
    })
    const clientSend = (text: string, cid: string): SocketSend => ({
      author: { role: 'client', id: p.client.id, order_id: p.orderId },
      identity: as('client', p.client.id),
      recipient: 'admin',
      recipient_id: 0,
      msg_text: text,
      client_msg_id: cid,
    })
    // One stored before: its id sent again in the batch is a repeat, never refused by the rate.
    const [before] = await storeSocketBatch(db, [tutorSend(0)], { edition: app.services.edition.code })
    expect(before).toMatchObject({ repeat: false })
    const batch: SocketSend[] = [
      ...Array.from({ length: 24 }, (_, i) => tutorSend(i + 1, i === 5 ? null : `t-${i + 1}`)),
      tutorSend(2), // the same id as an earlier send of this batch
      tutorSend(0), // stored before the batch
      clientSend('c1', 'c-1'),
      clientSend('c2', 'c-2'),
      { ...clientSend('not mine', 'c-3'), author: { role: 'client', id: p.client.id, order_id: other.orderId } },
      { ...clientSend('bad recipient', 'c-4'), recipient: 'tutor', recipient_id: other.tutor.id },
      { ...clientSend('gone', 'c-5'), author: { role: 'client', id: p.client.id, order_id: 99_999_999 } },
    ]
    const results = await storeSocketBatch(db, batch, { edition: app.services.edition.code })
    const kinds = results.map((r) => (typeof r === 'string' ? r : r.repeat ? 'repeat' : 'stored'))
    // 20 per user per 10 s: t0 before, t1–t19 now; t20–t24 refused.
    expect(kinds.slice(0, 24)).toEqual([...Array(19).fill('stored'), ...Array(5).fill('rate_limited')])
    expect(kinds.slice(24)).toEqual(['repeat', 'repeat', 'stored', 'stored', 'forbidden', 'forbidden', 'not_found'])
    const row = (i: number) => (results[i] as { row: { id: number } }).row
    expect(row(24).id).toBe(row(1).id)
    expect(row(25).id).toBe((before as { row: { id: number } }).row.id)
    // Ids in the order of the sends.
    const ids = kinds.flatMap((k, i) => (k === 'stored' ? [row(i).id] : []))
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect((await stored(p.orderId)).map((r) => r.msg_text)).toEqual([
      't0',
      ...Array.from({ length: 19 }, (_, i) => `t${i + 1}`),
      'c1',
      'c2',
    ])
    const bells = await db
      .selectFrom('notifications')
      .select(['data'])
      .where('type', '=', 'new_chat_from_client')
      .where('order_id', '=', p.orderId)
      .execute()
    expect(bells).toHaveLength(1)
    expect(bells[0]!.data).toMatchObject({ chat_id: row(26).id, client_id: p.client.id })
    expect(await stored(other.orderId)).toEqual([])
    // A lone surrogate is stored as U+FFFD (as a text parameter's UTF-8 made it), not a failed batch.
    const [odd] = await storeSocketBatch(db, [clientSend('x\uD800y', 'c-9')], { edition: app.services.edition.code })
    expect((odd as { row: { msg_text: string } }).row.msg_text).toBe('x\uFFFDy')
  })

  test('sends from many sockets at once: each stored once, echoed and delivered once, in id order per order', async () => {
    const p = await chatParties(app)
    const client = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    const tutor = openSocket(app, query('tutor', p.tutor.id, p.orderId), p.tutor.cookie)
    const staff = openSocket(app, query('admin', p.staff.id, p.orderId), p.staff.cookie)
    await Promise.all([client.opened, tutor.opened, staff.opened])
    for (let i = 0; i < 10; i++) {
      client.send(withId(p.orderId, { recipient: 'tutor', recipient_id: p.tutor.id, msg_text: `c${i}` }, `c-${i}`))
      tutor.send(withId(p.orderId, { recipient: 'client', recipient_id: p.client.id, msg_text: `t${i}` }, `t-${i}`))
    }
    client.send(withId(p.orderId, { recipient: 'tutor', recipient_id: p.tutor.id, msg_text: 'c0' }, 'c-0'))
    await waitFor(async () => staff.frames.filter((f) => f.data?.type === 0).length >= 20, {
      what: 'staff got all twenty',
    })
    await Bun.sleep(200) // absence: no duplicate
    const rows = await stored(p.orderId)
    expect(rows).toHaveLength(20)
    const staffIds = staff.frames.filter((f) => f.data?.type === 0).map((f) => f.data!.msg_data.id)
    expect(staffIds).toEqual(rows.map((r) => r.id))
    expect(tutor.frames.filter((f) => f.data?.type === 0).map((f) => f.data!.msg_data.id)).toEqual(
      rows.map((r) => r.id),
    )
    // The client: each once, and the resent c-0 answered again with the stored frame.
    const clientIds = client.frames.filter((f) => f.data?.type === 0).map((f) => f.data!.msg_data.id)
    expect(new Set(clientIds)).toEqual(new Set(rows.map((r) => r.id)))
    expect(clientIds).toHaveLength(21)
    for (const s of [client, tutor, staff]) s.ws.close()
  })
})
