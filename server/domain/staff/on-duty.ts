// Who is on duty now, from the staff schedule (GET/POST /admin/admins/schedule/*),
// shown on the panel's desktop. The schedule is free JSON; the part read here is the panel's own
// shape (client/panel/SchedulePage.tsx): `week` maps a staff id to hours per weekday,
// {"week": {"3": {"mon": "9–18", "tue": "9:30-13, 14-18"}}}. Hours are ranges "H[:MM]–H[:MM]" (dash or
// en dash), several separated by commas, in the edition's time zone; "0–24" is the whole day; a range
// whose end is not after its start runs past midnight (22–6: from 22:00 to the day's end and from 0:00
// to 6:00 of that weekday). A cell that does not parse, an empty cell, a missing day: off duty.
import type { Scope } from '../shared/scope'
import type { Executor } from '../shared/audit'
import { type StaffStatus, staffMayAccess } from '../../../common/staff-areas'
import { SCHEDULE_KEY } from './accounts'

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const
const RANGE = /^(\d{1,2})(?::(\d{2}))?\s*[-–—]\s*(\d{1,2})(?::(\d{2}))?$/

function minutes(h: string, m: string | undefined): number | null {
  const v = Number(h) * 60 + Number(m ?? 0)
  return Number(m ?? 0) < 60 && v <= 24 * 60 ? v : null
}

/** Whether `hours` (one weekday's cell) covers the minute of the day `at` (0–1439). */
export function coversMinute(hours: string, at: number): boolean {
  return hours.split(',').some((part) => {
    const r = RANGE.exec(part.trim())
    if (!r) return false
    const from = minutes(r[1]!, r[2])
    const to = minutes(r[3]!, r[4])
    if (from === null || to === null) return false
    return to > from ? at >= from && at < to : at >= from || at < to
  })
}

/** The weekday ('mon'…) and minute of the day of `now` in the time zone. */
export function localMinute(now: Date, timeZone: string): { day: (typeof DAYS)[number]; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now)
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? ''
  const day = DAYS.find((d) => d === get('weekday').toLowerCase().slice(0, 3)) ?? 'mon'
  return { day, minute: Number(get('hour')) * 60 + Number(get('minute')) }
}

/** Staff ids the schedule document puts on duty at `now`, with that day's hours. */
export function onDutyIn(schedule: unknown, now: Date, timeZone: string): { id: number; hours: string }[] {
  const week =
    schedule && typeof schedule === 'object' && !Array.isArray(schedule)
      ? (schedule as Record<string, unknown>).week
      : null
  if (!week || typeof week !== 'object' || Array.isArray(week)) return []
  const { day, minute } = localMinute(now, timeZone)
  const out: { id: number; hours: string }[] = []
  for (const [id, days] of Object.entries(week as Record<string, unknown>)) {
    const hours = days && typeof days === 'object' ? (days as Record<string, unknown>)[day] : undefined
    if (/^\d{1,9}$/.test(id) && typeof hours === 'string' && coversMinute(hours, minute))
      out.push({ id: Number(id), hours: hours.trim() })
  }
  return out
}

/** The desktop's "on duty now": staff accounts (not deleted) the schedule puts on duty at this moment. */
/** Staff ids (and that day's hours) the stored schedule puts on duty at `now` in the time zone. */
async function scheduledAt(db: Executor, at: { now: Date; timeZone: string }) {
  const row = await db.selectFrom('settings').select('value').where('key', '=', SCHEDULE_KEY).executeTakeFirst()
  return onDutyIn(row?.value ?? null, at.now, at.timeZone)
}

export async function staffOnDuty(
  scope: Pick<Scope, 'db' | 'edition' | 'now'>,
): Promise<{ admin_id: number; name: string; hours: string }[]> {
  const duty = await scheduledAt(scope.db, { now: scope.now(), timeZone: scope.edition.timeZone })
  if (!duty.length) return []
  const staff = await scope.db
    .selectFrom('staff')
    .select(['id', 'name'])
    .where(
      'id',
      'in',
      duty.map((d) => d.id),
    )
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute()
  return staff.map((s) => ({ admin_id: s.id, name: s.name, hours: duty.find((d) => d.id === s.id)!.hours }))
}

/** Staff statuses whose menu opens the orders area (the menu table): the ones who may own orders. */
export const ORDER_STAFF_STATUSES: StaffStatus[] = ([1, 2, 3, 4] as const).filter((s) => staffMayAccess(s, 'orders'))

/**
 * Who may be made responsible for an order at `now` (server/domain/orders/responsible.ts): staff the
 * schedule puts on duty then, not deleted, whose status opens the orders area. Ids, ascending.
 */
export async function onDutyForOrders(db: Executor, at: { now: Date; timeZone: string }): Promise<number[]> {
  const duty = await scheduledAt(db, at)
  if (!duty.length) return []
  const staff = await db
    .selectFrom('staff')
    .select('id')
    .where(
      'id',
      'in',
      duty.map((d) => d.id),
    )
    .where('deleted_at', 'is', null)
    .where('status', 'in', ORDER_STAFF_STATUSES)
    .orderBy('id')
    .execute()
  return staff.map((s) => s.id)
}
