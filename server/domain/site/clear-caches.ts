// POST /admin/system/clear_cache (docs/api.md#admin-staff-accounts-and-session): every cache of every server process is
// emptied — rendered pages and the micro-cache of anonymous answers, catalogue pages, compiled
// catalogue statements, the reference-data index, page metatags. This process clears at once; the
// others hear it on the bus (LISTEN/NOTIFY on a PostgreSQL server) and clear theirs.
import { clearEveryCache } from '../shared/caches'
import { audit } from '../shared/audit'
import type { Scope } from '../shared/scope'

export const CACHE_CLEAR_CHANNEL = 'cache_clear'

/** What the bus needs to tell the other processes. */
export interface CacheBus {
  publish(channel: string, payload: unknown): Promise<void>
}

export async function clearCaches(scope: Scope, bus: CacheBus): Promise<{ cleared: string[] }> {
  const cleared = clearEveryCache()
  await bus.publish(CACHE_CLEAR_CHANNEL, { at: Date.now() })
  await audit(scope.db, scope.actor, { action: 'system.clear_cache', entity: 'system', id: 0, data: { cleared } })
  return { cleared }
}
