// zod only: the tutor's order calls (spec/api-calls.md §7.7), importable by the browser's forms.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { LOCALES } from '../../domain/editions/editions'
import { TUTOR_CATEGORIES } from '../../domain/orders/tutor-categories'
import { zId, zPage } from '../../domain/shared/validators'
import { zWhen } from '../client/orders.schema'

const zLang = z.enum(LOCALES).optional()
export const ZTutorOrderList = z.object({ category: z.enum(TUTOR_CATEGORIES), page: zPage, lang: zLang })
export const ZTutorOrderGet = z.object({ id: zId, lang: zLang })
export const ZTutorOrderId = z.object({ order_id: zId })
export const ZRefusedReason = z.object({
  order_id: zId,
  refused_reason: z.string({ error: msg('validation.required') }).trim().min(3, msg('validation.length', { min: 3, max: 1000 })).max(1000, msg('validation.length', { min: 3, max: 1000 })),
})
export const ZTutorFirstClass = z.object({ order_id: zId, first_class: zWhen })
export const ZResponseReview = z.object({
  order_id: zId,
  review_response_text: z.string({ error: msg('validation.required') }).trim().min(1, msg('validation.required')).max(3000, msg('validation.length', { min: 1, max: 3000 })),
})
export const ZMarkRead = z
  .object({ ids: z.array(zId).max(500).optional(), order_id: zId.optional(), type: z.string().max(40).optional() })
  .optional()
