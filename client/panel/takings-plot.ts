// The takings chart's drawing (client/panel/TakingsChart.tsx): uPlot and its CSS, imported when the
// payments page first shows its chart. No React here, so this chunk shares nothing with the pages'.
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'

const HEIGHT = 220

/** Short axis amounts (1.2k, 3.4M) in major units, so the axis stays narrow at 375 px. */
function shortAmount(minor: number): string {
  const v = minor / 100
  if (Math.abs(v) >= 1e6) return `${(v / 1e6).toFixed(1)}M`
  if (Math.abs(v) >= 1e3) return `${(v / 1e3).toFixed(1)}k`
  return String(Math.round(v))
}

export interface TakingsPlot {
  /** YYYY-MM-DD, ascending. */
  dayList: string[]
  providers: string[]
  /** Per provider, per day: takings in minor units. */
  values: number[][]
  colours: string[]
}

/**
 * Stacked bars in `el`, following its width; answers the function that removes them. Series i is
 * drawn at the sum of providers 0..i, the tallest first, so the shorter ones lie over it and each
 * colour shows its own share.
 */
export function drawTakings(el: HTMLElement, { dayList, providers, values, colours }: TakingsPlot): () => void {
  // The x axis counts the days shown (0, 1, …): a bar each, whatever dates are missing between them.
  const xs = dayList.map((_, j) => j)
  const stacked = values.map((_, i) => dayList.map((_, j) => values.slice(0, i + 1).reduce((s, v) => s + v[j]!, 0)))
  const order = providers.map((_, i) => providers.length - 1 - i)
  const bars = uPlot.paths.bars!({ size: [0.7, 48], align: 0 })
  const width = () => Math.max(200, el.clientWidth)
  const opts: uPlot.Options = {
    width: width(),
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: () => [-0.5, dayList.length - 0.5] },
      y: { range: (_u, _min, max) => [0, Math.max(100, max * 1.1)] },
    },
    axes: [
      {
        stroke: '#475569',
        grid: { show: false },
        font: '11px system-ui, sans-serif',
        // At 375 px about five dates fit; the others are in the list and the table.
        space: 56,
        incrs: [1, 2, 3, 5, 7, 14],
        values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? (dayList[t]?.slice(5, 10) ?? '') : '')),
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
        fill: colours[i],
        stroke: colours[i],
        width: 0,
        paths: bars,
        points: { show: false },
      })),
    ],
  }
  const chart = new uPlot(opts, [xs, ...order.map((i) => stacked[i]!)], el)
  // The figure's text alternative speaks for the canvas.
  chart.root.setAttribute('aria-hidden', 'true')
  const resize = new ResizeObserver(() => chart.setSize({ width: width(), height: HEIGHT }))
  resize.observe(el)
  return () => {
    resize.disconnect()
    chart.destroy()
  }
}
