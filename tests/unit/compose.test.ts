// server/ssr/compose.ts: pieces compressed apart and joined make one valid gzip answer of the whole.
import { expect, test } from 'bun:test'
import { gunzipSync } from 'node:zlib'
import { composedBody, piece, plainBody } from '../../server/ssr/compose'

const texts = [
  '<!doctype html><html lang="uk"><head>',
  'Репетитори: Математика — Київ '.repeat(500),
  '',
  '<div id="site-header">Олена</div>',
  '</body></html>',
]
const kept = texts.map((t) => piece(t))
const order = [kept[0]!, 'per visitor: Олена', kept[1]!, kept[2]!, kept[3]!, '', kept[4]!]
const whole = [texts[0], 'per visitor: Олена', texts[1], texts[2], texts[3], '', texts[4]].join('')

test('a gzip answer of kept and per-request pieces inflates to the whole page', () => {
  const gzip = composedBody(new Request('http://x/', { headers: { 'accept-encoding': 'gzip, br' } }), order)
  expect(gzip.gzip).toBe(true)
  expect(new TextDecoder().decode(gunzipSync(gzip.body))).toBe(whole)
  expect(new TextDecoder().decode(Bun.gunzipSync(gzip.body))).toBe(whole)
  // Compressed: far smaller than the text.
  expect(gzip.body.byteLength).toBeLessThan(new TextEncoder().encode(whole).byteLength / 10)
})

test('without gzip in Accept-Encoding the answer is the plain bytes', () => {
  const plain = composedBody(new Request('http://x/', { headers: { 'accept-encoding': 'identity' } }), order)
  expect(plain.gzip).toBe(false)
  expect(new TextDecoder().decode(plain.body)).toBe(whole)
  expect(new TextDecoder().decode(plainBody(order))).toBe(whole)
})
