// The first-load JavaScript of every public page stays within the budget (scripts/bundle-size.ts:
// the entry chunk and its static imports, the page's chunk and its language's catalog, gzipped).
// Reads the build in dist/client, which the test runner (scripts/test.ts) makes before the tests.
import { describe, expect, test } from 'bun:test'
import { resolve } from 'node:path'
import { PAGE_MODULES, PERSON_MENUS } from '../../client/pages'
import { CATALOG_MODULES } from '../../i18n/load'
import { BUDGET_BYTES, PUBLIC_PAGES, measurePublicPages } from '../../scripts/bundle-size'
import { entryKey, readManifest, staticClosure } from '../../server/ssr/assets'

const CLIENT_DIR = resolve(import.meta.dir, '../../dist/client')

describe('first-load JavaScript of the public pages', () => {
  const pages = measurePublicPages(CLIENT_DIR)

  for (const { label } of PUBLIC_PAGES)
    test(`${label}: ≤ ${BUDGET_BYTES / 1000} kB gzipped`, () => {
      const page = pages.find((p) => p.label === label)!
      expect(page.files.length).toBeGreaterThan(1)
      expect(page.gzip).toBeLessThanOrEqual(BUDGET_BYTES)
    })

  test('every page, the person menus and every catalog are chunks of their own, named by their `src`', () => {
    const manifest = readManifest(CLIENT_DIR)!
    const entry = staticClosure(manifest, entryKey(manifest))
    const srcs = [...Object.values(PAGE_MODULES), PERSON_MENUS, ...Object.values(CATALOG_MODULES)].map((m) => m.src)
    for (const src of new Set(srcs)) {
      expect(manifest[src]?.isDynamicEntry, src).toBe(true)
      expect(entry).not.toContain(src)
    }
  })
})
