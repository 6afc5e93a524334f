import { expect, setSystemTime, test } from 'bun:test'
import { gunzipSync } from 'node:zlib'
import { keepIfOk, microCache } from '../../server/http/micro-cache'

const url = new URL('http://x/tutors/mathematics/kyiv/?page=2')

test('anonymous GETs are cached for the TTL; a session cookie or a POST is never cached', async () => {
  const cache = microCache(50)
  const req = new Request(url)
  const key = cache.keyOf(req, url, 'ua')!
  expect(key).toBe('ua /tutors/mathematics/kyiv/?page=2')
  expect(cache.keyOf(new Request(url, { headers: { cookie: 'sid=abc' } }), url, 'ua')).toBeNull()
  expect(cache.keyOf(new Request(url, { method: 'POST' }), url, 'ua')).toBeNull()
  expect(cache.get(key, req)).toBeNull()
  cache.set(key, '<html>page</html>', new Headers({ 'content-type': 'text/html' }))
  const hit = cache.get(key, req)!
  expect(await hit.text()).toBe('<html>page</html>')
  expect(hit.headers.get('content-type')).toBe('text/html')
  // The TTL elapses on the mocked clock (Date.now), not by sleeping.
  setSystemTime(new Date(Date.now() + 60))
  try {
    expect(cache.get(key, req)).toBeNull()
  } finally {
    setSystemTime()
  }
})

test('a TTL of 0 turns it off', () => {
  expect(microCache(0).keyOf(new Request(url), url, 'ua')).toBeNull()
})

test('a large entry is gzipped once and served gzipped to clients that accept it, plain to others', async () => {
  const cache = microCache(1000)
  const body = JSON.stringify({ tutors: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Tutor ${i}` })) })
  cache.set('k', body, new Headers({ 'content-type': 'application/json', 'set-cookie': 'x=1' }))
  const gz = cache.get('k', new Request(url, { headers: { 'accept-encoding': 'gzip, br' } }))!
  expect(gz.headers.get('content-encoding')).toBe('gzip')
  expect(gz.headers.get('set-cookie')).toBeNull()
  expect(new TextDecoder().decode(gunzipSync(new Uint8Array(await gz.arrayBuffer())))).toBe(body)
  const plain = cache.get('k', new Request(url, { headers: { 'accept-encoding': 'identity' } }))!
  expect(plain.headers.get('content-encoding')).toBeNull()
  expect(await plain.text()).toBe(body)
})

test('keepIfOk keeps only a 200 without a cookie and hands back an equal answer', async () => {
  const cache = microCache(1000)
  const req = new Request(url)
  const ok = await keepIfOk(
    cache,
    'a',
    new Response('{"status":"success"}', { headers: { 'content-type': 'application/json' } }),
  )
  expect(await ok.text()).toBe('{"status":"success"}')
  expect(await cache.get('a', req)!.text()).toBe('{"status":"success"}')
  await keepIfOk(cache, 'b', new Response('{}', { status: 404 }))
  await keepIfOk(cache, 'c', new Response('{}', { headers: { 'set-cookie': 's=1' } }))
  expect(cache.get('b', req)).toBeNull()
  expect(cache.get('c', req)).toBeNull()
})
