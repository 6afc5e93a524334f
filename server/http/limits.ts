// Request size and method limits, answered by the app in the contract's JSON envelope. Bun's own limits
// answer with a bare status line, so they are set above ours: Bun.serve's maxRequestBodySize to
// SERVER_BODY_CAP (server/main.ts) and the process's header limit to SERVER_HEADER_CAP (raiseServerLimits).
// Beyond those caps Bun still refuses by itself (413/431 without a body) before the app sees anything.
import http from 'node:http'

/** The largest body the app reads (uploads included). */
export const MAX_BODY_BYTES = 25 * 1024 * 1024
/** The largest header block (request line included) the app serves: Bun's default. */
export const MAX_HEADER_BYTES = 16 * 1024
/** Bun's limits: a declared length up to this is answered by the app without reading the body. */
export const SERVER_BODY_CAP = 1024 * 1024 * 1024
export const SERVER_HEADER_CAP = 1024 * 1024

/** Methods the app answers; anything else (CONNECT, TRACE, …) is a 405. */
export const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** Bun reads the header limit of the node:http module (the `--max-http-header-size` flag) for Bun.serve too. */
export function raiseServerLimits() {
  if (http.maxHeaderSize < SERVER_HEADER_CAP) (http as { maxHeaderSize: number }).maxHeaderSize = SERVER_HEADER_CAP
}

export function headerBytes(req: Request): number {
  let n = req.method.length + req.url.length + 12
  req.headers.forEach((value, name) => {
    n += name.length + value.length + 4
  })
  return n
}

export class BodyTooLarge extends Error {
  constructor() {
    super('body too large')
    this.name = 'BodyTooLarge'
  }
}

/** A declared length over the limit; a body without one (chunked) is cut off at the limit while it is read. */
export function declaredTooLarge(req: Request): boolean {
  const length = Number(req.headers.get('content-length') ?? 0)
  return length > MAX_BODY_BYTES
}

export function limitBody(req: Request): Request {
  if (!req.body || req.headers.has('content-length')) return req
  let seen = 0
  const limited = req.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, out) {
        seen += chunk.byteLength
        if (seen > MAX_BODY_BYTES) out.error(new BodyTooLarge())
        else out.enqueue(chunk)
      },
    }),
  )
  return new Request(req.url, {
    method: req.method,
    headers: req.headers,
    body: limited,
    duplex: 'half',
  } as RequestInit)
}
