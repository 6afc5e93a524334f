// The panel's language and translator, and what a panel action does when it is done.
import type { Locale } from '../../common/editions'
import { type AreaText, useAreaText } from '../lib/area-text'
import { useSite } from '../lib/site'
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
