import { expect, test } from 'bun:test'
import { microCache } from '../../server/ssr/micro-cache'

const url = new URL('http://x/tutors/mathematics/kyiv/?page=2')

test('anonymous GETs are cached for the TTL; a session cookie or a POST is never cached', async () => {
  const cache = microCache(50)
  const key = cache.keyOf(new Request(url), url, 'ua')!
  expect(key).toBe('ua /tutors/mathematics/kyiv/?page=2')
  expect(cache.keyOf(new Request(url, { headers: { cookie: 'sid=abc' } }), url, 'ua')).toBeNull()
  expect(cache.keyOf(new Request(url, { method: 'POST' }), url, 'ua')).toBeNull()
  expect(cache.get(key)).toBeNull()
  cache.set(key, '<html>page</html>', new Headers({ 'content-type': 'text/html' }))
  const hit = cache.get(key)!
  expect(await hit.text()).toBe('<html>page</html>')
  expect(hit.headers.get('content-type')).toBe('text/html')
  await Bun.sleep(60)
  expect(cache.get(key)).toBeNull()
})

test('a TTL of 0 turns it off', () => {
  expect(microCache(0).keyOf(new Request(url), url, 'ua')).toBeNull()
})
