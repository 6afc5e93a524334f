// The text of a PDF that pdfkit wrote with one embedded font: streams inflated (node:zlib), the
// font's ToUnicode CMap read, and every Tj/TJ string of the page contents mapped back to text, one
// line per text operator. Enough to check what an invoice says without a PDF library.
import { inflateSync } from 'node:zlib'

function streams(pdf: Uint8Array): string[] {
  const text = Buffer.from(pdf).toString('latin1')
  const out: string[] = []
  const re = /stream\r?\n/g
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index + m[0].length
    const end = text.indexOf('endstream', start)
    if (end < 0) break
    const dictStart = text.lastIndexOf(' obj', m.index)
    const dict = text.slice(dictStart, m.index)
    let data: Buffer = Buffer.from(pdf.subarray(start, end))
    if (/\/FlateDecode/.test(dict)) {
      try {
        data = inflateSync(data)
      } catch {
        continue
      }
    }
    out.push(data.toString('latin1'))
    re.lastIndex = end
  }
  return out
}

const hexChars = (hex: string) => Buffer.from(hex.replace(/\s+/g, ''), 'hex')

function unicodeOf(hex: string): string {
  const b = hexChars(hex)
  let s = ''
  for (let i = 0; i + 1 < b.length; i += 2) s += String.fromCharCode(b.readUInt16BE(i))
  return s
}

function cmapOf(cmap: string): Map<number, string> {
  const map = new Map<number, string>()
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, src, dst] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(parseInt(src!, 16), unicodeOf(dst!))
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, rest] of block[1]!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const from = parseInt(lo!, 16)
      const to = parseInt(hi!, 16)
      if (rest!.startsWith('[')) {
        const items = [...rest!.matchAll(/<([0-9a-fA-F]+)>/g)].map((x) => unicodeOf(x[1]!))
        for (const [i, u] of items.entries()) map.set(from + i, u)
      } else {
        const base = hexChars(rest!.slice(1, -1))
        const first = base.readUInt16BE(base.length - 2)
        for (let c = from; c <= to; c++) map.set(c, String.fromCharCode(first + (c - from)))
      }
    }
  }
  return map
}

/** The lines of text of the PDF (one per Tj/TJ). */
export function pdfText(pdf: Uint8Array): string[] {
  const all = streams(pdf)
  const cmap = new Map<number, string>()
  for (const s of all) if (s.includes('begincmap')) for (const [k, v] of cmapOf(s)) cmap.set(k, v)
  const decode = (hex: string) => {
    const b = hexChars(hex)
    let s = ''
    for (let i = 0; i + 1 < b.length; i += 2) s += cmap.get(b.readUInt16BE(i)) ?? '\uFFFD'
    return s
  }
  const lines: string[] = []
  for (const s of all) {
    if (s.includes('begincmap') || !/T[jJ]/.test(s)) continue
    for (const m of s.matchAll(/(\[(?:[^\]]*)\])\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (m[1]) lines.push([...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => decode(x[1]!)).join(''))
      else lines.push(decode(m[2]!))
    }
  }
  return lines
}
