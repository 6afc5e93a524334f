// Dates as every screen writes them, in a given language: "medium" on the site and in the cabinets,
// "short" in the panel's dense tables.
import type { Locale } from '../../common/editions'
import { useLayoutEffect, useRef, useState } from 'react'
import { useSite } from '../lib/site'

export interface DateStyle {
  style?: 'medium' | 'short'
  /** With the time of day (default), or the date alone. */
  time?: boolean
  /** What stands for no date. */
  empty?: string
  /** The clock the date is read on; the runtime's own when not given. */
  timeZone?: string
}

// One formatter per language, style and clock: building an Intl.DateTimeFormat (what toLocaleString does on
// every call) reads the language's calendar data, and a page of reviews or news asks for a dozen dates.
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(lang: string, style: 'medium' | 'short', time: boolean, timeZone: string | undefined) {
  const key = `${lang}|${style}|${time}|${timeZone ?? ''}`
  let f = formatters.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(lang, { dateStyle: style, ...(time ? { timeStyle: 'short' } : {}), timeZone })
    formatters.set(key, f)
  }
  return f
}

export function formatDate(
  iso: string | null | undefined,
  locale: Locale,
  { style = 'medium', time = true, empty = '', timeZone }: DateStyle = {},
): string {
  if (!iso) return empty
  return formatter(locale === 'ua' ? 'uk' : locale, style, time, timeZone).format(new Date(iso))
}

/**
 * A date (and time) in the page's language, on the edition's clock; '' for none. The edition's clock, not
 * the runtime's: the server renders in its own zone and the visitor's browser hydrates in theirs, so a
 * review written at 23:30 in Kyiv would read as two different days and break hydration.
 */
export function useFormatDate() {
  const { locale, edition } = useSite()
  return (iso: string | null | undefined, withTime = true) =>
    formatDate(iso, locale, { time: withTime, timeZone: edition.timeZone })
}

/**
 * A date (without the time unless asked) in a `<time>` element, in the page's language on the edition's clock.
 * Hydrating the server's HTML, the element keeps the server's text (suppressHydrationWarning leaves it as
 * written) instead of formatting it again: the page's first Intl object reads the language's and the zone's
 * data, 40–70 ms of a phone's main thread, only to write the same words (docs/decisions.md, "Dates kept from
 * the server's HTML"). So the first render writes nothing, and a layout effect (before the browser paints)
 * formats only if the element came out empty: a render in the browser, not a hydration. Another date or
 * language later is formatted as usual.
 */
export function DateText({ iso, time = false, className }: { iso: string; time?: boolean; className?: string }) {
  const { locale } = useSite()
  const format = useFormatDate()
  const element = useRef<HTMLTimeElement>(null)
  const [first] = useState(() => `${iso} ${time} ${locale}`)
  const [noServerText, setNoServerText] = useState(typeof document === 'undefined')
  const keepServerText = !noServerText && first === `${iso} ${time} ${locale}`
  useLayoutEffect(() => {
    if (keepServerText && !element.current?.textContent) setNoServerText(true)
  })
  return (
    <time ref={element} dateTime={iso} className={className} suppressHydrationWarning>
      {keepServerText ? '' : format(iso, time)}
    </time>
  )
}
