// Compression for text answers: brotli for cached static files; for dynamic ones zstd where the client
// takes it (current Chrome, Edge and Firefox: level 1 is 40 % of gzip 4's CPU and a little smaller on
// a catalogue page, docs/benchmarks.md), else gzip. A large answer is compressed on the runtime's
// thread pool, so the request thread goes on with other requests meanwhile (a catalogue page's
// compression was ~8 % of its CPU on that thread).
import { promisify } from 'node:util'
import { brotliCompressSync, constants, gzip as gzipAsync } from 'node:zlib'

const gzipOffThread = promisify(gzipAsync)
/** Below this, a thread hop costs more than it frees. */
const OFF_THREAD_BYTES = 16 * 1024

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|ld\+json)|image\/svg\+xml)/

export function acceptsEncoding(req: Request, enc: 'br' | 'gzip' | 'zstd'): boolean {
  return (req.headers.get('accept-encoding') ?? '').split(',').some((p) => p.trim().split(';')[0] === enc)
}

export async function compressResponse(req: Request, res: Response): Promise<Response> {
  const type = res.headers.get('content-type') ?? ''
  if (!res.body || res.headers.has('content-encoding') || !COMPRESSIBLE.test(type)) return res
  const zstd = acceptsEncoding(req, 'zstd')
  if (!zstd && !acceptsEncoding(req, 'gzip')) return res
  const raw = new Uint8Array(await res.arrayBuffer())
  const headers = res.headers
  headers.append('vary', 'accept-encoding')
  if (raw.byteLength < 1024) return new Response(raw, { status: res.status, headers })
  headers.set('content-encoding', zstd ? 'zstd' : 'gzip')
  headers.delete('content-length')
  // zstd 1 and gzip 4: most of the size win at a fraction of the higher levels' CPU, which matters per request.
  const offThread = raw.byteLength >= OFF_THREAD_BYTES
  const body = zstd
    ? offThread
      ? await Bun.zstdCompress(raw, { level: 1 })
      : Bun.zstdCompressSync(raw, { level: 1 })
    : offThread
      ? await gzipOffThread(raw, { level: 4 })
      : Bun.gzipSync(raw, { level: 4 })
  return new Response(body as Uint8Array<ArrayBuffer>, { status: res.status, headers })
}

export function brotli(data: Uint8Array): Uint8Array {
  return brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
}
