// The layout of every non-panel page: which header, whether a footer (common/routes.ts decides per page),
// and the shell's helpers: navigation bar, scroll-to-top, status banner and cookie consent.
import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { CookieConsent } from '../components/CookieConsent'
import { StatusBanner } from '../ui/Banner'
import { ClientOnly, markHydrated } from '../ui/ClientOnly'
import { trpc } from '../lib/trpc'
import type { PageMatch } from '../../common/routes'
import { Footer } from './Footer'
import { HeaderIsland } from './HeaderIsland'
import { Logo } from './Logo'

const LOADING_BAR_MS = 400

/** A thin bar at the top after each in-app navigation. wouter has no route events, so it runs on location change. */
function LoadingBar() {
  const [location] = useLocation()
  const [loading, setLoading] = useState(false)
  const first = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    setLoading(true)
    const timer = setTimeout(() => setLoading(false), LOADING_BAR_MS)
    return () => clearTimeout(timer)
  }, [location])
  return (
    <div
      aria-hidden="true"
      className={`fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-brand transition-transform duration-300 ${loading ? 'scale-x-100 opacity-100' : 'scale-x-0 opacity-0'}`}
    />
  )
}

// The scroll-to-top button shows only once the page is scrolled: its code loads after hydration
// (a chunk of its own, outside the public pages' first-load budget).
const ScrollToTop = lazy(() => import('./ScrollToTop'))

// Staff signed in as somebody else: the banner's code loads only then (the public bundle is size-capped),
// and only after hydration, so its button never shows before it works.
const ImpersonationBanner = lazy(() =>
  import('./ImpersonationBanner').then((m) => ({ default: m.ImpersonationBanner })),
)

function Impersonation() {
  const impersonating = trpc.auth.role.get.useQuery().data?.auth.impersonating
  return impersonating ? (
    <ClientOnly fallback={null}>
      <Suspense fallback={null}>
        <ImpersonationBanner />
      </Suspense>
    </ClientOnly>
  ) : null
}

function MinimalHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center px-4">
        <Logo />
      </div>
    </header>
  )
}

export function PublicShell({ page, children }: { page: PageMatch; children: React.ReactNode }) {
  useEffect(markHydrated, [])
  if (page.shell === 'bare') return <>{children}</>
  const withFooter = page.footer && (page.shell === 'public' || page.shell === 'minimal')
  return (
    <div className="flex min-h-screen flex-col">
      <LoadingBar />
      <StatusBanner />
      <Impersonation />
      {page.shell === 'public' && <HeaderIsland page={page} />}
      {page.shell === 'minimal' && <MinimalHeader />}
      <main id="main" className="flex-1">
        {children}
        {/* Inside <main> so every visible element sits in a landmark. */}
        <ClientOnly fallback={null}>
          <Suspense fallback={null}>
            <ScrollToTop />
          </Suspense>
        </ClientOnly>
      </main>
      {withFooter && <Footer />}
      <CookieConsent />
    </div>
  )
}
