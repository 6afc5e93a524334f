// Analytics events for the tag manager: pushed to window.dataLayer (the Google Tag Manager
// convention), with the server's SHA-256 hashes of e-mail and phone as user_data — the plain
// contact never reaches the page's analytics.
//
// Events (spec/product.md §7): view_item_list (a catalogue page's cards), view_item (a tutor's
// profile), begin_checkout and submit_order (the request form). Every event carries `page_type`
// where known (catalogue, online_catalog, tutor_profiles) and, after a paid click, `ad_click`: the
// landing URL's gclid / utm_* / aff_id+aff_sub / admitad_uid (client/lib/ad-click.ts keeps them).
import { useEffect } from 'react'
import { currentAdClick } from './ad-click'

type AnalyticsEvent = { event: string } & Record<string, unknown>

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

function push(e: AnalyticsEvent) {
  window.dataLayer ??= []
  const ad = currentAdClick()
  window.dataLayer.push(ad ? { ...e, ad_click: ad } : e)
}

export function pushAnalytics(a: { events: AnalyticsEvent[]; user_data?: Record<string, string | null> } | undefined) {
  if (!a || typeof window === 'undefined') return
  for (const e of a.events) push({ ...e, user_data: a.user_data })
}

export interface AnalyticsItem {
  item_id: number
  item_name: string
  price?: number | null
  currency?: string
  index?: number
}

/** Pushes `event` once per `key` (a page's identity: the list's address, the tutor's id), after the page shows. */
export function useAnalyticsEvent(key: string | null, build: () => AnalyticsEvent) {
  useEffect(() => {
    if (key === null) return
    push(build())
    // build reads the data of this key; a new key is a new view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
}
