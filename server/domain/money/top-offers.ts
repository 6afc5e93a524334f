// TOP placement prices (issue 12 "TOP offers"): our decision, a small constant table per edition in
// integer minor units of the edition's currency, for the lengths of TOP_DAYS. Longer placements cost
// less per day. Offline (a city) and online cost the same: the slot caps (10 per city and subject, 20
// online, DOMAIN.md "Ranking") already keep both scarce. Change the table here; a price is copied onto
// the placement (tops.paid_amount) when bought, so a change never moves a past purchase.
import type { EditionCode } from '../../../common/editions'
import { TOP_DAYS } from '../../../common/schemas/tutor/payments.schema'

type TopDays = (typeof TOP_DAYS)[number]

export const TOP_PRICES: Record<EditionCode, Record<TopDays, number>> = {
  ua: { 7: 15_000, 14: 27_000, 30: 50_000 }, // UAH 150 / 270 / 500
  pl: { 7: 2_500, 14: 4_500, 30: 8_000 }, // PLN 25 / 45 / 80
  kz: { 7: 200_000, 14: 360_000, 30: 650_000 }, // KZT 2,000 / 3,600 / 6,500
  us: { 7: 900, 14: 1_600, 30: 2_900 }, // USD 9 / 16 / 29
  in: { 7: 300, 14: 500, 30: 900 }, // USD 3 / 5 / 9
  mx: { 7: 9_900, 14: 17_900, 30: 32_900 }, // MXN 99 / 179 / 329
  es: { 7: 800, 14: 1_400, 30: 2_500 }, // EUR 8 / 14 / 25
  ng: { 7: 300_000, 14: 540_000, 30: 1_000_000 }, // NGN 3,000 / 5,400 / 10,000
}

/** The price of a placement of `days` in this edition, or null when that length is not sold. */
export function topPrice(edition: EditionCode, days: number): number | null {
  return TOP_PRICES[edition]?.[days as TopDays] ?? null
}
