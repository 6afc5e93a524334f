// Demo lessons at hours people take lessons: the seed's times are offsets from the moment it runs, so a
// seed at 08:30 UTC would put Mexico City's first lessons at 02:30. A lesson keeps its day and gets a
// sensible hour on the edition's clock.

/** The instant of `hour`:00 on the day `at` falls on in `timeZone`. */
export function atLocalHour(at: Date, timeZone: string, hour: number): Date {
  const day = partsIn(at, timeZone)
  const wanted = Date.UTC(day.year, day.month - 1, day.day, hour)
  // The zone's offset near that hour (a DST change on that day moves it by the change, no more).
  return new Date(wanted - offsetAt(new Date(wanted), timeZone))
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: Date, timeZone: string): number {
  const p = partsIn(at, timeZone)
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000
}

const formats = new Map<string, Intl.DateTimeFormat>()
function partsIn(at: Date, timeZone: string) {
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
