// How the public pages write a lesson's length beside a tutor's own price (the amount itself:
// common/money's moneyText, client/ui/Price.tsx) and price bands
// (bandText), with the currency once. Kept out of the page catalogs (every public page ships one):
// the minute abbreviation is the only word.
import { withCurrency } from '../../common/money'
import type { Edition, Locale } from '../../common/editions'

const MIN: Record<Locale, string> = { ua: 'хв', ru: 'мин', en: 'min', pl: 'min', es: 'min' }

/** 60 → "60 хв". */
export const minutesText = (minutes: number, locale: Locale) => `${minutes} ${MIN[locale]}`

/**
 * Words that name an edition's currency in text, beside its sign and ISO code (`currencyIcon`,
 * `currency`): band names are content, and the demo's say "300–500 грн", "60–90 zł", "$30–50".
 */
const CURRENCY_WORDS: Record<Edition['currency'], readonly string[]> = {
  UAH: ['грн', 'гривень', 'гривен'],
  PLN: ['zł', 'złotych'],
  KZT: ['тг', 'тенге'],
  USD: ['dollars'],
  MXN: ['pesos'],
  EUR: ['euros', 'euro'],
  NGN: ['naira'],
}

/**
 * A price band (`rates` row) as the catalogue's price filter and a tutor card write it, with the
 * currency once: a name that already names the currency ("300–500 грн", "od 160 zł", "$30–50")
 * stays as it is; a bare one gets the edition's sign ("300–600" → "300–600 ₴", "30–50" → "$30–50").
 */
export function bandText(name: string, ed: Pick<Edition, 'currency' | 'currencyIcon'>): string {
  const text = name.trim()
  const lower = text.toLowerCase()
  const named = [ed.currencyIcon, ed.currency, ...CURRENCY_WORDS[ed.currency]].some((mark) =>
    lower.includes(mark.toLowerCase()),
  )
  if (named) return text
  // "$30–50" but "up to 30 $": a sign goes first only before a number.
  return /^\d/.test(text) ? withCurrency(text, ed.currencyIcon) : `${text} ${ed.currencyIcon}`
}
