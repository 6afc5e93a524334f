// The registry of a process's caches (server/domain/shared/caches.ts): staff's "clear every cache" empties
// a module's cache and every live app's cache, and an app's cache that nothing uses any more is not kept
// alive by the registry (tests and a rolling restart make many apps in one process).
import { expect, test } from 'bun:test'
import { clearEveryCache, liveCaches, registerCache } from '../../server/domain/shared/caches'
import { listedCards } from '../../server/ssr/listed-cards'

test('clearing every cache empties a module cache and an app cache', () => {
  const moduleCache = new Map([['k', 1]])
  registerCache('test_module_cache', () => moduleCache.clear())
  const appCache = new Map([['k', 1]])
  registerCache('test_app_cache', appCache)
  expect(clearEveryCache()).toEqual(expect.arrayContaining(['test_module_cache', 'test_app_cache']))
  expect(moduleCache.size).toBe(0)
  expect(appCache.size).toBe(0)
})

test('an app cache nobody holds is let go', () => {
  const made = 50
  const before = liveCaches('listed_cards')
  // Made in a function of their own, so no reference stays on this frame's stack.
  ;(() => {
    for (let i = 0; i < made; i++) listedCards(10)
  })()
  expect(liveCaches('listed_cards')).toBeGreaterThanOrEqual(before)
  for (let i = 0; i < 5; i++) Bun.gc(true)
  // A conservative stack scan may keep one or two; a registry holding them would keep all fifty.
  expect(liveCaches('listed_cards') - before).toBeLessThan(made / 2)
  clearEveryCache()
})
