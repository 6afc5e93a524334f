// Every in-memory cache of a server process, by name, so that staff can empty them all at once
// (POST /admin/system/clear_cache, server/domain/site/clear-caches.ts) — on every process: the call
// clears its own and publishes on the bus, and each process's subscriber clears its own.
// A cache registers its clearing function where it is made (a module's cache at load, a per-app
// cache such as the micro-cache when the app is made).

const clearers = new Map<string, Set<() => void>>()

/** Registers `clear` under `name`; several caches may share a name (one per app instance). */
export function registerCache(name: string, clear: () => void): void {
  let set = clearers.get(name)
  if (!set) {
    set = new Set()
    clearers.set(name, set)
  }
  set.add(clear)
}

/** Empties every registered cache of this process; the names, sorted. */
export function clearEveryCache(): string[] {
  for (const set of clearers.values()) for (const clear of set) clear()
  return [...clearers.keys()].sort()
}
