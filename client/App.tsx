// The route tree: the route table (common/routes.ts) picks the shell and the page, pages.ts the module that
// renders it. Every page is a lazy chunk: the server renders it after it has loaded (server/ssr/
// render.tsx waits for every boundary), and the browser loads the current page's chunk before
// hydrating (main.tsx). The panel and the account areas render in the browser only.
import { Suspense, lazy } from 'react'
import { useLocation, useSearch } from 'wouter'
import { ClientOnly } from './ui/ClientOnly'
import { SearchListsContext } from './lib/search-lists'
import { useRouteTitle } from './lib/page-title'
import { useSite } from './lib/site'
import { trpc } from './lib/trpc'
import { PAGE_MODULES } from './pages'
import { matchPage, notFoundPage } from '../common/routes'
import { PublicShell } from './shell/PublicShell'
import { PageErrorBoundary } from './ui/PageErrorBoundary'
import { Button } from './ui/Button'

/** The 404 page's search form options (client/lib/search-lists.ts says why they come from here). */
function NotFoundLists({ children }: { children: React.ReactNode }) {
  const subjects = trpc.public.reference.allSubjects.useQuery(undefined).data ?? []
  const cities = trpc.public.reference.allCities.useQuery(undefined).data ?? []
  return <SearchListsContext.Provider value={{ subjects, cities }}>{children}</SearchListsContext.Provider>
}

export function App() {
  const [location] = useLocation()
  const { edition, t, status, statusPath } = useSite()
  // A path the server found empty (an unknown catalogue slug or tutor) shows the 404 page there.
  const page = status === 404 && location === statusPath ? notFoundPage(location) : matchPage(location, edition)
  useRouteTitle(t(page.title), location)
  const { Component } = PAGE_MODULES[page.name]
  const element = <Component page={page} />
  const content = page.name === 'not_found' || page.name === 'gone' ? <NotFoundLists>{element}</NotFoundLists> : element
  // Busy while a page drawn in the browser only loads (assistive technology and the route test read it so).
  const wait = (
    <div aria-busy="true" className="p-8 text-center text-slate-500">
      {t('panel.wait')}
    </div>
  )

  const body = page.clientOnly ? (
    <ClientOnly fallback={wait}>
      <Suspense fallback={wait}>{content}</Suspense>
    </ClientOnly>
  ) : (
    // Shown only while an in-app navigation waits for the next page's chunk.
    <Suspense fallback={<div aria-busy="true" className="min-h-[50vh]" />}>{content}</Suspense>
  )
  // A page whose code fails says so, with a way to load it again (client/ui/PageErrorBoundary.tsx).
  const failed = (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('errors.page_failed')}</h1>
      <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
    </div>
  )
  const withParams = (
    <>
      <LinkParamsGate />
      <PageErrorBoundary resetKey={location} fallback={failed}>
        {body}
      </PageErrorBoundary>
    </>
  )
  return page.shell === 'panel' ? withParams : <PublicShell page={page}>{withParams}</PublicShell>
}

/**
 * `?ak=` and `?confirmation_code=` are handled by a chunk of their own, loaded only when present.
 * The server sees the same query, so both sides render the same (no state change after hydration,
 * which would re-render boundaries still hydrating).
 */
const LinkParams = lazy(() => import('./shell/LinkParams'))
function LinkParamsGate() {
  const search = useSearch()
  if (!/(^|&)(ak|confirmation_code)=/.test(search)) return null
  return (
    <Suspense fallback={null}>
      <LinkParams />
    </Suspense>
  )
}
