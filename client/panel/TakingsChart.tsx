// The takings of /panel/payments per day and provider, drawn by uPlot (a small canvas chart library,
// docs/decisions.md#takings-chart-uplot) as one stacked bar a day. This module is loaded lazily by the
// payments page only, so neither uPlot nor its CSS reach any other page. At 375 px the chart keeps its
// height, the axis shows a few dates and short amounts; the figures themselves are text: the legend
// names each provider's colour with its total, the canvas has a text alternative, and a list read by
// screen readers gives each day's takings (the table under the chart has them too).
import { useEffect, useMemo, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
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

const colour = (i: number) => COLOURS[i % COLOURS.length]!

const HEIGHT = 220
const DAY_SECONDS = 86_400

/** Days (ascending), providers (sorted) and each provider's takings per day in minor units. */
function tabulate(days: DayTakings[], currency: string) {
  const rows = days.filter((d) => d.currency === currency)
  const providers = [...new Set(rows.map((d) => d.provider))].sort()
  const dayList = [...new Set(rows.map((d) => d.day))].sort().slice(-CHART_DAYS)
  const at = new Map(rows.map((r) => [`${r.day}|${r.provider}`, r.paid_minor]))
  const values = providers.map((p) => dayList.map((d) => at.get(`${d}|${p}`) ?? 0))
  return { providers, dayList, values }
}

/** Short axis amounts (1.2k, 3.4M) in major units, so the axis stays narrow at 375 px. */
function shortAmount(minor: number): string {
  const v = minor / 100
  if (Math.abs(v) >= 1e6) return `${(v / 1e6).toFixed(1)}M`
  if (Math.abs(v) >= 1e3) return `${(v / 1e3).toFixed(1)}k`
  return String(Math.round(v))
}

export default function TakingsChart({ pt, days, currency }: { pt: PT; days: DayTakings[]; currency: string }) {
  const { providers, dayList, values } = useMemo(() => tabulate(days, currency), [days, currency])
  const totals = values.map((v) => v.reduce((s, x) => s + x, 0))
  const captionId = `takings-${currency}`
  const summary = `${pt('pay.chart', { currency })}, ${dayList[0] ?? ''} – ${dayList.at(-1) ?? ''}: ${providers
    .map((p, i) => `${p} ${moneyText(totals[i]!, currency)}`)
    .join(', ')}`
  const box = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const el = box.current
    if (!el || dayList.length === 0) return
    const xs = dayList.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000)
    // Stacked: series i is drawn at the sum of providers 0..i; the tallest is drawn first so the
    // shorter ones lie over it and each colour shows its own share.
    const stacked = values.map((_, i) => dayList.map((_, j) => values.slice(0, i + 1).reduce((s, v) => s + v[j]!, 0)))
    const order = providers.map((_, i) => providers.length - 1 - i)
    const bars = uPlot.paths.bars!({ size: [0.7, 48], align: 0 })
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { show: false } },
      scales: {
        x: { time: true, range: (_u, min, max) => [min - DAY_SECONDS / 2, max + DAY_SECONDS / 2] },
        y: { range: (_u, _min, max) => [0, Math.max(100, max * 1.1)] },
      },
      axes: [
        {
          stroke: '#475569',
          grid: { show: false },
          font: '11px system-ui, sans-serif',
          space: 48,
          values: (_u, ticks) => ticks.map((t) => new Date(t * 1000).toISOString().slice(5, 10)),
        },
        {
          stroke: '#475569',
          grid: { stroke: '#e2e8f0', width: 1 },
          font: '11px system-ui, sans-serif',
          size: 44,
          values: (_u, ticks) => ticks.map(shortAmount),
        },
      ],
      series: [
        {},
        ...order.map((i) => ({
          label: providers[i],
          fill: colour(i),
          stroke: colour(i),
          width: 0,
          paths: bars,
          points: { show: false },
        })),
      ],
    }
    const chart = new uPlot(opts, [xs, ...order.map((i) => stacked[i]!)], el)
    chart.root.setAttribute('aria-hidden', 'true')
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [dayList, values, providers])

  return (
    <figure aria-labelledby={captionId} className="min-w-0" data-testid={`takings-chart-${currency}`}>
      <figcaption id={captionId} className="mb-2 text-sm font-semibold text-slate-900">
        {pt('pay.chart', { currency })}
      </figcaption>
      <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label={pt('pay.legend')}>
        {providers.map((p, i) => (
          <li key={p} className="flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ background: colour(i) }} />
            {p} <span className="font-medium text-slate-900 tabular-nums">{moneyText(totals[i]!, currency)}</span>
          </li>
        ))}
      </ul>
      <div ref={box} role="img" aria-label={summary} className="w-full min-w-0 overflow-hidden" />
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
