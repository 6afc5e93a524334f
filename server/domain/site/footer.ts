import { sql } from 'kysely'
import { keptReads } from '../shared/kept-reads'
import type { Db } from '../../../db/client'
import { cataloguePath } from '../../../common/catalogue-paths'
import { t } from '../../../i18n/keys'
import type { Reader } from '../catalogue/cards'
import { popularSearches } from '../catalogue/popular'

/** The footer's aggregate rating of the marketplace: published site reviews only. */
export function footerRating(db: Db): Promise<{ avg_review_mark: number; total_count: number }> {
  return keptRating.get(db, 'all', () => readFooterRating(db))
}

async function readFooterRating(db: Db) {
  const row = await db
    .selectFrom('site_reviews')
    .select([
      sql<number | null>`round(avg(mark)::numeric, 2)::float8`.as('avg'),
      sql<number>`count(*)::int`.as('count'),
    ])
    .where('status', '=', 1)
    .executeTakeFirstOrThrow()
  return { avg_review_mark: row.avg ?? 0, total_count: row.count }
}

/** How many advanced-level links the footer shows at most. */
export const FOOTER_LINKS_MAX = 12

export interface FooterLink {
  url: string
  text: string
}

/**
 * The footer's advanced-level links `/{url}` (docs/decisions.md#footer-advanced-level-links): the
 * catalogue pages staff wrote texts for (panel users_filter_combinations), labelled with their h1 in
 * the page's language, whose subject, city and district are still active — so each resolves to a
 * catalogue page, never a 404. With none, the busiest catalogue pages (the popular searches).
 */
export function footerLinks(reader: Reader): Promise<FooterLink[]> {
  return keptLinks.get(reader.db, `${reader.edition.code}:${reader.locale}`, () => readFooterLinks(reader))
}

/**
 * The footer is on every page, and its fallback (the busiest catalogue pages) counts every listing: its
 * links and rating are kept for five minutes per edition and language in production (setFooterLinksTtl
 * from the boot), emptied with the other caches (POST /admin/system/clear_cache).
 */
let footerTtlMs = 0
const keptLinks = keptReads<FooterLink[]>('footer-links', () => footerTtlMs)
const keptRating = keptReads<{ avg_review_mark: number; total_count: number }>('footer-rating', () => footerTtlMs)

export function setFooterLinksTtl(ms: number) {
  footerTtlMs = ms
}

async function readFooterLinks(reader: Reader): Promise<FooterLink[]> {
  const { db, locale, edition: ed } = reader
  const texts = await db
    .selectFrom('catalogue_seo_texts')
    .select(['filters_key', 'h1'])
    .where('edition', '=', ed.code)
    .where('locale', '=', locale)
    .where('h1', '<>', '')
    .orderBy('id')
    .limit(FOOTER_LINKS_MAX * 2)
    .execute()
  if (!texts.length) {
    const popular = await popularSearches(reader)
    return [...popular.in_cities.slice(0, FOOTER_LINKS_MAX - 4), ...popular.online.slice(0, 4)].map((p) => ({
      url: p.path,
      text: p.city ? `${p.lesson} — ${p.city}` : `${p.lesson} — ${t(locale, 'catalogue.online')}`,
    }))
  }
  // filters_key: `online|offline:lesson:city:district` (catalogue/seo.ts).
  const keys = texts.map((r) => {
    const [mode, lesson, city, district] = r.filters_key.split(':')
    return {
      online: mode === 'online',
      lesson: Number(lesson),
      city: Number(city) || null,
      district: Number(district) || null,
    }
  })
  const ids = (pick: (k: (typeof keys)[number]) => number | null) => [0, ...keys.map(pick).filter((n) => n !== null)]
  const [lessons, cities, districts] = await Promise.all([
    db
      .selectFrom('lessons')
      .select(['id', 'alias'])
      .where('edition', '=', ed.code)
      .where('active', '=', true)
      .where(
        'id',
        'in',
        ids((k) => k.lesson),
      )
      .execute(),
    db
      .selectFrom('cities')
      .select(['id', 'alias'])
      .where('edition', '=', ed.code)
      .where('active', '=', true)
      .where(
        'id',
        'in',
        ids((k) => k.city),
      )
      .execute(),
    db
      .selectFrom('districts')
      .select(['id', 'alias', 'city_id'])
      .where('active', '=', true)
      .where(
        'id',
        'in',
        ids((k) => k.district),
      )
      .execute(),
  ])
  const alias = <T extends { id: number; alias: string }>(rows: T[], id: number | null) =>
    id === null ? null : (rows.find((r) => r.id === id)?.alias ?? undefined)
  const links: FooterLink[] = []
  for (const [i, k] of keys.entries()) {
    const lesson = alias(lessons, k.lesson)
    const city = alias(cities, k.city)
    const district =
      k.district === null ? null : districts.find((d) => d.id === k.district && d.city_id === k.city)?.alias
    // A reference row gone or inactive: the page would be a 404, so no link.
    if (!lesson || city === undefined || district === undefined) continue
    links.push({ url: cataloguePath(ed, { online: k.online, lesson, city, district }), text: texts[i]!.h1 })
  }
  return links.slice(0, FOOTER_LINKS_MAX)
}
