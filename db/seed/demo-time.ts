// Demo lessons at hours people take lessons: the seed's times are offsets from the moment it runs, so a
// seed at 08:30 UTC would put Mexico City's first lessons at 02:30. A lesson keeps its day and gets a
// sensible hour on the edition's clock.
import { instantOfWallTime, wallTimeIn } from '../../common/zoned-time'

/** The instant of `hour`:00 on the day `at` falls on in `timeZone`. */
export function atLocalHour(at: Date, timeZone: string, hour: number): Date {
  const day = wallTimeIn(at, timeZone)
  return instantOfWallTime({ year: day.year, month: day.month, day: day.day, hour, minute: 0 }, timeZone)
}
