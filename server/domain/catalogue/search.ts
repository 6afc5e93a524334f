// The catalogue query: a subject page in a city (optionally a district), in any city, or online,
// with level and price filters, four sort orders and pages. Reads only catalogue_listings (an
// index range scan per sort order) joined to the page's tutors.
import { type CompiledQuery, type InferResult, sql } from 'kysely'
import type { Db } from '../../../db/client'
import { CATALOGUE_PAGE_SIZE, type TCatalogueQuery } from '../../../common/schemas/public/catalogue.schema'
import type { Edition } from '../../../common/editions'
import { MINOR_PER_UNIT } from '../../../common/money'
import { notFound } from '../../../common/errors'
import { localName } from '../shared/names'
import { type AliasIndex, type RefRow, aliasIndex } from './aliases'
import { type Reader, cardSelection, toCard } from './cards'
import { catalogueMeta } from './seo'
import { ANY_CITY, ONLINE_CITY } from './listings'
import { keepPage, keptPage, pageCacheOn, slotVersion } from './page-cache'
import { cataloguePath } from '../../../common/catalogue-paths'
import { registerCache } from '../shared/caches'

/** Each sort's order over catalogue_listings as l: the columns of its index (migrations: catalogue_*_idx). */
const PAGE_ORDER: Record<TCatalogueQuery['sort'], ReturnType<typeof sql.raw>> = {
  rank: sql.raw('l.is_top desc, l.rank_points desc, l.tutor_id'),
  price: sql.raw('l.price asc nulls last, l.tutor_id'),
  price_desc: sql.raw('l.price desc nulls last, l.tutor_id'),
  rating: sql.raw('l.rating desc, l.review_count desc, l.tutor_id'),
  reviews: sql.raw('l.review_count desc, l.rating desc, l.tutor_id'),
}

export interface ResolvedFilters {
  lesson: RefRow
  city: RefRow | null
  district: RefRow | null
  level: RefRow | null
  online: boolean
}

/** A filter's row by its numeric id or by its slug; `key` turns a slug into its map key (a city's district). */
const byAliasOrId = (
  rows: { bySlug: Map<string, RefRow>; byId: Map<number, RefRow> },
  value: string,
  key = (a: string) => a,
) => (/^\d+$/.test(value) ? rows.byId.get(Number(value)) : rows.bySlug.get(key(value)))

/** Slugs (or ids) → reference rows; an unknown slug is not_found (a 404 page). */
export function resolveFilters(
  index: AliasIndex,
  q: Pick<TCatalogueQuery, 'lesson' | 'city' | 'district' | 'level' | 'online'>,
): ResolvedFilters {
  if (!q.lesson) throw notFound()
  const lesson = byAliasOrId({ bySlug: index.lessons, byId: index.byId.lessons }, q.lesson)
  if (!lesson) throw notFound()
  const online = !!q.online
  const city = !online && q.city ? byAliasOrId({ bySlug: index.cities, byId: index.byId.cities }, q.city) : null
  if (!online && q.city && !city) throw notFound()
  const district =
    city && q.district
      ? byAliasOrId({ bySlug: index.districts, byId: index.byId.districts }, q.district, (a) => `${city.id}:${a}`)
      : null
  if (q.district && (!district || district.parent_id !== city?.id)) throw notFound()
  const level = q.level
    ? byAliasOrId({ bySlug: index.levels, byId: index.byId.levels }, q.level, (a) => `${lesson.id}:${a}`)
    : null
  if (q.level && (!level || level.parent_id !== lesson.id)) throw notFound()
  return { lesson, city: city ?? null, district: district ?? null, level: level ?? null, online }
}

/**
 * The page query and the count query of a catalogue request (the benchmark runs them bare too).
 * Unfiltered, the page carries the slot's kept count as a `total` column, so one round trip answers
 * the request; filtered (narrower by nature), `total` is null and the count query counts.
 */
export function catalogueQueries(
  db: Db,
  f: ResolvedFilters,
  q: Pick<TCatalogueQuery, 'rate_id' | 'price_min' | 'price_max' | 'sort' | 'page'>,
) {
  const cityId = slotCity(f)
  let where = db
    .selectFrom('catalogue_listings as l')
    .where('l.lesson_id', '=', f.lesson.id)
    .where('l.city_id', '=', cityId)
  if (f.district) where = where.where(sql<boolean>`l.district_ids @> array[${f.district.id}]::int[]`)
  if (f.level) where = where.where(sql<boolean>`l.level_ids @> array[${f.level.id}]::int[]`)
  if (q.rate_id) where = where.where('l.rate_id', '=', q.rate_id)
  // price_min/price_max are whole units; listings keep the subject's 60-minute price in minor units.
  if (q.price_min !== undefined) where = where.where('l.price', '>=', q.price_min * MINOR_PER_UNIT)
  if (q.price_max !== undefined) where = where.where('l.price', '<=', q.price_max * MINOR_PER_UNIT)
  const filtered = !!(f.district || f.level || q.rate_id || q.price_min !== undefined || q.price_max !== undefined)
  // The slot's kept count, or null when filtered (then counted apart).
  const total = filtered
    ? sql<number | null>`null::int`
    : sql<
        number | null
      >`coalesce((select s.n from catalogue_slot_counts s where s.lesson_id = ${f.lesson.id} and s.city_id = ${cityId}), 0)`
  // The slot's version in the statement's own snapshot: what a kept copy of the answer is valid for (page-cache.ts).
  const version = sql<number>`coalesce((select s.version from catalogue_slot_counts s where s.lesson_id = ${f.lesson.id} and s.city_id = ${cityId}), 0)`

  // The page's keys first, from the sort's listing index alone (an index-only scan however deep the
  // page), then the tutors of those 20 keys. Joined before OFFSET, every skipped listing would read its
  // tutor's row too (docs/decisions.md#catalogue-paging-at-scale). `n` carries the order out of the subquery.
  const order = PAGE_ORDER[q.sort]
  const keys = where
    .select(['l.tutor_id', 'l.is_top', sql<number>`row_number() over (order by ${order})`.as('n')])
    .orderBy(order)
    .limit(CATALOGUE_PAGE_SIZE)
    .offset((q.page - 1) * CATALOGUE_PAGE_SIZE)
  const page = db
    .selectFrom(keys.as('l'))
    .innerJoin('tutors as t', 't.id', 'l.tutor_id')
    .select([...cardSelection(), 'l.is_top', total.as('total'), version.as('slot_version')])
    .orderBy('l.n')
  // The same tutors with each card's columns as one JSON text (`card_text`): a server-rendered page
  // keeps the cards it made by that text (server/ssr/listed-cards.ts), so a card seen before is
  // neither decoded column by column nor built again (docs/benchmarks.md).
  const pageAsText = db
    .selectFrom(keys.as('l'))
    .innerJoinLateral(
      (eb) => eb.selectFrom('tutors as t').select(cardSelection()).whereRef('t.id', '=', 'l.tutor_id').as('c'),
      (join) => join.onTrue(),
    )
    .select([sql<string>`to_json(c)::text`.as('card_text'), 'l.is_top', total.as('total'), version.as('slot_version')])
    .orderBy('l.n')
  return {
    page,
    pageAsText,
    /** Whether the page's rows carry the total (then `count` is needed only for an empty page). */
    totalInPage: !filtered,
    // Unfiltered: the slot's kept count (one row). Filtered: counted.
    count: filtered
      ? where.select([sql<number>`count(*)::int`.as('n'), version.as('slot_version')])
      : db
          .selectFrom(sql<{ n: number }>`(select 0 as n)`.as('zero'))
          .leftJoin('catalogue_slot_counts as s', (j) =>
            j.on('s.lesson_id', '=', f.lesson.id).on('s.city_id', '=', cityId),
          )
          .select([sql<number>`coalesce(s.n, 0)`.as('n'), sql<number>`coalesce(s.version, 0)`.as('slot_version')]),
  }
}

type Queries = ReturnType<typeof catalogueQueries>
export interface CompiledCatalogueQueries {
  page: CompiledQuery<InferResult<Queries['page']>[number]>
  pageAsText: CompiledQuery<InferResult<Queries['pageAsText']>[number]>
  count: CompiledQuery<InferResult<Queries['count']>[number]>
  totalInPage: boolean
}

/** Compiled statements kept per process (and database): the SQL text of a catalogue request, not its data. */
const MAX_COMPILED = 1000
let compiled = new WeakMap<Db, Map<string, CompiledCatalogueQueries>>()
registerCache('compiled_queries', () => {
  compiled = new WeakMap()
})

/**
 * catalogueQueries, compiled: building and compiling the statements costs more than a tenth of a
 * millisecond a request, and the same few pages are asked for again and again. The statements carry
 * no data, so keeping them never serves anything stale.
 */
export function compiledCatalogueQueries(
  db: Db,
  f: ResolvedFilters,
  q: Pick<TCatalogueQuery, 'rate_id' | 'price_min' | 'price_max' | 'sort' | 'page'>,
): CompiledCatalogueQueries {
  const key = `${f.lesson.id}|${slotCity(f)}|${f.district?.id ?? ''}|${f.level?.id ?? ''}|${q.rate_id ?? ''}|${q.price_min ?? ''}|${q.price_max ?? ''}|${q.sort}|${q.page}`
  let byKey = compiled.get(db)
  if (!byKey) {
    byKey = new Map()
    compiled.set(db, byKey)
  }
  const hit = byKey.get(key)
  if (hit) return hit
  const queries = catalogueQueries(db, f, q)
  let asText: CompiledCatalogueQueries['pageAsText'] | undefined
  const made: CompiledCatalogueQueries = {
    page: queries.page.compile(),
    // Compiled when first read: only the server-rendered page reads its cards as texts, the API never.
    get pageAsText() {
      asText ??= queries.pageAsText.compile()
      return asText
    },
    count: queries.count.compile(),
    totalInPage: queries.totalInPage,
  }
  if (byKey.size >= MAX_COMPILED) byKey.delete(byKey.keys().next().value!)
  byKey.set(key, made)
  return made
}

/** How many tutors a catalogue query finds (for metatags: no page of cards needed). */
export async function catalogueTotal(
  db: Db,
  f: ResolvedFilters,
  q: Pick<TCatalogueQuery, 'rate_id' | 'price_min' | 'price_max'>,
) {
  const { count } = compiledCatalogueQueries(db, f, { ...q, sort: 'rank', page: 1 })
  return (await db.executeQuery(count)).rows[0]!.n
}

/**
 * GET /client/seo_tag: a catalogue page's metatags and the staff's text. `total` when the caller has
 * counted the page's tutors already (the server-rendered page has, with its cards); else counted here.
 */
export async function catalogueSeoTag(
  reader: Reader,
  q: Pick<TCatalogueQuery, 'lesson' | 'city' | 'district' | 'level' | 'online' | 'rate_id' | 'price_min' | 'price_max'>,
  total?: number,
) {
  const filters = resolveFilters(await aliasIndex(reader.db, reader.edition.code), q)
  return catalogueMeta(reader, { filters, total: total ?? (await catalogueTotal(reader.db, filters, q)) })
}

/**
 * What a rendered catalogue page is valid for: its slot's version and the reference-data index its
 * slugs were resolved with (page-cache.ts). Null for a slug nothing matches (a 404 page).
 */
export async function catalogueValidity(
  db: Db,
  ed: Edition,
  q: Pick<TCatalogueQuery, 'lesson' | 'city' | 'district' | 'level' | 'online'>,
) {
  const index = await aliasIndex(db, ed.code)
  let f: ResolvedFilters
  try {
    f = resolveFilters(index, q)
  } catch {
    return null
  }
  return { version: await slotVersion(db, f.lesson.id, slotCity(f)), index }
}

/** The slot a catalogue query reads: a city, online, or any city. */
function slotCity(f: ResolvedFilters): number {
  return f.online ? ONLINE_CITY : (f.city?.id ?? ANY_CITY)
}

export async function searchCatalogue(reader: Reader, q: TCatalogueQuery): Promise<CatalogueResult> {
  const { db, locale, edition: ed } = reader
  const index = await aliasIndex(db, ed.code)
  const f = resolveFilters(index, q)
  // The same page in memory, while its slot has not changed (page-cache.ts).
  const key = pageCacheOn()
    ? JSON.stringify([
        ed.code,
        locale,
        f.lesson.id,
        slotCity(f),
        f.district?.id,
        f.level?.id,
        q.rate_id,
        q.price_min,
        q.price_max,
        q.sort,
        q.page,
      ])
    : ''
  const kept = pageCacheOn()
    ? keptPage<CatalogueResult>({ db, key, version: await slotVersion(db, f.lesson.id, slotCity(f)), index })
    : undefined
  if (kept) return kept

  const { rows, count } = await readPage(db, { f, q }, 'page')
  const result = resultOf(reader, { f, q, total: count.n }, (lessonId) =>
    rows.map((r) => toCard(r, reader, { is_top: r.is_top, lesson_id: lessonId })),
  )
  // Kept only when the rows and the total were read at one version (a filtered page counts in a second statement).
  const readAt = rows[0]?.slot_version ?? count.slot_version
  if (count.slot_version === readAt) keepPage({ db, key, version: readAt, index }, result)
  return result
}

/**
 * searchCatalogue for a server-rendered page: each card as the JSON text of its columns and its TOP
 * mark, for the page renderer to turn into the card it lists (server/ssr/listed-cards.ts). Not kept
 * (the renderer keeps the cards and its pages): the query every time.
 */
export async function searchCatalogueCardTexts(
  reader: Reader,
  q: TCatalogueQuery,
): Promise<CatalogueResultOf<{ text: string; is_top: boolean }>> {
  const f = resolveFilters(await aliasIndex(reader.db, reader.edition.code), q)
  const { rows, count } = await readPage(reader.db, { f, q }, 'pageAsText')
  return resultOf(reader, { f, q, total: count.n }, () => rows.map((r) => ({ text: r.card_text, is_top: r.is_top })))
}

/** The page's rows (as `statement` selects them) and the count, in one round trip where the page carries it. */
async function readPage<S extends 'page' | 'pageAsText'>(
  db: Db,
  { f, q }: { f: ResolvedFilters; q: Pick<TCatalogueQuery, 'rate_id' | 'price_min' | 'price_max' | 'sort' | 'page'> },
  statement: S,
) {
  const queries = compiledCatalogueQueries(db, f, q)
  const countRow = async () => (await db.executeQuery(queries.count)).rows[0]!
  const [{ rows }, counted] = await Promise.all([
    db.executeQuery(queries[statement] as CompiledCatalogueQueries[S]),
    queries.totalInPage ? null : countRow(),
  ])
  // A page past the end (or an empty slot) has no row to carry the total: count then.
  const first = rows[0] as { total: number | null; slot_version: number } | undefined
  const count = counted ?? (first ? { n: first.total!, slot_version: first.slot_version } : await countRow())
  return { rows: rows as InferResult<Queries[S]>, count }
}

/** A catalogue answer around its items: the totals, the filters by name in the reader's language, the path. */
function resultOf<Item>(
  { locale, edition: ed }: Reader,
  { f, q, total }: { f: ResolvedFilters; q: Pick<TCatalogueQuery, 'sort' | 'page'>; total: number },
  items: (lessonId: number) => Item[],
): CatalogueResultOf<Item> {
  const name = (r: RefRow | null) => (r ? { id: r.id, alias: r.alias, name: localName(r.names, locale, ed) } : null)
  return {
    items: items(f.lesson.id),
    total,
    page: q.page,
    per_page: CATALOGUE_PAGE_SIZE,
    pages: Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE)),
    sort: q.sort,
    filters: {
      lesson: name(f.lesson),
      city: name(f.city),
      district: name(f.district),
      level: name(f.level),
      online: f.online,
    },
    path: cataloguePath(ed, {
      online: f.online,
      lesson: f.lesson.alias,
      city: f.city?.alias,
      district: f.district?.alias,
    }),
  }
}

export type CatalogueResult = CatalogueResultOf<ReturnType<typeof toCard>>
export interface CatalogueResultOf<Item> {
  items: Item[]
  total: number
  page: number
  per_page: number
  pages: number
  sort: TCatalogueQuery['sort']
  filters: Record<'lesson' | 'city' | 'district' | 'level', { id: number; alias: string; name: string } | null> & {
    online: boolean
  }
  path: string
}
