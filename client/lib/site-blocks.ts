// The site blocks staff edit in the panel (units_blocks): an active block's text in the page's language,
// or null (the page then shows its own catalog text). The server renders them with every page
// (server/ssr/render.tsx prefetches public.site.blocks), so the first paint has them.
import type { SiteBlockAlias } from '../../common/schemas/admin/site-blocks.schema'
import { trpc } from './trpc'

export function useSiteBlocks(): (alias: SiteBlockAlias) => string | null {
  const blocks = trpc.public.site.blocks.useQuery(undefined, { staleTime: 60_000 }).data?.blocks
  return (alias) => blocks?.[alias] ?? null
}
