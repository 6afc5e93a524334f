// Server-rendered pages kept and shared by every visitor, signed in or not. A page is rendered
// without anybody's identity (the header, the one personal part, is an island rendered per visitor
// apart: client/shell/HeaderIsland.tsx), so what is kept holds no name, e-mail or role, and the same
// HTML serves everybody. Catalogue pages only: their cards are kept current by the version of their
// slot (subject × city, domain/catalogue/page-cache.ts), read once per request, and the reference
// data they were resolved with; the rest of the page (SEO text, footer, the search form's lists) may
// lag by at most the TTL, as the micro-cache of anonymous answers does (server/http/micro-cache.ts).
// Outside production, and with CATALOGUE_PAGE_CACHE=off, the TTL is 0: every request renders.

import { registerCache } from '../domain/shared/caches'

export interface Validity {
  version: number
  index: object
}

interface Entry<T> {
  at: number
  validity: Validity
  value: Promise<T>
}

/** Pages kept per process; the least recently used go first. A catalogue page is ~150 kB of HTML. */
const MAX_PAGES = 200

export function sharedPages<T extends { status: number }>(ttlMs: () => number) {
  const entries = new Map<string, Entry<T>>()
  registerCache('rendered_pages', entries)
  return {
    /**
     * The page kept under `key` while it is valid for `validity` and younger than the TTL, else
     * `render()`'s (requests arriving while it renders wait for the same render). Only a 200 is kept.
     */
    get(key: string, validity: Validity, render: () => Promise<T>): Promise<T> {
      const ttl = ttlMs()
      const hit = entries.get(key)
      if (
        hit &&
        Date.now() - hit.at < ttl &&
        hit.validity.version === validity.version &&
        hit.validity.index === validity.index
      ) {
        entries.delete(key)
        entries.set(key, hit)
        return hit.value
      }
      const value = render()
      if (ttl <= 0) return value
      const entry = { at: Date.now(), validity, value }
      entries.delete(key)
      entries.set(key, entry)
      if (entries.size > MAX_PAGES) entries.delete(entries.keys().next().value!)
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key)
      }
      value.then((page) => page.status !== 200 && forget(), forget)
      return value
    },
    /** What is kept now (tests read it: a kept page must hold nothing personal). */
    kept: () => Promise.all([...entries.values()].map((e) => e.value)),
  }
}
