// The edition, the language and the translator, for every component.
import { createContext, useContext, useMemo } from 'react'
import { type MessageKey, t as translateKey, translate } from '../../i18n/keys'
import { type Edition, type EditionCode, type Locale, EDITIONS } from '../../server/domain/editions/editions'

export interface Site {
  edition: Edition
  locale: Locale
  /** HTTP status of the page as the server answered it. */
  status: number
  t: (key: MessageKey, params?: Record<string, string | number>) => string
  /** Renders a server message (an i18n key or plain text). */
  tr: (text: string) => string
}

const SiteContext = createContext<Site | null>(null)

export function SiteProvider(props: { edition: EditionCode; locale: Locale; status: number; children: React.ReactNode }) {
  const value = useMemo<Site>(() => {
    const edition = EDITIONS[props.edition]
    return {
      edition,
      locale: props.locale,
      status: props.status,
      t: (key, params) => translateKey(props.locale, key, params),
      tr: (text) => translate(props.locale, text),
    }
  }, [props.edition, props.locale, props.status])
  return <SiteContext.Provider value={value}>{props.children}</SiteContext.Provider>
}

export function useSite(): Site {
  const site = useContext(SiteContext)
  if (!site) throw new Error('useSite outside SiteProvider')
  return site
}
