// Dates as every screen writes them, in a given language: "medium" on the site and in the cabinets,
// "short" in the panel's dense tables.
import type { Locale } from '../../common/editions'
import { useSite } from '../lib/site'

interface DateStyle {
  style?: 'medium' | 'short'
  /** With the time of day (default), or the date alone. */
  time?: boolean
  /** What stands for no date. */
  empty?: string
}

export function formatDate(
  iso: string | null | undefined,
  locale: Locale,
  { style = 'medium', time = true, empty = '' }: DateStyle = {},
): string {
  if (!iso) return empty
  const lang = locale === 'ua' ? 'uk' : locale
  return new Date(iso).toLocaleString(lang, time ? { dateStyle: style, timeStyle: 'short' } : { dateStyle: style })
}

/** The panel's dates: short, a dash for none. */
export const shortDateTime = (iso: string | null | undefined, locale: Locale) =>
  formatDate(iso, locale, { style: 'short', empty: '—' })

/** A date (and time) in the page's language; '' for none. */
export function useFormatDate() {
  const { locale } = useSite()
  return (iso: string | null | undefined, withTime = true) => formatDate(iso, locale, { time: withTime })
}
