// zod only: inputs of the staff calls on orders (docs/api.md#admin-orders), shared by the procedures
// and the panel's forms.
import { z } from 'zod'
import { ZAuthObject } from '../auth/sign-in.schema'
import { msg } from '../../../i18n/format'
import { unitsToMinor } from '../../money'
import { zFlag, zId, zJsonText, zListSort, zPage, zText } from '../../validators'
import { zFilterBit } from './tutors.schema'
import { zBit01, zFileResponse, zIntOrNull, zIso, zJsonValue, zPaged, zTextOrNull } from '../answer-parts'

const blank = (v: unknown) => (v === '' || v === null ? undefined : v)
const invalid = { error: msg('validation.invalid') }

/** A moment: ISO date-time (or YYYY-MM-DD HH:mm, or epoch seconds as the spec's notifications use). */
export const zMoment = z.preprocess(
  (v) => {
    if (typeof v === 'number') return new Date(v * 1000)
    if (typeof v === 'string' && v.trim()) {
      const s = v.trim()
      if (/^\d{9,11}$/.test(s)) return new Date(Number(s) * 1000)
      return new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(s) ? s.replace(' ', 'T') : s)
    }
    return v
  },
  z.date({ error: msg('validation.invalid') }).refine((d) => !Number.isNaN(d.getTime()), invalid),
)

/** A calendar day, YYYY-MM-DD (a longer ISO value keeps its date part). */
export const zDay = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().slice(0, 10) : v),
  z.string(invalid).regex(/^\d{4}-\d{2}-\d{2}$/, msg('validation.invalid')),
)

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
  /** The responsible staff member: `mine` (the caller), `none` (nobody) or a staff id. */
  responsible: z.preprocess(
    blank,
    z
      .union(
        [
          z.enum(['mine', 'none'], invalid),
          z.coerce.number(invalid).int(invalid).min(1, invalid).max(2147483647, invalid),
        ],
        invalid,
      )
      .optional(),
  ),
})

const zFilters = z.preprocess((v) => (v === undefined || v === '' || v === null ? {} : v), zJsonText(ZOrderFilters))

/** The orders list's sort keys (`sort`; default created, with the spec's `sort_dir`). */
export const ORDER_SORTS = ['created', 'id', 'status', 'client'] as const
export type OrderSort = (typeof ORDER_SORTS)[number]

export const ZOrderList = z.object({
  page: zPage,
  filters: zFilters,
  sort_dir: z.preprocess(blank, z.enum(['asc', 'desc']).default('desc')),
  /** `dir`, when given, wins over the spec's `sort_dir` (which still defaults to desc). */
  ...zListSort(ORDER_SORTS),
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
    client_email: z.preprocess(
      blank,
      z.string().trim().toLowerCase().email(msg('validation.email')).max(200).nullable().optional(),
    ),
    client_phone: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .regex(/^\+?[\d\s()\-.]{7,20}$/, msg('validation.invalid'))
        .transform((v) => v.replace(/\D/g, ''))
        .nullable()
        .optional(),
    ),
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
      ? {
          ...rest,
          location_home: form_location.includes('home'),
          location_travel: form_location.includes('travel'),
          location_online: form_location.includes('online'),
        }
      : rest,
  )

export const ZOrderSave = z.preprocess(
  (v) => {
    // order_id may also travel inside the order JSON (id or order_id).
    if (v && typeof v === 'object' && !('order_id' in v)) {
      const raw = (v as { order?: unknown }).order
      const o =
        typeof raw === 'string'
          ? (() => {
              try {
                return JSON.parse(raw)
              } catch {
                return null
              }
            })()
          : raw
      if (o && typeof o === 'object')
        return { ...v, order_id: (o as { order_id?: unknown; id?: unknown }).order_id ?? (o as { id?: unknown }).id }
    }
    return v
  },
  z.object({ order_id: zId, order: zJsonText(ZOrderFields) }),
)

export const ZOrderCreate = z.object({
  order: z.preprocess(
    (v) => (v === undefined || v === '' || v === null ? {} : v),
    zJsonText(ZOrderFields.and(z.object({ personal_tutor_id: z.preprocess(blank, zId.nullable().optional()) }))),
  ),
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
export const ZSetLost = z.object({
  order_id: zId,
  remove_reasons: zText(1, 1000),
  request_origin: z.string().max(200).optional(),
})
export const ZSetPause = z.object({ order_id: zId, date_pause_off: zMoment })
export const ZOrderAction = z.object({ order_id: zId, request_origin: z.string().max(200).optional() })

export const ZSetReview = z.object({
  order_id: zId,
  review_mark: z.coerce
    .number(invalid)
    .int(msg('validation.invalid'))
    .min(1, msg('validation.invalid'))
    .max(5, msg('validation.invalid')),
  review_text: zText(0, 2000, { required: false }),
})
export const ZSetReviewResponse = z.object({ order_id: zId, review_response_text: zText(1, 2000) })

export const ZSearchTutors = z.object({
  order_id: zId,
  filters: z.preprocess(
    (v) => (v === undefined || v === '' || v === null ? {} : v),
    zJsonText(z.object({ text_search: z.preprocess(blank, z.string().trim().max(200).optional()) })),
  ),
})
export const ZAutoAppoint = z.object({ order_id: zId, value: zFlag })
export const ZSetFavorite = z.object({ order_id: zId, add_favorite: zFlag })
/** Make another staff member responsible for the order (admin.orders.setStaff, tRPC only). */
export const ZSetOrderStaff = z.object({ order_id: zId, staff_id: zId })

export const ZNotificationRead = z.object({
  type: z.string().min(1).max(60),
  response_id: z.preprocess(blank, zId.optional()),
  order_id: z.preprocess(blank, zId.optional()),
  id: z.preprocess(blank, zId.optional()),
})

/** A band's fee in whole units (≤ 2 decimals), positive (an order is never free); rate_id empty: the edition's default. */
export const ZOrderFee = z.object({
  rate_id: z.preprocess(blank, zId.nullable().default(null)),
  fee: z.union([z.string(), z.number()]).transform((v, ctx) => {
    const minor = unitsToMinor(v)
    if (minor === null || minor <= 0) {
      ctx.addIssue({ code: 'custom', message: msg('validation.invalid') })
      return z.NEVER
    }
    return minor
  }),
})

export type TOrderList = z.input<typeof ZOrderList>
export type TOrderFields = z.input<typeof ZOrderFields>
export type TSetPaid = z.input<typeof ZSetPaid>

// ——— answers (the procedures' .output()) ———

/** A staff action's answer: the order and its status after the move (set_* calls). */
export const ZOrderMoved = z.strictObject({ order_id: z.number(), status: z.number() })
export const ZOrderCreated = z.strictObject({ order_id: z.number() })
export const ZOrderAppointed = ZOrderMoved.extend({ response_id: z.number() })
export const ZOrderFirstClassSet = ZOrderMoved.extend({ date_payment_deadline: z.string() })
export const ZOrderReviewSet = ZOrderMoved.extend({ review_id: z.number() })
export const ZOrderSmsSent = ZOrderMoved.extend({ sent: z.literal(true) })
export const ZAutoAppointAnswer = ZOrderMoved.extend({ auto_appoint_potential: zBit01, appointed_tutor_id: zIntOrNull })

const zFormLocationAnswer = z.array(z.string())

export const ZOrderListItem = z.strictObject({
  id: z.number(),
  order_id: z.number(),
  kind: z.string(),
  status: z.number(),
  status_name: z.string(),
  client_id: zIntOrNull,
  client_name: z.string(),
  client_email: zTextOrNull,
  client_phone: zTextOrNull,
  lesson_id: zIntOrNull,
  lesson_name: zTextOrNull,
  city_id: zIntOrNull,
  city_name: zTextOrNull,
  form_location: zFormLocationAnswer,
  tutor_id: zIntOrNull,
  tutor_name: zTextOrNull,
  /** The tutor the client chose on a personal request (named from the moment of the request). */
  personal_tutor_id: zIntOrNull,
  personal_tutor_name: zTextOrNull,
  /** false: a visitor named an existing account's e-mail and has not used the code sent there. */
  client_confirmed: z.boolean(),
  /** Other clients with this order's phone: a possible duplicate (the merge tool joins them). */
  same_phone_clients: z.number(),
  rate_id: zIntOrNull,
  fee_minor: zIntOrNull,
  fee_currency: zTextOrNull,
  first_class: zIso,
  payment_data: zJsonValue,
  paid_at: zIso,
  favorite: zBit01,
  date_pause_off: zIso,
  remove_reasons: zTextOrNull,
  school_state: zTextOrNull,
  other_site_state: zTextOrNull,
  source: zTextOrNull,
  /** The staff member responsible for the order (docs/decisions.md#orders). */
  staff_id: zIntOrNull,
  staff_name: zTextOrNull,
  created_at: zIso,
  updated_at: zIso,
})
export const ZOrderListAnswer = zPaged(ZOrderListItem)

export const ZOrderCountAnswer = z.strictObject({
  statuses: z.array(z.strictObject({ status: z.number(), name: z.string(), count: z.number() })),
  counts: z.record(z.string(), z.number()),
  total: z.number(),
})

/** GET /admin/resources/order_rules: the status machine as data. */
export const ZOrderRulesAnswer = z.strictObject({
  statuses: z.array(z.strictObject({ value: z.number(), name: z.string() })),
  actions: z.array(
    z.strictObject({
      action: z.string(),
      from: z.array(z.number()),
      to: z.union([z.number(), z.string()]),
      by: z.array(z.string()),
    }),
  ),
  review: z.strictObject({
    status: z.number(),
    response_needs_review_status: z.number(),
    mark_min: z.number(),
    mark_max: z.number(),
  }),
})

/** One order in full for staff (admin.order.get). */
export const ZStaffOrderAnswer = z.strictObject({
  id: z.number(),
  order_id: z.number(),
  chat_id: z.number(),
  kind: z.string(),
  status: z.number(),
  status_name: z.string(),
  previous_status: zIntOrNull,
  client_id: zIntOrNull,
  client_name: z.string(),
  client_email: zTextOrNull,
  client_phone: zTextOrNull,
  lesson_id: zIntOrNull,
  level_id: zIntOrNull,
  city_id: zIntOrNull,
  district_id: zIntOrNull,
  subdistrict_id: zIntOrNull,
  location_home: z.boolean(),
  location_travel: z.boolean(),
  location_online: z.boolean(),
  client_place: z.string(),
  description: z.string(),
  info: z.string(),
  class_regularity: z.number(),
  class_duration: z.number(),
  rate_id: zIntOrNull,
  source: zTextOrNull,
  request_origin: zTextOrNull,
  lesson_name: zTextOrNull,
  /** The level the client chose, and the district: named as on the request. */
  level_name: zTextOrNull,
  city_name: zTextOrNull,
  district_name: zTextOrNull,
  form_location: zFormLocationAnswer,
  first_class: zIso,
  fee_minor: zIntOrNull,
  fee_currency: zTextOrNull,
  date_payment_deadline: zIso,
  personal_tutor_id: zIntOrNull,
  personal_tutor_name: zTextOrNull,
  /** false: a visitor named an existing account's e-mail and has not used the code sent there. */
  client_confirmed: z.boolean(),
  tutor_id: zIntOrNull,
  appointed_at: zIso,
  payment_data: zJsonValue,
  paid_at: zIso,
  remove_reasons: zTextOrNull,
  date_pause_off: zIso,
  favorite: zBit01,
  auto_appoint_potential: zBit01,
  review_mark: zIntOrNull,
  review_text: zTextOrNull,
  review_response_text: zTextOrNull,
  review_status: zIntOrNull,
  no_review: zBit01,
  school_state: zTextOrNull,
  other_site_state: zTextOrNull,
  copied_from_order_id: zIntOrNull,
  staff_id: zIntOrNull,
  staff_name: zTextOrNull,
  created_at: zIso,
  updated_at: zIso,
  tutors: z.array(
    z.strictObject({
      response_id: z.number(),
      tutor_id: z.number(),
      name: z.string(),
      role: z.string(),
      response: zTextOrNull,
      responded_at: zIso,
      refused_reason: zTextOrNull,
      yellow: zBit01,
      remove_reasons: zTextOrNull,
      created_at: zIso,
    }),
  ),
  events: z.array(
    z.strictObject({
      id: z.number(),
      actor_kind: z.string(),
      actor_id: zIntOrNull,
      /** The client's, tutor's or staff member's name at the time of reading. */
      actor_name: zTextOrNull,
      on_behalf_of_staff_id: zIntOrNull,
      action: z.string(),
      from_status: zIntOrNull,
      to_status: zIntOrNull,
      data: zJsonValue,
      at: zIso,
    }),
  ),
  actions: z.array(z.string()),
  /** The fee's payments: provider attempts and the wallet charges (server/domain/orders/read.ts). */
  fee_payments: z.strictObject({
    attempts: z.array(
      z.strictObject({
        payment_id: z.number(),
        tutor_id: z.number(),
        provider: z.string(),
        status: z.string(),
        amount_minor: z.number(),
        donate_minor: z.number(),
        currency: z.string(),
        created_at: z.string(),
        paid_at: zIso,
      }),
    ),
    charges: z.array(
      z.strictObject({
        entry_id: z.number(),
        tutor_id: z.number(),
        amount_minor: z.number(),
        currency: z.string(),
        by: z.string(),
        at: z.string(),
      }),
    ),
  }),
})

/** Tutors found for an order (search_tutors). */
export const ZOrderTutorSearchAnswer = z.strictObject({
  items: z.array(
    z.strictObject({
      id: z.number(),
      tutor_id: z.number(),
      name: z.string(),
      email: zTextOrNull,
      phone: zTextOrNull,
      active: z.boolean(),
      published: z.boolean(),
      rate_id: zIntOrNull,
      review_count: z.number(),
      review_avg: z.number(),
      order_role: zTextOrNull,
      yellow: zBit01,
    }),
  ),
  total: z.number(),
})

/** The order's potential tutors in ranking order (get_potential_tutors). */
export const ZPotentialTutorsAnswer = z.strictObject({
  items: z.array(
    z.strictObject({
      id: z.number(),
      tutor_id: z.number(),
      name: z.string(),
      avatar_url: zTextOrNull,
      rate_id: zIntOrNull,
      price: zIntOrNull,
      review_count: z.number(),
      review_avg: z.number(),
      order_role: zTextOrNull,
      response: zTextOrNull,
      yellow: zBit01,
    }),
  ),
  total: z.number(),
})

const zFeeRow = { rate_id: zIntOrNull, fee_minor: zIntOrNull, currency: z.string() }
export const ZOrderFeesAnswer = z.strictObject({
  default: z.strictObject(zFeeRow),
  rates: z.array(z.strictObject({ ...zFeeRow, names: zJsonValue, min_price: z.number(), max_price: zIntOrNull })),
})
export const ZOrderStaffSet = z.strictObject({ order_id: z.number(), staff_id: z.number(), staff_name: z.string() })
export const ZOrderStaffOptions = z.strictObject({
  items: z.array(z.strictObject({ admin_id: z.number(), name: z.string(), open_orders: z.number() })),
})
export const ZOrderFeeSaved = z.strictObject({ rate_id: zIntOrNull, fee_minor: z.number(), currency: z.string() })

/** The staff bell: unread notifications by type (each item: its ids, its stored data, when). */
export const ZStaffNotificationsAnswer = z.strictObject({
  auth: ZAuthObject,
  data: z.strictObject({ notifications: z.record(z.string(), z.array(zJsonValue)), count: z.number() }),
})
export const ZNotificationReadAnswer = z.strictObject({ read: z.number() })

/** The Excel export: an .xlsx Response. */
export const ZOrderExportAnswer = zFileResponse
