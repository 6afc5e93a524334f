// Providers shared by the browser and the server renderer, so both produce the same tree.
import { HydrationBoundary, type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { CreateTRPCClient } from '@trpc/client'
import { Router } from 'wouter'
import type { Catalog } from '../i18n/format'
import type { AppRouter } from '../server/routers/app'
import { App } from './App'
import type { InitialState } from './lib/initial-state'
import { SiteProvider } from './lib/site'
import { trpc } from './lib/trpc'
import type { PageMatch } from './routes'
import { Header } from './shell/Header'

export interface RootProps {
  initial: InitialState
  queryClient: QueryClient
  trpcClient: CreateTRPCClient<AppRouter>
  /** The messages of `initial.locale` (the browser loads only this one: i18n/load.ts). */
  catalog: Catalog
  /** Server rendering: the requested path and query. */
  ssrPath?: string
  ssrSearch?: string
}

export function Root({ initial, queryClient, trpcClient, catalog, ssrPath, ssrSearch }: RootProps) {
  return (
    <trpc.Provider client={trpcClient as never} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <HydrationBoundary state={initial.dehydrated}>
          <SiteProvider edition={initial.edition} locale={initial.locale} catalog={catalog} status={initial.status} statusPath={initial.path}>
            <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
              <App />
            </Router>
          </SiteProvider>
        </HydrationBoundary>
      </QueryClientProvider>
    </trpc.Provider>
  )
}

/**
 * The header alone, with the providers it reads: the server renders it per visitor into the page's
 * header island (client/shell/HeaderIsland.tsx, server/ssr/render.tsx).
 */
export function HeaderRoot({ initial, queryClient, trpcClient, catalog, ssrPath, ssrSearch, page }: RootProps & { page: PageMatch }) {
  return (
    <trpc.Provider client={trpcClient as never} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <SiteProvider edition={initial.edition} locale={initial.locale} catalog={catalog} status={initial.status} statusPath={initial.path}>
          <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
            <Header page={page} />
          </Router>
        </SiteProvider>
      </QueryClientProvider>
    </trpc.Provider>
  )
}
