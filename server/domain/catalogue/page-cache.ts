// Catalogue pages kept in memory, each with the version of its slot (subject × city) it was read at.
// A request reads the slot's version, one primary-key lookup, and answers from memory while it is
// the same. Every rebuild of a listing raises its slot's version in the same transaction
// (listings.ts), so a kept page is never stale, in any process: the version lives in the database.
// Unlike the micro-cache of anonymous HTTP answers this serves signed-in visitors too, since a
// catalogue page does not depend on who asks.
import type { Db } from '../../../db/client'
import type { Executor } from '../shared/audit'
import { registerCache } from '../shared/caches'

/** Pages kept per process (and database); the least recently used go first. A page is ~40 kB. */
const MAX_PAGES = 500

interface Kept<T> {
  version: number
  /** The reference-data index the page was resolved with: a reload (new names) makes it stale too. */
  index: object
  value: T
}

let enabled = true
let kept = new WeakMap<Db, Map<string, Kept<unknown>>>()
registerCache('catalogue_pages', () => {
  kept = new WeakMap()
})

/** CATALOGUE_PAGE_CACHE=off (benchmarks measuring the query path itself). */
export function setCataloguePageCache(on: boolean) {
  enabled = on
  kept = new WeakMap()
}

export const pageCacheOn = () => enabled

/** The slot's version; 0 while the slot has never had a listing. */
export async function slotVersion(db: Executor, lessonId: number, cityId: number): Promise<number> {
  const row = await db
    .selectFrom('catalogue_slot_counts')
    .select('version')
    .where('lesson_id', '=', lessonId)
    .where('city_id', '=', cityId)
    .executeTakeFirst()
  return row?.version ?? 0
}

/** Where a page is kept and what it was read at: the slot's version and the reference-data index. */
export interface PageSlot {
  db: Db
  key: string
  version: number
  index: object
}

export function keptPage<T>({ db, key, version, index }: PageSlot): T | undefined {
  if (!enabled) return undefined
  const pages = kept.get(db)
  const hit = pages?.get(key)
  if (!hit || hit.version !== version || hit.index !== index) return undefined
  // Most recently used last.
  pages!.delete(key)
  pages!.set(key, hit)
  return hit.value as T
}

export function keepPage<T>({ db, key, version, index }: PageSlot, value: T) {
  if (!enabled) return
  let pages = kept.get(db)
  if (!pages) {
    pages = new Map()
    kept.set(db, pages)
  }
  pages.delete(key)
  pages.set(key, { version, index, value })
  if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!)
}
