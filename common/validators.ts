// zod building blocks shared by server procedures and browser forms. Messages are i18n keys
// (see i18n/format.ts `msg`), translated at the edge into the reader's language.
import { z } from 'zod'
import { msg } from '../i18n/format'
import type { Edition } from './editions'

/** PostgreSQL's integer: every id column. */
export const MAX_ID = 2147483647

/**
 * The message of a refusal that makes the whole request a 400 `bad_request` instead of a field's 422
 * (docs/contract.md: a malformed id is a 400); server/trpc/errors.ts looks for it.
 */
export const BAD_REQUEST_ISSUE = 'bad_request'

/** A plain decimal string (`"12"`, as a query or form sends it) becomes its number; anything else stays as it is. */
const plainDecimal = (v: unknown) => (typeof v === 'string' && /^[0-9]{1,16}$/.test(v) ? Number(v) : v)

/**
 * An id: an integer from 1 to 2^31-1, as a JSON number or a plain decimal string. `true`, `"0x1"`,
 * `"1e0"`, `" 1 "`, `0`, `1.5` and larger numbers are refused (a 400), never coerced into some other row's id.
 */
export const zId = z.preprocess(
  plainDecimal,
  z
    // Missing (or left blank in a form) is the field's 422 'required'; present but malformed is a 400.
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? msg('validation.required')
          : BAD_REQUEST_ISSUE,
    })
    .int(BAD_REQUEST_ISSUE)
    .min(1, BAD_REQUEST_ISSUE)
    .max(MAX_ID, BAD_REQUEST_ISSUE),
)

/** A flag: only 0/1/true/false (JSON) or "0"/"1"/"true"/"false" (a form or query). Anything else is the field's 422. */
export const zFlag = z.preprocess(
  (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
  z.boolean({ error: msg('validation.invalid') }),
)
/** The same flag under the name the account schemas use. */
export const zBool = zFlag

/** Text between min and max characters: 'Від {min} до {max} символів'. Optional fields accept empty. */
export function zText(min: number, max: number, opts: { required?: boolean } = {}) {
  const ranged = z
    .string()
    .trim()
    .refine((v) => v.length >= min && v.length <= max, { message: msg('validation.length', { min, max }) })
  if (opts.required === false)
    return z
      .union([z.literal(''), ranged])
      .optional()
      .default('')
  return z
    .string({ error: msg('validation.required') })
    .trim()
    .min(1, msg('validation.required'))
    .pipe(ranged)
}

/** Digits of a phone as typed, with the edition's prefix and any punctuation removed. */
export function phoneDigits(raw: string, ed: Edition): string {
  let value = raw.trim().replace(/[\s()\-.]/g, '')
  const prefix = ed.phone.prefix
  if (value.startsWith(prefix)) value = value.slice(prefix.length)
  else if (value.startsWith(prefix.slice(1)) && ed.phone.length !== null && value.length > ed.phone.length)
    value = value.slice(prefix.length - 1)
  return value
}

/**
 * Phone by the edition's rule (docs/product.md#5-validation-rules): a fixed number of digits where the country has one,
 * otherwise 7 to 17 digits; digits only; required. Outputs the digits-only national number.
 */
export function zPhone(ed: Edition) {
  return z
    .string({ error: msg('validation.required') })
    .trim()
    .min(1, msg('validation.required'))
    .transform((raw, ctx) => {
      const digits = phoneDigits(raw, ed)
      if (!/^\d+$/.test(digits)) {
        ctx.addIssue({ code: 'custom', message: msg('validation.phone_digits_only') })
        return z.NEVER
      }
      const fixed = ed.phone.length
      if (fixed !== null && digits.length !== fixed) {
        ctx.addIssue({ code: 'custom', message: msg('validation.phone_length', { count: fixed }) })
        return z.NEVER
      }
      if (fixed === null && (digits.length < 7 || digits.length > 17)) {
        ctx.addIssue({ code: 'custom', message: msg('validation.phone_range', { min: 7, max: 17 }) })
        return z.NEVER
      }
      return digits
    })
}

export const zEmail = z
  .string({ error: msg('validation.required') })
  .trim()
  .toLowerCase()
  .min(1, msg('validation.required'))
  .max(254, msg('validation.length', { min: 3, max: 254 }))
  .pipe(z.email({ message: msg('validation.email') }))

export const zPassword = z
  .string({ error: msg('validation.required') })
  .min(8, msg('validation.length', { min: 8, max: 128 }))
  .max(128, msg('validation.length', { min: 8, max: 128 }))

/** A field the spec calls "JSON text": a JSON string or an object, parsed by the inner schema. */
export function zJsonText<T extends z.ZodType>(inner: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value
    try {
      return JSON.parse(value)
    } catch {
      return value // the inner schema reports a type error for the raw string
    }
  }, inner)
}

/**
 * An object sent as `{key: {...}}` (an object or its JSON text) or with its fields at the top level:
 * `{request: {...}}`, `{site_review: {...}}`. The inner schema then reports errors under its own
 * field names; anything that is not such a wrapper reaches it unchanged.
 */
export function zFieldsUnder<T extends z.ZodType>(key: string, inner: T) {
  return z.preprocess((v) => {
    if (!v || typeof v !== 'object' || !(key in v)) return v
    let wrapped = (v as Record<string, unknown>)[key]
    if (typeof wrapped === 'string') {
      try {
        wrapped = JSON.parse(wrapped)
      } catch {
        return v
      }
    }
    return wrapped && typeof wrapped === 'object' ? wrapped : v
  }, inner)
}

export const MAX_PAGE = 100000

/**
 * A page number (plain decimal or JSON integer). Out of range answers the first or the last page an
 * empty list (docs/contract.md): `0` reads page 1, `1e308` (JSON) reads page 100000. Not an integer, or not
 * plainly written in a query (`?page=1e308`): a 400.
 */
export const zPage = z
  .preprocess(
    (v) => (typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : v),
    z.number({ error: BAD_REQUEST_ISSUE }),
  )
  .refine(Number.isInteger, BAD_REQUEST_ISSUE)
  .transform((n) => Math.min(Math.max(n, 1), MAX_PAGE))
  .default(1)

/** A list's sort direction (`dir`): asc or desc; absent or blank means the list's own default. */
export const zSortDir = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.enum(['asc', 'desc'], { error: msg('validation.invalid') }).optional(),
)

/**
 * A list's sort: `sort` one of the list's column keys (anything else is the field's 422), `dir` asc or
 * desc. Both optional: without them a list keeps its own order. Spread into the list's input object.
 */
export function zListSort<const K extends readonly [string, ...string[]]>(keys: K) {
  return {
    sort: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(keys, { error: msg('validation.invalid') }).optional(),
    ),
    dir: zSortDir,
  }
}

/** Free-form JSON a person may send (a schedule): at most this deep (an object holding an array is 2) … */
export const JSON_MAX_DEPTH = 8
/** … and this long as JSON text. */
export const JSON_MAX_CHARS = 20000

/** How deep objects and arrays nest in `v`, counted no further than `limit + 1`. */
export function jsonDepth(v: unknown, limit = JSON_MAX_DEPTH): number {
  if (v === null || typeof v !== 'object') return 0
  if (limit < 0) return 1
  let deepest = 0
  for (const child of Object.values(v)) {
    deepest = Math.max(deepest, jsonDepth(child, limit - 1))
    if (deepest > limit) break
  }
  return 1 + deepest
}

/** True when `v` is within the free-form JSON limits (depth and length); a refused one is the field's 422. */
export function jsonWithinLimits(v: unknown, maxDepth = JSON_MAX_DEPTH, maxChars = JSON_MAX_CHARS): boolean {
  if (v === undefined || v === null) return true
  if (jsonDepth(v, maxDepth) > maxDepth) return false
  return (JSON.stringify(v)?.length ?? 0) <= maxChars
}
