// Staff order chat calls (docs/api.md#admin-orders "Order chat") and the client's chat list (#client-orders-and-chats):
// delete_msg (soft delete, a deletion frame), set_msg_read (read marks, a read frame, the bell),
// send_service_message (SMS through the outbox, an image readable by the order's parties and staff
// only), GET /client/orders/chats (last message, unread count).
import { describe, expect, test } from 'bun:test'
import { jsonb } from '../../db/jsonb'
import { Client, makePerson, signedIn, useTestApp } from '../helpers/app'
import { type RestReply, fieldErrors } from '../helpers/api'
import { type Frame, chatParties, messageFrame, openSocket, query } from '../helpers/chat'
import { waitFor } from '../helpers/wait'

const app = useTestApp()

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
)
const isMessage = (text: string) => (f: Frame) =>
  f.status === 'success' && f.data?.type === 0 && f.data.msg_data.msg_text === text

async function insertMessage(
  orderId: number,
  m: {
    sender: string
    sender_id: number
    recipient: string
    recipient_id: number | null
    msg_text: string
    msg_service?: number
  },
) {
  return (
    await app.services.db
      .insertInto('chat_messages')
      .values({ order_id: orderId, ...m })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
}

describe('staff order chat calls', () => {
  test('delete_msg soft-deletes, sends a deletion frame, drops it from history; twice is 409; only staff of the orders area', async () => {
    const p = await chatParties(app)
    const id = await insertMessage(p.orderId, {
      sender: 'client',
      sender_id: p.client.id,
      recipient: 'admin',
      recipient_id: null,
      msg_text: 'oops',
    })
    const c = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    await c.next(isMessage('oops'))
    expect((await p.tutor.http.api.post('/admin/order/chat/delete_msg', { chat_id: id })).status).toBe(403)
    const res = await p.staff.http.api.post('/admin/order/chat/delete_msg', { chat_id: id })
    expect(res.json).toEqual({ status: 'success', data: { chat_id: id, deleted: true } })
    const frame = await c.next((f) => f.data?.type === 1)
    expect<unknown>(frame).toEqual({
      status: 'success',
      data: { msg_service: 0, type: 1, msg_data: { id, order_id: p.orderId, deleted_at: expect.any(String) } },
    })
    const row = await app.services.db
      .selectFrom('chat_messages')
      .select(['deleted_at', 'msg_text'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.deleted_at).not.toBeNull()
    expect(row.msg_text).toBe('oops') // kept for the record
    expect((await p.staff.http.api.post('/admin/order/chat/delete_msg', { chat_id: id })).status).toBe(409)
    expect((await p.staff.http.api.post('/admin/order/chat/delete_msg', { chat_id: id + 100000 })).status).toBe(404)
    const again = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    await again.opened
    await Bun.sleep(100) // absence: the deleted message is not in the history sent after joining
    expect(again.frames).toEqual([])
    c.ws.close()
    again.ws.close()
  })

  test('set_msg_read marks messages to staff up to chat_id read, sends a read frame and clears the bell', async () => {
    const p = await chatParties(app)
    const s = openSocket(app, query('admin', p.staff.id, p.orderId), p.staff.cookie)
    const c = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    await Promise.all([s.opened, c.opened])
    // No pause before sending: a party that joins late finds the message in its history (server/ws/rooms.ts join).
    c.send(messageFrame(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: 'first' }))
    c.send(messageFrame(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: 'second' }))
    const first = (await s.next(isMessage('first'))).data!.msg_data.id
    const second = (await s.next(isMessage('second'))).data!.msg_data.id
    expect(
      (await p.staff.http.api.post('/admin/order/chat/set_msg_read', { chat_id: first, message_service: 2 })).status,
    ).toBe(422)
    const res = await p.staff.http.api.post('/admin/order/chat/set_msg_read', { chat_id: first, message_service: 0 })
    expect(res.json).toEqual({ status: 'success', data: { chat_id: first, read: 1 } })
    expect<unknown>((await c.next((f) => f.data?.type === 2)).data!.msg_data).toEqual({
      order_id: p.orderId,
      ids: [first],
      read_at: expect.any(String),
    })
    const bell = () =>
      app.services.db
        .selectFrom('notifications')
        .select(['read_at', 'read_by_staff_id'])
        .where('order_id', '=', p.orderId)
        .where('type', '=', 'new_chat_from_client')
        .executeTakeFirstOrThrow()
    expect((await bell()).read_at).toBeNull() // "second" is still unread
    expect((await p.staff.http.api.post('/admin/order/chat/set_msg_read', { chat_id: second })).json.data).toEqual({
      chat_id: second,
      read: 1,
    })
    expect(await bell()).toEqual({ read_at: expect.any(Date), read_by_staff_id: p.staff.id })
    const rows = await app.services.db
      .selectFrom('chat_messages')
      .select('read_at')
      .where('order_id', '=', p.orderId)
      .execute()
    expect(rows.every((r) => r.read_at !== null)).toBe(true)
    s.ws.close()
    c.ws.close()
  })

  test('delete_msg of the client messages staff have not read: the bell stops once none is left unread', async () => {
    const p = await chatParties(app)
    const s = openSocket(app, query('admin', p.staff.id, p.orderId), p.staff.cookie)
    const c = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    await Promise.all([s.opened, c.opened])
    c.send(messageFrame(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: 'spam one' }))
    c.send(messageFrame(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: 'spam two' }))
    const one = (await s.next(isMessage('spam one'))).data!.msg_data.id
    const two = (await s.next(isMessage('spam two'))).data!.msg_data.id
    const bell = () =>
      app.services.db
        .selectFrom('notifications')
        .select(['read_at', 'read_by_staff_id'])
        .where('order_id', '=', p.orderId)
        .where('type', '=', 'new_chat_from_client')
        .executeTakeFirstOrThrow()
    expect((await bell()).read_at).toBeNull()
    expect((await p.staff.http.api.post('/admin/order/chat/delete_msg', { chat_id: one })).status).toBe(200)
    expect((await bell()).read_at).toBeNull() // "spam two" is still unread
    expect((await p.staff.http.api.post('/admin/order/chat/delete_msg', { chat_id: two })).status).toBe(200)
    expect(await bell()).toEqual({ read_at: expect.any(Date), read_by_staff_id: p.staff.id })
    s.ws.close()
    c.ws.close()
  })

  test('send_service_message with msg_service 2 texts the client through the SMS outbox, stores and delivers it', async () => {
    const p = await chatParties(app)
    const c = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    await c.opened
    // No pause before sending: a party that joins late finds the message in its history (server/ws/rooms.ts join).
    const form = new FormData()
    form.set('order_id', String(p.orderId))
    form.set('msg_service', '2')
    form.set('msg_text', 'Ваш репетитор чекає на дзвінок')
    const res = await p.staff.http.request('POST', '/admin/order/chat/send_service_message', { body: form })
    const sent = res.json as RestReply<'/admin/order/chat/send_service_message'>
    expect(res.status).toBe(200)
    expect(sent.data).toMatchObject({
      sender: 'admin',
      sender_id: p.staff.id,
      recipient: 'client',
      recipient_id: p.client.id,
      msg_text: 'Ваш репетитор чекає на дзвінок',
    })
    const sms = await app.services.db
      .selectFrom('outbox')
      .select(['recipient', 'body'])
      .where('channel', '=', 'sms')
      .where('body', '=', 'Ваш репетитор чекає на дзвінок')
      .execute()
    expect(sms).toHaveLength(1)
    expect(sms[0]!.recipient.endsWith(p.client.phone)).toBe(true)
    const frame = await c.next(isMessage('Ваш репетитор чекає на дзвінок'))
    expect(frame.data!.msg_service).toBe(2)
    const row = await app.services.db
      .selectFrom('chat_messages')
      .select('msg_service')
      .where('id', '=', sent.data.id)
      .executeTakeFirstOrThrow()
    expect(row.msg_service).toBe(2)
    // SMS needs a text; msg_service must be 1, 2 or 3; the caller must have the orders area.
    const empty = new FormData()
    empty.set('order_id', String(p.orderId))
    empty.set('msg_service', '2')
    expect(
      fieldErrors((await p.staff.http.request('POST', '/admin/order/chat/send_service_message', { body: empty })).json),
    ).toHaveProperty('msg_text')
    empty.set('msg_service', '0')
    expect((await p.staff.http.request('POST', '/admin/order/chat/send_service_message', { body: empty })).status).toBe(
      422,
    )
    expect((await p.client.http.request('POST', '/admin/order/chat/send_service_message', { body: form })).status).toBe(
      403,
    )
    c.ws.close()
  })

  test('a service message image is readable by the order client and staff only', async () => {
    const p = await chatParties(app)
    const form = new FormData()
    form.set('order_id', String(p.orderId))
    form.set('msg_service', '1')
    form.set('media', new File([PNG], 'receipt.png', { type: 'image/png' }))
    const res = await p.staff.http.request('POST', '/admin/order/chat/send_service_message', { body: form })
    const sent = res.json as RestReply<'/admin/order/chat/send_service_message'>
    expect(res.status).toBe(200)
    expect(sent.data.media).not.toBeNull()
    const url: string = sent.data.media!.url
    expect(sent.data.media).toMatchObject({ name: 'receipt.png', type: 'image/png', size: PNG.length })
    for (const who of [p.client.http, p.staff.http]) {
      const file = await fetch(app.url + url, { headers: { cookie: `sid=${who.cookies.get('sid')}` } })
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toBe('image/png')
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG)
    }
    // The tutor is not a party of this client ↔ staff message; another client neither; anonymous is 401.
    const other = await makePerson(app, { client: true })
    const otherHttp = await signedIn(app, { client: other.email })
    expect((await p.tutor.http.raw.get(url)).status).toBe(404)
    expect((await otherHttp.raw.get(url)).status).toBe(404)
    expect((await new Client(app.url).raw.get(url)).status).toBe(401)
    // Not an image: 422 on media.
    const bad = new FormData()
    bad.set('order_id', String(p.orderId))
    bad.set('msg_service', '1')
    bad.set('media', new File(['plain text'], 'x.png', { type: 'image/png' }))
    expect(
      fieldErrors((await p.staff.http.request('POST', '/admin/order/chat/send_service_message', { body: bad })).json),
    ).toHaveProperty('media')
  })
})

describe('GET /client/orders/chats', () => {
  test("lists the client's order chats with the last message it sees and its unread count", async () => {
    const p = await chatParties(app)
    const { makeOrder } = await import('../helpers/orders')
    const quiet = await makeOrder(app, { client_id: p.client.id })
    // The chat's order has a subject (names per language); the quiet one has none and no tutor.
    const lesson = await app.services.db
      .insertInto('lessons')
      .values({ edition: 'ua', alias: `chat-list-${p.orderId}`, names: jsonb({ ua: 'Фізика', en: 'Physics' }) })
      .returning('id')
      .executeTakeFirstOrThrow()
    await app.services.db.updateTable('orders').set({ lesson_id: lesson.id }).where('id', '=', p.orderId).execute()
    const tutorName = (
      await app.services.db.selectFrom('tutors').select('name').where('id', '=', p.tutor.id).executeTakeFirstOrThrow()
    ).name
    await insertMessage(p.orderId, {
      sender: 'client',
      sender_id: p.client.id,
      recipient: 'admin',
      recipient_id: null,
      msg_text: 'hello',
    })
    await insertMessage(p.orderId, {
      sender: 'admin',
      sender_id: p.staff.id,
      recipient: 'client',
      recipient_id: p.client.id,
      msg_text: 'answer 1',
    })
    const last = await insertMessage(p.orderId, {
      sender: 'admin',
      sender_id: p.staff.id,
      recipient: 'client',
      recipient_id: p.client.id,
      msg_text: 'answer 2',
    })
    await insertMessage(p.orderId, {
      sender: 'admin',
      sender_id: p.staff.id,
      recipient: 'tutor',
      recipient_id: p.tutor.id,
      msg_text: 'not for the client',
    })
    const res = await p.client.http.api.get('/client/orders/chats')
    expect(res.status).toBe(200)
    expect(res.json.data.total).toBe(2)
    expect(res.json.data.items[0]).toMatchObject({
      order_id: p.orderId,
      unread_count: 2,
      last_message: { id: last, msg_text: 'answer 2', sender: 'admin', recipient: 'client' },
    })
    expect(res.json.data.items[1]).toMatchObject({ order_id: quiet.orderId, unread_count: 0, last_message: null })
    // What a person recognises the chat by: the subject in the request's language and the appointed tutor.
    expect(res.json.data.items[0]).toMatchObject({
      lesson_id: lesson.id,
      lesson_name: 'Фізика',
      tutor_id: p.tutor.id,
      tutor_name: tutorName,
    })
    expect(res.json.data.items[1]).toMatchObject({
      lesson_id: null,
      lesson_name: null,
      tutor_id: null,
      tutor_name: null,
    })
    expect((await p.client.http.api.get('/client/orders/chats?lang=en')).json.data.items[0]).toMatchObject({
      lesson_name: 'Physics',
      tutor_name: tutorName,
    })
    // Opening the chat reads it.
    const c = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    await c.next(isMessage('answer 2'))
    await waitFor(
      async () => (await p.client.http.api.get('/client/orders/chats')).json.data.items[0]?.unread_count === 0,
      { what: 'the opened chat read' },
    )
    c.ws.close()
    // Only clients: a tutor is refused.
    expect((await p.tutor.http.api.get('/client/orders/chats')).status).toBe(403)
  })
})
