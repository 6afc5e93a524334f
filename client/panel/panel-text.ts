// The panel's words: its own catalog (i18n/areas/panel) and the shared one, in the panel's language,
// which may differ from the page's (Spanish on Spanish-speaking editions, Ukrainian elsewhere).
import { use } from 'react'
import type { AreaKey } from '../../i18n/areas'
import { type MessageKey, translator } from '../../i18n/format'
import { loadCatalog } from '../../i18n/load'
import { useAreaText } from '../lib/area-text'
import { useSite } from '../lib/site'
import { panelLocale } from './text'

export type PanelText = (key: MessageKey | AreaKey<'panel'>) => string

export function usePanelText(): { pt: PanelText; ptr: (text: string) => string } {
  const { edition } = useSite()
  // Both catalogs load on demand (suspends once).
  const locale = panelLocale(edition.defaultLocale)
  const { t, tr } = translator(use(loadCatalog(locale)))
  const area = useAreaText('panel', locale)
  return {
    pt: (key) =>
      key.startsWith('panel.') && key !== 'panel.wait' && key !== 'panel.desktop'
        ? area(key as AreaKey<'panel'>)
        : t(key as MessageKey),
    ptr: tr,
  }
}

/** The signed-in staff member, as the panel shows them. */
export type Admin = { id: number; name: string; status: number; avatar: string | null }
