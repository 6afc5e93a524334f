// Staff page metatags (panel SEO → page metatags: path, language, title, description, h1) as the
// server-rendered pages use them. Every page render asks, so the edition's rows are kept in memory
// and read again at most every PAGE_METATAGS_TTL_MS: a staff edit is served within that time, about
// when the rendered page caches (10 s) have let go of the old page too. clearPageMetatags empties it
// at once (the panel's clear_cache, tests).
import type { Db } from '../../../db/client'
import { keptReads } from '../shared/kept-reads'

export const PAGE_METATAGS_TTL_MS = 10_000

export interface ServedMetatags {
  title: string
  description: string
  h1: string
}

const kept = keptReads<Map<string, ServedMetatags>>('page_metatags', () => PAGE_METATAGS_TTL_MS)
export const clearPageMetatags = kept.clear

/** A path as staff may write it and as a request names it: without a trailing slash (but `/`). */
export function metatagsPathKey(path: string): string {
  const bare = path.split(/[?#]/)[0]!
  return bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare
}

async function loadEdition(db: Db, edition: string) {
  const rows = await db
    .selectFrom('page_metatags')
    .select(['path', 'locale', 'title', 'description', 'h1'])
    .where('edition', '=', edition)
    .execute()
  return new Map(
    rows.map((r) => [
      `${r.locale} ${metatagsPathKey(r.path)}`,
      { title: r.title, description: r.description, h1: r.h1 },
    ]),
  )
}

/** The staff's metatags of a page in a language, or null; empty fields mean "keep the page's own". */
export async function servedMetatags(
  db: Db,
  a: { edition: string; locale: string; path: string },
): Promise<ServedMetatags | null> {
  const rows = await kept.get(db, a.edition, () => loadEdition(db, a.edition))
  return rows.get(`${a.locale} ${metatagsPathKey(a.path)}`) ?? null
}
