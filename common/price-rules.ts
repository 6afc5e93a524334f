// The rules of a tutor's prices that the catalogue, the editor and the seeds share (decisions in
// prices.ts). Pure: the browser's price editor imports it.
import type { Edition } from './editions'

export const LESSON_MINUTES = [45, 60, 90] as const
export type LessonMinutes = (typeof LESSON_MINUTES)[number]
/** The duration whose price the catalogue lists, filters and sorts by. */
export const CATALOGUE_MINUTES = 60

/** The highest price of one lesson, whole units of the currency: above it is a typo, not a price. */
export const MAX_LESSON_PRICE: Record<Edition['currency'], number> = {
  UAH: 20_000,
  PLN: 2_000,
  KZT: 250_000,
  USD: 1_000,
  MXN: 20_000,
  EUR: 1_000,
  NGN: 1_000_000,
}
