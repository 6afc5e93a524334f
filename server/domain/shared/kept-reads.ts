// Reads that every page render asks for and that change rarely (staff metatags, site blocks, the search
// form's lists, the footer's rating), kept in memory per database handle and key for a short TTL. A staff
// change in this process empties the read at once (`clear()` from the write); other processes see it
// within the TTL, or at once after clear_cache (every kept read registers under its name). Concurrent
// misses share one read; a failed read is not kept, so the next request asks again. See
// docs/architecture.md#kept-reads.
import type { Db } from '../../../db/client'
import { registerCache } from './caches'

export interface KeptReads<V> {
  /** The value kept under `key` for `db` while younger than the TTL, else `load()`'s. */
  get(db: Db, key: string, load: () => Promise<V>): Promise<V>
  /** Forgets every kept value (a staff write, clear_cache, tests). */
  clear(): void
}

const MAX_KEYS = 1000

/** `ttlMs` is read on every get, so the boot can set it per environment (0: always read). */
export function keptReads<V>(name: string, ttlMs: () => number): KeptReads<V> {
  // Per database handle (tests run several databases in one process), then per key.
  let kept = new WeakMap<Db, Map<string, { at: number; value: Promise<V> }>>()
  const clear = () => {
    kept = new WeakMap()
  }
  registerCache(name, clear)
  if (ttlMs === pageReadsTtl) pageReads.add(clear)
  return {
    clear,
    get(db, key, load) {
      const ttl = ttlMs()
      if (ttl <= 0) return load()
      let byKey = kept.get(db)
      if (!byKey) {
        byKey = new Map()
        kept.set(db, byKey)
      }
      const hit = byKey.get(key)
      const now = Date.now()
      if (hit && now - hit.at < ttl) return hit.value
      const entry = { at: now, value: load() }
      byKey.delete(key)
      byKey.set(key, entry)
      // Bounded: the oldest key goes first (a read per language or edition never comes near).
      if (byKey.size > MAX_KEYS) byKey.delete(byKey.keys().next().value!)
      const map = byKey
      entry.value.catch(() => map.get(key) === entry && map.delete(key))
      return entry.value
    },
  }
}

let pageReadsTtlMs = 0

/**
 * How long the page-wide reads without a write path of their own (the search form's lists, the
 * footer's rating) are kept: set by the boot, 30 s in production, 0 elsewhere (tests write rows directly).
 */
export function setPageReadsTtl(ms: number): void {
  pageReadsTtlMs = ms
}
export const pageReadsTtl = () => pageReadsTtlMs

/** The clearing of every read kept with pageReadsTtl (the lists and the rendered pages' copies of them). */
const pageReads = new Set<() => void>()

/** After a staff write to what pages show on every page (reference rows, site blocks): this process shows it at once. */
export function clearPageReads(): void {
  for (const clear of pageReads) clear()
}
