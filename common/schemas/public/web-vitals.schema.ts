// Web vitals samples (docs/contract.md#other-public-endpoints: POST /api/metrics/web_vitals/)
// and the panel's p75 summary. The browser's sampler (client/lib/web-vitals.ts) builds exactly these.
import { z } from 'zod'

import { WEB_VITAL_NAMES, WEB_VITALS_MAX_BATCH, type WebVitalSample } from '../../web-vitals'

export { WEB_VITAL_NAMES, WEB_VITALS_DEFAULT_RATE, WEB_VITALS_MAX_BATCH, WEB_VITALS_MAX_BODY } from '../../web-vitals'

const label = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[\p{L}\p{N} ._\-/()]+$/u)

export const ZWebVitalSample = z.strictObject({
  name: z.enum(WEB_VITAL_NAMES),
  // Milliseconds for the timings, a unitless score for CLS; an hour is beyond any real page.
  value: z.number().finite().min(0).max(3_600_000),
  /** The route pattern the page matched (e.g. `/user-{id}/`, `catalogue`), not the address. */
  route: z
    .string()
    .min(1)
    .max(120)
    .regex(/^[\p{L}\p{N}/{}_\-.:]+$/u),
  platform: z.enum(['desktop', 'mobile', 'tablet']),
  os: label,
  browser: label,
  /** When the browser measured it (epoch ms). */
  ts: z.number().int().positive(),
})
// The browser builds these as common/web-vitals.ts WebVitalSample; the two must agree.
export type { WebVitalSample }
type Agree<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
export const SAMPLE_TYPES_AGREE: Agree<z.infer<typeof ZWebVitalSample>, WebVitalSample> = true

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
