// Web vitals constants shared by the browser's sampler (client/lib/web-vitals.ts, in the entry chunk:
// no zod here) and the server's schema (common/schemas/public/web-vitals.schema.ts).

export const WEB_VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const
/** Samples one batch may carry (the browser sends at 5; a beacon at page hide may carry a few more). */
export const WEB_VITALS_MAX_BATCH = 20
/** The body's cap in bytes: twenty samples are about 3 KB. */
export const WEB_VITALS_MAX_BODY = 16 * 1024
/** The sampling rate when none is configured (a share of browsers, stable per browser). */
export const WEB_VITALS_DEFAULT_RATE = 0.1

export interface WebVitalSample {
  name: (typeof WEB_VITAL_NAMES)[number]
  value: number
  route: string
  platform: 'desktop' | 'mobile' | 'tablet'
  os: string
  browser: string
  ts: number
}
