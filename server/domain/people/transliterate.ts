// Cyrillic → Latin by the Ukrainian national transliteration (Cabinet of Ministers resolution No. 55
// of 27 January 2010), the system of Ukrainian passports and place names. No maintained npm package
// implements it (the one preset found lacks "зг" → "zgh" and the word-initial forms outside є/ї, and
// knows one language at a time), so the table is here.
//
// Rules of the resolution: г → h, ґ → g, и → y, і → i; є, ї, й, ю, я are ye, yi, y, yu, ya at the
// start of a word and ie, i, i, iu, ia elsewhere; "зг" → "zgh" (to tell it from "zh" = ж); the soft
// sign and the apostrophe are dropped. Our extension for Russian text (the resolution has no such
// letters): ё like є (yo/io), ы → y, э → e, ъ dropped.

const PLAIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'y',
  і: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ь: '',
  ъ: '',
  ы: 'y',
  э: 'e',
}

/** Letters written one way at the start of a word and another elsewhere: [initial, elsewhere]. */
const POSITIONAL: Record<string, [string, string]> = {
  є: ['ye', 'ie'],
  ї: ['yi', 'i'],
  й: ['y', 'i'],
  ю: ['yu', 'iu'],
  я: ['ya', 'ia'],
  ё: ['yo', 'io'],
}

const APOSTROPHES = new Set(["'", '’', 'ʼ', '`', 'ʹ'])
const isCyrillic = (ch: string | undefined) => !!ch && /[\u0400-\u04FF]/.test(ch)
const isLetter = (ch: string | undefined) => !!ch && /\p{L}/u.test(ch)
const isUpper = (ch: string | undefined) => !!ch && ch !== ch.toLowerCase() && ch === ch.toUpperCase()

function withCase(latin: string, source: string, neighbours: (string | undefined)[]): string {
  if (!isUpper(source) || latin === '') return latin
  // A capital inside an all-capitals word keeps the whole digraph in capitals ("ЩУКА" → "SHCHUKA").
  const allCaps = latin.length > 1 && neighbours.some((n) => isLetter(n) && isUpper(n))
  return allCaps ? latin.toUpperCase() : latin[0]!.toUpperCase() + latin.slice(1)
}

/** Transliterates the Cyrillic letters of `text`; everything else is kept as it is. */
export function transliterate(text: string): string {
  const chars = [...text.normalize('NFC')]
  let out = ''
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!
    const lower = ch.toLowerCase()
    const prev = chars[i - 1]
    const next = chars[i + 1]
    if (APOSTROPHES.has(ch)) {
      // Dropped between letters of a word (Мар'їне → Marine); a quotation mark elsewhere stays.
      if (isCyrillic(prev) && isCyrillic(next)) continue
      out += ch
      continue
    }
    if (!isCyrillic(ch)) {
      out += ch
      continue
    }
    const neighbours = [prev, next]
    let latin: string
    if (lower in POSITIONAL) {
      // Initial: nothing that belongs to the word before it (a letter, or an apostrophe inside the word).
      const initial = !isLetter(prev) && !(prev !== undefined && APOSTROPHES.has(prev) && isCyrillic(chars[i - 2]))
      latin = POSITIONAL[lower]![initial ? 0 : 1]
    } else if (lower === 'г' && prev?.toLowerCase() === 'з') {
      latin = 'gh'
    } else {
      latin = PLAIN[lower] ?? ch
    }
    out += withCase(latin, ch, neighbours)
  }
  return out
}
