// The edition, the language and the translator, for every component. The translator reads the one
// catalog of the page's language: the server passes it from i18n/catalogs, the browser loads just
// that language's chunk before hydrating (client/main.tsx).
import { createContext, useContext, useMemo } from 'react'
import { useLocation } from 'wouter'
import { type Catalog, type MessageKey, type Params, translator } from '../../i18n/format'
import { type Edition, type EditionCode, type Locale, EDITIONS } from '../../common/editions'

export interface Site {
  edition: Edition
  locale: Locale
  /** HTTP status of the page as the server answered it, and the path it answered. */
  status: number
  statusPath: string
  /** The staff's h1 of the page at statusPath (page metatags), if any. */
  staffH1?: string
  t: (key: MessageKey, params?: Params) => string
  /** Renders a server message (an i18n key or plain text). */
  tr: (text: string) => string
}

const SiteContext = createContext<Site | null>(null)

export function SiteProvider(props: { edition: EditionCode; locale: Locale; catalog: Catalog; status: number; statusPath: string; staffH1?: string; children: React.ReactNode }) {
  const value = useMemo<Site>(() => {
    const { t, tr } = translator(props.catalog)
    return { edition: EDITIONS[props.edition], locale: props.locale, status: props.status, statusPath: props.statusPath, staffH1: props.staffH1, t, tr }
  }, [props.edition, props.locale, props.catalog, props.status, props.statusPath, props.staffH1])
  return <SiteContext.Provider value={value}>{props.children}</SiteContext.Provider>
}

export function useSite(): Site {
  const site = useContext(SiteContext)
  if (!site) throw new Error('useSite outside SiteProvider')
  return site
}

// ——— A page's heading: its own, or the staff's h1 for this path and language (panel SEO → page
// metatags, issue 13 item 6) where the server found one. The server passes it with the first HTML
// (InitialState.h1) for the path it rendered, so the server's HTML and the hydration agree; after an
// in-app navigation to another path the page's own heading is back. Here, not in a module of its
// own: every public page uses it, and a shared module of its own would be one more request.

export function usePageH1(own: string): string
export function usePageH1(own: string | undefined): string | undefined
export function usePageH1(own: string | undefined): string | undefined {
  const [location] = useLocation()
  const { staffH1, statusPath } = useSite()
  return staffH1 && location === statusPath ? staffH1 : own
}

/** The page's <h1>: `children` (its own heading), or the staff's h1 for this path. */
export function PageH1({ className, children }: { className?: string; children: string | undefined }) {
  return <h1 className={className}>{usePageH1(children)}</h1>
}
