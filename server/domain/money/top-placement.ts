// Buying a TOP placement (docs/api.md#tutor-wallet-payments-top top): which slots a tutor may buy, and the placement
// itself, written inside the caller's money transaction. The rules — what may be bought, for how
// long, at what price, the slot caps and lock — are catalogue/top-rules.ts, shared with staff TOPs.
// Lock order: the slot's advisory lock first, then the tutor's wallet row — refreshListings rewrites
// every slot tutor's row, so the other order could deadlock.
import { sql } from 'kysely'
import { msg } from '../../../i18n/format'
import type { EditionCode } from '../../../common/editions'
import { FieldErrors } from '../../../common/errors'
import { minorToUnits } from '../../../common/money'
import { refreshListings } from '../catalogue/listings'
import { TOP_DAYS, assertTopRoom, topPrice, topSlotTutors, topTargetErrors, topTargetsOf } from '../catalogue/top-rules'
import type { Executor } from '../shared/audit'

export { lockTopSlot } from '../catalogue/top-rules'

export interface TopSlot {
  tutorId: number
  lessonId: number
  /** null: online */
  cityId: number | null
  days: number
}

const TOP_COLUMNS = [
  'id',
  'lesson_id',
  'city_id',
  'paid_amount',
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

/** What the tutor may buy (top-rules.ts): each slot it may hold, for each length, at the edition's price. */
export async function topOffers(db: Executor, edition: { code: EditionCode; currency: string }, tutorId: number) {
  const targets = await topTargetsOf(db, tutorId)
  return targets.flatMap((t) =>
    TOP_DAYS.map((days) => {
      const priceMinor = topPrice(edition.code, days)!
      return {
        lesson_id: t.lessonId,
        city_id: t.cityId,
        days,
        price: minorToUnits(priceMinor),
        price_minor: priceMinor,
        currency: edition.currency,
      }
    }),
  )
}

/** The slot's price, after checking the tutor may hold it (422 naming the field otherwise). */
export async function priceTopSlot(db: Executor, edition: EditionCode, t: TopSlot): Promise<number> {
  const price = topPrice(edition, t.days)
  const fields = await topTargetErrors(db, t)
  if (price === null) fields.days = [msg('validation.invalid')]
  if (Object.keys(fields).length) throw new FieldErrors(fields)
  return price!
}

/**
 * Writes the placement (the caller holds the slot lock): it starts now, or when the tutor's own
 * placement in the slot ends (a purchase extends), and lasts `days`. A full slot is 409 wrong_status.
 */
export async function placeTop(trx: Executor, t: TopSlot & { paidMinor: number }) {
  const own = await trx
    .selectFrom('tops')
    .select([sql<Date | null>`max(ends_at)`.as('until'), sql<Date>`now()`.as('now')])
    .where('tutor_id', '=', t.tutorId)
    .where('lesson_id', '=', t.lessonId)
    .where(sql<boolean>`city_id is not distinct from ${t.cityId}`)
    .where('ends_at', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow()
  // "Now" is the transaction's own now(), the one refreshListings reads below: the clock of this
  // process runs later, and a start after the transaction's now() would leave the new placement
  // unmarked in the catalogue until the sweep.
  const startsAt = new Date(own.until ?? own.now)
  const endsAt = new Date(startsAt.getTime() + t.days * 86_400_000)
  await assertTopRoom(trx, { lessonId: t.lessonId, cityId: t.cityId, startsAt, endsAt })
  const row = await trx
    .insertInto('tops')
    .values({
      tutor_id: t.tutorId,
      lesson_id: t.lessonId,
      city_id: t.cityId,
      starts_at: startsAt,
      ends_at: endsAt,
      paid_amount: t.paidMinor,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await refreshListings(trx, [t.tutorId, ...(await topSlotTutors(trx, t.lessonId, t.cityId))])
  return row.id
}
