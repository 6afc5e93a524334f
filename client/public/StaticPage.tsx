// A static page: /p/{alias}/, /about, /contacts, /how-it-works, /materials/. The
// heading and the text are the edition's page in the visitor's language; the text is HTML the server
// sanitised (on save and again in this very read), so it is inserted as it is. The server renders it
// with the page's meta title and description (server/ssr/loaders.ts); an unknown or inactive alias
// is the 404 page there, and a "not found" note after an in-app navigation here.
import { Suspense, lazy, useEffect } from 'react'
import { useLocation } from 'wouter'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import type { PageProps } from '../pages'
import { PROSE } from '../components/prose'
import { PageH1 } from '../lib/page-h1'
import { retryFaults } from '../lib/read-errors'
import { ReadFailed } from './ReadFailed'

// The contacts page's feedback form, a chunk of its own loaded on that page only.
const FeedbackForm = lazy(() => import('./FeedbackForm'))
// What /materials/ and /p/popular/ list below their intro (live content), a chunk of its own too.
const HubSections = lazy(() => import('./HubSections'))
const HUBS = new Set(['materials', 'popular'])

export function StaticPage({ page }: PageProps) {
  const { t, edition } = useSite()
  const href = useLocalePath()
  const [location] = useLocation()
  const q = trpc.public.staticPages.get.useQuery({ alias: page.params.alias ?? '' }, { retry: retryFaults })
  // The page's own title after the route's (client/lib/page-title.ts), again whenever the route's is
  // set again (the location changes right after hydration too).
  const title = q.data?.meta_title || q.data?.title
  // biome-ignore lint/correctness/useExhaustiveDependencies: set again after the route's own title, whenever the location changes
  useEffect(() => {
    if (title) document.title = `${title} | ${edition.siteName}`
  }, [title, edition.siteName, location])

  if (q.isError)
    return (
      <ReadFailed
        error={q.error}
        notFound={t('notfound.page_not_found')}
        back={{ href: href('/'), label: t('notfound.main_page') }}
      />
    )
  if (!q.data) return <div aria-busy="true" className="min-h-[50vh]" />
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8" data-testid="static-page">
      <PageH1 className="text-3xl font-bold tracking-tight text-slate-900">{q.data.title}</PageH1>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server on save and on read (sanitizeRichText) */}
      <div className={PROSE} data-testid="static-page-text" dangerouslySetInnerHTML={{ __html: q.data.text }} />
      {HUBS.has(q.data.alias) && (
        <Suspense fallback={<div aria-busy="true" className="min-h-96" />}>
          <HubSections alias={q.data.alias} />
        </Suspense>
      )}
      {q.data.alias === 'contacts' && (
        <Suspense fallback={<div aria-busy="true" className="min-h-80" />}>
          <FeedbackForm />
        </Suspense>
      )}
    </article>
  )
}
