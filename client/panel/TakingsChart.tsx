// The takings of /panel/payments per day and provider, as one horizontal stacked bar a day: the day
// and its total are text beside the bar (so they stay readable at 375 px, where a vertical chart's
// labels would not fit), each bar is an SVG with its own text alternative, and the legend names the
// providers' colours. The same figures are in the table under it for reading and reconciling.
import { moneyText } from '../../common/money'
import type { PT } from './text'

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

export function TakingsChart({ pt, days, currency }: { pt: PT; days: DayTakings[]; currency: string }) {
  const rows = days.filter((d) => d.currency === currency)
  const providers = [...new Set(rows.map((d) => d.provider))].sort()
  const colour = (p: string) => COLOURS[providers.indexOf(p) % COLOURS.length]
  const byDay = new Map<string, DayTakings[]>()
  for (const r of rows) byDay.set(r.day, [...(byDay.get(r.day) ?? []), r])
  const shown = [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).slice(-CHART_DAYS)
  const max = Math.max(1, ...shown.map(([, ps]) => ps.reduce((s, p) => s + p.paid_minor, 0)))
  const captionId = `takings-${currency}`
  return (
    <figure aria-labelledby={captionId} className="min-w-0" data-testid={`takings-chart-${currency}`}>
      <figcaption id={captionId} className="mb-2 text-sm font-semibold text-slate-900">
        {pt('pay.chart', { currency })}
      </figcaption>
      <ul className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label={pt('pay.legend')}>
        {providers.map((p) => (
          <li key={p} className="flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ background: colour(p) }} />
            {p}
          </li>
        ))}
      </ul>
      <ol className="flex flex-col gap-1.5">
        {shown.map(([day, ps]) => {
          const total = ps.reduce((s, p) => s + p.paid_minor, 0)
          let x = 0
          const label = `${day}: ${ps.map((p) => `${p.provider} ${moneyText(p.paid_minor, currency)}`).join(', ')}`
          return (
            <li key={day} className="grid grid-cols-[5.25rem_minmax(0,1fr)_auto] items-center gap-2 text-xs">
              <span className="text-slate-600 tabular-nums">{day}</span>
              <svg role="img" aria-label={label} width="100%" height="14" className="block overflow-visible">
                <title>{label}</title>
                <rect x="0" y="0" width="100%" height="14" rx="3" fill="#f1f5f9" />
                {ps.map((p) => {
                  const w = (p.paid_minor / max) * 100
                  const rect = (
                    <rect key={p.provider} x={`${x}%`} y="0" width={`${w}%`} height="14" fill={colour(p.provider)} />
                  )
                  x += w
                  return rect
                })}
              </svg>
              <span className="font-medium text-slate-900 tabular-nums">{moneyText(total, currency)}</span>
            </li>
          )
        })}
      </ol>
    </figure>
  )
}
