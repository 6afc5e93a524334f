// The route tree: the page table (routes.ts) picks the shell and the page, pages.ts the module that
// renders it. Every page is a lazy chunk: the server renders it after it has loaded (server/ssr/
// render.tsx waits for every boundary), and the browser loads the current page's chunk before
// hydrating (main.tsx). The panel and the account areas render in the browser only.
import { Suspense } from 'react'
import { useLocation } from 'wouter'
import { ClientOnly } from './components/ui/ClientOnly'
import { useSite } from './lib/site'
import { PAGE_MODULES } from './pages'
import { matchPage } from './routes'
import { PublicShell } from './shell/PublicShell'

export function App() {
  const [location] = useLocation()
  const { edition, t } = useSite()
  const page = matchPage(location, edition)
  const { Component } = PAGE_MODULES[page.name]
  const content = <Component page={page} />
  const wait = <div className="p-8 text-center text-slate-500">{t('panel.wait')}</div>

  const body = page.clientOnly ? (
    <ClientOnly fallback={wait}>
      <Suspense fallback={wait}>{content}</Suspense>
    </ClientOnly>
  ) : (
    // Shown only while an in-app navigation waits for the next page's chunk.
    <Suspense fallback={<div aria-busy="true" className="min-h-[50vh]" />}>{content}</Suspense>
  )
  return page.shell === 'panel' ? body : <PublicShell page={page}>{body}</PublicShell>
}
