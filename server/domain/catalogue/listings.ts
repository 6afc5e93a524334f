// The catalogue read model (table catalogue_listings): one row per listed tutor × subject × place,
// with the ranking points and TOP mark precomputed, so a catalogue page is one index range scan.
// Rebuilt for a tutor whenever anything it shows changes; `sweepTops` catches TOP periods starting
// and ending.
import { sql } from 'kysely'
import type { Executor } from '../shared/audit'
import { CARD_JSON } from './cards'
import { CATALOGUE_MINUTES } from '../../../common/price-rules'
import { bandOfPrice } from './price-band'
import { rankOfTutor } from './ranking'
import { TOP_CAP_OFFLINE, TOP_CAP_ONLINE } from './top-rules'

/** city_id values with a meaning of their own in catalogue_listings. */
export const ONLINE_CITY = 0
export const ANY_CITY = -1

export interface ListingRow {
  lesson_id: number
  city_id: number
  tutor_id: number
  district_ids: number[]
  level_ids: number[]
  /** The band of the subject's price (else the tutor's band), and the subject's 60-minute price in minor units. */
  rate_id: number | null
  price: number | null
  is_top: boolean
  rank_points: number
  rating: number
  review_count: number
}

/** What keeps a tutor out of the catalogue, in the order a tutor can act on it. */
export type ListingGap = 'subject' | 'place' | 'published' | 'active' | 'deleted'

/**
 * A tutor is listed when published, active, not deleted, with a subject and a place (spec: catalogue issue).
 * The gaps are what is missing; the tutor's own checklist (tutors/completeness.ts) shows them.
 */
export function listingGaps(
  t: { published: boolean; active: boolean; deleted_at: Date | null },
  has: { subjects: number; places: number; online: boolean },
): ListingGap[] {
  const gaps: ListingGap[] = []
  if (has.subjects === 0) gaps.push('subject')
  if (has.places === 0 && !has.online) gaps.push('place')
  if (!t.published) gaps.push('published')
  if (!t.active) gaps.push('active')
  if (t.deleted_at !== null) gaps.push('deleted')
  return gaps
}

export function isListed(
  t: { published: boolean; active: boolean; deleted_at: Date | null },
  has: { subjects: number; places: number; online: boolean },
) {
  return listingGaps(t, has).length === 0
}

export async function refreshListings(db: Executor, tutorIds: number[]): Promise<number> {
  if (tutorIds.length === 0) return 0
  const ids = [...new Set(tutorIds)]
  await db.updateTable('tutors as t').set({ card: CARD_JSON }).where('t.id', 'in', ids).execute()
  const [tutors, subjects, levels, places, tops, prices] = await Promise.all([
    db
      .selectFrom('tutors')
      .select([
        'id',
        'published',
        'active',
        'deleted_at',
        'avatar_url',
        'schedule',
        'video_url',
        'description',
        'points_first_diploma',
        'points_second_diploma',
        'response_minutes',
        'response_rate',
        'review_count',
        'review_avg',
        'ignored_requests',
        'work_home',
        'work_travel',
        'work_online',
        'rate_id',
      ])
      .where('id', 'in', ids)
      .execute(),
    db.selectFrom('tutor_subjects').select(['tutor_id', 'lesson_id']).where('tutor_id', 'in', ids).execute(),
    db
      .selectFrom('tutor_subject_levels')
      .select(['tutor_id', 'lesson_id', 'level_id'])
      .where('tutor_id', 'in', ids)
      .execute(),
    db
      .selectFrom('tutor_places')
      .select(['tutor_id', 'kind', 'city_id', 'district_id'])
      .where('tutor_id', 'in', ids)
      .execute(),
    // Each active TOP period with its place in its slot (earlier purchases first); beyond the cap it is not shown as TOP.
    db
      .selectFrom('tops as t')
      .select([
        't.tutor_id',
        't.lesson_id',
        't.city_id',
        sql<number>`(select count(*)::int from tops o where o.lesson_id = t.lesson_id and o.city_id is not distinct from t.city_id
          and o.starts_at <= now() and o.ends_at > now() and (o.starts_at, o.id) < (t.starts_at, t.id))`.as('position'),
      ])
      .where('t.tutor_id', 'in', ids)
      .where('t.starts_at', '<=', sql<Date>`now()`)
      .where('t.ends_at', '>', sql<Date>`now()`)
      .execute(),
    // Each subject's catalogue price with the band it falls in (domain/tutors/prices.ts).
    db
      .selectFrom('tutor_prices as p')
      .innerJoin('lessons as ls', 'ls.id', 'p.lesson_id')
      .select([
        'p.tutor_id',
        'p.lesson_id',
        'p.price_minor',
        bandOfPrice(sql.ref('ls.edition'), sql.ref('p.price_minor')).as('rate_id'),
      ])
      .where('p.tutor_id', 'in', ids)
      .where('p.minutes', '=', CATALOGUE_MINUTES)
      .execute(),
  ])

  const subjectsOf = groupBy(subjects, (s) => s.tutor_id)
  const levelsOf = groupBy(levels, (l) => `${l.tutor_id}:${l.lesson_id}`)
  const placesOf = groupBy(places, (p) => p.tutor_id)
  const topsOf = groupBy(tops, (o) => o.tutor_id)
  const priceOf = new Map(prices.map((p) => [`${p.tutor_id}:${p.lesson_id}`, p]))
  const rows: ListingRow[] = []
  for (const t of tutors) {
    const own = subjectsOf.get(t.id) ?? []
    const offline = (placesOf.get(t.id) ?? []).filter(
      (p) => (p.kind === 'home' && t.work_home) || (p.kind === 'travel' && t.work_travel),
    )
    if (!isListed(t, { subjects: own.length, places: offline.length, online: t.work_online })) continue
    const { points } = rankOfTutor({
      ...t,
      has_schedule: t.schedule !== null,
      description_length: t.description.length,
    })
    const cities = [...new Set(offline.map((p) => p.city_id))]
    for (const s of own) {
      const price = priceOf.get(`${t.id}:${s.lesson_id}`)
      const base = {
        lesson_id: s.lesson_id,
        tutor_id: t.id,
        level_ids: (levelsOf.get(`${t.id}:${s.lesson_id}`) ?? []).map((l) => l.level_id),
        rate_id: price?.rate_id ?? t.rate_id,
        price: price?.price_minor ?? null,
        rank_points: points,
        rating: t.review_avg,
        review_count: t.review_count,
      }
      const top = (city: number | null, cap: number) =>
        (topsOf.get(t.id) ?? []).some((o) => o.lesson_id === s.lesson_id && o.city_id === city && o.position < cap)
      for (const city of cities) {
        const districts = offline.filter((p) => p.city_id === city && p.district_id !== null).map((p) => p.district_id!)
        rows.push({ ...base, city_id: city, district_ids: [...new Set(districts)], is_top: top(city, TOP_CAP_OFFLINE) })
      }
      if (cities.length > 0) rows.push({ ...base, city_id: ANY_CITY, district_ids: [], is_top: false })
      if (t.work_online)
        rows.push({ ...base, city_id: ONLINE_CITY, district_ids: [], is_top: top(null, TOP_CAP_ONLINE) })
    }
  }

  const removed = await db
    .deleteFrom('catalogue_listings')
    .where('tutor_id', 'in', ids)
    .returning(['lesson_id', 'city_id'])
    .execute()
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('catalogue_listings')
      .values(rows.slice(i, i + 500))
      .execute()
  await addSlotCounts(db, removed, rows)
  return rows.length
}

/**
 * Applies the change in rows per (subject, city) to catalogue_slot_counts as deltas, and raises the
 * version of every slot the tutors were or are in (a card may change without the count changing):
 * the in-memory catalogue pages of those slots are then stale (page-cache.ts).
 */
async function addSlotCounts(
  db: Executor,
  removed: { lesson_id: number; city_id: number }[],
  added: { lesson_id: number; city_id: number }[],
) {
  const delta = new Map<string, number>()
  for (const r of removed) delta.set(`${r.lesson_id}:${r.city_id}`, (delta.get(`${r.lesson_id}:${r.city_id}`) ?? 0) - 1)
  for (const r of added) delta.set(`${r.lesson_id}:${r.city_id}`, (delta.get(`${r.lesson_id}:${r.city_id}`) ?? 0) + 1)
  const values = [...delta].map(([key, n]) => {
    const [lesson_id, city_id] = key.split(':').map(Number) as [number, number]
    return { lesson_id, city_id, n }
  })
  // Sorted, so concurrent rebuilds lock the counters in the same order (no deadlocks).
  values.sort((a, b) => a.lesson_id - b.lesson_id || a.city_id - b.city_id)
  for (let i = 0; i < values.length; i += 1000)
    await db
      .insertInto('catalogue_slot_counts')
      .values(values.slice(i, i + 1000))
      .onConflict((oc) =>
        oc.columns(['lesson_id', 'city_id']).doUpdateSet({
          n: sql`catalogue_slot_counts.n + excluded.n`,
          version: sql`catalogue_slot_counts.version + 1`,
        }),
      )
      .execute()
}

/** Tutors whose TOP period started or ended in (since, now]: their listings change without an edit. */
export async function sweepTops(db: Executor, since: Date): Promise<number> {
  const changed = await db
    .selectFrom('tops')
    .select('tutor_id')
    .distinct()
    .where((eb) =>
      eb.or([
        eb.and([eb('starts_at', '>', since), eb('starts_at', '<=', sql<Date>`now()`)]),
        eb.and([eb('ends_at', '>', since), eb('ends_at', '<=', sql<Date>`now()`)]),
      ]),
    )
    .execute()
  // Others in the same slots may move into the cap when a period ends.
  const slots = await db
    .selectFrom('tops as t')
    .innerJoin('tops as o', (j) =>
      j.onRef('o.lesson_id', '=', 't.lesson_id').on(sql<boolean>`o.city_id is not distinct from t.city_id`),
    )
    .select('o.tutor_id')
    .distinct()
    .where('t.tutor_id', 'in', changed.length ? changed.map((c) => c.tutor_id) : [0])
    .where('o.ends_at', '>', sql<Date>`now()`)
    .execute()
  return refreshListings(db, [...changed.map((c) => c.tutor_id), ...slots.map((s) => s.tutor_id)])
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>()
  for (const item of items) {
    const k = key(item)
    const list = map.get(k)
    if (list) list.push(item)
    else map.set(k, [item])
  }
  return map
}
