// Analytics events for the tag manager: pushed to window.dataLayer (the Google Tag Manager
// convention), with the server's SHA-256 hashes of e-mail and phone as user_data — the plain
// contact never reaches the page's analytics.
type AnalyticsEvent = { event: string } & Record<string, unknown>

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

export function pushAnalytics(a: { events: AnalyticsEvent[]; user_data?: Record<string, string | null> } | undefined) {
  if (!a || typeof window === 'undefined') return
  window.dataLayer ??= []
  for (const e of a.events) window.dataLayer.push({ ...e, user_data: a.user_data })
}
