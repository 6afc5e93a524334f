// Bad input on pages and the chat websocket: ids past 2^31-1 in a page path, a catalogue query or the
// websocket query are a 404 page or a refusal, never a 500; NUL in a chat frame is `bad_request`; a
// 404 tutor or catalogue page answers fast (it used to wait a second for a retry of the missing read).
import { beforeAll, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/app'
import { type Ref, makeTutor, referenceFixture } from '../helpers/catalogue'
import { chatParties, messageFrame, openSocket, query } from '../helpers/chat'

const app = useTestApp({ pages: true })
let ref: Ref
beforeAll(async () => {
  ref = await referenceFixture(app.services.db)
  await makeTutor(app.services.db, {
    name: 'Listed Tutor',
    subjects: [{ lesson: ref.lessons.math }],
    places: [{ kind: 'home', city: ref.cities.kyiv, district: ref.districts.podil }],
  })
})

const status = async (path: string) => {
  const res = await fetch(app.url + path)
  await res.text()
  return res.status
}

describe('pages', () => {
  test('ids past 2^31-1 in a page path are the 404 page', async () => {
    for (const path of [
      '/user-2147483648/',
      '/user-99999999999999999999/',
      '/zayavka/2147483648/',
      '/zayavka/99999999999999999999/',
    ])
      expect([path, await status(path)]).toEqual([path, 404])
  })

  test('a catalogue page with an over-range rate_id or a huge page number is not a 500', async () => {
    expect(await status('/tutors/matematyka/kyiv/?rate_id=2147483648')).toBe(200)
    // A page past the last one is the 404 page (no endless run of empty list pages).
    expect(await status('/tutors/matematyka/kyiv/?page=1e308')).toBe(404)
    expect(await status('/tutors/matematyka/kyiv/?page=99999999999999999999')).toBe(404)
    expect(await status('/tutors/matematyka/kyiv/?page=2')).toBe(404)
    expect(await status('/tutors/matematyka/kyiv/')).toBe(200)
  })

  test('catalogue prices past 2^31-1 (an integer column) are the field’s 422, not a 500', async () => {
    for (const q of ['price_max=2147483648', 'price_min=99999999999'])
      expect([q, await status(`/client/tutors?lesson=matematyka&city=kyiv&${q}`)]).toEqual([q, 422])
  })

  // The defect was a second's wait (a retry of the missing read); a render takes ~15 ms on a quiet
  // machine. The bound: the median of 5 after warm-up under 50 ms. On a machine so busy that the plain
  // 404 page (no data to read) is itself slow, under three times that page's median measured alongside
  // (the tutor page reads two more rows before it knows it is a 404), or at most half a second more
  // than it (CI with three suites side by side once measured 244 ms against 64: each read waits on a
  // loaded database). A page that waits a second fails either way.
  test('a 404 tutor or catalogue page answers in under 50 ms (median of 5 after warm-up)', async () => {
    const time = async (path: string) => {
      const started = performance.now()
      expect(await status(path)).toBe(404)
      return performance.now() - started
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
    for (const path of ['/user-999999/', '/tutors/alchemy/']) {
      for (let i = 0; i < 3; i++) {
        await time(path)
        await time('/no-such-page/')
      }
      const page: number[] = []
      const plain: number[] = []
      for (let i = 0; i < 5; i++) {
        page.push(await time(path))
        plain.push(await time('/no-such-page/'))
      }
      const [ms, plainMs] = [median(page), median(plain)]
      expect([path, ms < Math.max(50, 3 * plainMs, plainMs + 500), Math.round(ms), Math.round(plainMs)]).toEqual([
        path,
        true,
        Math.round(ms),
        Math.round(plainMs),
      ])
    }
  })
})

describe('chat websocket', () => {
  test('an order_id past 2^31-1 in the upgrade query is refused bad_request, not a 500', async () => {
    const p = await chatParties(app)
    for (const q of [
      query('client', p.client.id, 2147483648),
      `role=client&id=${p.client.id}&order_id=0x1`,
      `role=client&id=2147483648&order_id=${p.orderId}`,
    ]) {
      const socket = openSocket(app, q, p.client.cookie)
      await socket.closed
      expect([q, socket.frames]).toEqual([q, [{ status: 'fail', error: 'bad_request' }]])
    }
  })

  test('NUL in a message is bad_request; nothing is stored and the chat is not closed 1011', async () => {
    const p = await chatParties(app)
    const socket = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
    await socket.opened
    socket.send(messageFrame(p.orderId, { recipient: 'tutor', recipient_id: p.tutor.id, msg_text: 'hello\u0000world' }))
    expect(await socket.closed).toBe(1003)
    expect(socket.frames.at(-1)).toEqual({ status: 'fail', error: 'bad_request' })
    expect(
      await app.services.db.selectFrom('chat_messages').select('id').where('order_id', '=', p.orderId).execute(),
    ).toEqual([])
  })
})
