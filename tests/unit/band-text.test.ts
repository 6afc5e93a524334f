// Price bands show the currency once (item 1: the catalogue's price filter and tutor cards
// wrote "60–90 zł zł", "300–500 грн ₴"): every edition's bands, in each of its languages, through
// bandText (the filter) and priceLabel (the card).
import { describe, expect, test } from 'bun:test'
import { priceLabel } from '../../client/components/TutorCard'
import { bandText } from '../../client/lib/prices'
import { REFERENCE } from '../../db/seed/reference'
import { EDITIONS, type Edition, type EditionCode } from '../../common/editions'

/** Every way a text may write the edition's currency; "$300–500 MXN" (sign and code together) is one. */
const WRITINGS: Record<Edition['currency'], RegExp> = {
  UAH: /₴|грн|UAH/gi,
  PLN: /zł|PLN/gi,
  KZT: /₸|тг|KZT/gi,
  USD: /\$|USD/g,
  MXN: /\$\s?[\d.,–-]+\s?MXN|\$|MXN/g,
  EUR: /€|EUR/g,
  NGN: /₦|NGN/g,
}
const currencies = (text: string, ed: Edition) => text.match(WRITINGS[ed.currency])?.length ?? 0

const card = (name: string) => ({ school_rates: null, price: null, rate: { id: 1, name } })

for (const code of Object.keys(REFERENCE) as EditionCode[]) {
  const ed = EDITIONS[code]
  describe(`${code}: price bands`, () => {
    for (const locale of ed.locales)
      test(`${locale}: every band names the currency once, in the filter and on a card`, () => {
        const names = REFERENCE[code].rates.map((r) => r.names[locale] ?? r.names[ed.defaultLocale]!)
        expect(names.length).toBeGreaterThan(0)
        for (const name of names) {
          // The demo's names carry their currency: nothing is added to them.
          expect(bandText(name, ed)).toBe(name)
          expect(priceLabel(card(name), ed, locale)).toBe(name)
          expect(currencies(priceLabel(card(name), ed, locale)!, ed)).toBe(1)
        }
      })

    test('a bare band name gets the edition’s sign once', () => {
      // The dollar, rupee and naira signs go before a number, as their countries write them.
      const range = ['$', '₹', '₦'].includes(ed.currencyIcon)
        ? `${ed.currencyIcon}300–600`
        : `300–600 ${ed.currencyIcon}`
      expect(bandText('300–600', ed)).toBe(range)
      expect(bandText(' до 300 ', ed)).toBe(`до 300 ${ed.currencyIcon}`)
      expect(priceLabel(card('300–600'), ed, ed.defaultLocale)).toBe(range)
      expect(currencies(bandText('300–600', ed), ed)).toBe(1)
    })
  })
}

test('the issue’s own examples', () => {
  expect(priceLabel(card('60–90 zł'), EDITIONS.pl, 'pl')).toBe('60–90 zł')
  expect(priceLabel(card('300–500 грн'), EDITIONS.ua, 'ua')).toBe('300–500 грн')
  expect(bandText('up to 300 UAH', EDITIONS.ua)).toBe('up to 300 UAH')
  expect(bandText('od 160 zł', EDITIONS.pl)).toBe('od 160 zł')
})
