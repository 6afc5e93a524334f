// Tutor cards: what the catalogue, the main page and "viewed tutors" show of a tutor, read in one
// query with the subjects, levels and places aggregated as JSON.
import { previewUrl } from '../../../common/avatars'
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import type { Scope } from '../shared/scope'
import type { Edition } from '../../../common/editions'
import { localName } from '../shared/names'
import type { z } from 'zod'
import type { ZTutorCard } from '../../../common/schemas/public/catalogue.schema'
import { CATALOGUE_MINUTES } from '../../../common/price-rules'
import { type RankPart, rankOfTutor, responseBucket } from './ranking'

export const SCHOOL_TUTOR_STATUS = 6

export const CARD_DESCRIPTION_CHARS = 400

/** Columns and aggregates of a card, for a query over `tutors as t`. */
export function cardSelection() {
  return [
    't.id',
    't.name',
    't.avatar_url',
    't.status',
    't.short_description',
    // Cards show the start of the description; the profile reads it whole.
    sql<string>`left(t.description, ${CARD_DESCRIPTION_CHARS})`.as('description'),
    sql<number>`length(t.description)`.as('description_length'),
    't.university_name',
    't.rate_id',
    't.price',
    't.review_avg',
    't.review_count',
    't.response_minutes',
    't.response_rate',
    't.ignored_requests',
    't.points_first_diploma',
    't.points_second_diploma',
    't.video_url',
    't.work_online',
    't.work_home',
    't.work_travel',
    sql<boolean>`t.schedule is not null`.as('has_schedule'),
    // Precomputed by refreshListings (CARD_JSON below): one row per tutor, no joins per card.
    sql<{ id: number; names: unknown; alias: string; description: string }[]>`coalesce(t.card->'subjects', '[]')`.as(
      'subjects',
    ),
    sql<{ lesson_id: number; id: number; names: unknown }[]>`coalesce(t.card->'levels', '[]')`.as('levels'),
    sql<
      { kind: 'home' | 'travel'; city_id: number; city: unknown; district_id: number | null; district: unknown }[]
    >`coalesce(t.card->'places', '[]')`.as('places'),
    sql<{ id: number; names: unknown } | null>`t.card->'rate'`.as('rate'),
    sql<{ lesson_id: number; minutes: number; price_minor: number }[]>`coalesce(t.card->'prices', '[]')`.as('prices'),
  ] as const
}

/** The card's subjects, levels, places and rate of `tutors as t`, names in every language. */
export const CARD_JSON = sql`json_build_object(
  'subjects', coalesce((select json_agg(json_build_object('id', ls.id, 'names', ls.names, 'alias', ls.alias, 'description', ts.description) order by ts.sort, ls.id)
    from tutor_subjects ts join lessons ls on ls.id = ts.lesson_id where ts.tutor_id = t.id), '[]'),
  'levels', coalesce((select json_agg(json_build_object('lesson_id', tl.lesson_id, 'id', lv.id, 'names', lv.names) order by lv.sort, lv.id)
    from tutor_subject_levels tl join levels lv on lv.id = tl.level_id where tl.tutor_id = t.id), '[]'),
  'places', coalesce((select json_agg(json_build_object('kind', p.kind, 'city_id', p.city_id, 'city', c.names, 'district_id', p.district_id, 'district', d.names) order by p.id)
    from tutor_places p join cities c on c.id = p.city_id left join districts d on d.id = p.district_id where p.tutor_id = t.id), '[]'),
  'rate', (select json_build_object('id', r.id, 'names', r.names) from rates r where r.id = t.rate_id),
  'prices', coalesce((select json_agg(json_build_object('lesson_id', tp.lesson_id, 'minutes', tp.minutes, 'price_minor', tp.price_minor) order by tp.lesson_id, tp.minutes)
    from tutor_prices tp where tp.tutor_id = t.id), '[]'))`

type CardRow = Awaited<ReturnType<typeof selectCards>>[number]

function selectCards(db: Db, ids: number[]) {
  return db.selectFrom('tutors as t').select(cardSelection()).where('t.id', 'in', ids).execute()
}

export function rankOf(row: CardRow): { points: number; parts: RankPart[] } {
  return rankOfTutor(row)
}

/**
 * The price a card shows: the 60-minute price of the given subject (the catalogue's), else the
 * tutor's cheapest 60-minute price; minor units of the edition's currency.
 */
export function cardPrice(prices: CardRow['prices'], ed: Edition, lessonId?: number) {
  const hourly = prices.filter((p) => p.minutes === CATALOGUE_MINUTES)
  const chosen = lessonId === undefined ? null : hourly.find((p) => p.lesson_id === lessonId)
  const cheapest =
    chosen ??
    hourly.reduce<(typeof hourly)[number] | null>((min, p) => (min && min.price_minor <= p.price_minor ? min : p), null)
  return cheapest
    ? {
        amount_minor: cheapest.price_minor,
        currency: ed.currency,
        minutes: CATALOGUE_MINUTES,
        lesson_id: cheapest.lesson_id,
      }
    : null
}

/** A scope's reading half: where the texts come from and in which language. */
export type Reader = Pick<Scope, 'db' | 'locale' | 'edition'>

/**
 * A card, typed with its answer schema's output: the object literal below cannot miss, mistype or
 * add a field without a compile error, which is what lets production skip parsing the catalogue's
 * answers (server/trpc/sync-output.ts).
 */
export function toCard(
  row: CardRow,
  { locale, edition: ed }: Pick<Scope, 'locale' | 'edition'>,
  extra: { is_top?: boolean; lesson_id?: number } = {},
): TutorCard {
  const name = (names: unknown) => localName(names, locale, ed)
  // One pass over each subject's levels and prices (every catalogue card of every page runs this).
  const lessons: TutorCard['lessons'] = []
  const lessonLevels: TutorCard['lesson_levels'] = {}
  for (const s of row.subjects) {
    const levels: TutorCard['lessons'][number]['levels'] = []
    const levelIds: number[] = []
    for (const l of row.levels)
      if (l.lesson_id === s.id) {
        levels.push({ id: l.id, name: name(l.names) })
        levelIds.push(l.id)
      }
    const prices: TutorCard['lessons'][number]['prices'] = []
    for (const p of row.prices)
      if (p.lesson_id === s.id) prices.push({ minutes: p.minutes, amount_minor: p.price_minor })
    lessons.push({ id: s.id, alias: s.alias, name: name(s.names), description: s.description, levels, prices })
    lessonLevels[s.id] = levelIds
  }
  const school = row.status === SCHOOL_TUTOR_STATUS && ed.schoolRates
  const ranking = rankOf(row)
  const top = extra.is_top ?? false
  return {
    id: row.id,
    name: row.name,
    full_name: row.name,
    avatar: row.avatar_url ? { url: row.avatar_url, preview_url: previewUrl(row.avatar_url) } : null,
    status: row.status,
    rate_id: row.rate_id,
    rate: row.rate ? { id: row.rate.id, name: name(row.rate.names) } : null,
    /** The tutor's own price (tutors/prices.ts); `lessons[].prices` has every duration of each subject. */
    price: cardPrice(row.prices, ed, extra.lesson_id),
    currency: ed.currency,
    // School tutors (status 6) show the edition's school base rate instead of their own.
    school_rates: school ? { base: ed.schoolRates!.base, advanced: ed.schoolRates!.advanced } : null,
    lessons,
    lesson_levels: lessonLevels,
    city: row.places[0] ? name(row.places[0].city) : null,
    locations_home: placesOf(row.places, 'home', name),
    locations_travel: placesOf(row.places, 'travel', name),
    online: row.work_online,
    university: { name: row.university_name },
    description: row.description,
    short_description: row.short_description,
    rating: Math.round(row.review_avg * 10) / 10,
    review_count: row.review_count,
    response_bucket: row.response_minutes === null ? null : responseBucket(row.response_minutes),
    is_top: top,
    /** Why the card holds its place: paid TOP first, then these points (domain/catalogue/ranking.ts). */
    why: { top, points: ranking.points, parts: ranking.parts },
  }
}

/** A card's places of one kind, grouped by city (cities in id order), each with its districts. */
function placesOf(
  places: CardRow['places'],
  kind: 'home' | 'travel',
  name: (names: unknown) => string,
): TutorCard['locations_home'] {
  const cities: TutorCard['locations_home'] = []
  for (const p of places) {
    if (p.kind !== kind) continue
    let entry = cities.find((c) => c.city.id === p.city_id)
    if (!entry) {
      entry = { city: { id: p.city_id, name: name(p.city) }, districts: [] }
      cities.push(entry)
    }
    if (p.district_id !== null) entry.districts.push({ id: p.district_id, name: name(p.district) })
  }
  return cities.sort((a, b) => a.city.id - b.city.id)
}
export type TutorCard = z.output<typeof ZTutorCard>

/**
 * The JSON text of a list of cards: what JSON.stringify(cards) gives, at a third of the cost.
 * JavaScriptCore's fast JSON.stringify gives up on the whole value as soon as it meets an object with
 * integer-like keys, and every card has one (lesson_levels, keyed by subject id). So the list is
 * stringified once with a marker in each card's lesson_levels (put back before anything else runs),
 * and each small map is written into its place (integer keys and ids only, nothing to escape).
 */
export function cardsJson(cards: TutorCard[]): string {
  const levels = cards.map((card) => card.lesson_levels)
  const marked = cards as { lesson_levels: unknown }[]
  let text: string
  try {
    for (const card of marked) card.lesson_levels = LEVELS_MARK
    text = JSON.stringify(cards)
  } finally {
    for (let i = 0; i < cards.length; i++) marked[i]!.lesson_levels = levels[i]
  }
  const pieces = text.split(LEVELS_MARK_JSON)
  // One marker a card, always (no text of ours holds a NUL); should that ever fail, the plain way is still right.
  if (pieces.length !== cards.length + 1) return JSON.stringify(cards)
  let out = pieces[0]!
  for (let i = 0; i < cards.length; i++) out += levelsJson(levels[i]!) + pieces[i + 1]!
  return out
}
/** Stands in for lesson_levels while cards are stringified: no card text can hold it (PostgreSQL text holds no NUL). */
const LEVELS_MARK = '\u0000lesson_levels'
const LEVELS_MARK_JSON = JSON.stringify(LEVELS_MARK)
/** `{"12":[121,122],…}` by hand: Object.keys and plain concatenation (a for…in over integer keys cost twice as much). */
function levelsJson(levels: Record<string, number[]>): string {
  const ids = Object.keys(levels)
  let text = '{'
  for (let i = 0; i < ids.length; i++) {
    const levelIds = levels[ids[i]!]!
    let list = ''
    for (let j = 0; j < levelIds.length; j++) list += (j ? ',' : '') + Number(levelIds[j])
    text += `${i ? ',' : ''}"${Number(ids[i])}":[${list}]`
  }
  return `${text}}`
}

/** JSON text of an answer holding cards under `items` (the catalogue page, viewed tutors). */
export function withCardsJson(value: { items: TutorCard[] }): string {
  const { items, ...rest } = value
  const others = JSON.stringify(rest)
  return `{"items":${cardsJson(items)}${others === '{}' ? '}' : `,${others.slice(1)}`}`
}

/** Cards of the given tutors, in the given order (missing ones skipped). */
export async function cardsByIds(reader: Reader, ids: number[], tops: Set<number> = new Set()) {
  const { db } = reader
  if (ids.length === 0) return []
  const rows = await selectCards(db, ids)
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [toCard(row, reader, { is_top: tops.has(id) })] : []
  })
}
