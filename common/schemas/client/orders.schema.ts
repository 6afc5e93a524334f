// zod only: the client's order calls (spec/api-calls.md §7.8), importable by the browser's forms.
import { z } from 'zod'
import { msg } from '../../../i18n/format'
import { LOCALES } from '../../editions'
import { zId, zPage } from '../../validators'

const zLang = z.enum(LOCALES).optional()
export const zWhen = z.preprocess((v) => (typeof v === 'number' ? new Date(v < 1e12 ? v * 1000 : v) : v), z.coerce.date({ error: msg('validation.invalid') }))

export const ZClientOrderList = z.object({ page: zPage, lang: zLang }).optional()
export const ZClientOrderGet = z.object({ id: zId, lang: zLang })
export const ZOrderTutor = z.object({ order_id: zId, tutor_id: zId })
export const ZSetRate = z.object({ order_id: zId, rate_id: zId })
export const ZSetFirstClass = z.object({ order_id: zId, first_class: zWhen })
export const ZSetReview = z.object({
  order_id: zId,
  lang: zLang,
  review_text: z.string({ error: msg('validation.required') }).trim().min(10, msg('validation.length', { min: 10, max: 3000 })).max(3000, msg('validation.length', { min: 10, max: 3000 })),
  review_mark: z.coerce.number({ error: msg('validation.required') }).int().min(1, msg('validation.invalid')).max(5, msg('validation.invalid')),
})
export type TSetReview = z.input<typeof ZSetReview>
export const ZOrderId = z.object({ order_id: zId })
