// sitemap.xml (an index) and its parts, and robots.txt, per edition. The route table (common/routes.ts)
// names the parts and the fixed pages; catalogue pages are listed only where tutors are listed; tutor
// profiles in parts of at most 50,000 URLs.
import { sql } from 'kysely'
import type { Db } from '../../db/client'
import { cataloguePath } from '../../common/catalogue-paths'
import { DEFAULT_ROBOTS, getCoreFiles } from '../domain/catalogue/seo-admin'
import { type Edition, localePath } from '../../common/editions'
import { SITEMAP_PARTS, sitemapPagePaths, tutorProfilePath } from '../../common/routes'
import { escapeHtml } from './head'
import { staticPagePath } from '../../common/static-pages'

const PART = 50_000
const xml = (body: string) =>
  new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  })
const urlset = (urls: string[]) =>
  xml(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((u) => `<url><loc>${escapeHtml(u)}</loc></url>`).join('\n')}\n</urlset>`,
  )

export async function sitemapResponse(db: Db, ed: Edition, origin: string, path: string): Promise<Response | null> {
  if (path === '/robots.txt') {
    const core = await getCoreFiles(db)
    return new Response(core.robots_txt ?? DEFAULT_ROBOTS(origin), {
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
    })
  }
  if (path === '/sitemap.xml') {
    const tutors = await db
      .selectFrom('tutors')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('published', '=', true)
      .where('active', '=', true)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow()
    const tutorParts = Array.from(
      { length: Math.max(1, Math.ceil(tutors.n / PART)) },
      (_, i) => `/sitemap-tutors-${i + 1}.xml`,
    )
    const parts = SITEMAP_PARTS.flatMap((part) => (part === 'tutors' ? tutorParts : [`/sitemap-${part}.xml`]))
    return xml(
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts.map((p) => `<sitemap><loc>${escapeHtml(origin + p)}</loc></sitemap>`).join('\n')}\n</sitemapindex>`,
    )
  }
  const inLocales = (p: string) => ed.locales.map((l) => origin + localePath(ed, l, p))
  if (path === '/sitemap-pages.xml') return urlset(sitemapPagePaths(ed).flatMap(inLocales))
  if (path === '/sitemap-catalogue.xml') {
    const slots = await db
      .selectFrom('catalogue_listings as l')
      .innerJoin('lessons as ls', 'ls.id', 'l.lesson_id')
      .leftJoin('cities as c', 'c.id', 'l.city_id')
      .select(['l.city_id', 'ls.alias as lesson', 'c.alias as city'])
      .distinct()
      .where('ls.edition', '=', ed.code)
      .orderBy('ls.alias')
      .orderBy('c.alias')
      .execute()
    const paths = slots.map((s) =>
      cataloguePath(ed, { online: s.city_id === 0, lesson: s.lesson, city: s.city_id > 0 ? s.city : null }),
    )
    return urlset([...new Set(paths)].flatMap(inLocales))
  }
  if (path === '/sitemap-static.xml') {
    // /vacancy is listed by its own part (it answers whether or not its intro page is active).
    const pages = await db
      .selectFrom('static_pages')
      .select('alias')
      .where('edition', '=', ed.code)
      .where('active', '=', true)
      .where('alias', '<>', 'vacancy')
      .orderBy('alias')
      .execute()
    return urlset(pages.map((p) => staticPagePath(p.alias)).flatMap(inLocales))
  }
  if (path === '/sitemap-news.xml') {
    // /news/, the active categories and the news a visitor sees (published and active).
    const [cats, news] = await Promise.all([
      db
        .selectFrom('news_categories')
        .select('alias')
        .where('edition', '=', ed.code)
        .where('active', '=', true)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('news')
        .select('alias')
        .where('edition', '=', ed.code)
        .where('published', '=', true)
        .where('active', '=', true)
        .orderBy('published_at', 'desc')
        .limit(PART)
        .execute(),
    ])
    return urlset(
      ['/news/', ...cats.map((c) => `/news/${c.alias}/`), ...news.map((n) => `/news/${n.alias}/`)].flatMap(inLocales),
    )
  }
  if (path === '/sitemap-blog.xml') {
    // /blog/ and the posts a visitor reads (published, by a tutor not deleted or anonymised), newest first.
    const posts = await db
      .selectFrom('blogs as b')
      .innerJoin('tutors as t', 't.id', 'b.tutor_id')
      .select('b.id')
      .where('b.edition', '=', ed.code)
      .where('b.status', '=', 'published')
      .where('t.deleted_at', 'is', null)
      .where('t.anonymized_at', 'is', null)
      .orderBy('b.published_at', 'desc')
      .limit(PART)
      .execute()
    return urlset(['/blog/', ...posts.map((p) => `/blog/${p.id}/`)].flatMap(inLocales))
  }
  if (path === '/sitemap-vacancies.xml') {
    const rows = await db
      .selectFrom('vacancies')
      .select('id')
      .where('edition', '=', ed.code)
      .where('active', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .limit(PART)
      .execute()
    return urlset(['/vacancy', ...rows.map((r) => `/vacancy/${r.id}/`)].flatMap(inLocales))
  }
  const part = path.match(/^\/sitemap-tutors-(\d+)\.xml$/)
  if (part) {
    const n = Number(part[1])
    const rows = await db
      .selectFrom('tutors')
      .select('id')
      .where('published', '=', true)
      .where('active', '=', true)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .limit(PART)
      .offset((n - 1) * PART)
      .execute()
    if (rows.length === 0 && n > 1) return null
    return urlset(rows.flatMap((r) => inLocales(tutorProfilePath(r.id))))
  }
  return null
}
