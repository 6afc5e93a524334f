// Money amounts typed by people, as integer minor units (pure: the panel's forms import it too).
// Every edition's currency has 100 minor units.

export const MINOR_PER_UNIT = 100

/** "150.5" or -20 → 15050 or -2000: exact decimal parsing, at most two decimals. null when not an amount. */
export function unitsToMinor(value: string | number, maxUnits = 1_000_000): number | null {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim().replace(',', '.')
  const m = /^(-)?(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text)
  if (!m) return null
  const minor = Number(m[2]) * MINOR_PER_UNIT + Number((m[3] ?? '').padEnd(2, '0'))
  if (minor > maxUnits * MINOR_PER_UNIT) return null
  return m[1] ? -minor : minor
}

/** 15050 → "150.50" */
export function minorToUnits(minor: number): string {
  const sign = minor < 0 ? '-' : ''
  const abs = Math.abs(minor)
  return `${sign}${Math.floor(abs / MINOR_PER_UNIT)}.${String(abs % MINOR_PER_UNIT).padStart(2, '0')}`
}

/** 45000 → "450"; 45050 → "450.50": whole units when the amount is whole (how prices are shown). */
export function minorToShortUnits(minor: number): string {
  return minor % MINOR_PER_UNIT === 0 ? String(minor / MINOR_PER_UNIT) : minorToUnits(minor)
}

/**
 * Signs written before the amount, as their countries write them ($120, ₹450, ₦5,000); every other sign
 * or code follows it (450 ₴, 60 zł, 120 €, 150,50 UAH).
 */
const SIGN_FIRST = new Set(['$', '₹', '₦', '£'])

/**
 * How a country writes a number: the thousands separator, the decimal sign, from how many whole digits
 * it groups (Polish and Spanish leave 4-digit amounts whole: 1200 zł, 12 000 zł). Written out rather than
 * read from Intl, so the server's render and the browser's hydration give the same characters whatever
 * ICU data each has.
 */
interface NumberStyle {
  group: string
  decimal: string
  groupFrom: number
}
const NBSP = '\u00a0'
const UK_RU: NumberStyle = { group: NBSP, decimal: ',', groupFrom: 4 }
const PL: NumberStyle = { group: NBSP, decimal: ',', groupFrom: 5 }
const ES: NumberStyle = { group: '.', decimal: ',', groupFrom: 5 }
const EN: NumberStyle = { group: ',', decimal: '.', groupFrom: 4 }
/** By the editions' currency signs and codes (common/editions.ts); ISO codes for the panel's amounts. */
const STYLE_BY_CURRENCY: Record<string, NumberStyle> = {
  '₴': UK_RU,
  UAH: UK_RU,
  '₸': UK_RU,
  KZT: UK_RU,
  zł: PL,
  PLN: PL,
  '€': ES,
  EUR: ES,
  $: EN,
  USD: EN,
  MXN: EN,
  '₦': EN,
  NGN: EN,
  '£': EN,
  GBP: EN,
  '₹': EN,
  INR: EN,
}

/** "6600" → "6 600"; "12000" → "12,000" ($): the whole digits in threes from the right. */
function groupDigits(digits: string, style: NumberStyle): string {
  if (digits.length < style.groupFrom) return digits
  return digits.replace(/\B(?=(\d{3})+$)/g, style.group)
}

/**
 * "6600" or "-150.50" (units, a dot before the cents, as minorToUnits writes them) as the currency's
 * country writes the number: "6 600", "-150,50", "12,000". A currency without a style keeps the text.
 */
export function localAmount(units: string, currency: string): string {
  const style = STYLE_BY_CURRENCY[currency]
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(units)
  if (!style || !m) return units
  return `${m[1]}${groupDigits(m[2]!, style)}${m[3] === undefined ? '' : `${style.decimal}${m[3]}`}`
}

/** An amount's text with its currency's sign or code on the side its country writes it: "450 ₴", "$120", "-$5". */
export function withCurrency(amount: string, currency: string): string {
  if (!SIGN_FIRST.has(currency)) return `${amount} ${currency}`.trim()
  return amount.startsWith('-') ? `-${currency}${amount.slice(1)}` : `${currency}${amount}`
}

/** 45000, "₴" → "450 ₴"; 660000, "₸" → "6 600 ₸"; 1200000, "$" → "$12,000": an amount as its country writes it. */
export function moneyText(minor: number, currency: string): string {
  return unitsText(minorToShortUnits(minor), currency)
}

/** "150.50", "UAH" → "150,50 UAH": an amount the server sent as units (a balance), written the same way. */
export function unitsText(units: string | number, currency: string): string {
  return withCurrency(localAmount(String(units), currency), currency)
}

/** A range of whole units with the currency's sign: "10–20 ₴", "$10–20", "1 000–2 000 ₸". */
export function moneyRangeText(from: number, to: number, currency: string): string {
  return withCurrency(`${localAmount(String(from), currency)}–${localAmount(String(to), currency)}`, currency)
}
