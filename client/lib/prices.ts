// How the public pages write a tutor's own prices (server/domain/tutors/prices.ts): whole units
// when the amount is whole, the edition's currency sign, and the lesson's length. Kept out of the
// page catalogs (every public page ships one): the minute abbreviation is the only word.
import type { Edition, Locale } from '../../server/domain/editions/editions'

const MIN: Record<Locale, string> = { ua: 'хв', ru: 'мин', en: 'min', pl: 'min', es: 'min' }

/** 45000 → "450 ₴"; 45050 → "450.50 ₴". */
export const moneyText = (minor: number, ed: Pick<Edition, 'currencyIcon'>) =>
  `${minor % 100 === 0 ? minor / 100 : (minor / 100).toFixed(2)} ${ed.currencyIcon}`

/** 60 → "60 хв". */
export const minutesText = (minutes: number, locale: Locale) => `${minutes} ${MIN[locale]}`
