// Wall clocks of a time zone (an edition's, common/editions.ts `timeZone`), without a date library:
// what a clock in the zone reads at an instant, and which instant a reading of that clock names.
// Pure, so the seed (db/seed/demo-time.ts) and the browser's date fields (client/lib/dates.ts) share it.

/** A reading of a wall clock: month 1–12. */
export interface WallTime {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const formats = new Map<string, Intl.DateTimeFormat>()

/** What the wall clock of `timeZone` reads at `at`. */
export function wallTimeIn(at: Date, timeZone: string): WallTime {
  let f = formats.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formats.set(timeZone, f)
  }
  const n = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, Number(p.value)]))
  return { year: n.year!, month: n.month!, day: n.day!, hour: n.hour!, minute: n.minute!, second: n.second! }
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: Date, timeZone: string): number {
  const p = wallTimeIn(at, timeZone)
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000
}

/**
 * The instant at which `timeZone`'s wall clock reads `wall`. The zone's offsets half a day either side
 * cover any summer-time change near it; each one that gives back the reading is a fit, and the first
 * fits. So a reading the clock shows twice (the autumn hour) is its first; one it skips (the spring hour)
 * is read with the offset from before the change, an hour later on the clock.
 */
export function instantOfWallTime(wall: Omit<WallTime, 'second'> & { second?: number }, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0)
  const HALF_DAY = 12 * 3_600_000
  const before = offsetAt(new Date(asUtc - HALF_DAY), timeZone)
  const after = offsetAt(new Date(asUtc + HALF_DAY), timeZone)
  const fits = [before, after]
    .map((offset) => asUtc - offset)
    .filter((at) => asUtc - at === offsetAt(new Date(at), timeZone))
    .sort((a, b) => a - b)
  return new Date(fits[0] ?? asUtc - before)
}
