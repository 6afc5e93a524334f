// A tutor's own prices: per subject and lesson duration, integer minor units of
// the edition's currency (table tutor_prices). Decisions:
// - Durations are 45, 60 and 90 minutes. The 60-minute price is the subject's catalogue price (the
//   card, the price filter and the price sort use it), so a subject priced at all has one; 45 and 90
//   are optional extras shown on the profile.
// - The price band (`rate_id`) follows from the price: a listing's band is the band its subject's
//   60-minute price falls in (min_price ≤ price < max_price, whole units; the top band has no max),
//   the tutor's band (`tutors.rate_id`, the card's rate label) that of their cheapest 60-minute price,
//   kept with it in `tutors.price` (whole units). Fees by band (order_fees) keep working: the band is
//   still an edition's `rates` row. A tutor without prices keeps the band staff gave them.
// - Saving replaces the tutor's whole price list, audited, and rebuilds the listings in the same
//   transaction (refreshListings bumps the catalogue slot versions, so kept pages go stale).
import { sql } from 'kysely'
import { msg } from '../../../i18n/keys'
import { refreshListings } from '../catalogue/listings'
import type { Edition } from '../../../common/editions'
import { MINOR_PER_UNIT, unitsToMinor } from '../../../common/money'
import { bandOfPrice } from '../catalogue/price-band'
import { CATALOGUE_MINUTES, LESSON_MINUTES, type LessonMinutes, MAX_LESSON_PRICE } from '../../../common/price-rules'
import { type Executor, audit } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { FieldErrors, notFound } from '../../../common/errors'

/** Prices as the editor sends them: subject id → duration → whole units ("450", 450.5; empty: none). */
export type PricesInput = Record<string, Record<string, string | number | null>>

export interface TutorPrice {
  lesson_id: number
  minutes: number
  price_minor: number
  currency: string
}

/** The tutor's prices, by subject order then duration. */
export async function tutorPrices(db: Executor, tutorId: number): Promise<TutorPrice[]> {
  return db
    .selectFrom('tutor_prices as p')
    .leftJoin('tutor_subjects as s', (j) =>
      j.onRef('s.tutor_id', '=', 'p.tutor_id').onRef('s.lesson_id', '=', 'p.lesson_id'),
    )
    .select(['p.lesson_id', 'p.minutes', 'p.price_minor', 'p.currency'])
    .where('p.tutor_id', '=', tutorId)
    .orderBy('s.sort')
    .orderBy('p.lesson_id')
    .orderBy('p.minutes')
    .execute()
}

/** The answer of the price calls: the list and, per subject, `{minutes: price_minor}`. */
export async function pricesView(db: Executor, tutorId: number, ed: Edition) {
  const prices = await tutorPrices(db, tutorId)
  const bySubject: Record<number, Record<number, number>> = {}
  for (const p of prices) {
    const byMinutes = bySubject[p.lesson_id] ?? {}
    byMinutes[p.minutes] = p.price_minor
    bySubject[p.lesson_id] = byMinutes
  }
  return {
    currency: ed.currency,
    minutes: LESSON_MINUTES,
    catalogue_minutes: CATALOGUE_MINUTES,
    prices,
    by_subject: bySubject,
  }
}

/** Checks the editor's prices: 422 on `prices.<subject>.<minutes>`, `prices.<subject>` or `currency`. */
export function checkPrices(
  { prices: input, currency }: { prices: PricesInput; currency?: string },
  ed: Edition,
  subjects: Set<number>,
) {
  const errors: Record<string, string[]> = {}
  const invalid = [msg('validation.invalid')]
  if (currency !== undefined && currency !== ed.currency) errors.currency = invalid
  const rows: { lesson_id: number; minutes: LessonMinutes; price_minor: number }[] = []
  for (const [subject, byMinutes] of Object.entries(input)) {
    const lessonId = Number(subject)
    if (!Number.isInteger(lessonId) || !subjects.has(lessonId)) {
      errors[`prices.${subject}`] = invalid
      continue
    }
    const own: typeof rows = []
    for (const [minutes, value] of Object.entries(byMinutes ?? {})) {
      const field = `prices.${subject}.${minutes}`
      if (!LESSON_MINUTES.includes(Number(minutes) as LessonMinutes)) {
        errors[field] = invalid
        continue
      }
      if (value === null || (typeof value === 'string' && value.trim() === '')) continue
      const minor = unitsToMinor(value, MAX_LESSON_PRICE[ed.currency])
      if (minor === null || minor <= 0) errors[field] = invalid
      else own.push({ lesson_id: lessonId, minutes: Number(minutes) as LessonMinutes, price_minor: minor })
    }
    // 45 or 90 minutes without the hour's price: the catalogue would have nothing to show.
    if (own.length && !own.some((r) => r.minutes === CATALOGUE_MINUTES))
      errors[`prices.${subject}.${CATALOGUE_MINUTES}`] = [msg('validation.required')]
    rows.push(...own)
  }
  if (Object.keys(errors).length) throw new FieldErrors(errors)
  return rows
}

/**
 * Replaces the tutor's prices (the tutor themself, or staff): subjects left out lose theirs. Answers
 * the saved prices.
 */
export async function setTutorPrices(
  { db, actor, edition: ed }: Scope,
  { tutor_id: tutorId, ...input }: { tutor_id: number; prices: PricesInput; currency?: string },
) {
  return db.transaction().execute(async (trx) => {
    const tutor = await trx.selectFrom('tutors').select('id').where('id', '=', tutorId).forUpdate().executeTakeFirst()
    if (!tutor) throw notFound()
    const subjects = await trx
      .selectFrom('tutor_subjects')
      .select('lesson_id')
      .where('tutor_id', '=', tutorId)
      .execute()
    const rows = checkPrices(input, ed, new Set(subjects.map((s) => s.lesson_id)))
    const before = await tutorPrices(trx, tutorId)
    await trx.deleteFrom('tutor_prices').where('tutor_id', '=', tutorId).execute()
    if (rows.length)
      await trx
        .insertInto('tutor_prices')
        .values(rows.map((r) => ({ ...r, tutor_id: tutorId, currency: ed.currency })))
        .execute()
    await syncTutorBand(trx, ed, tutorId)
    await audit(trx, actor, {
      action: 'tutor.prices_set',
      entity: 'tutor',
      id: tutorId,
      data: {
        before: before.map((p) => [p.lesson_id, p.minutes, p.price_minor]),
        after: rows.map((p) => [p.lesson_id, p.minutes, p.price_minor]),
      },
    })
    await refreshListings(trx, [tutorId])
    return pricesView(trx, tutorId, ed)
  })
}

/**
 * After the subjects change (profile save): prices of subjects no longer taught go, and the tutor's
 * band and cheapest price follow. The caller rebuilds the listings.
 */
export async function dropPricesOfOldSubjects(trx: Executor, ed: Edition, tutorId: number) {
  await trx
    .deleteFrom('tutor_prices')
    .where('tutor_id', '=', tutorId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('tutor_subjects as s')
            .select('s.lesson_id')
            .where('s.tutor_id', '=', tutorId)
            .whereRef('s.lesson_id', '=', 'tutor_prices.lesson_id'),
        ),
      ),
    )
    .execute()
  await syncTutorBand(trx, ed, tutorId)
}

/** tutors.price (whole units) and tutors.rate_id from the cheapest 60-minute price; without prices the band stays. */
async function syncTutorBand(trx: Executor, ed: Edition, tutorId: number) {
  const cheapest = await trx
    .selectFrom('tutor_prices')
    .select(sql<number | null>`min(price_minor)`.as('minor'))
    .where('tutor_id', '=', tutorId)
    .where('minutes', '=', CATALOGUE_MINUTES)
    .executeTakeFirst()
  const minor = cheapest?.minor ?? null
  if (minor === null)
    return void (await trx.updateTable('tutors').set({ price: null }).where('id', '=', tutorId).execute())
  await trx
    .updateTable('tutors')
    .set({
      price: Math.round(minor / MINOR_PER_UNIT),
      rate_id: sql<number | null>`coalesce(${bandOfPrice(ed.code, minor)}, rate_id)`,
    })
    .where('id', '=', tutorId)
    .execute()
}
