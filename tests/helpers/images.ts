// Image files for upload tests.

/** A valid PNG whose header declares width × height over almost no data (a pixel-flood probe). */
export function pngWithHeader(width: number, height: number): Uint8Array {
  const enc = new TextEncoder()
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length)
    const view = new DataView(out.buffer)
    view.setUint32(0, data.length)
    out.set(enc.encode(type), 4)
    out.set(data, 8)
    view.setUint32(8 + data.length, Bun.hash.crc32(out.subarray(4, 8 + data.length)))
    return out
  }
  const ihdr = new Uint8Array(13)
  const v = new DataView(ihdr.buffer)
  v.setUint32(0, width)
  v.setUint32(4, height)
  ihdr.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const idat = Bun.deflateSync(new Uint8Array(1024))
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', new Uint8Array([0x78, 0x9c, ...idat])),
    chunk('IEND', new Uint8Array()),
  ]
  const total = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let o = 0
  for (const p of parts) {
    total.set(p, o)
    o += p.length
  }
  return total
}
