// A few seconds of memory for what anonymous visitors (and search engines) read most: the busiest
// catalogue and profile pages, and the catalogue API behind them, are built once per TTL instead of
// once per request. Signed-in visitors, requests with a session cookie and anything but a 200 always
// get a fresh answer. The gzip form is made once per entry, not once per hit (compress.ts skips an
// answer that already has a content-encoding).
import { SessionCookie } from '../trpc/context'
import { acceptsEncoding } from './compress'
import { registerCache } from '../domain/shared/caches'

export const MICRO_CACHE_TTL_MS = 10_000
const MAX_ENTRIES = 1000
const GZIP_FROM_BYTES = 1024

interface Entry {
  at: number
  body: Uint8Array<ArrayBuffer>
  gzip: Uint8Array<ArrayBuffer> | null
  headers: [string, string][]
}

export function microCache(ttlMs = MICRO_CACHE_TTL_MS) {
  const entries = new Map<string, Entry>()
  registerCache('micro_cache', entries)
  return {
    /** The cache key, or null when this request must be answered fresh. */
    keyOf(req: Request, url: URL, locale: string): string | null {
      if (ttlMs <= 0 || req.method !== 'GET' || SessionCookie.read(req.headers.get('cookie'))) return null
      return `${locale} ${url.pathname}${url.search}`
    },
    get(key: string, req: Request): Response | null {
      const hit = entries.get(key)
      if (!hit || Date.now() - hit.at > ttlMs) return null
      const headers = new Headers(hit.headers)
      headers.set('age', String(Math.floor((Date.now() - hit.at) / 1000)))
      if (hit.gzip && acceptsEncoding(req, 'gzip')) {
        headers.set('content-encoding', 'gzip')
        headers.append('vary', 'accept-encoding')
        return new Response(hit.gzip, { status: 200, headers })
      }
      return new Response(hit.body, { status: 200, headers })
    },
    set(key: string, body: string | Uint8Array<ArrayBuffer>, headers: Headers) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
      const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body
      const stored = new Headers(headers)
      stored.delete('set-cookie')
      stored.delete('content-length')
      entries.set(key, {
        at: Date.now(),
        body: bytes,
        gzip: bytes.byteLength >= GZIP_FROM_BYTES ? Bun.gzipSync(bytes, { level: 6 }) : null,
        headers: [...stored],
      })
    },
  }
}

/** A 200 answer worth keeping, read once: the caller gets an equal Response back. */
export async function keepIfOk(
  cache: ReturnType<typeof microCache>,
  key: string | null,
  res: Response,
): Promise<Response> {
  if (!key || res.status !== 200 || res.headers.has('set-cookie') || res.headers.has('content-encoding')) return res
  const body = new Uint8Array(await res.arrayBuffer())
  cache.set(key, body, res.headers)
  return new Response(body, { status: res.status, headers: res.headers })
}
