// Reference data, the public reads (docs/product.md#4-states-and-transitions search form, the tutor profile form,
// /api/resources): active rows only, in the request's locale, ordered by sort then name.
import { sql } from 'kysely'
import type { Scope } from '../shared/scope'
import { type Locale, localePath } from '../../../common/editions'
import { notFound } from '../../../common/errors'
import { localName } from '../shared/names'
import {
  type Exec,
  ROW_COLUMNS,
  type ReferenceKind,
  type ReferenceScope,
  TAGS_PER_PAGE,
  namesOf,
  referenceLists,
  rows,
} from './reference'

// ---------------------------------------------------------------------------------------------
// Public reads: active rows only, in the request's locale, ordered by sort then name.

/** What a public read needs: the database, the edition and the answer's language. */
export type ReadScope = Pick<Scope, 'db' | 'edition' | 'locale'>

export interface FilterOption {
  value: string
  alias: string
  link: string
  text: string
  id: number
  district?: true
  subdistricts?: FilterOption[]
}

const COLLATOR_LOCALE: Record<Locale, string> = { ua: 'uk', ru: 'ru', en: 'en', pl: 'pl', es: 'es' }

function bySortThenName<T extends { sort: number; name: string }>(locale: Locale, list: T[]): T[] {
  const collator = new Intl.Collator(COLLATOR_LOCALE[locale])
  return [...list].sort((a, b) => a.sort - b.sort || collator.compare(a.name, b.name))
}

interface Named {
  id: number
  alias: string
  name: string
  sort: number
  text: string
  parent_id: number | null
  school: boolean
  popular: boolean
}

async function activeRows(
  db: Exec,
  at: ReferenceScope,
  where: { kind: ReferenceKind; parentIds?: number[] },
): Promise<Named[]> {
  const { kind } = where
  let q = rows(db, kind, at.edition).select(ROW_COLUMNS).where('r.active', '=', true)
  if (where.parentIds) {
    if (where.parentIds.length === 0) return []
    q = q.where('r.parent_id', 'in', where.parentIds)
  }
  const found = await q.execute()
  return bySortThenName(
    at.locale,
    found.map((r) => ({
      id: r.id,
      alias: r.alias,
      name: localName(namesOf(r.names), at.locale, at.edition),
      sort: r.sort,
      text: r.text,
      parent_id: r.parent_id,
      school: r.school,
      popular: r.popular,
    })),
  )
}

function groupBy<T extends { parent_id: number | null }>(list: T[]): Map<number, T[]> {
  const out = new Map<number, T[]>()
  for (const item of list)
    if (item.parent_id !== null) out.set(item.parent_id, [...(out.get(item.parent_id) ?? []), item])
  return out
}

const option = (r: Named, link: string): FilterOption => ({
  value: r.alias,
  alias: r.alias,
  link,
  text: r.name,
  id: r.id,
})

/** A list every page's search form reads, kept briefly in production (referenceLists). */
const keptList = (at: ReadScope, name: string, load: () => Promise<FilterOption[]>) =>
  referenceLists.get(at.db, `${name} ${at.edition.code} ${at.locale}`, load) as Promise<FilterOption[]>

/** GET /client/all_cities: every active city as a filter option. */
export async function allCities(at: ReadScope): Promise<FilterOption[]> {
  const link = localePath(at.edition, at.locale, `/${at.edition.catalogueAlias}/`)
  return keptList(at, 'cities', async () => (await activeRows(at.db, at, { kind: 'city' })).map((c) => option(c, link)))
}

/** GET /client/all_subjects: every active subject as a filter option linking to its catalogue page. */
export async function allSubjects(at: ReadScope): Promise<FilterOption[]> {
  return keptList(at, 'subjects', async () =>
    (await activeRows(at.db, at, { kind: 'lesson' })).map((l) =>
      option(l, localePath(at.edition, at.locale, `/${at.edition.catalogueAlias}/${l.alias}/`)),
    ),
  )
}

/** GET /api/resources/school_lessons: active subjects taught at the school. */
export async function schoolLessons(at: ReadScope): Promise<FilterOption[]> {
  return (await activeRows(at.db, at, { kind: 'lesson' }))
    .filter((l) => l.school)
    .map((l) => option(l, localePath(at.edition, at.locale, `/${at.edition.catalogueAlias}/${l.alias}/`)))
}

async function activeCity(db: Exec, at: ReferenceScope, cityId: number) {
  const city = await rows(db, 'city', at.edition)
    .select('r.id')
    .where('r.id', '=', cityId)
    .where('r.active', '=', true)
    .executeTakeFirst()
  if (!city) throw notFound()
}

/** GET /client/all_districts?city_id: the city's active districts (grouping flag) with their subdistricts. */
export async function allDistricts(at: ReadScope, { city_id: cityId }: { city_id: number }) {
  const { db } = at
  await activeCity(db, at, cityId)
  const link = localePath(at.edition, at.locale, `/${at.edition.catalogueAlias}/`)
  const districts = await activeRows(db, at, { kind: 'district', parentIds: [cityId] })
  const subs = groupBy(await activeRows(db, at, { kind: 'subdistrict', parentIds: districts.map((d) => d.id) }))
  return districts.map((d) => ({
    ...option(d, link),
    district: true as const,
    subdistricts: (subs.get(d.id) ?? []).map((s) => option(s, link)),
  }))
}

/**
 * GET /client/all_tags and /client/all_tags_online: active subjects with the number of tutors the
 * catalogue lists for them (offline in any city: city_id -1; online: city_id 0), a page at a time.
 */
export async function allTags(at: ReadScope, { online, page }: { online: boolean; page: number }) {
  const { db } = at
  const lessons = await activeRows(db, at, { kind: 'lesson' })
  const counts = new Map<number, number>()
  if (lessons.length) {
    const found = await db
      .selectFrom('catalogue_listings')
      .select(['lesson_id', sql<number>`count(*)::int`.as('n')])
      .where('city_id', '=', online ? 0 : -1)
      .where(
        'lesson_id',
        'in',
        lessons.map((l) => l.id),
      )
      .groupBy('lesson_id')
      .execute()
    for (const r of found) counts.set(r.lesson_id, r.n)
  }
  const base = online ? at.edition.onlineCatalogueAlias : at.edition.catalogueAlias
  const items = lessons.slice((page - 1) * TAGS_PER_PAGE, page * TAGS_PER_PAGE).map((l) => ({
    ...option(l, localePath(at.edition, at.locale, `/${base}/${l.alias}/`)),
    count: counts.get(l.id) ?? 0,
  }))
  return { items, total: lessons.length, page }
}

/** GET /api/resources/regions. */
export async function regions(at: ReadScope) {
  const found = await at.db
    .selectFrom('regions')
    .select(['id', 'alias', 'names', 'sort'])
    .where('edition', '=', at.edition.code)
    .execute()
  return bySortThenName(
    at.locale,
    found.map((r) => ({
      id: r.id,
      alias: r.alias,
      name: localName(namesOf(r.names), at.locale, at.edition),
      sort: r.sort,
    })),
  ).map(({ id, alias, name }) => ({ id, alias, name }))
}

/** A location tree entry (docs/product.md#3-entities-and-their-fields): id, name, region_id, active, alias, text,
 * subdistricts. */
export interface LocationEntry {
  id: number
  name: string
  region_id: number | null
  active: boolean
  alias: string
  text: string
  city_id?: number
  district_id?: number
  subdistricts?: LocationEntry[]
}

/** GET /api/resources/cities?region_id: active cities (of one region when given). */
export async function cities(
  at: ReadScope,
  { region_id: regionId }: { region_id?: number } = {},
): Promise<LocationEntry[]> {
  const list = await activeRows(at.db, at, { kind: 'city' })
  return list
    .filter((c) => regionId === undefined || c.parent_id === regionId)
    .map((c) => ({ id: c.id, name: c.name, region_id: c.parent_id, active: true, alias: c.alias, text: c.text }))
}

/** GET /api/resources/city_districts?city_id: the city's active districts, each with its active subdistricts. */
export async function cityDistricts(at: ReadScope, { city_id: cityId }: { city_id: number }) {
  const { db } = at
  const city = await rows(db, 'city', at.edition)
    .select(['r.id', 'r.parent_id'])
    .where('r.id', '=', cityId)
    .where('r.active', '=', true)
    .executeTakeFirst()
  if (!city) throw notFound()
  const districts = await activeRows(db, at, { kind: 'district', parentIds: [cityId] })
  const subs = groupBy(await activeRows(db, at, { kind: 'subdistrict', parentIds: districts.map((d) => d.id) }))
  return districts.map((d) => ({
    id: d.id,
    name: d.name,
    region_id: city.parent_id,
    city_id: cityId,
    active: true,
    alias: d.alias,
    text: d.text,
    subdistricts: (subs.get(d.id) ?? []).map((s) => ({
      id: s.id,
      name: s.name,
      region_id: city.parent_id,
      district_id: d.id,
      active: true,
      alias: s.alias,
      text: s.text,
    })),
  }))
}

export const TUTOR_PROFILE_RESOURCES = ['lessons', 'cities', 'rates'] as const
export type TutorProfileResource = (typeof TUTOR_PROFILE_RESOURCES)[number]

/**
 * GET /api/resources/tutor_profile: what the tutor profile form offers — subjects with their levels,
 * cities with districts and subdistricts, and price bands. `types` narrows it to some of the three.
 */
export async function tutorProfileResources(
  at: ReadScope,
  { types = TUTOR_PROFILE_RESOURCES }: { types?: readonly TutorProfileResource[] } = {},
) {
  const { db } = at
  const out: {
    lessons?: {
      id: number
      name: string
      alias: string
      school: boolean
      popular: boolean
      levels: { id: number; name: string; alias: string }[]
    }[]
    cities?: {
      id: number
      name: string
      alias: string
      region_id: number | null
      districts: {
        id: number
        name: string
        alias: string
        subdistricts: { id: number; name: string; alias: string }[]
      }[]
    }[]
    rates?: { id: number; name: string; min_price: number; max_price: number | null }[]
  } = {}
  const brief = (r: Named) => ({ id: r.id, name: r.name, alias: r.alias })
  if (types.includes('lessons')) {
    const lessons = await activeRows(db, at, { kind: 'lesson' })
    const levels = groupBy(await activeRows(db, at, { kind: 'level', parentIds: lessons.map((l) => l.id) }))
    out.lessons = lessons.map((l) => ({
      ...brief(l),
      school: l.school,
      popular: l.popular,
      levels: (levels.get(l.id) ?? []).map(brief),
    }))
  }
  if (types.includes('cities')) {
    const list = await activeRows(db, at, { kind: 'city' })
    const districts = await activeRows(db, at, { kind: 'district', parentIds: list.map((c) => c.id) })
    const subs = groupBy(await activeRows(db, at, { kind: 'subdistrict', parentIds: districts.map((d) => d.id) }))
    const byCity = groupBy(districts)
    out.cities = list.map((c) => ({
      ...brief(c),
      region_id: c.parent_id,
      districts: (byCity.get(c.id) ?? []).map((d) => ({
        ...brief(d),
        subdistricts: (subs.get(d.id) ?? []).map(brief),
      })),
    }))
  }
  if (types.includes('rates')) {
    const found = await db
      .selectFrom('rates')
      .select(['id', 'names', 'min_price', 'max_price', 'sort'])
      .where('edition', '=', at.edition.code)
      .orderBy('sort')
      .orderBy('min_price')
      .execute()
    out.rates = found.map((r) => ({
      id: r.id,
      name: localName(namesOf(r.names), at.locale, at.edition),
      min_price: r.min_price,
      max_price: r.max_price,
    }))
  }
  return out
}
