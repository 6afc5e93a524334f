// Ad-click tracking (docs/api.md#other-public-calls): a landing URL carrying a gclid, a cpc/cpm
// utm_medium, an affiliate pair (aff_id + aff_sub) or an admitad_uid is a paid click. Its parameters are
// forwarded to the tracking call, POST /cpa/set_cookie, which keeps them in the first-party `ad_click`
// cookie for 90 days; the analytics events carry them (client/lib/analytics.ts). Failures are only logged.
import { AD_CLICK_COOKIE, type AdClick, adClickOf, isAdClick } from '../../common/ad-click'

let landing: AdClick | null = null

/** At start: a paid click's parameters are remembered for this page and sent to the tracking call. */
export function rememberAdClick() {
  if (typeof window === 'undefined') return
  const params = adClickOf(new URLSearchParams(window.location.search))
  if (!isAdClick(params)) return
  landing = params
  void fetch('/cpa/set_cookie', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cookie: params }),
    credentials: 'same-origin',
    keepalive: true,
  }).catch((err) => console.warn('ad-click tracking failed', err))
}

/** The paid click this visit came from: this landing's parameters, else the cookie's; null when none. */
export function currentAdClick(): AdClick | null {
  if (landing) return landing
  if (typeof document === 'undefined') return null
  const here = adClickOf(new URLSearchParams(window.location.search))
  if (isAdClick(here)) return here
  const raw = document.cookie.split('; ').find((c) => c.startsWith(`${AD_CLICK_COOKIE}=`))
  if (!raw) return null
  const params = adClickOf(new URLSearchParams(decodeURIComponent(raw.slice(AD_CLICK_COOKIE.length + 1))))
  return isAdClick(params) ? params : null
}
