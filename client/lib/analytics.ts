// Analytics events for the tag manager: pushed to window.dataLayer (the Google Tag Manager
// convention), with the server's SHA-256 hashes of e-mail and phone as user_data — the plain
// contact never reaches the page's analytics.
//
// Events (docs/product.md#7-calls-made-by-the-shell): view_item_list (a catalogue page's cards), view_item (a tutor's
// profile), begin_checkout and submit_order (the request form). Every event carries `page_type`
// where known (catalogue, online_catalog, tutor_profiles) and, after a paid click, `ad_click`: the
// landing URL's gclid / utm_* / aff_id+aff_sub / admitad_uid (client/lib/ad-click.ts keeps them).
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

interface Card {
  id: number
  name: string
  price: { amount_minor: number } | null
  currency: string
}
/** What a page hands over: a catalogue page's cards, or a profile's tutor. */
export type ViewData = { list: { path: string; online: boolean; page: number; items: Card[] } } | { item: Card }

const itemOf = (c: Card, index?: number): AnalyticsItem => ({
  item_id: c.id,
  item_name: c.name,
  index,
  price: c.price ? c.price.amount_minor / 100 : null,
  currency: c.currency,
})

/** view_item_list (a catalogue page) or view_item (a tutor profile). */
export function pushView(d: ViewData) {
  if (typeof window === 'undefined') return
  if ('item' in d) push({ event: 'view_item', page_type: 'tutor_profiles', items: [itemOf(d.item)] })
  else
    push({
      event: 'view_item_list',
      page_type: d.list.online ? 'online_catalog' : 'catalogue',
      item_list_id: d.list.path,
      items: d.list.items.map((c, i) => itemOf(c, (d.list.page - 1) * 20 + i)),
    })
}
