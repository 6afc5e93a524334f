// Parts of a page's HTML kept between renders (client/lib/kept-html.ts), drawn again instead of being
// rendered again. Two kinds:
// - Tutor cards, by their content. A card is a pure function of its data, how it is drawn and the
//   language, so the HTML React rendered for them is drawn again wherever the same card appears: on
//   the next render of the page, on every other catalogue page that lists the tutor for the same
//   subject (city, district, level, price, sort and page all list the same card), and on the home
//   page. A tutor whose data changed has other data, hence another key: nothing is cleared, an old
//   card is only pushed out (the oldest first, CARD_HTML_CACHE cards at most).
// - The footer, by the identity of the page-wide reads it is drawn from (kept-queries.ts copies the
//   same answer objects into every page while they are kept): a staff write or the reads' TTL makes
//   new objects, so the old HTML is no longer found (and is collected with them).
// A page render still reads its tutors from the database every time; only their markup is not built
// again. Measured in docs/benchmarks.md.
import type { KeptHtml } from '../../client/lib/kept-html'
import { registerCache } from '../domain/shared/caches'
import { escapeScriptJson, scriptJson } from './head'

/** HTML kept by the reads it was drawn from: one level per read, the variant (language, year) at the end. */
interface SharedNode {
  next: WeakMap<object, SharedNode>
  html: Map<string, string>
}

/**
 * The kept HTML of this process: cards `maxCards` at most (0: none kept, everything rendered).
 * `knownJson` answers the JSON of card objects that keep theirs (listed-cards.ts), made once.
 */
export function keptHtml(maxCards: number, knownJson: (data: object) => string | undefined = () => undefined) {
  const cards = new Map<bigint, string>()
  let shared = new WeakMap<object, SharedNode>()
  const clear = () => {
    cards.clear()
    shared = new WeakMap()
  }
  const html = {
    clear,
    /** The recorder of one render: which parts it drew from what is kept, and which it rendered. */
    forRender: (): KeptHtmlRender | null =>
      maxCards > 0 ? new KeptHtmlRender({ cards, maxCards, shared: () => shared, knownJson }) : null,
    cardCount: () => cards.size,
  }
  registerCache('page_html', html)
  return html
}

interface Stores {
  cards: Map<bigint, string>
  maxCards: number
  shared: () => WeakMap<object, SharedNode>
  knownJson: (data: object) => string | undefined
}

/** One part drawn in a render: where it is kept, what was found, and how its element opens and closes. */
interface Taken {
  keep: (html: string) => void
  found: string | undefined
  open: string
  close: string
}

export class KeptHtmlRender implements KeptHtml {
  private readonly taken: Taken[] = []
  private off = false
  /** The JSON of the objects cards were drawn from in this render: each serialised once, for its key and the state. */
  private readonly json = new Map<object, string>()

  constructor(private readonly stores: Stores) {}

  take(data: object, variant: string, open: string): string | undefined {
    if (this.off) return undefined
    let json = this.json.get(data)
    if (json === undefined) {
      json = this.stores.knownJson(data) ?? JSON.stringify(data)
      this.json.set(data, json)
    }
    // A 64-bit hash of the data, seeded by how it is drawn (~1 kB; the key need not keep them).
    const key = BigInt(Bun.hash(json, variantSeed(variant)))
    const { cards, maxCards } = this.stores
    const found = cards.get(key)
    this.taken.push({
      found,
      open,
      close: closeOf(open),
      keep: (html) => {
        if (cards.size >= maxCards) cards.delete(cards.keys().next().value!)
        cards.set(key, html)
      },
    })
    return found
  }

  takeShared(reads: readonly object[], variant: string, open: string): string | undefined {
    if (this.off || reads.length === 0) return undefined
    let level = this.stores.shared()
    let node: SharedNode | undefined
    for (const read of reads) {
      node = level.get(read)
      if (!node) {
        node = { next: new WeakMap(), html: new Map() }
        level.set(read, node)
      }
      level = node.next
    }
    const html = node!.html
    const found = html.get(variant)
    this.taken.push({ found, open, close: closeOf(open), keep: (part) => html.set(variant, part) })
    return found
  }

  /** A render that is done again (the stream, when the first try suspended): every part renders in full. */
  stop() {
    this.off = true
  }

  /** The JSON of `data` if a card was drawn from it in this render. */
  jsonOf(data: unknown): string | undefined {
    return typeof data === 'object' && data !== null ? this.json.get(data) : undefined
  }

  /**
   * After a whole render: keeps the inner HTML of the parts rendered in it, found in `html` in the
   * order they were drawn (React writes the tree in order). Nothing is kept if the HTML does not hold
   * the parts where the order says.
   */
  keep(html: string) {
    if (this.off || !this.taken.some((part) => part.found === undefined)) return
    const inner: [number, number][] = []
    let from = 0
    for (const part of this.taken) {
      const open = html.indexOf(part.open, from)
      const start = open < 0 ? -1 : html.indexOf('>', open) + 1
      const end = start <= 0 ? -1 : html.indexOf(part.close, start)
      if (end < 0) return
      inner.push([start, end])
      from = end
    }
    for (const [i, part] of this.taken.entries())
      if (part.found === undefined) part.keep(html.slice(inner[i]![0], inner[i]![1]))
  }
}

/** A hash seed per way of drawing a card (language, year…; listed-cards.ts too): a few, worked out once. */
const seeds = new Map<string, number>()
export function variantSeed(variant: string): number {
  let seed = seeds.get(variant)
  if (seed === undefined) {
    if (seeds.size >= 10_000) seeds.clear()
    seed = Number(BigInt(Bun.hash(variant)) & 0xffff_ffffn)
    seeds.set(variant, seed)
  }
  return seed
}

/** `</tag>` for an element that opens with `<tag…` (the few openings there are, worked out once). */
const closings = new Map<string, string>()
function closeOf(open: string): string {
  const known = closings.get(open)
  if (known !== undefined) return known
  const close = `</${open.slice(1).split(/[\s>]/)[0]}>`
  closings.set(open, close)
  return close
}

/** Where a part of the state goes while the rest is serialised (a string no database text can be: NUL). */
const SLOT = (i: number) => `\u0000part${i}\u0000`
const SLOT_JSON = /"\\u0000part(\d+)\\u0000"/g

/**
 * scriptJson of a page's state, with JSON made before spliced in: the cards drawn in the render as
 * their keys serialised them (most of a catalogue page's state: serialised once per render, not
 * twice), and whole answers `keptJson` knows (the page-wide reads kept between renders: serialised
 * once while they are kept, kept-queries.ts).
 */
export function stateJson(
  state: { dehydrated: { queries: unknown[] } },
  kept: KeptHtmlRender | null,
  keptJson: (data: unknown) => string | undefined,
): string {
  // Each part escaped for the <script> on its own: escaping the whole after splicing would scan them again.
  const parts: string[] = []
  const slot = (escaped: string) => SLOT(parts.push(escaped) - 1)
  const queries = state.dehydrated.queries.map((q) => {
    const query = q as { state?: { data?: unknown } }
    const data = query.state?.data
    if (typeof data !== 'object' || data === null) return q
    const whole = keptJson(data)
    if (whole !== undefined) return { ...query, state: { ...query.state, data: slot(whole) } }
    const items = (data as { items?: unknown }).items
    if (!kept || !Array.isArray(items) || items.length === 0) return q
    const json = items.map((item) => kept.jsonOf(item))
    if (json.some((j) => j === undefined)) return q
    return {
      ...query,
      state: { ...query.state, data: { ...data, items: json.map((j) => slot(escapeScriptJson(j!))) } },
    }
  })
  const json = scriptJson({ ...state, dehydrated: { ...state.dehydrated, queries } })
  return parts.length ? json.replace(SLOT_JSON, (_, i: string) => parts[Number(i)]!) : json
}
