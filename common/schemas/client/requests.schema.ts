// zod only: the lesson request forms (docs/api.md#client-lesson-requests), importable by the browser's forms.
// The request travels as `request` (an object or JSON text) or as flat fields; field errors name the
// request's own fields (`phone`, `lesson_id`, …). The phone is checked by the edition's rule in the
// procedure (the edition is the server's).
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { zEmail, zFieldsUnder, zFlag, zId } from '../../validators'

const empty = (v: unknown) => v === '' || v === null || v === undefined
/** An optional id: '' and null are "none". */
const zRef = z.preprocess((v) => (empty(v) ? null : v), zId.nullable()).optional()
/** docs/product.md#5-validation-rules: an empty regularity or duration becomes 0. */
const zCount = (max: number) =>
  z.preprocess((v) => (empty(v) ? 0 : v), z.coerce.number().int().min(0).max(max)).optional()
const zList = z.preprocess(
  (v) =>
    empty(v)
      ? []
      : typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
  z.array(z.string().trim().max(300)).max(20),
)
const zDate = z.preprocess(
  (v) => (empty(v) ? null : typeof v === 'number' ? new Date(v < 1e12 ? v * 1000 : v) : v),
  z.coerce.date({ error: msg('validation.invalid') }).nullable(),
)

export const ZRequestFields = z
  .object({
    tutor_id: zRef,
    name: z
      .string()
      .trim()
      .max(100, msg('validation.length', { min: 1, max: 100 }))
      .optional(),
    phone: z.preprocess((v) => (empty(v) ? undefined : v), z.string().trim().max(40).optional()),
    email: z.preprocess((v) => (empty(v) ? undefined : v), zEmail.optional()),
    lesson_id: zRef,
    level_id: zRef,
    city_id: zRef,
    district_id: zRef,
    subdistrict_id: zRef,
    rate_id: zRef,
    form_location: zList.optional(),
    location_home: zFlag.optional(),
    location_travel: zFlag.optional(),
    location_online: zFlag.optional(),
    client_place: zList.optional(),
    address: z.string().trim().max(500).optional(),
    description: z
      .string()
      .trim()
      .max(3000, msg('validation.length', { min: 0, max: 3000 }))
      .optional(),
    class_regularity: zCount(14),
    class_duration: zCount(600),
    first_class: zDate.optional(),
    source: z.string().trim().max(100).nullish(),
    request_origin: z.string().trim().max(100).nullish(),
    /** The captcha token, when a captcha is configured (POST /recaptcha/get). */
    captcha_token: z.string().max(4096).nullish(),
  })
  .transform((r) => {
    // form_location and the three booleans say the same; either may come.
    const where = new Set(
      (r.form_location ?? []).filter(
        (w): w is 'home' | 'travel' | 'online' => w === 'home' || w === 'travel' || w === 'online',
      ),
    )
    if (r.location_home) where.add('home')
    if (r.location_travel) where.add('travel')
    if (r.location_online) where.add('online')
    return { ...r, form_location: [...where] }
  })

/** `{request: {...}}` (object or JSON text) or the request's fields at the top level. */
export const ZRequest = zFieldsUnder('request', ZRequestFields)
export type TRequest = z.input<typeof ZRequestFields>

export const ZAddInfo = z.object({
  order_id: zId,
  info: z
    .string({ error: msg('validation.required') })
    .trim()
    .min(1, msg('validation.required'))
    .max(3000, msg('validation.length', { min: 1, max: 3000 })),
  // Nullish: the request's answer gives null to a signed-in client, who may send it back as it came.
  request_token: z.string().max(2000).nullish(),
})
export const ZAddFirstClass = z.object({
  order_id: zId,
  first_class: z.preprocess(
    (v) => (typeof v === 'number' ? new Date(v < 1e12 ? v * 1000 : v) : v),
    z.coerce.date({ error: msg('validation.invalid') }),
  ),
  // Nullish: the request's answer gives null to a signed-in client, who may send it back as it came.
  request_token: z.string().max(2000).nullish(),
})

// ---------------------------------------------------------------------------------------------
// Answers (`.output()`).

const zAnalyticsItem = z.strictObject({
  lesson_id: z.number().nullable(),
  level_id: z.number().nullable(),
  tutor_id: z.number().nullable(),
})
/** A request's answer: the order, whether a sign-in code went out, and the analytics events the page sends. */
export const ZRequestMade = z.strictObject({
  order_id: z.number(),
  client_id: z.number(),
  code_sent: z.boolean(),
  /** Where the code went, masked (e.g. "j***n@example.com"); null when none was sent. */
  code_sent_to: z.string().nullable(),
  /**
   * The e-mail belongs to an existing account: the request joins it only once the code sent there is
   * used; until then staff hold it (and call the phone given).
   */
  account_exists: z.boolean(),
  signed_in: z.boolean(),
  /** Visitors: extends the order (add_info, add_date_first_class) without signing in. */
  request_token: z.string().nullable(),
  analytics: z.strictObject({
    /** begin_checkout, then submit_order (which adds order_id and kind). */
    events: z.array(
      z.strictObject({
        event: z.string(),
        form: z.string(),
        order_id: z.number().optional(),
        kind: z.string().optional(),
        items: z.array(zAnalyticsItem),
      }),
    ),
    user_data: z.strictObject({
      sha256_email_address: z.string().nullable(),
      sha256_phone_number: z.string().nullable(),
    }),
  }),
})
