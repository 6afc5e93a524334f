// Contract: /websocket/?role&id&order_id with the session cookie; the server checks the cookie's user
// is that role and id; a refused connection gets {"status":"fail","error":…} and is closed.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type TestApp, makePerson, signedIn, startTestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

function connect(query: string, cookie?: string) {
  const ws = new WebSocket(`${app.url.replace('http', 'ws')}/websocket/?${query}`, { headers: cookie ? { cookie } : {} } as never)
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
    for (const query of [`role=client&id=${p.tutorId}`, `role=tutor&id=${p.tutorId! + 1000}`, `role=admin&id=${p.tutorId}`]) {
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
    await Bun.sleep(50)
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
})
