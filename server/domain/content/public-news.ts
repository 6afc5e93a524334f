// News on the site (docs/api.md#public-reads `GET /client/news?query`, `POST /client/news_one/set_rating`)
// A visitor sees the edition's news that are published and active, newest first, in
// their language (else the edition's default); /news/{category}/ lists an active category's news.
// /news/{slug}/ is a category when an active category has that alias, else the news item of that alias
// (the two share one alias space: news.ts), else a 404.
//
// Ratings, one per visitor: the visitor key is the signed-in person (`p:<person id>`) or staff member
// (`s:<staff id>`); anybody else is known by a SHA-256 of their client address (`ip:<hex>`, never the
// address itself). A key that rated the item already gets 409 `wrong_status` and changes nothing. Our
// decision: no cookie, so clearing cookies does not allow a second vote; people behind one address
// share one vote until they sign in. The rating row is the record (no audit entry per vote).
import { sql } from 'kysely'
import { DomainError, notFound, wrongStatus } from '../../../common/errors'
import type { Locale } from '../../../common/editions'
import {
  NEWS_PER_PAGE,
  type PublicNewsArticle,
  type PublicNewsCard,
  type PublicNewsList,
  type PublicNewsPage,
} from '../../../common/schemas/admin/news.schema'
import type { Executor } from '../shared/audit'
import type { Scope } from '../shared/scope'
import { imageAnswer } from './news-images'
import { localeOf, pick, ratingOf } from './news'
import { sanitizeRichText } from './sanitize'

type Texts = Partial<Record<Locale, string>>
type Read = Pick<Scope, 'db' | 'edition' | 'locale'>
const texts = (v: unknown): Texts => (v && typeof v === 'object' ? (v as Texts) : {})

/** Who rates: a signed-in person or staff member, else a hash of the client address. */
export function visitorKey(who: { personId?: number | null; staffId?: number | null; ip: string }): string {
  if (who.personId) return `p:${who.personId}`
  if (who.staffId) return `s:${who.staffId}`
  return `ip:${new Bun.CryptoHasher('sha256').update(`news-rating:${who.ip}`).digest('hex')}`
}

/** Plain text of HTML, for a description made of the text. */
function excerpt(html: string, max = 200): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  return `${cut.slice(0, cut.lastIndexOf(' ') > max * 0.6 ? cut.lastIndexOf(' ') : max).trimEnd()}…`
}

async function activeCategories(scope: Read) {
  const rows = await scope.db
    .selectFrom('news_categories')
    .select(['id', 'alias', 'names'])
    .where('edition', '=', scope.edition.code)
    .where('active', '=', true)
    .orderBy('id')
    .execute()
  const l = localeOf(scope)
  return rows.map((r) => ({
    id: r.id,
    alias: r.alias,
    name: pick(texts(r.names), l, scope.edition.defaultLocale) || r.alias,
  }))
}

const visible = (scope: Read, db: Executor = scope.db) =>
  db
    .selectFrom('news')
    .where('news.edition', '=', scope.edition.code)
    .where('news.published', '=', true)
    .where('news.active', '=', true)
    .where('news.published_at', 'is not', null)

const CARD = [
  'news.id',
  'news.alias',
  'news.category_id',
  'news.titles',
  'news.texts',
  'news.descriptions',
  'news.image',
  'news.published_at',
  'news.updated_at',
  'news.rating_sum',
  'news.rating_count',
] as const

type CardRow = {
  id: number
  alias: string
  category_id: number | null
  titles: unknown
  texts: unknown
  descriptions: unknown
  image: unknown
  published_at: Date | null
  updated_at: Date
  rating_sum: number
  rating_count: number
}

function card(scope: Read, r: CardRow, cats: Map<number, { alias: string; name: string }>): PublicNewsCard {
  const l = localeOf(scope)
  const def = scope.edition.defaultLocale
  const cat = r.category_id ? cats.get(r.category_id) : undefined
  return {
    id: r.id,
    alias: r.alias,
    title: pick(texts(r.titles), l, def),
    description: pick(texts(r.descriptions), l, def) || excerpt(sanitizeRichText(pick(texts(r.texts), l, def))),
    image: imageAnswer(r.image),
    category: cat ? { alias: cat.alias, name: cat.name } : null,
    published_at: r.published_at!.toISOString(),
    rating: ratingOf(r.rating_sum, r.rating_count),
  }
}

/** GET /client/news?page&category: an unknown or inactive category is a 404. */
export async function publicNewsList(
  scope: Read,
  input: { page?: number; category?: string } = {},
): Promise<PublicNewsList> {
  const page = input.page ?? 1
  const categories = await activeCategories(scope)
  const byId = new Map(categories.map((c) => [c.id, c]))
  let category: (typeof categories)[number] | null = null
  if (input.category) {
    category = categories.find((c) => c.alias === input.category) ?? null
    if (!category) throw notFound()
  }
  let q = visible(scope)
  if (category) q = q.where('news.category_id', '=', category.id)
  const [rows, total] = await Promise.all([
    q
      .select(CARD)
      .orderBy('news.published_at', 'desc')
      .orderBy('news.id', 'desc')
      .limit(NEWS_PER_PAGE)
      .offset((page - 1) * NEWS_PER_PAGE)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  return {
    items: rows.map((r) => card(scope, r, byId)),
    total: total.n,
    page,
    pages: Math.ceil(total.n / NEWS_PER_PAGE),
    category: category ? { alias: category.alias, name: category.name } : null,
    categories: categories.map((c) => ({ alias: c.alias, name: c.name })),
  }
}

/** One visible news item by its alias, or null. */
export async function findPublicNews(scope: Read, alias: string): Promise<PublicNewsArticle | null> {
  const row = await visible(scope).select(CARD).where('news.alias', '=', alias).executeTakeFirst()
  if (!row) return null
  const categories = await activeCategories(scope)
  const l = localeOf(scope)
  return {
    ...card(scope, row, new Map(categories.map((c) => [c.id, c]))),
    locale: l,
    text: sanitizeRichText(pick(texts(row.texts), l, scope.edition.defaultLocale)),
    updated_at: row.updated_at.toISOString(),
  }
}

/** The /news/ pages: the list (no slug, or a category's alias) or one item; anything else is a 404. */
export async function publicNewsPage(scope: Read, input: { slug?: string; page?: number }): Promise<PublicNewsPage> {
  if (!input.slug) return { kind: 'list', list: await publicNewsList(scope, { page: input.page }) }
  const isCategory = await scope.db
    .selectFrom('news_categories')
    .select('id')
    .where('edition', '=', scope.edition.code)
    .where('alias', '=', input.slug)
    .where('active', '=', true)
    .executeTakeFirst()
  if (isCategory) return { kind: 'list', list: await publicNewsList(scope, { page: input.page, category: input.slug }) }
  const article = await findPublicNews(scope, input.slug)
  if (!article) throw notFound()
  return { kind: 'article', article }
}

/** POST /client/news_one/set_rating?id&rating: once per visitor key; a repeat is 409 wrong_status. */
export async function rateNews(scope: Scope, input: { id: number; rating: number; visitor: string }) {
  if (!input.visitor) throw new DomainError('bad_request')
  return scope.db.transaction().execute(async (trx) => {
    const item = await visible(scope, trx)
      .select(['news.id'])
      .where('news.id', '=', input.id)
      .forUpdate()
      .executeTakeFirst()
    if (!item) throw notFound()
    const inserted = await trx
      .insertInto('news_ratings')
      .values({ news_id: input.id, visitor: input.visitor, rating: input.rating })
      .onConflict((oc) => oc.columns(['news_id', 'visitor']).doNothing())
      .returning('news_id')
      .executeTakeFirst()
    if (!inserted) throw wrongStatus()
    const row = await trx
      .updateTable('news')
      .set({ rating_sum: sql`rating_sum + ${input.rating}`, rating_count: sql`rating_count + 1` })
      .where('id', '=', input.id)
      .returning(['rating_sum', 'rating_count'])
      .executeTakeFirstOrThrow()
    return { id: input.id, rating: ratingOf(row.rating_sum, row.rating_count) }
  })
}
