// zod building blocks shared by server procedures and browser forms. Messages are i18n keys
// (see i18n/index.ts `msg`), translated at the edge into the reader's language.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import type { Edition } from '../editions/editions'

export const zId = z.coerce.number().int().positive()

/** A boolean from JSON, a form or a query: 1/0, true/false, on/off. */
export const zBool = z.preprocess((v) => {
  if (typeof v === 'string') return ['1', 'true', 'on', 'yes'].includes(v.toLowerCase()) ? true : ['0', 'false', 'off', 'no'].includes(v.toLowerCase()) ? false : v
  if (typeof v === 'number') return v !== 0
  return v
}, z.boolean({ error: msg('validation.invalid') }))

/** Text between min and max characters: 'Від {min} до {max} символів'. Optional fields accept empty. */
export function zText(min: number, max: number, opts: { required?: boolean } = {}) {
  const ranged = z
    .string()
    .trim()
    .refine((v) => v.length >= min && v.length <= max, { message: msg('validation.length', { min, max }) })
  if (opts.required === false) return z.union([z.literal(''), ranged]).optional().default('')
  return z.string({ error: msg('validation.required') }).trim().min(1, msg('validation.required')).pipe(ranged)
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
 * Phone by the edition's rule (spec/product.md §5): a fixed number of digits where the country has one,
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

/** Boolean from a form or query value: 1/0, true/false, on/off. */
export const zFlag = z.preprocess((v) => {
  if (typeof v === 'string') return ['1', 'true', 'on', 'yes'].includes(v.toLowerCase())
  if (typeof v === 'number') return v !== 0
  return v
}, z.boolean())

export const zPage = z.coerce.number().int().min(1).max(100000).default(1)
