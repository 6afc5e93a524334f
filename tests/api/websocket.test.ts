// Contract: /websocket/?role&id&order_id with the session cookie; the server checks the cookie's user
// is that role and id and a party of that order; a refused connection gets {"status":"fail","error":…}
// and is closed.
import { describe, expect, test } from 'bun:test'
import { makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { chatParties, openSocket, query, sid } from '../helpers/chat'

const app = useTestApp()

function connect(query: string, cookie?: string) {
  const ws = new WebSocket(`${app.url.replace('http', 'ws')}/websocket/?${query}`, {
    headers: cookie ? { cookie } : {},
  } as never)
  const frames: unknown[] = []
  const closed = new Promise<number>((resolve) => ws.addEventListener('close', (e) => resolve(e.code)))
  const opened = new Promise<void>((resolve) => ws.addEventListener('open', () => resolve()))
  ws.addEventListener('message', (e) => frames.push(JSON.parse(String(e.data))))
  return { ws, frames, closed, opened }
}

describe('chat websocket upgrade', () => {
  test('no session: fail frame "unauthorized", then closed', async () => {
    const c = connect('role=tutor&id=1')
    expect(await c.closed).toBe(1008)
    expect(c.frames).toEqual([{ status: 'fail', error: 'unauthorized' }])
  })

  test('a cookie of another role or id is refused with "forbidden"', async () => {
    const p = await makePerson(app, { tutor: true })
    const http = await signedIn(app, { tutor: p.email })
    const cookie = `sid=${http.cookies.get('sid')}`
    for (const query of [
      `role=client&id=${p.tutorId}`,
      `role=tutor&id=${p.tutorId! + 1000}`,
      `role=admin&id=${p.tutorId}`,
    ]) {
      const c = connect(query, cookie)
      expect(await c.closed).toBe(1008)
      expect(c.frames).toEqual([{ status: 'fail', error: 'forbidden' }])
    }
  })

  test('the right role and id connect; a malformed frame is refused and closes', async () => {
    const p = await makePerson(app, { tutor: true })
    const http = await signedIn(app, { tutor: p.tutorId ? p.email : '' })
    const c = connect(`role=tutor&id=${p.tutorId}`, `sid=${http.cookies.get('sid')}`)
    await c.opened
    await Bun.sleep(50) // absence: a socket without an order is sent nothing
    expect(c.frames).toEqual([])
    c.ws.send('{not json')
    expect(await c.closed).toBe(1003)
    expect(c.frames).toEqual([{ status: 'fail', error: 'bad_request' }])
  })

  test('a bad query is refused', async () => {
    const c = connect('role=robot&id=x')
    await c.closed
    expect(c.frames).toEqual([{ status: 'fail', error: 'bad_request' }])
  })

  test('last_id is a plain decimal up to 2^31-1: hex, exponents, spaces, negatives and larger ids are refused', async () => {
    for (const bad of ['0x10', '1e3', '%201%20', '-1', '2147483648', '1.5']) {
      const c = connect(`role=client&id=1&order_id=1&last_id=${bad}`)
      await c.closed
      expect(c.frames).toEqual([{ status: 'fail', error: 'bad_request' }])
    }
  })

  test('non-parties of an order are refused with "forbidden" and closed: another client, another tutor, a tutor not on it or removed from it, staff without the orders area', async () => {
    const p = await chatParties(app, { status: 3 })
    const other = await chatParties(app, { status: 4 })
    const stranger = await makePerson(app, { tutor: true })
    const strangerHttp = await signedIn(app, { tutor: stranger.email })
    const removed = await makePerson(app, { tutor: true })
    const removedHttp = await signedIn(app, { tutor: removed.email })
    await app.services.db
      .insertInto('order_tutors')
      .values({ order_id: p.orderId, tutor_id: removed.tutorId!, role: 'removed' })
      .execute()
    const contentStaff = await makeStaff(app, 3)
    const contentHttp = await signedIn(app, { staff: contentStaff.email })
    const cases: [string, string][] = [
      [query('client', other.client.id, p.orderId), other.client.cookie],
      [query('tutor', other.tutor.id, p.orderId), other.tutor.cookie],
      [query('tutor', stranger.tutorId!, p.orderId), sid(strangerHttp)],
      [query('tutor', removed.tutorId!, p.orderId), sid(removedHttp)],
      // Status 3 (content) has no orders area (docs/product.md#2-screens-and-routes).
      [query('admin', contentStaff.id, p.orderId), sid(contentHttp)],
    ]
    for (const [q, cookie] of cases) {
      const c = openSocket(app, q, cookie)
      expect(await c.closed).toBe(1008)
      expect(c.frames).toEqual([{ status: 'fail', error: 'forbidden' }])
    }
    // The potential tutor of the order is a party; an unknown order is not found.
    const ok = openSocket(app, query('tutor', p.tutor.id, p.orderId), p.tutor.cookie)
    await ok.opened
    await Bun.sleep(100) // absence: no refusal frame follows the open
    expect(ok.frames).toEqual([])
    ok.ws.close()
    const missing = openSocket(app, query('client', p.client.id, p.orderId + 100000), p.client.cookie)
    expect(await missing.closed).toBe(1008)
    expect(missing.frames).toEqual([{ status: 'fail', error: 'not_found' }])
  })

  test('a page of another site may not open a chat with the cookie (Origin checked)', async () => {
    const p = await chatParties(app)
    const ws = new WebSocket(`${app.url.replace('http', 'ws')}/websocket/?${query('client', p.client.id, p.orderId)}`, {
      headers: { cookie: p.client.cookie, origin: 'https://evil.example' },
    } as never)
    const frames: unknown[] = []
    ws.addEventListener('message', (e) => frames.push(JSON.parse(String(e.data))))
    const code = await new Promise<number>((resolve) => ws.addEventListener('close', (e) => resolve(e.code)))
    expect(code).toBe(1008)
    expect(frames).toEqual([{ status: 'fail', error: 'forbidden' }])
    // The same browser on our own origin connects.
    const own = new WebSocket(
      `${app.url.replace('http', 'ws')}/websocket/?${query('client', p.client.id, p.orderId)}`,
      {
        headers: { cookie: p.client.cookie, origin: app.url },
      } as never,
    )
    await new Promise((resolve) => own.addEventListener('open', resolve))
    await Bun.sleep(100) // absence: the server does not close a same-origin socket in this window
    expect(own.readyState).toBe(WebSocket.OPEN)
    own.close()
  })
})
