// zod only: the tutor's order calls (docs/api.md#tutor-orders-and-notifications), importable by the browser's forms.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { LOCALES } from '../../editions'
import { zId, zPage } from '../../validators'
import { zPartyOrderFields, zWhen } from '../client/orders.schema'
import { zIntOrNull, zTextOrNull } from '../answer-parts'

const zLang = z.enum(LOCALES).optional()
/** GET /tutor/orders/{category} (server/domain/orders/tutor-orders.ts says what each holds). */
export const TUTOR_CATEGORIES = [
  'new',
  'my',
  'new_personal',
  'new_online',
  'new_potential',
  'new_offline',
  'active',
  'archive',
] as const
export type TutorCategory = (typeof TUTOR_CATEGORIES)[number]

export const ZTutorOrderList = z.object({ category: z.enum(TUTOR_CATEGORIES), page: zPage, lang: zLang })
export const ZTutorOrderGet = z.object({ id: zId, lang: zLang })
export const ZTutorOrderId = z.object({ order_id: zId })
export const ZRefusedReason = z.object({
  order_id: zId,
  refused_reason: z
    .string({ error: msg('validation.required') })
    .trim()
    .min(3, msg('validation.length', { min: 3, max: 1000 }))
    .max(1000, msg('validation.length', { min: 3, max: 1000 })),
})
export const ZTutorFirstClass = z.object({ order_id: zId, first_class: zWhen })
export const ZResponseReview = z.object({
  order_id: zId,
  review_response_text: z
    .string({ error: msg('validation.required') })
    .trim()
    .min(1, msg('validation.required'))
    .max(3000, msg('validation.length', { min: 1, max: 3000 })),
})
export const ZMarkRead = z
  .object({ ids: z.array(zId).max(500).optional(), order_id: zId.optional(), type: z.string().max(40).optional() })
  .optional()

// ——— answers (the procedures' .output()) ———

/** The order as the tutor sees it: the party fields, the fee, and the tutor's own relation to it. */
export const ZTutorOrderAnswer = z.strictObject({
  ...zPartyOrderFields,
  fee_minor: zIntOrNull,
  fee_currency: zTextOrNull,
  my_role: zTextOrNull,
  response: zTextOrNull,
  refused_reason: zTextOrNull,
  response_id: zIntOrNull,
})
export const ZTutorOrderListAnswer = z.strictObject({
  items: z.array(ZTutorOrderAnswer),
  total: z.number(),
  page: z.number(),
  category: z.enum(TUTOR_CATEGORIES),
})

// The tutor's notification bell (GET /tutor/on_site_notifications): unread rows grouped by type;
// `id` is the order's id (what the bell links to), `notification_id` marks one read.
const zBell = { id: z.number().nullable(), notification_id: z.number() }
export const ZTutorNotifications = z.strictObject({
  personal_orders: z.array(z.strictObject({ ...zBell, client_name: z.string() })),
  potential_orders: z.array(z.strictObject({ ...zBell, lessons_name: z.array(z.string()) })),
  assigned: z.array(z.strictObject({ ...zBell, name: z.string() })),
  waiting_for_pay: z.array(z.strictObject({ ...zBell, date_payment_deadline: z.number().nullable() })),
  deadline_pay_date: z.array(z.strictObject(zBell)),
  overdue_pay_date: z.array(z.strictObject(zBell)),
  client_notifications: z.array(z.strictObject({ ...zBell, name: z.string() })),
  /** `kind` names a profile notice (welcome, live, sent back with `reason`); absent: a manager's message. */
  admin_notifications: z.array(
    z.strictObject({
      ...zBell,
      name: z.string(),
      kind: z.enum(['profile_welcome', 'profile_live', 'profile_sent_back']).optional(),
      reason: z.string().optional(),
    }),
  ),
  count: z.number(),
})
export const ZNotificationsMarked = z.strictObject({ marked: z.number() })
