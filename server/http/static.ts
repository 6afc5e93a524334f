// The built client (dist/client): hashed assets under /assets/ cached for a year, the rest briefly.
// Compressed copies are made once and kept in memory.
import { existsSync, statSync } from 'node:fs'
import { join, normalize } from 'node:path'
import { acceptsEncoding, brotli } from './compress'

const COMPRESSIBLE_EXT = /\.(js|mjs|css|svg|json|txt|xml|html|map)$/

export function staticFiles(root: string) {
  type Bytes = Uint8Array<ArrayBuffer>
  const cache = new Map<string, { raw: Bytes; br: Bytes | null; gz: Bytes | null; type: string }>()

  async function load(path: string) {
    const hit = cache.get(path)
    if (hit) return hit
    const file = Bun.file(path)
    const raw: Bytes = new Uint8Array(await file.arrayBuffer())
    const compressible = COMPRESSIBLE_EXT.test(path) && raw.byteLength > 512
    const entry = {
      raw,
      br: compressible ? (new Uint8Array(brotli(raw)) as Bytes) : null,
      gz: compressible ? (new Uint8Array(Bun.gzipSync(raw)) as Bytes) : null,
      type: file.type,
    }
    cache.set(path, entry)
    return entry
  }

  return {
    async serve(req: Request, pathname: string): Promise<Response | null> {
      if (pathname === '/' || pathname.endsWith('/') || pathname.endsWith('.html')) return null
      let decoded: string
      try {
        decoded = decodeURIComponent(pathname)
      } catch {
        return null
      }
      const path = normalize(join(root, decoded))
      if (!path.startsWith(root) || !existsSync(path) || !statSync(path).isFile()) return null
      const entry = await load(path)
      const headers = new Headers({ 'content-type': entry.type, vary: 'accept-encoding' })
      headers.set(
        'cache-control',
        pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      )
      if (entry.br && acceptsEncoding(req, 'br')) {
        headers.set('content-encoding', 'br')
        return new Response(entry.br, { headers })
      }
      if (entry.gz && acceptsEncoding(req, 'gzip')) {
        headers.set('content-encoding', 'gzip')
        return new Response(entry.gz, { headers })
      }
      return new Response(entry.raw, { headers })
    },
  }
}
