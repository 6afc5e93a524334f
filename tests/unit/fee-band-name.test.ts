// The fee table's band names (client/panel/OrderFeesPage.tsx): the panel's language, else the edition's,
// whatever order the stored names come back in.
import { expect, test } from 'bun:test'
import { bandName } from '../../client/panel/OrderFeesPage'

const band = (names: unknown) => ({ names, min_price: 0, max_price: 60 })

test("a band named in the panel's language shows that name", () => {
  expect(bandName(band({ en: 'up to 60 UAH', ua: 'до 60 грн' }), ['ua', 'ua'])).toBe('до 60 грн')
})

test("without it, the edition's own language, not the first key the database lists", () => {
  // jsonb returns keys shorter-first, then in byte order: 'en' before 'pl'.
  expect(bandName(band({ en: 'up to 60 PLN', pl: 'do 60 zł' }), ['ua', 'pl'])).toBe('do 60 zł')
})

test('with neither, any name; with none, the price range', () => {
  expect(bandName(band({ en: 'up to 60' }), ['ua', 'pl'])).toBe('up to 60')
  expect(bandName(band(null), ['ua', 'pl'])).toBe('0–60')
  expect(bandName({ names: {}, min_price: 160, max_price: null }, ['ua'])).toBe('160–')
})
