// The takings of /panel/payments per day and provider, drawn by uPlot (a small canvas chart library,
// docs/decisions.md#takings-chart-uplot) as one stacked bar a day. The drawing (takings-plot.ts, uPlot
// and its CSS) is imported when the chart first shows, so it reaches no other page. At 375 px the chart keeps its
// height, the axis shows a few dates and short amounts; the figures themselves are text: the legend
// names each provider's colour with its total, the canvas has a text alternative, and a list read by
// screen readers gives each day's takings (the table under the chart has them too).
import { useEffect, useMemo, useRef } from 'react'
import { moneyText } from '../../common/money'
import { formatDate } from '../ui/Date'
import { type PT, useLocale } from './text'

/** Colours that differ in lightness as well as hue, so neighbouring providers stay apart for most eyes. */
const COLOURS = ['#0369a1', '#f59e0b', '#15803d', '#be123c', '#7c3aed', '#0f766e', '#475569']

/** The latest days drawn; older ones are in the table and the export. */
export const CHART_DAYS = 31

export interface DayTakings {
  day: string
  provider: string
  currency: string
  paid_minor: number
}

const colour = (i: number) => COLOURS[i % COLOURS.length]!

/** Days (ascending), providers (sorted) and each provider's takings per day in minor units. */
function tabulate(days: DayTakings[], currency: string) {
  const rows = days.filter((d) => d.currency === currency)
  const providers = [...new Set(rows.map((d) => d.provider))].sort()
  const dayList = [...new Set(rows.map((d) => d.day))].sort().slice(-CHART_DAYS)
  const at = new Map(rows.map((r) => [`${r.day}|${r.provider}`, r.paid_minor]))
  const values = providers.map((p) => dayList.map((d) => at.get(`${d}|${p}`) ?? 0))
  return { providers, dayList, values }
}

export function TakingsChart({ pt, days, currency }: { pt: PT; days: DayTakings[]; currency: string }) {
  const { providers, dayList, values } = useMemo(() => tabulate(days, currency), [days, currency])
  const totals = values.map((v) => v.reduce((s, x) => s + x, 0))
  const captionId = `takings-${currency}`
  // The days drawn, named under the title: the totals beside the legend are theirs, not the filter's.
  const locale = useLocale()
  const dayText = (day: string | undefined) =>
    formatDate(day && `${day}T00:00:00Z`, locale, { time: false, timeZone: 'UTC' })
  const range = dayList.length ? `${dayText(dayList[0])} – ${dayText(dayList.at(-1))}` : ''
  const summary = `${pt('pay.chart', { currency })}, ${range}: ${providers
    .map((p, i) => `${p} ${moneyText(totals[i]!, currency)}`)
    .join(', ')}`
  const box = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const el = box.current
    if (!el || dayList.length === 0) return
    let stop: (() => void) | undefined
    let gone = false
    void import('./takings-plot').then(({ drawTakings }) => {
      if (!gone) stop = drawTakings(el, { dayList, providers, values, colours: providers.map((_, i) => colour(i)) })
    })
    return () => {
      gone = true
      stop?.()
    }
  }, [dayList, values, providers])

  return (
    <figure aria-labelledby={captionId} className="min-w-0" data-testid={`takings-chart-${currency}`}>
      <figcaption id={captionId} className="mb-2 text-sm font-semibold text-slate-900">
        {pt('pay.chart', { currency })}
        {range && <span className="block text-xs font-normal text-slate-600">{range}</span>}
      </figcaption>
      <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label={pt('pay.legend')}>
        {providers.map((p, i) => (
          <li key={p} className="flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ background: colour(i) }} />
            {p} <span className="font-medium text-slate-900 tabular-nums">{moneyText(totals[i]!, currency)}</span>
          </li>
        ))}
      </ul>
      <div ref={box} role="img" aria-label={summary} className="h-[220px] w-full min-w-0 overflow-hidden" />
      {/* What the bars show, day by day, for screen readers. */}
      <ol className="sr-only">
        {dayList.map((d, j) => (
          <li key={d}>
            {d}:{' '}
            {providers
              .map((p, i) => [p, values[i]![j]!] as const)
              .filter(([, v]) => v > 0)
              .map(([p, v]) => `${p} ${moneyText(v, currency)}`)
              .join(', ')}
          </li>
        ))}
      </ol>
    </figure>
  )
}
