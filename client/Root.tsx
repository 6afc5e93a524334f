// Providers shared by the browser and the server renderer, so both produce the same tree.
import { useEffect } from 'react'
import { HydrationBoundary, type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { CreateTRPCClient } from '@trpc/client'
import { Router } from 'wouter'
import type { Catalog } from '../i18n/format'
import type { AppRouter } from '../server/routers/app'
import { App } from './App'
import type { InitialState } from './lib/initial-state'
import { SiteProvider } from './lib/site'
import { type KeptHtml, KeptHtmlContext } from './lib/kept-html'
import { trpc } from './lib/trpc'
import type { PageMatch } from '../common/routes'
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
  /** Server rendering: the tutor cards' HTML rendered before (client/lib/kept-html.ts). */
  keptHtml?: KeptHtml | null
}

export function Root({ initial, ...props }: RootProps) {
  return (
    <Providers initial={initial} {...props}>
      <HydrationBoundary state={initial.dehydrated}>
        <App />
      </HydrationBoundary>
    </Providers>
  )
}

/**
 * The header alone, with the providers it reads: the header island's own root, on the server (per
 * visitor) and in the browser (client/shell/HeaderIsland.tsx).
 */
export function HeaderRoot({ page, onHydrated, ...props }: RootProps & { page: PageMatch; onHydrated?: () => void }) {
  return (
    <Providers {...props}>
      <Header page={page} />
      {onHydrated && <FirstCommit then={onHydrated} />}
    </Providers>
  )
}

/** Calls `then` once, after the tree's first commit in the browser (the server runs no effects). */
function FirstCommit({ then }: { then: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first commit
  useEffect(() => then(), [])
  return null
}

function Providers({
  initial,
  queryClient,
  trpcClient,
  catalog,
  ssrPath,
  ssrSearch,
  keptHtml = null,
  children,
}: RootProps & { children: React.ReactNode }) {
  return (
    <trpc.Provider client={trpcClient as never} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <SiteProvider
          edition={initial.edition}
          locale={initial.locale}
          catalog={catalog}
          status={initial.status}
          statusPath={initial.path}
          staffH1={initial.h1}
        >
          <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
            <KeptHtmlContext.Provider value={keptHtml}>{children}</KeptHtmlContext.Provider>
          </Router>
        </SiteProvider>
      </QueryClientProvider>
    </trpc.Provider>
  )
}
