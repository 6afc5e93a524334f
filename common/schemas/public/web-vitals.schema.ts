// Web vitals samples (CONTRACT "Other public endpoints": POST /api/metrics/web_vitals/, issue 15 item 2)
// and the panel's p75 summary. The browser's sampler (client/lib/web-vitals.ts) builds exactly these.
import { z } from 'zod'

export const WEB_VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const
/** Samples one batch may carry (the browser sends at 5; a beacon at page hide may carry a few more). */
export const WEB_VITALS_MAX_BATCH = 20
/** The body's cap in bytes: twenty samples are about 3 KB. */
export const WEB_VITALS_MAX_BODY = 16 * 1024
/** The sampling rate when none is configured (a share of browsers, stable per browser). */
export const WEB_VITALS_DEFAULT_RATE = 0.1

const label = z.string().trim().min(1).max(40).regex(/^[\p{L}\p{N} ._\-/()]+$/u)

export const ZWebVitalSample = z.strictObject({
  name: z.enum(WEB_VITAL_NAMES),
  // Milliseconds for the timings, a unitless score for CLS; an hour is beyond any real page.
  value: z.number().finite().min(0).max(3_600_000),
  /** The route pattern the page matched (e.g. `/user-{id}/`, `catalogue`), not the address. */
  route: z.string().min(1).max(120).regex(/^[\p{L}\p{N}/{}_\-.:]+$/u),
  platform: z.enum(['desktop', 'mobile', 'tablet']),
  os: label,
  browser: label,
  /** When the browser measured it (epoch ms). */
  ts: z.number().int().positive(),
})
export type WebVitalSample = z.infer<typeof ZWebVitalSample>

export const ZWebVitalsBatch = z.array(ZWebVitalSample).min(1).max(WEB_VITALS_MAX_BATCH)

export const ZFlushReason = z.enum(['idle', 'size', 'hidden', 'beacon'])

export const ZWebVitalsStored = z.strictObject({ stored: z.number().int() })

export const ZWebVitalsSummary = z.strictObject({
  days: z.number().int(),
  rows: z.array(
    z.strictObject({
      edition: z.string(),
      route: z.string(),
      samples: z.number().int(),
      lcp: z.number().nullable(),
      inp: z.number().nullable(),
      cls: z.number().nullable(),
    }),
  ),
})
