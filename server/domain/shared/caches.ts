// Every in-memory cache of a server process, by name, so that staff can empty them all at once
// (POST /admin/system/clear_cache, server/domain/site/clear-caches.ts) — on every process: the call
// clears its own and publishes on the bus, and each process's subscriber clears its own.
// A cache registers where it is made: a module's cache at load, by its clearing function (kept for the
// process's life); a per-app cache such as the micro-cache when the app is made, by the cache itself
// (anything with a `clear()`), held weakly, so an app that is dropped (tests make many) takes its
// cache with it instead of the registry keeping it.

type Clearable = { clear(): void }

const clearers = new Map<string, Set<(() => void) | WeakRef<Clearable>>>()

/** Registers a cache under `name`; several caches may share a name (one per app instance). */
export function registerCache(name: string, cache: (() => void) | Clearable): void {
  let set = clearers.get(name)
  if (!set) {
    set = new Set()
    clearers.set(name, set)
  }
  set.add(typeof cache === 'function' ? cache : new WeakRef(cache))
}

/** Empties every registered cache of this process; the names, sorted. */
export function clearEveryCache(): string[] {
  for (const set of clearers.values())
    for (const entry of set) {
      if (typeof entry === 'function') entry()
      else {
        const cache = entry.deref()
        if (cache) cache.clear()
        else set.delete(entry)
      }
    }
  return [...clearers.keys()].sort()
}

/** How many caches registered under `name` are still alive (tests). */
export function liveCaches(name: string): number {
  return [...(clearers.get(name) ?? [])].filter((e) => typeof e === 'function' || e.deref() !== undefined).length
}
