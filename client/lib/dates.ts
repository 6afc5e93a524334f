// Values of <input type="datetime-local"> (a wall-clock reading, no zone) and ISO times. The fields read
// and write the edition's clock, as every date on the site is written (client/ui/Date.tsx): a lesson the
// order page says is at 17:00 shows 17:00 in its field too, whichever zone the browser is in.
import { instantOfWallTime, wallTimeIn } from '../../common/zoned-time'

const pad = (n: number) => String(n).padStart(2, '0')

/** ISO → the value of a datetime-local input on `timeZone`'s clock ("2026-12-01T17:00"); '' for none. */
export function toLocalInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return ''
  const w = wallTimeIn(new Date(iso), timeZone)
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`
}

/** A datetime-local value read on `timeZone`'s clock → ISO; the value as given when it is not one. */
export function fromLocalInput(v: string, timeZone: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(v)
  if (!m) return v
  const [year, month, day, hour, minute, second] = m.slice(1).map((x) => Number(x ?? 0)) as number[]
  return instantOfWallTime(
    { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second },
    timeZone,
  ).toISOString()
}
