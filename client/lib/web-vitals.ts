// Web vitals from real visitors: a share of browsers (WEB_VITALS_RATE, default 0.1,
// stable per browser: the draw is kept in local storage) measure LCP, INP, CLS, FCP and TTFB with
// Google's web-vitals library and send them to POST /api/metrics/web_vitals/ in batches: after 2 s
// without a new sample, at 5 samples, or as a beacon when the page is hidden. The route sent is the
// page's name in the route table, never the address (no ids, no query).
import type { Metric } from 'web-vitals'
import { EDITIONS, type EditionCode } from '../../common/editions'
import { matchPage } from '../../common/routes'
import { WEB_VITALS_DEFAULT_RATE, type WebVitalSample } from '../../common/web-vitals'

export const VITALS_ENDPOINT = '/api/metrics/web_vitals/'
const DRAW_KEY = 'web-vitals-draw'
const IDLE_MS = 2000
const BATCH_SIZE = 5

/** The rate clamped to 0..1; anything not a number is the default. */
export const clampRate = (rate: unknown) =>
  typeof rate === 'number' && Number.isFinite(rate) ? Math.min(1, Math.max(0, rate)) : WEB_VITALS_DEFAULT_RATE

/** This browser's draw in [0, 1), made once and kept: the same browser is in or out of the sample every visit. */
function draw(): number {
  try {
    const kept = Number(localStorage.getItem(DRAW_KEY))
    if (localStorage.getItem(DRAW_KEY) !== null && kept >= 0 && kept < 1) return kept
    const fresh = Math.random()
    localStorage.setItem(DRAW_KEY, String(fresh))
    return fresh
  } catch {
    return Math.random() // storage refused: a draw per page
  }
}

function platform(): WebVitalSample['platform'] {
  const ua = navigator.userAgent
  if (/iPad|Tablet/i.test(ua)) return 'tablet'
  return /Mobi|Android/i.test(ua) ? 'mobile' : 'desktop'
}

function os(): string {
  const ua = navigator.userAgent
  return /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iOS/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'other'
}

function browser(): string {
  const ua = navigator.userAgent
  return /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'other'
}

/** Starts measuring in a sampled browser; the library is fetched only then, never in the first load. */
export async function startWebVitals(opts: { rate: number | undefined; edition: EditionCode }) {
  if (typeof window === 'undefined' || draw() >= clampRate(opts.rate)) return
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals')
  const queue: WebVitalSample[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  const base = { platform: platform(), os: os(), browser: browser() }

  const flush = (reason: 'idle' | 'size' | 'hidden') => {
    clearTimeout(timer)
    if (!queue.length) return
    const batch = queue.splice(0, queue.length)
    const body = JSON.stringify(batch)
    if (reason === 'hidden' && navigator.sendBeacon?.(VITALS_ENDPOINT, new Blob([body], { type: 'application/json' })))
      return
    void fetch(VITALS_ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-batched': '1', 'x-flush-reason': reason },
      body,
      keepalive: true,
    }).catch(() => {}) // a lost sample is not worth the visitor's attention
  }

  const add = (m: Metric) => {
    const route = matchPage(location.pathname, EDITIONS[opts.edition])
    queue.push({
      name: m.name,
      value: Math.max(0, m.value),
      route: route.screen ? `${route.name}:${route.screen.name}` : route.name,
      ts: Date.now(),
      ...base,
    })
    if (queue.length >= BATCH_SIZE) return flush('size')
    clearTimeout(timer)
    timer = setTimeout(() => flush('idle'), IDLE_MS)
  }

  for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) on(add)
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush('hidden'))
  addEventListener('pagehide', () => flush('hidden'))
}
