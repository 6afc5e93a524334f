// A page answered from pieces: the large ones the same for every visitor (a kept page: shared-pages.ts),
// encoded and compressed once when the page is rendered, and a few small ones per visitor (their
// header, who they are). A gzip answer is one gzip member whose deflate stream is the pieces' own
// deflate streams one after another: each kept piece is compressed on its own and ends with a sync
// flush (no final block, byte-aligned), so the streams join into one; an empty final block, the CRC-32
// and the length close it. Per request only the visitor's pieces are compressed, and the kept
// kilobytes are copied, not encoded or compressed again.
import { constants, deflateRawSync } from 'node:zlib'
import { acceptsEncoding } from '../http/compress'

export interface Piece {
  raw: Uint8Array
  /** Raw deflate, ending in a sync flush. */
  deflated: Uint8Array
}

const encoder = new TextEncoder()
const GZIP_HEADER = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
/** An empty final block with fixed codes: what a deflate stream ends with after a flush. */
const FINAL_BLOCK = new Uint8Array([0x03, 0x00])

/** A piece encoded and compressed (level 6 for what is kept and served many times, 4 per request). */
export function piece(text: string, level = 6): Piece {
  const raw = encoder.encode(text)
  return { raw, deflated: raw.byteLength ? deflateRawSync(raw, { level, finishFlush: constants.Z_SYNC_FLUSH }) : raw }
}

/** The pieces in order as one body: gzip when the request accepts it, else the plain bytes. */
export function composedBody(
  req: Request,
  pieces: (Piece | string)[],
): { body: Uint8Array<ArrayBuffer>; gzip: boolean } {
  const all = pieces.map((p) => (typeof p === 'string' ? piece(p, 4) : p))
  if (!acceptsEncoding(req, 'gzip')) return { body: concat(all.map((p) => p.raw)), gzip: false }
  let crc = 0
  let length = 0
  for (const p of all) {
    crc = Bun.hash.crc32(p.raw, crc)
    length += p.raw.byteLength
  }
  const trailer = new Uint8Array(8)
  const view = new DataView(trailer.buffer)
  view.setUint32(0, crc >>> 0, true)
  view.setUint32(4, length >>> 0, true)
  return { body: concat([GZIP_HEADER, ...all.map((p) => p.deflated), FINAL_BLOCK, trailer]), gzip: true }
}

/** The plain bytes of the pieces (what the micro-cache keeps). */
export function plainBody(pieces: (Piece | string)[]): Uint8Array<ArrayBuffer> {
  return concat(pieces.map((p) => (typeof p === 'string' ? encoder.encode(p) : p.raw)))
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.byteLength
  }
  return out
}
