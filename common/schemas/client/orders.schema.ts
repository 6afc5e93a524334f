// zod only: the client's order calls (docs/api.md#client-orders-and-chats), importable by the browser's forms.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { LOCALES } from '../../editions'
import { zId, zPage } from '../../validators'
import { zIntOrNull, zIso, zTextOrNull } from '../answer-parts'

const zLang = z.enum(LOCALES).optional()
export const zWhen = z.preprocess(
  (v) => (typeof v === 'number' ? new Date(v < 1e12 ? v * 1000 : v) : v),
  z.coerce.date({ error: msg('validation.invalid') }),
)

export const ZClientOrderList = z.object({ page: zPage, lang: zLang }).optional()
export const ZClientOrderGet = z.object({ id: zId, lang: zLang })
export const ZOrderTutor = z.object({ order_id: zId, tutor_id: zId })
export const ZSetRate = z.object({ order_id: zId, rate_id: zId })
export const ZSetFirstClass = z.object({ order_id: zId, first_class: zWhen })
export const ZSetReview = z.object({
  order_id: zId,
  lang: zLang,
  review_text: z
    .string({ error: msg('validation.required') })
    .trim()
    .min(10, msg('validation.length', { min: 10, max: 3000 }))
    .max(3000, msg('validation.length', { min: 10, max: 3000 })),
  review_mark: z.coerce
    .number({ error: msg('validation.required') })
    .int()
    .min(1, msg('validation.invalid'))
    .max(5, msg('validation.invalid')),
})
export type TSetReview = z.input<typeof ZSetReview>
export const ZOrderId = z.object({ order_id: zId })

// ——— answers (the procedures' .output()) ———

const zNamed = z.strictObject({ id: z.number(), name: z.string() }).nullable()

/** The order as its parties see it (client and tutor cabinets): the fields both sides share. */
export const zPartyOrderFields = {
  id: z.number(),
  order_id: z.number(),
  kind: z.string(),
  status: z.number(),
  status_name: z.string(),
  client_id: zIntOrNull,
  client_name: z.string(),
  client_email: zTextOrNull,
  client_phone: zTextOrNull,
  lesson: zNamed,
  level: zNamed,
  city: zNamed,
  district_id: zIntOrNull,
  form_location: z.array(z.string()),
  client_place: z.string(),
  description: z.string(),
  info: z.string(),
  class_regularity: z.number(),
  class_duration: z.number(),
  first_class: zIso,
  rate_id: zIntOrNull,
  tutor_id: zIntOrNull,
  date_payment_deadline: zIso,
  paid_at: zIso,
  review_mark: zIntOrNull,
  review_text: zTextOrNull,
  review_response_text: zTextOrNull,
  review_status: zIntOrNull,
  chat_id: z.number(),
  created_at: zIso,
}

/** Where the client's request stands, in the client's words (the order statuses are the staff's). */
export const CLIENT_STAGES = [
  'sent_to_tutor',
  'choosing',
  'accepted',
  'first_lesson',
  'done',
  'paused',
  'closed',
] as const
export type ClientStage = (typeof CLIENT_STAGES)[number]

/**
 * A client's list row: the party fields without the tutor's fee and payment deadline (between the
 * tutor and the marketplace), with the tutor chosen on the request and the appointed one named.
 */
const { date_payment_deadline: _deadline, ...zClientOrderFields } = zPartyOrderFields
export const ZClientOrderItem = z.strictObject({
  ...zClientOrderFields,
  personal_tutor: zNamed,
  tutor: zNamed,
  client_stage: z.enum(CLIENT_STAGES),
})
export const ZClientOrderListAnswer = z.strictObject({
  items: z.array(ZClientOrderItem),
  total: z.number(),
  page: z.number(),
})

/** GET /client/order: the order, its tutor and the tutors who responded. */
export const ZClientOrderAnswer = ZClientOrderItem.extend({
  responded_tutors: z.array(
    z.strictObject({
      response_id: z.number(),
      tutor_id: z.number(),
      name: z.string(),
      role: z.string(),
      response: zTextOrNull,
      responded_at: z.date().nullable(),
    }),
  ),
})

/**
 * An action on an order by its party: the order, its status after the move and what the action adds
 * (`result`; optional as the order core types it: an action body may add nothing).
 */
const zPartyMoved = <R extends z.ZodType>(result: R) =>
  z.strictObject({ order_id: z.number(), status: z.number(), result: result.optional() })
export const ZPartyMoved = zPartyMoved(z.undefined())
export const ZPartyAppointed = zPartyMoved(z.strictObject({ response_id: z.number() }))
export const ZPartyFirstClassSet = zPartyMoved(z.strictObject({ date_payment_deadline: z.string() }))
export const ZPartyReviewSet = zPartyMoved(z.strictObject({ review_id: z.number() }))

export const ZSchoolAuthTokenAnswer = z.strictObject({
  client_auth_token: z.string(),
  school_order_id: z.string(),
  url: z.string(),
})
