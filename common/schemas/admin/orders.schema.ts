// zod only: inputs of the staff calls on orders (spec/api-calls.md §7.1), shared by the procedures
// and the panel's forms.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { unitsToMinor } from '../../money'
import { zFlag, zId, zJsonText, zPage, zText } from '../../validators'
import { zFilterBit } from './tutors.schema'

const blank = (v: unknown) => (v === '' || v === null ? undefined : v)
const invalid = { error: msg('validation.invalid') }

/** A moment: ISO date-time (or YYYY-MM-DD HH:mm, or epoch seconds as the spec's notifications use). */
export const zMoment = z.preprocess((v) => {
  if (typeof v === 'number') return new Date(v * 1000)
  if (typeof v === 'string' && v.trim()) {
    const s = v.trim()
    if (/^\d{9,11}$/.test(s)) return new Date(Number(s) * 1000)
    return new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(s) ? s.replace(' ', 'T') : s)
  }
  return v
}, z.date({ error: msg('validation.invalid') }).refine((d) => !Number.isNaN(d.getTime()), invalid))

/** A calendar day, YYYY-MM-DD (a longer ISO value keeps its date part). */
export const zDay = z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, 10) : v), z.string(invalid).regex(/^\d{4}-\d{2}-\d{2}$/, msg('validation.invalid')))

const zOptionalId = z.preprocess(blank, zId.optional())

export const ZOrderFilters = z.object({
  /** One status, a list, or "1,2,3". */
  status: z.preprocess((v) => {
    const x = blank(v)
    if (typeof x === 'string') return x.split(',').filter(Boolean).map(Number)
    if (typeof x === 'number') return [x]
    return x
  }, z.array(z.coerce.number().int().min(1).max(8)).optional()),
  date_from: z.preprocess(blank, zDay.optional()),
  date_to: z.preprocess(blank, zDay.optional()),
  tutor_id: zOptionalId,
  client_id: zOptionalId,
  city_id: zOptionalId,
  lesson_id: zOptionalId,
  kind: z.preprocess(blank, z.enum(['personal', 'general', 'school', 'short', 'test_landing']).optional()),
  favorite: zFilterBit,
  /** Order id, client name, e-mail, phone or description. */
  text_search: z.preprocess(blank, z.string().trim().max(200).optional()),
})

const zFilters = z.preprocess((v) => (v === undefined || v === '' || v === null ? {} : v), zJsonText(ZOrderFilters))

export const ZOrderList = z.object({
  page: zPage,
  filters: zFilters,
  sort_dir: z.preprocess(blank, z.enum(['asc', 'desc']).default('desc')),
})
export const ZOrderCount = z.object({ page: zPage, filters: zFilters })
export const ZOrderExport = z.object({ filters: zFilters, file_name: z.string().max(100).optional() })

export const ZById = z.object({ id: zId })
export const ZOrderId = z.object({ order_id: zId })

const zFormLocation = z.array(z.enum(['home', 'travel', 'online']))

/** The order fields staff edit (save) or set on create; every field optional. */
export const ZOrderFields = z
  .object({
    kind: z.enum(['personal', 'general', 'school', 'short', 'test_landing']).optional(),
    client_id: z.preprocess(blank, zId.nullable().optional()),
    client_name: z.string().trim().max(200).optional(),
    client_email: z.preprocess(blank, z.string().trim().toLowerCase().email(msg('validation.email')).max(200).nullable().optional()),
    client_phone: z.preprocess(blank, z.string().trim().regex(/^\+?[\d\s()\-.]{7,20}$/, msg('validation.invalid')).transform((v) => v.replace(/\D/g, '')).nullable().optional()),
    lesson_id: z.preprocess(blank, zId.nullable().optional()),
    level_id: z.preprocess(blank, zId.nullable().optional()),
    city_id: z.preprocess(blank, zId.nullable().optional()),
    district_id: z.preprocess(blank, zId.nullable().optional()),
    subdistrict_id: z.preprocess(blank, zId.nullable().optional()),
    form_location: zFormLocation.optional(),
    location_home: zFlag.optional(),
    location_travel: zFlag.optional(),
    location_online: zFlag.optional(),
    client_place: z.string().trim().max(500).optional(),
    description: z.string().trim().max(5000).optional(),
    info: z.string().trim().max(5000).optional(),
    class_regularity: z.preprocess(blank, z.coerce.number().int().min(0).max(14).optional()),
    class_duration: z.preprocess(blank, z.coerce.number().int().min(0).max(600).optional()),
    rate_id: z.preprocess(blank, zId.nullable().optional()),
    source: z.preprocess(blank, z.string().trim().max(200).nullable().optional()),
    request_origin: z.preprocess(blank, z.string().trim().max(200).nullable().optional()),
  })
  .transform(({ form_location, ...rest }) =>
    form_location
      ? { ...rest, location_home: form_location.includes('home'), location_travel: form_location.includes('travel'), location_online: form_location.includes('online') }
      : rest,
  )

export const ZOrderSave = z.preprocess(
  (v) => {
    // order_id may also travel inside the order JSON (id or order_id).
    if (v && typeof v === 'object' && !('order_id' in v)) {
      const raw = (v as { order?: unknown }).order
      const o = typeof raw === 'string' ? (() => { try { return JSON.parse(raw) } catch { return null } })() : raw
      if (o && typeof o === 'object') return { ...v, order_id: (o as { order_id?: unknown; id?: unknown }).order_id ?? (o as { id?: unknown }).id }
    }
    return v
  },
  z.object({ order_id: zId, order: zJsonText(ZOrderFields) }),
)

export const ZOrderCreate = z.object({
  order: z.preprocess((v) => (v === undefined || v === '' || v === null ? {} : v), zJsonText(ZOrderFields.and(z.object({ personal_tutor_id: z.preprocess(blank, zId.nullable().optional()) })))),
})

export const ZOrderTutor = z.object({ order_id: zId, tutor_id: zId })
export const ZDeleteTutor = z.object({ order_id: zId, tutor_id: zId, remove_reasons: zText(1, 1000) })
export const ZFirstClass = z.object({ order_id: zId, first_class: zMoment })

export const ZPaymentData = z.object({
  /** Whole currency units, at most two decimals. */
  amount: z.union([z.string(), z.number()]).transform((v, ctx) => {
    const minor = unitsToMinor(v)
    if (minor === null || minor <= 0) {
      ctx.addIssue({ code: 'custom', message: msg('validation.invalid') })
      return z.NEVER
    }
    return minor
  }),
  method: zText(1, 50),
  date: zDay,
  comment: zText(0, 500, { required: false }),
})
export const ZSetPaid = z.object({ order_id: zId, payment_data: zJsonText(ZPaymentData) })
export const ZSetLost = z.object({ order_id: zId, remove_reasons: zText(1, 1000), request_origin: z.string().max(200).optional() })
export const ZSetPause = z.object({ order_id: zId, date_pause_off: zMoment })
export const ZOrderAction = z.object({ order_id: zId, request_origin: z.string().max(200).optional() })

export const ZSetReview = z.object({
  order_id: zId,
  review_mark: z.coerce.number(invalid).int(msg('validation.invalid')).min(1, msg('validation.invalid')).max(5, msg('validation.invalid')),
  review_text: zText(0, 2000, { required: false }),
})
export const ZSetReviewResponse = z.object({ order_id: zId, review_response_text: zText(1, 2000) })

export const ZSearchTutors = z.object({
  order_id: zId,
  filters: z.preprocess((v) => (v === undefined || v === '' || v === null ? {} : v), zJsonText(z.object({ text_search: z.preprocess(blank, z.string().trim().max(200).optional()) }))),
})
export const ZAutoAppoint = z.object({ order_id: zId, value: zFlag })
export const ZSetFavorite = z.object({ order_id: zId, add_favorite: zFlag })

export const ZNotificationRead = z.object({
  type: z.string().min(1).max(60),
  response_id: z.preprocess(blank, zId.optional()),
  order_id: z.preprocess(blank, zId.optional()),
  id: z.preprocess(blank, zId.optional()),
})

/** A band's fee in whole units (≤ 2 decimals); rate_id empty: the edition's default. */
export const ZOrderFee = z.object({
  rate_id: z.preprocess(blank, zId.nullable().default(null)),
  fee: z.union([z.string(), z.number()]).transform((v, ctx) => {
    const minor = unitsToMinor(v)
    if (minor === null || minor < 0) {
      ctx.addIssue({ code: 'custom', message: msg('validation.invalid') })
      return z.NEVER
    }
    return minor
  }),
})

export type TOrderList = z.input<typeof ZOrderList>
export type TOrderFields = z.input<typeof ZOrderFields>
export type TSetPaid = z.input<typeof ZSetPaid>
