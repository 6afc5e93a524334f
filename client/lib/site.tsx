// The edition, the language and the translator, for every component. The translator reads the one
// catalog of the page's language: the server passes it from i18n/catalogs, the browser loads just
// that language's chunk before hydrating (client/main.tsx).
import { createContext, useContext, useEffect, useMemo, useState } from 'react'
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

export function SiteProvider(props: {
  edition: EditionCode
  locale: Locale
  catalog: Catalog
  status: number
  statusPath: string
  staffH1?: string
  children: React.ReactNode
}) {
  const value = useMemo<Site>(() => {
    const { t, tr } = translator(props.catalog)
    return {
      edition: EDITIONS[props.edition],
      locale: props.locale,
      status: props.status,
      statusPath: props.statusPath,
      staffH1: props.staffH1,
      t,
      tr,
    }
  }, [props.edition, props.locale, props.catalog, props.status, props.statusPath, props.staffH1])
  return <SiteContext.Provider value={value}>{props.children}</SiteContext.Provider>
}

export function useSite(): Site {
  const site = useContext(SiteContext)
  if (!site) throw new Error('useSite outside SiteProvider')
  return site
}

/**
 * False on the server and in the hydrating render, true after: for what only the browser knows. (Here
 * rather than in a module of its own: every public page loads this one, and a tiny shared module is a
 * chunk of its own in the first load.)
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  return mounted
}
