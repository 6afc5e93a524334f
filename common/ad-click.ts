// Ad-click parameters (docs/api.md#other-public-calls "Ad-click tracking"), pure: the browser's
// analytics layer and the server's POST /cpa/set_cookie share them.
/**
 * The landing URL's parameters kept for the tracking call (our names where the spec names none):
 * Google Ads' `gclid`, the `utm_*` set, the affiliate network's pair `aff_id` + `aff_sub`, Admitad's
 * `admitad_uid`.
 */
export const AD_CLICK_PARAMS = [
  'gclid',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'aff_id',
  'aff_sub',
  'admitad_uid',
] as const
export type AdClickParam = (typeof AD_CLICK_PARAMS)[number]
export type AdClick = Partial<Record<AdClickParam, string>>
/** The first-party cookie the parameters live in (set by POST /cpa/set_cookie; 90 days). */
export const AD_CLICK_COOKIE = 'ad_click'
export const AD_CLICK_DAYS = 90

/**
 * docs/api.md#other-public-calls: the parameters are forwarded when a gclid, a cpc or cpm medium, an affiliate id pair
 * (both halves) or an admitad id is present — otherwise the visit is no paid click and nothing is kept.
 */
export function isAdClick(p: AdClick): boolean {
  const medium = p.utm_medium?.toLowerCase()
  return !!p.gclid || medium === 'cpc' || medium === 'cpm' || (!!p.aff_id && !!p.aff_sub) || !!p.admitad_uid
}

/** The tracked parameters of a query string (values trimmed, at most 200 characters of a URL-safe set). */
export function adClickOf(search: URLSearchParams): AdClick {
  const out: AdClick = {}
  for (const k of AD_CLICK_PARAMS) {
    const v = search.get(k)?.trim()
    if (v && /^[\w.~\-:|+@,]{1,200}$/.test(v)) out[k] = v
  }
  return out
}
