// The panel's language and translator, and what a panel action does when it is done.
import type { Locale } from '../../common/editions'
import { type AreaText, useAreaText } from '../lib/area-text'
import { useSite } from '../lib/site'
import { type DateStyle, formatDate } from '../ui/Date'
import { showError, showSuccess } from '../ui/Banner'

/** The panel's language: Spanish on Spanish-speaking editions, Ukrainian elsewhere (docs/decisions.md). */
export function panelLocale(defaultLocale: string): Locale {
  return defaultLocale === 'es' ? 'es' : 'ua'
}

export type PT = AreaText<'panel'>

export function usePT(): PT {
  const { edition } = useSite()
  return useAreaText('panel', panelLocale(edition.defaultLocale))
}

export function useLocale(): Locale {
  const { edition } = useSite()
  return panelLocale(edition.defaultLocale)
}

/** The panel's dates: in the panel's language, on the edition's clock unless the style names another. */
function usePanelDate(): (iso: string | null | undefined, style: DateStyle) => string {
  const { edition } = useSite()
  const locale = panelLocale(edition.defaultLocale)
  return (iso, style) => formatDate(iso, locale, { timeZone: edition.timeZone, ...style })
}

/**
 * The order screens' dates (useFormatDate's, on the edition's clock) in the panel's language, so an order
 * reads "19 лист. 2026 р., 16:00" among Ukrainian labels on every edition, not "Nov 19, 2026, 4:00 PM".
 */
export function usePanelFormatDate() {
  const date = usePanelDate()
  return (iso: string | null | undefined, withTime = true) => date(iso, { time: withTime })
}

/** The panel's dense tables' dates: short, a dash for none. */
export function usePanelShortDate() {
  const date = usePanelDate()
  return (iso: string | null | undefined) => date(iso, { style: 'short', empty: '—' })
}

/** A day alone (a news item's date); `timeZone` for days stored as whole days of another clock (a TOP's UTC days). */
export function usePanelDay(timeZone?: string) {
  const date = usePanelDate()
  return (iso: string | null | undefined, style: 'medium' | 'short' = 'medium') =>
    date(iso, { style, time: false, ...(timeZone ? { timeZone } : {}) })
}

/** Mutation options of a panel action: the success banner, then the screen's data fetched again; a failure in the error banner. */
export function announceAndRefresh(message: string, refresh: () => Promise<unknown>) {
  return {
    onSuccess: async () => {
      showSuccess(message)
      await refresh()
    },
    onError: showError,
  }
}
