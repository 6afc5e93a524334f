// A few seconds of memory for pages as anonymous visitors (and search engines) see them: the busiest
// catalogue and profile pages render once per TTL instead of once per request. Signed-in visitors,
// pages with a cookie and anything but a 200 always render fresh.
import { SessionCookie } from '../trpc/context'

export const MICRO_CACHE_TTL_MS = 10_000
const MAX_ENTRIES = 1000

interface Entry {
  at: number
  body: string
  headers: [string, string][]
}

export function microCache(ttlMs = MICRO_CACHE_TTL_MS) {
  const entries = new Map<string, Entry>()
  return {
    /** The cache key, or null when this request must render fresh. */
    keyOf(req: Request, url: URL, locale: string): string | null {
      if (ttlMs <= 0 || req.method !== 'GET' || SessionCookie.read(req.headers.get('cookie'))) return null
      return `${locale} ${url.pathname}${url.search}`
    },
    get(key: string): Response | null {
      const hit = entries.get(key)
      if (!hit || Date.now() - hit.at > ttlMs) return null
      const headers = new Headers(hit.headers)
      headers.set('age', String(Math.floor((Date.now() - hit.at) / 1000)))
      return new Response(hit.body, { status: 200, headers })
    },
    set(key: string, body: string, headers: Headers) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
      entries.set(key, { at: Date.now(), body, headers: [...headers] })
    },
  }
}
