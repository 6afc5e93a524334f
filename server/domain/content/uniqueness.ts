// Blog uniqueness (docs/api.md#admin-ads-and-blogs `POST /admin/blog/check_uniqueness {id}`:
// "a text already published elsewhere on the site is flagged"). The post's visible text is cut into
// shingles (runs of SHINGLE words, lower-cased, punctuation dropped); every other published post, every
// news item on the site (published and active) and every active static page of the edition, in each of
// their languages, is cut the same way. A text sharing at least MIN_SHARE of
// the post's shingles is a match. Our decision on the numbers: 5-word shingles and 15 % — a quoted
// sentence or two is fine, a copied paragraph is not.
import { notFound } from '../../../common/errors'
import { plainText } from '../../../common/schemas/content/blogs-ads.schema'
import type { Scope } from '../shared/scope'

export const SHINGLE = 5
export const MIN_SHARE = 0.15
/** The newest published posts compared (a bound on one staff click's work). */
const MAX_COMPARED = 5000

export function shingles(html: string): Set<string> {
  const words = plainText(html)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  const out = new Set<string>()
  if (words.length < SHINGLE) {
    if (words.length) out.add(words.join(' '))
    return out
  }
  for (let i = 0; i + SHINGLE <= words.length; i++) out.add(words.slice(i, i + SHINGLE).join(' '))
  return out
}

function share(mine: Set<string>, other: Set<string>): number {
  if (!mine.size) return 0
  let n = 0
  for (const s of mine) if (other.has(s)) n++
  return n / mine.size
}

type Match = { kind: 'blog' | 'static_page' | 'news'; id: number; title: string; share: number }

/** POST /admin/blog/check_uniqueness {id} */
export async function checkBlogUniqueness(
  scope: Scope,
  input: { id: number },
): Promise<{ unique: boolean; matches: Match[] }> {
  const blog = await scope.db
    .selectFrom('blogs')
    .select(['id', 'text'])
    .where('id', '=', input.id)
    .where('edition', '=', scope.edition.code)
    .executeTakeFirst()
  if (!blog) throw notFound()
  const mine = shingles(blog.text)
  const matches: Match[] = []
  const consider = ({ kind, id, title, text }: { kind: Match['kind']; id: number; title: string; text: string }) => {
    const s = share(mine, shingles(text))
    if (s >= MIN_SHARE) matches.push({ kind, id, title, share: Math.round(s * 100) / 100 })
  }
  const blogs = await scope.db
    .selectFrom('blogs')
    .select(['id', 'title', 'text'])
    .where('edition', '=', scope.edition.code)
    .where('status', '=', 'published')
    .where('id', '<>', blog.id)
    .orderBy('id', 'desc')
    .limit(MAX_COMPARED)
    .execute()
  for (const b of blogs) consider({ kind: 'blog', id: b.id, title: b.title, text: b.text })
  const pages = await scope.db
    .selectFrom('static_pages')
    .select(['id', 'alias', 'titles', 'texts'])
    .where('edition', '=', scope.edition.code)
    .where('active', '=', true)
    .execute()
  for (const p of pages) {
    const titles = (p.titles ?? {}) as Record<string, string>
    for (const text of Object.values((p.texts ?? {}) as Record<string, string>))
      consider({ kind: 'static_page', id: p.id, title: titles[scope.edition.defaultLocale] || p.alias, text })
  }
  const news = await scope.db
    .selectFrom('news')
    .select(['id', 'alias', 'titles', 'texts'])
    .where('edition', '=', scope.edition.code)
    .where('published', '=', true)
    .where('active', '=', true)
    .orderBy('id', 'desc')
    .limit(MAX_COMPARED)
    .execute()
  for (const n of news) {
    const titles = (n.titles ?? {}) as Record<string, string>
    for (const text of Object.values((n.texts ?? {}) as Record<string, string>))
      consider({ kind: 'news', id: n.id, title: titles[scope.edition.defaultLocale] || n.alias, text })
  }
  // One entry per text (a static page or a news item may match in two languages): the strongest.
  const best = new Map<string, Match>()
  for (const m of matches) {
    const k = `${m.kind}:${m.id}`
    if ((best.get(k)?.share ?? -1) < m.share) best.set(k, m)
  }
  const list = [...best.values()].sort((a, b) => b.share - a.share).slice(0, 20)
  return { unique: list.length === 0, matches: list }
}
