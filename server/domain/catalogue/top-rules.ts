// The rules of paid TOP placement (docs/domain.md#ranking "TOP offers"), in one place for both
// ways a placement is made: staff set one up (catalogue/tops.ts) and a tutor buys one (money/
// top-placement.ts, from the wallet or through a provider).
//
//   what      a subject the tutor teaches, in a city of its places (offline) or online (it works online)
//   how long  TOP_DAYS (common/schemas/tutor/payments.schema.ts: the browser's form checks them too)
//   price     TOP_PRICES: per edition, in integer minor units of the edition's currency
//   cap       at most 10 placements at a time per city and subject, 20 per subject online
//   order     one slot (subject × city or online) is serialised by an advisory lock held to commit
//
// Prices are our decision: a small constant table; longer placements cost less per day; offline and
// online cost the same (the caps already keep both scarce). A price is copied onto the placement
// (tops.paid_amount) when bought, so a change here never moves a past purchase.
import { sql } from 'kysely'
import type { EditionCode } from '../../../common/editions'
import { msg } from '../../../i18n/format'
import { wrongStatus } from '../../../common/errors'
import { TOP_DAYS } from '../../../common/schemas/tutor/payments.schema'
import type { Executor } from '../shared/audit'

export { TOP_DAYS }
type TopDays = (typeof TOP_DAYS)[number]

export const TOP_CAP_OFFLINE = 10 // per city and subject
export const TOP_CAP_ONLINE = 20 // per subject

/** A slot's cap: city null is online. */
export const topCap = (cityId: number | null) => (cityId === null ? TOP_CAP_ONLINE : TOP_CAP_OFFLINE)

export const TOP_PRICES: Record<EditionCode, Record<TopDays, number>> = {
  ua: { 7: 15_000, 14: 27_000, 30: 50_000 }, // UAH 150 / 270 / 500
  pl: { 7: 2_500, 14: 4_500, 30: 8_000 }, // PLN 25 / 45 / 80
  kz: { 7: 200_000, 14: 360_000, 30: 650_000 }, // KZT 2,000 / 3,600 / 6,500
  us: { 7: 900, 14: 1_600, 30: 2_900 }, // USD 9 / 16 / 29
  in: { 7: 300, 14: 500, 30: 900 }, // USD 3 / 5 / 9
  mx: { 7: 9_900, 14: 17_900, 30: 32_900 }, // MXN 99 / 179 / 329
  es: { 7: 800, 14: 1_400, 30: 2_500 }, // EUR 8 / 14 / 25
  ng: { 7: 300_000, 14: 540_000, 30: 1_000_000 }, // NGN 3,000 / 5,400 / 10,000
}

/** The price of a placement of `days` in this edition, or null when that length is not sold. */
export function topPrice(edition: EditionCode, days: number): number | null {
  return TOP_PRICES[edition]?.[days as TopDays] ?? null
}

export interface TopTarget {
  tutorId: number
  lessonId: number
  /** null: online */
  cityId: number | null
}

/**
 * Why the tutor may not hold this slot, as 422 field messages (none: it may): it must teach the
 * subject, and have a place in the city, or work online for an online slot.
 */
export async function topTargetErrors(db: Executor, t: TopTarget): Promise<Record<string, string[]>> {
  const fields: Record<string, string[]> = {}
  const subject = await db
    .selectFrom('tutor_subjects')
    .select('lesson_id')
    .where('tutor_id', '=', t.tutorId)
    .where('lesson_id', '=', t.lessonId)
    .executeTakeFirst()
  if (!subject) fields.lesson_id = [msg('validation.invalid')]
  if (t.cityId === null) {
    const online = await db.selectFrom('tutors').select('work_online').where('id', '=', t.tutorId).executeTakeFirst()
    if (!online?.work_online) fields.city_id = [msg('validation.invalid')]
  } else {
    const place = await db
      .selectFrom('tutor_places')
      .select('id')
      .where('tutor_id', '=', t.tutorId)
      .where('city_id', '=', t.cityId)
      .executeTakeFirst()
    if (!place) fields.city_id = [msg('validation.invalid')]
  }
  return fields
}

/** The slots a tutor may buy: each subject in each city of its places, then online when it works online. */
export async function topTargetsOf(db: Executor, tutorId: number): Promise<TopTarget[]> {
  const [subjects, places, tutor] = await Promise.all([
    db.selectFrom('tutor_subjects').select('lesson_id').where('tutor_id', '=', tutorId).orderBy('sort').execute(),
    db
      .selectFrom('tutor_places')
      .select('city_id')
      .distinct()
      .where('tutor_id', '=', tutorId)
      .orderBy('city_id')
      .execute(),
    db.selectFrom('tutors').select('work_online').where('id', '=', tutorId).executeTakeFirst(),
  ])
  const cities: (number | null)[] = [...places.map((p) => p.city_id), ...(tutor?.work_online ? [null] : [])]
  return subjects.flatMap((s) => cities.map((cityId) => ({ tutorId, lessonId: s.lesson_id, cityId })))
}

/** Serialises purchases and staff edits of one slot until the transaction commits. */
export async function lockTopSlot(trx: Executor, lessonId: number, cityId: number | null) {
  await sql`select pg_advisory_xact_lock(hashtext(${`top:${lessonId}:${cityId ?? 'online'}`}))`.execute(trx)
}

/**
 * Refuses (409 wrong_status) a period that would take the slot over its cap; the caller holds the
 * slot's lock. `exceptId`: the placement being edited, not counted against itself.
 */
export async function assertTopRoom(
  trx: Executor,
  s: { lessonId: number; cityId: number | null; startsAt: Date; endsAt: Date; exceptId?: number },
) {
  const overlapping = await trx
    .selectFrom('tops')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('lesson_id', '=', s.lessonId)
    .where(sql<boolean>`city_id is not distinct from ${s.cityId}`)
    .where('starts_at', '<', s.endsAt)
    .where('ends_at', '>', s.startsAt)
    .$if(s.exceptId !== undefined, (q) => q.where('id', '<>', s.exceptId!))
    .executeTakeFirstOrThrow()
  if (overlapping.n >= topCap(s.cityId)) throw wrongStatus()
}

/** Everyone with a placement in the slot: a change can move others into or out of the cap. */
export async function topSlotTutors(db: Executor, lessonId: number, cityId: number | null): Promise<number[]> {
  const rows = await db
    .selectFrom('tops')
    .select('tutor_id')
    .distinct()
    .where('lesson_id', '=', lessonId)
    .where(sql<boolean>`city_id is not distinct from ${cityId}`)
    .execute()
  return rows.map((r) => r.tutor_id)
}
