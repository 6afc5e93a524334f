// Amounts as people read them in each edition (common/money.ts): the sign on the side its country writes it.
import { expect, test } from 'bun:test'
import { moneyRangeText, moneyText } from '../../common/money'
import { bandText } from '../../client/lib/prices'
import { edition } from '../../common/editions'

test('hryvnia, złoty, tenge and euro follow the amount; codes too', () => {
  expect(moneyText(45000, '₴')).toBe('450 ₴')
  expect(moneyText(6050, 'zł')).toBe('60.50 zł')
  expect(moneyText(500000, '₸')).toBe('5000 ₸')
  expect(moneyText(12000, '€')).toBe('120 €')
  expect(moneyText(15050, 'UAH')).toBe('150.50 UAH')
})

test('dollar, rupee and naira come first, a minus before them', () => {
  expect(moneyText(12000, '$')).toBe('$120')
  expect(moneyText(45050, '₹')).toBe('₹450.50')
  expect(moneyText(500000, '₦')).toBe('₦5000')
  expect(moneyText(-500, '$')).toBe('-$5')
  expect(moneyText(-500, '₴')).toBe('-5 ₴')
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
