// zod only: the tutor's prices, importable by the browser's forms. `prices` maps a
// subject id to {minutes: price in whole units}; an empty price removes that duration. The domain
// (server/domain/tutors/prices.ts) checks the amounts, the durations, the subjects and the currency,
// answering 422 on `prices.<subject>.<minutes>`.
import { z } from 'zod'
import { msg } from '../../../i18n/format'

const invalid = msg('validation.invalid')
const zAmount = z.union([z.string().max(20, invalid), z.number(), z.null()], { error: invalid })

export const ZTutorPrices = z.object({
  prices: z.record(z.string().max(10, invalid), z.record(z.string().max(10, invalid), zAmount, { error: invalid }), {
    error: invalid,
  }),
  /** Optional: when sent it must be the edition's currency (prices are kept in it). */
  currency: z.string().max(3, invalid).optional(),
})
export type TTutorPrices = z.input<typeof ZTutorPrices>

// ——— answers (the procedures' .output()) ———

/** The tutor's prices: the list, the durations offered, the catalogue's duration and `{subject: {minutes: price_minor}}`. */
export const ZTutorPricesAnswer = z.strictObject({
  currency: z.string(),
  minutes: z.array(z.number()).readonly(),
  catalogue_minutes: z.number(),
  prices: z.array(
    z.strictObject({ lesson_id: z.number(), minutes: z.number(), price_minor: z.number(), currency: z.string() }),
  ),
  by_subject: z.record(z.string(), z.record(z.string(), z.number())),
})
