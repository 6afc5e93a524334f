// zod only: the catalogue's query, shared by the API and the browser's filters.
import { z } from 'zod'
import { LOCALES } from '../../editions'
import { zFlag, zId, zPage } from '../../validators'

export const CATALOGUE_SORTS = ['rank', 'price', 'price_desc', 'rating', 'reviews'] as const
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number]
export const CATALOGUE_PAGE_SIZE = 20

const slugOrId = z.string().trim().min(1).max(80)

/** The spec passes list filters as `query` (JSON text) or as plain parameters; both are accepted. */
function mergeQuery(value: unknown) {
  if (!value || typeof value !== 'object') return value
  const { query, ...rest } = value as Record<string, unknown>
  if (typeof query === 'string' && query.trim().startsWith('{')) {
    try {
      return { ...JSON.parse(query), ...rest }
    } catch {
      return rest
    }
  }
  if (query && typeof query === 'object') return { ...query, ...rest }
  return rest
}

export const ZCatalogueQuery = z.preprocess(
  mergeQuery,
  z.object({
    lesson: slugOrId.optional(),
    city: slugOrId.optional(),
    district: slugOrId.optional(),
    online: zFlag.optional(),
    level: slugOrId.optional(),
    rate_id: zId.optional(),
    price_min: z.coerce.number().int().min(0).max(10_000_000).optional(),
    price_max: z.coerce.number().int().min(0).max(10_000_000).optional(),
    sort: z.enum(CATALOGUE_SORTS).default('rank'),
    page: zPage,
    lang: z.enum(LOCALES).optional(),
    /** Search-engine bots get exactly the same answer (no cloaking). */
    g_bot: zFlag.optional(),
  }),
)
export type TCatalogueQuery = z.output<typeof ZCatalogueQuery>
