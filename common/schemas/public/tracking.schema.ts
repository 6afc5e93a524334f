// zod only: tracking and the school API (docs/api.md#other-public-calls): ad-click
// parameters, the CPA cookie, redirect codes, captcha, e-mail unsubscribe, school tutor candidates.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { zEmail, zFieldsUnder, zFlag, zId, zPage, zText } from '../../validators'
import { AD_CLICK_PARAMS, type AdClickParam } from '../../ad-click'

// ---- Ad-click parameters --------------------------------------------------------------------

export { AD_CLICK_COOKIE, AD_CLICK_DAYS, AD_CLICK_PARAMS, adClickOf, isAdClick } from '../../ad-click'
export type { AdClick, AdClickParam } from '../../ad-click'

const zParam = z
  .string()
  .trim()
  .regex(/^[\w.~\-:|+@,]{1,200}$/, msg('validation.invalid'))
export const ZAdClick = z.strictObject(
  Object.fromEntries(AD_CLICK_PARAMS.map((k) => [k, zParam.optional()])) as Record<
    AdClickParam,
    z.ZodOptional<typeof zParam>
  >,
)

/** POST /cpa/set_cookie {cookie}: the parameters as an object, JSON text or a query string. */
export const ZSetCpaCookie = z.object({
  cookie: z.preprocess((v) => {
    if (typeof v !== 'string') return v
    const s = v.trim()
    if (s.startsWith('{')) {
      try {
        return JSON.parse(s)
      } catch {
        return v
      }
    }
    // A landing URL's query: its other parameters are not ours to keep.
    const q = new URLSearchParams(s.replace(/^\?/, ''))
    return Object.fromEntries([...q].filter(([k]) => (AD_CLICK_PARAMS as readonly string[]).includes(k)))
  }, ZAdClick),
})
export const ZCpaCookieSet = z.strictObject({ cookie: ZAdClick, set: z.boolean() })

// ---- Redirect codes -------------------------------------------------------------------------

export const ZLinkRedirect = z.object({ code: z.string().trim().min(1).max(64) })

const zCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{2,64}$/, msg('validation.invalid'))
const zDestination = z
  .string()
  .trim()
  .min(1, msg('validation.required'))
  .max(2000, msg('validation.length', { min: 1, max: 2000 }))
export const ZLinkFields = z.object({
  code: z.preprocess((v) => (v === '' || v === null ? undefined : v), zCode.optional()),
  destination: zDestination,
  active: zFlag.optional(),
})
export const ZLinkCreate = zFieldsUnder('link', ZLinkFields)
export const ZLinkSave = zFieldsUnder(
  'link',
  z.object({ id: zId, destination: zDestination.optional(), active: zFlag.optional() }),
)
export const ZLinkList = z.object({ page: zPage }).optional()
export const ZLinkRow = z.strictObject({
  id: z.number(),
  code: z.string(),
  destination: z.string(),
  clicks: z.number(),
  active: z.boolean(),
  /** The short link itself: {origin}/link/redirect?code=… */
  url: z.string(),
  created_at: z.string(),
})
export const ZLinkListAnswer = z.strictObject({
  items: z.array(ZLinkRow),
  total: z.number(),
  page: z.number(),
  hosts: z.array(z.strictObject({ id: z.number(), host: z.string() })),
})
export const ZLinkHostCreate = z.object({
  host: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, msg('validation.invalid')),
})
export const ZLinkHost = z.strictObject({ id: z.number(), host: z.string() })
export const ZById = z.object({ id: zId })
export const ZRemoved = z.strictObject({ deleted: z.boolean() })

// ---- Captcha --------------------------------------------------------------------------------

export const ZCaptchaGet = z.object({ action: z.enum(['request', 'signup'], { error: msg('validation.invalid') }) })
export const ZCaptchaChallenge = z.strictObject({
  /** false: no captcha is configured; the forms send no token and nothing is checked. */
  enabled: z.boolean(),
  provider: z.enum(['recaptcha', 'turnstile', 'local']).nullable(),
  site_key: z.string().nullable(),
  action: z.string(),
  token: z.string().nullable(),
})
/** The token a protected form carries (absent when no captcha is configured). */
export const zCaptchaToken = z.string().max(4096).nullish()

// ---- E-mail unsubscribe ---------------------------------------------------------------------

export const ZUnsubscribe = z.object({ token: z.string().trim().min(1).max(2000) })
export const ZUnsubscribed = z.strictObject({ email: z.string(), list: z.string(), unsubscribed: z.literal(true) })

// ---- School tutor candidates ----------------------------------------------------------------

export const ZCandidateFields = z.object({
  name: zText(2, 100, { required: true }),
  email: zEmail,
  phone: z.string().trim().max(40).optional(),
  lesson_ids: z
    .preprocess(
      (v) =>
        v === '' || v == null
          ? []
          : typeof v === 'string'
            ? v
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : v,
      z.array(zId).max(20),
    )
    .optional(),
  experience: z.preprocess(
    (v) => (v === '' || v == null ? undefined : v),
    z.coerce.number().int().min(0).max(80).optional(),
  ),
  message: z
    .string()
    .trim()
    .max(3000, msg('validation.length', { min: 0, max: 3000 }))
    .optional(),
  source: z.string().trim().max(100).optional(),
})
export const ZCandidateRegistration = zFieldsUnder('candidate', ZCandidateFields)
export const ZCandidateRegistered = z.strictObject({ tutor_id: z.number(), candidate: z.literal(true) })
