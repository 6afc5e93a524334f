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
 * or code follows it (450 ₴, 60 zł, 120 €, 150.50 UAH).
 */
const SIGN_FIRST = new Set(['$', '₹', '₦', '£'])

/** An amount's text with its currency's sign or code on the side its country writes it: "450 ₴", "$120", "-$5". */
export function withCurrency(amount: string, currency: string): string {
  if (!SIGN_FIRST.has(currency)) return `${amount} ${currency}`.trim()
  return amount.startsWith('-') ? `-${currency}${amount.slice(1)}` : `${currency}${amount}`
}

/** 45000, "₴" → "450 ₴"; 12000, "$" → "$120": an amount with its currency's sign or code. */
export function moneyText(minor: number, currency: string): string {
  return withCurrency(minorToShortUnits(minor), currency)
}

/** A range of whole units with the currency's sign: "10–20 ₴", "$10–20". */
export function moneyRangeText(from: number, to: number, currency: string): string {
  return withCurrency(`${from}–${to}`, currency)
}
