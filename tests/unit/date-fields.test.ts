// Date-and-time fields read and write the edition's clock (client/lib/dates.ts over common/zoned-time.ts),
// whatever zone the browser is in: the order page writes "17:00" on the edition's clock, and its field says
// the same.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { fromLocalInput, toLocalInput } from '../../client/lib/dates'

// The runtime's own zone far from every edition's, so a field that used it would be hours off.
const runtimeZone = process.env.TZ
beforeAll(() => {
  process.env.TZ = 'America/Los_Angeles'
})
afterAll(() => {
  if (runtimeZone === undefined) delete process.env.TZ
  else process.env.TZ = runtimeZone
})

test('the runtime zone here is not the edition’s (the test would prove nothing otherwise)', () => {
  expect(new Date('2026-12-01T12:00:00Z').getHours()).toBe(4)
})

test('a lesson at 12:00 UTC reads 17:00 in Almaty, and 17:00 typed there is that instant', () => {
  expect(toLocalInput('2026-12-01T12:00:00.000Z', 'Asia/Almaty')).toBe('2026-12-01T17:00')
  expect(fromLocalInput('2026-12-01T17:00', 'Asia/Almaty')).toBe('2026-12-01T12:00:00.000Z')
  expect(toLocalInput('2026-12-01T23:30:00.000Z', 'Europe/Kiev')).toBe('2026-12-02T01:30')
  expect(fromLocalInput('2026-12-02T01:30', 'Europe/Kiev')).toBe('2026-12-01T23:30:00.000Z')
  expect(toLocalInput(null, 'Europe/Kiev')).toBe('')
})

test('summer time: the offset of the day typed, not of today', () => {
  expect(fromLocalInput('2027-07-10T10:00', 'Europe/Warsaw')).toBe('2027-07-10T08:00:00.000Z')
  expect(fromLocalInput('2027-01-10T10:00', 'Europe/Warsaw')).toBe('2027-01-10T09:00:00.000Z')
  expect(fromLocalInput('2027-07-10T10:00', 'America/New_York')).toBe('2027-07-10T14:00:00.000Z')
})

test('the hour a spring change skips lands an hour later; the hour an autumn change repeats is its first', () => {
  // Kyiv: 29 March 2026, 03:00 → 04:00; 25 October 2026, 04:00 → 03:00.
  expect(fromLocalInput('2026-03-29T03:30', 'Europe/Kiev')).toBe('2026-03-29T01:30:00.000Z')
  expect(toLocalInput('2026-03-29T01:30:00.000Z', 'Europe/Kiev')).toBe('2026-03-29T04:30')
  expect(fromLocalInput('2026-10-25T03:30', 'Europe/Kiev')).toBe('2026-10-25T00:30:00.000Z')
})

test('a value that is not a date and time is passed on as typed (the server’s schema refuses it)', () => {
  expect(fromLocalInput('', 'Europe/Kiev')).toBe('')
  expect(fromLocalInput('tomorrow', 'Europe/Kiev')).toBe('tomorrow')
})
