// Compression for text answers: brotli for cached static files, gzip for dynamic ones (cheaper).
import { brotliCompressSync, constants } from 'node:zlib'

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|ld\+json)|image\/svg\+xml)/

export function acceptsEncoding(req: Request, enc: 'br' | 'gzip'): boolean {
  return (req.headers.get('accept-encoding') ?? '').split(',').some((p) => p.trim().split(';')[0] === enc)
}

export async function compressResponse(req: Request, res: Response): Promise<Response> {
  const type = res.headers.get('content-type') ?? ''
  if (!res.body || res.headers.has('content-encoding') || !COMPRESSIBLE.test(type) || !acceptsEncoding(req, 'gzip'))
    return res
  const raw = new Uint8Array(await res.arrayBuffer())
  const headers = res.headers
  headers.append('vary', 'accept-encoding')
  if (raw.byteLength < 1024) return new Response(raw, { status: res.status, headers })
  headers.set('content-encoding', 'gzip')
  headers.delete('content-length')
  // Level 4: most of the size win at a fraction of level 6's CPU, which matters per request.
  return new Response(Bun.gzipSync(raw, { level: 4 }), { status: res.status, headers })
}

export function brotli(data: Uint8Array): Uint8Array {
  return brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
}
