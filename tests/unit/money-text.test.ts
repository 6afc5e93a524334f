// Amounts as people read them in each edition (common/money.ts): the sign on the side its country writes it,
// the thousands and the cents as its country writes them.
import { expect, test } from 'bun:test'
import { moneyRangeText, moneyText, unitsText } from '../../common/money'
import { bandText } from '../../client/lib/prices'
import { edition } from '../../common/editions'

test('hryvnia, złoty, tenge and euro follow the amount; codes too', () => {
  expect(moneyText(45000, '₴')).toBe('450 ₴')
  expect(moneyText(6050, 'zł')).toBe('60,50 zł')
  expect(moneyText(500000, '₸')).toBe('5\u00a0000 ₸')
  expect(moneyText(12000, '€')).toBe('120 €')
  expect(moneyText(15050, 'UAH')).toBe('150,50 UAH')
})

test('dollar, rupee and naira come first, a minus before them', () => {
  expect(moneyText(12000, '$')).toBe('$120')
  expect(moneyText(45050, '₹')).toBe('₹450.50')
  expect(moneyText(500000, '₦')).toBe('₦5,000')
  expect(moneyText(-500, '$')).toBe('-$5')
  expect(moneyText(-500, '₴')).toBe('-5 ₴')
})

test('thousands grouped as each country writes them; Polish and Spanish leave four digits whole', () => {
  const nbsp = '\u00a0'
  expect(moneyText(660000, '₴')).toBe(`6${nbsp}600 ₴`)
  expect(moneyText(123456789, 'KZT')).toBe(`1${nbsp}234${nbsp}567,89 KZT`)
  expect(moneyText(120000, 'zł')).toBe('1200 zł')
  expect(moneyText(1960000, 'PLN')).toBe(`19${nbsp}600 PLN`)
  expect(moneyText(120000, '€')).toBe('1200 €')
  expect(moneyText(1200050, '€')).toBe('12.000,50 €')
  expect(moneyText(1200000, '$')).toBe('$12,000')
  expect(moneyText(-100000000, 'USD')).toBe('-1,000,000 USD')
  expect(moneyText(99900, '$')).toBe('$999')
  // A code without a style is written as the server sent it.
  expect(moneyText(1234500, 'CHF')).toBe('12345 CHF')
  expect(unitsText('19600.00', 'PLN')).toBe(`19${nbsp}600,00 PLN`)
  expect(moneyRangeText(1000, 2000, '₸')).toBe(`1${nbsp}000–2${nbsp}000 ₸`)
})

test('ranges and bare price bands take the sign the same way', () => {
  expect(moneyRangeText(10, 20, '$')).toBe('$10–20')
  expect(moneyRangeText(300, 600, '₴')).toBe('300–600 ₴')
  expect(bandText('30–50', edition('us'))).toBe('$30–50')
  expect(bandText('300–600', edition('ua'))).toBe('300–600 ₴')
  // A band that names its currency stays as written.
  expect(bandText('$30–50', edition('us'))).toBe('$30–50')
  expect(bandText('od 160 zł', edition('pl'))).toBe('od 160 zł')
})
