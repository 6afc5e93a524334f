// The queries a data page reads, with the exact inputs, in one place: the server prefetches them
// (server/ssr/loaders.ts) and the page components read the same keys, so hydration needs no fetch.
// Types only from the schema module: at run time it would bring zod into the page chunks.
import type { CatalogueSort } from '../../common/schemas/public/catalogue.schema'
import type { PageMatch } from '../../common/routes'

/** The largest id (PostgreSQL's integer; validators.ts MAX_ID): a larger `rate_id` in the address is ignored. */
const MAX_ID = 2147483647

/** The catalogue's sort orders, as catalogue.schema.ts CATALOGUE_SORTS (the type check keeps them equal). */
export const CATALOGUE_SORTS = [
  'rank',
  'price',
  'price_desc',
  'rating',
  'reviews',
] as const satisfies readonly CatalogueSort[]
/** Fails the type check when the schema has a sort order the list above misses. */
export type EveryCatalogueSortListed = NeverOrFail<Exclude<CatalogueSort, (typeof CATALOGUE_SORTS)[number]>>
type NeverOrFail<T extends never> = T

export interface CatalogueInput {
  lesson: string
  city?: string
  district?: string
  online?: boolean
  level?: string
  rate_id?: number
  sort?: CatalogueSort
  page?: number
}

/** The catalogue query of a catalogue page: the path's filters plus ?level, ?rate_id, ?sort, ?page. */
export function catalogueInput(page: PageMatch, search: string): CatalogueInput {
  const f = page.catalogue!
  const q = new URLSearchParams(search)
  const input: CatalogueInput = { lesson: f.lesson! }
  if (f.online) input.online = true
  else {
    if (f.city) input.city = f.city
    if (f.district) input.district = f.district
  }
  const level = q.get('level')
  if (level) input.level = level
  const rate = Number(q.get('rate_id'))
  if (Number.isInteger(rate) && rate > 0 && rate <= MAX_ID) input.rate_id = rate
  const sort = q.get('sort')
  if (sort && (CATALOGUE_SORTS as readonly string[]).includes(sort) && sort !== 'rank')
    input.sort = sort as CatalogueSort
  const n = Number(q.get('page'))
  if (Number.isInteger(n) && n > 1) input.page = n
  return input
}

/** The reviews a profile shows first. */
export const profileReviewsInput = (tutorId: number) => ({ tutor_id: tutorId })

/** The /reviews list of a page address: ?page (absent for the first page, as the server prefetched it). */
export function siteReviewsInput(search: string): { page: number } | undefined {
  const n = Number(new URLSearchParams(search).get('page'))
  return Number.isInteger(n) && n > 1 && n <= 100000 ? { page: n } : undefined
}

/** The /news/ pages' query: the path's slug (a category or an item) and ?page (absent for the first page). */
export function newsPageInput(page: PageMatch, search: string): { slug?: string; page?: number } {
  const input: { slug?: string; page?: number } = {}
  if (page.params.slug) input.slug = page.params.slug
  const n = Number(new URLSearchParams(search).get('page'))
  if (Number.isInteger(n) && n > 1 && n <= 100000) input.page = n
  return input
}
/** The /blog/ list of a page address: ?page (absent for the first page). */
export function blogListInput(search: string): { page: number } | undefined {
  return siteReviewsInput(search)
}

/** The published ads a tutor profile shows. */
export const profileAdsInput = (tutorId: number) => ({ tutor_id: tutorId })
