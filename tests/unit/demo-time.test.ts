// Demo lessons keep their day and get an hour on the edition's clock (db/seed/demo-time.ts).
import { expect, test } from 'bun:test'
import { atLocalHour } from '../../db/seed/demo-time'

const hourIn = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d)
const dayIn = (d: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(d)

test('a moment at night in Mexico City becomes 17:00 of that local day', () => {
  const night = new Date('2026-12-01T08:29:00Z') // 02:29 in Mexico City (UTC-6)
  const at = atLocalHour(night, 'America/Mexico_City', 17)
  expect(hourIn(at, 'America/Mexico_City')).toBe('17:00')
  expect(dayIn(at, 'America/Mexico_City')).toBe('2026-12-01')
  expect(at.toISOString()).toBe('2026-12-01T23:00:00.000Z')
})

test('the local day is the zone’s, not UTC’s, on either side of the date line', () => {
  const lateUtc = new Date('2026-11-29T23:30:00Z') // already 30 Nov in Kyiv
  expect(dayIn(atLocalHour(lateUtc, 'Europe/Kiev', 9), 'Europe/Kiev')).toBe('2026-11-30')
  expect(atLocalHour(lateUtc, 'Europe/Kiev', 9).toISOString()).toBe('2026-11-30T07:00:00.000Z')
  expect(atLocalHour(new Date('2026-11-29T02:00:00Z'), 'Asia/Kolkata', 18).toISOString()).toBe(
    '2026-11-29T12:30:00.000Z',
  )
})

test('summer time is the summer offset', () => {
  expect(atLocalHour(new Date('2026-07-10T12:00:00Z'), 'Europe/Warsaw', 16).toISOString()).toBe(
    '2026-07-10T14:00:00.000Z',
  )
})
