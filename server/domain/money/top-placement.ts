// Buying a TOP placement (spec/api-calls.md §7.7 top): which slots a tutor may buy, and the placement
// itself, written inside the caller's money transaction. The rules are those of staff TOPs
// (server/domain/catalogue/tops.ts, which keeps its checks private to its own transactions): the tutor
// teaches the subject there (a city of its places, or online), and a slot holds at most 10 (offline)
// or 20 (online) placements at a time. Lock order: the slot's advisory lock first, then the tutor's
// wallet row — refreshListings rewrites every slot tutor's row, so the other order could deadlock.
import { sql } from 'kysely'
import { msg } from '../../../i18n/format'
import type { EditionCode } from '../../../common/editions'
import { FieldErrors, wrongStatus } from '../../../common/errors'
import { TOP_DAYS } from '../../../common/schemas/tutor/payments.schema'
import { minorToUnits } from '../../../common/money'
import { refreshListings } from '../catalogue/listings'
import { TOP_CAP_OFFLINE, TOP_CAP_ONLINE } from '../catalogue/ranking'
import type { Executor } from '../shared/audit'
import { topPrice } from './top-offers'

export interface TopSlot {
  tutorId: number
  lessonId: number
  /** null: online */
  cityId: number | null
  days: number
}

const TOP_COLUMNS = [
  'id', 'lesson_id', 'city_id', 'paid_amount',
  sql<string>`to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('starts_at'),
  sql<string>`to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('ends_at'),
  sql<boolean>`starts_at <= now() and ends_at > now()`.as('active'),
] as const

/** The tutor's placements, newest first (those still running or ended within 90 days). */
export async function tutorTops(db: Executor, tutorId: number) {
  return db
    .selectFrom('tops')
    .select(TOP_COLUMNS)
    .where('tutor_id', '=', tutorId)
    .where('ends_at', '>', sql<Date>`now() - interval '90 days'`)
    .orderBy('id', 'desc')
    .execute()
}

export async function topById(db: Executor, id: number) {
  return db.selectFrom('tops').select(TOP_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow()
}

/** What the tutor may buy: each subject in each city of its places, and online when it works online. */
export async function topOffers(db: Executor, edition: { code: EditionCode; currency: string }, tutorId: number) {
  const [subjects, places, tutor] = await Promise.all([
    db.selectFrom('tutor_subjects').select('lesson_id').where('tutor_id', '=', tutorId).orderBy('sort').execute(),
    db.selectFrom('tutor_places').select('city_id').distinct().where('tutor_id', '=', tutorId).orderBy('city_id').execute(),
    db.selectFrom('tutors').select('work_online').where('id', '=', tutorId).executeTakeFirst(),
  ])
  const cities: (number | null)[] = [...places.map((p) => p.city_id), ...(tutor?.work_online ? [null] : [])]
  return subjects.flatMap((s) =>
    cities.flatMap((cityId) =>
      TOP_DAYS.map((days) => {
        const priceMinor = topPrice(edition.code, days)!
        return { lesson_id: s.lesson_id, city_id: cityId, days, price: minorToUnits(priceMinor), price_minor: priceMinor, currency: edition.currency }
      }),
    ),
  )
}

/** The slot's price, after checking the tutor may hold it (422 naming the field otherwise). */
export async function priceTopSlot(db: Executor, edition: EditionCode, t: TopSlot): Promise<number> {
  const fields: Record<string, string[]> = {}
  const price = topPrice(edition, t.days)
  if (price === null) fields.days = [msg('validation.invalid')]
  const subject = await db.selectFrom('tutor_subjects').select('lesson_id').where('tutor_id', '=', t.tutorId).where('lesson_id', '=', t.lessonId).executeTakeFirst()
  if (!subject) fields.lesson_id = [msg('validation.invalid')]
  if (t.cityId === null) {
    const online = await db.selectFrom('tutors').select('work_online').where('id', '=', t.tutorId).executeTakeFirst()
    if (!online?.work_online) fields.city_id = [msg('validation.invalid')]
  } else {
    const place = await db.selectFrom('tutor_places').select('id').where('tutor_id', '=', t.tutorId).where('city_id', '=', t.cityId).executeTakeFirst()
    if (!place) fields.city_id = [msg('validation.invalid')]
  }
  if (Object.keys(fields).length) throw new FieldErrors(fields)
  return price!
}

/** Serialises purchases and staff edits of one slot (the same key as catalogue/tops.ts) until commit. */
export async function lockTopSlot(trx: Executor, lessonId: number, cityId: number | null) {
  await sql`select pg_advisory_xact_lock(hashtext(${`top:${lessonId}:${cityId ?? 'online'}`}))`.execute(trx)
}

/**
 * Writes the placement (the caller holds the slot lock): it starts now, or when the tutor's own
 * placement in the slot ends (a purchase extends), and lasts `days`. A full slot is 409 wrong_status.
 */
export async function placeTop(trx: Executor, t: TopSlot & { paidMinor: number }) {
  const own = await trx
    .selectFrom('tops')
    .select(sql<Date | null>`max(ends_at)`.as('until'))
    .where('tutor_id', '=', t.tutorId)
    .where('lesson_id', '=', t.lessonId)
    .where(sql<boolean>`city_id is not distinct from ${t.cityId}`)
    .where('ends_at', '>', sql<Date>`now()`)
    .executeTakeFirst()
  const startsAt = own?.until ? new Date(own.until) : new Date()
  const endsAt = new Date(startsAt.getTime() + t.days * 86_400_000)
  const overlapping = await trx
    .selectFrom('tops')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('lesson_id', '=', t.lessonId)
    .where(sql<boolean>`city_id is not distinct from ${t.cityId}`)
    .where('starts_at', '<', endsAt)
    .where('ends_at', '>', startsAt)
    .executeTakeFirstOrThrow()
  if (overlapping.n >= (t.cityId === null ? TOP_CAP_ONLINE : TOP_CAP_OFFLINE)) throw wrongStatus()
  const row = await trx
    .insertInto('tops')
    .values({ tutor_id: t.tutorId, lesson_id: t.lessonId, city_id: t.cityId, starts_at: startsAt, ends_at: endsAt, paid_amount: t.paidMinor })
    .returning('id')
    .executeTakeFirstOrThrow()
  const slotTutors = await trx
    .selectFrom('tops')
    .select('tutor_id')
    .distinct()
    .where('lesson_id', '=', t.lessonId)
    .where(sql<boolean>`city_id is not distinct from ${t.cityId}`)
    .execute()
  await refreshListings(trx, [t.tutorId, ...slotTutors.map((r) => r.tutor_id)])
  return row.id
}
