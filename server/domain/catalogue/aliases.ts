// Slug → id lookups for catalogue paths, cached briefly per process: reference data changes rarely,
// and every catalogue request resolves two or three slugs. Staff edits clear the cache here; other
// processes see them within the TTL.
import type { Db } from '../../../db/client'
import type { EditionCode } from '../../../common/editions'
import { registerCache } from '../shared/caches'

const TTL_MS = 30_000

export interface RefRow {
  id: number
  alias: string
  names: unknown
  parent_id: number | null
}

export interface AliasIndex {
  lessons: Map<string, RefRow>
  cities: Map<string, RefRow>
  /** key: `${city_id}:${alias}` */
  districts: Map<string, RefRow>
  /** key: `${lesson_id}:${alias}` */
  levels: Map<string, RefRow>
  byId: {
    lessons: Map<number, RefRow>
    cities: Map<number, RefRow>
    districts: Map<number, RefRow>
    levels: Map<number, RefRow>
  }
}

// Per database handle (tests run several databases in one process), then per edition.
let cache = new WeakMap<Db, Map<string, { at: number; index: Promise<AliasIndex> }>>()

export function clearAliasCache() {
  cache = new WeakMap()
}
registerCache('reference_index', clearAliasCache)

async function load(db: Db, edition: EditionCode): Promise<AliasIndex> {
  const [lessons, cities, districts, levels] = await Promise.all([
    db
      .selectFrom('lessons')
      .select(['id', 'alias', 'names'])
      .where('edition', '=', edition)
      .where('active', '=', true)
      .execute(),
    db
      .selectFrom('cities')
      .select(['id', 'alias', 'names'])
      .where('edition', '=', edition)
      .where('active', '=', true)
      .execute(),
    db
      .selectFrom('districts')
      .innerJoin('cities', 'cities.id', 'districts.city_id')
      .select(['districts.id', 'districts.alias', 'districts.names', 'districts.city_id'])
      .where('cities.edition', '=', edition)
      .where('districts.active', '=', true)
      .execute(),
    db
      .selectFrom('levels')
      .innerJoin('lessons', 'lessons.id', 'levels.lesson_id')
      .select(['levels.id', 'levels.alias', 'levels.names', 'levels.lesson_id'])
      .where('lessons.edition', '=', edition)
      .where('levels.active', '=', true)
      .execute(),
  ])
  const row = (r: { id: number; alias: string; names: unknown }, parent: number | null = null): RefRow => ({
    id: r.id,
    alias: r.alias,
    names: r.names,
    parent_id: parent,
  })
  const L = lessons.map((r) => row(r))
  const C = cities.map((r) => row(r))
  const D = districts.map((r) => row(r, r.city_id))
  const V = levels.map((r) => row(r, r.lesson_id))
  return {
    lessons: new Map(L.map((r) => [r.alias, r])),
    cities: new Map(C.map((r) => [r.alias, r])),
    districts: new Map(D.map((r) => [`${r.parent_id}:${r.alias}`, r])),
    levels: new Map(V.map((r) => [`${r.parent_id}:${r.alias}`, r])),
    byId: {
      lessons: new Map(L.map((r) => [r.id, r])),
      cities: new Map(C.map((r) => [r.id, r])),
      districts: new Map(D.map((r) => [r.id, r])),
      levels: new Map(V.map((r) => [r.id, r])),
    },
  }
}

export function aliasIndex(db: Db, edition: EditionCode): Promise<AliasIndex> {
  let byEdition = cache.get(db)
  if (!byEdition) {
    byEdition = new Map()
    cache.set(db, byEdition)
  }
  const hit = byEdition.get(edition)
  if (hit && Date.now() - hit.at < TTL_MS) return hit.index
  const index = load(db, edition)
  byEdition.set(edition, { at: Date.now(), index })
  index.catch(() => byEdition.delete(edition))
  return index
}
