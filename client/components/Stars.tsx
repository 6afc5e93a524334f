// A 1–5 rating as five stars filled to value/5 (docs/product.md#9-business-constants-and-limits), read out as "4.5 /
// 5". Each row of five stars is one SVG path: a catalogue page shows dozens of ratings, and an element
// per star made a third of its markup. One star is drawn with relative moves only, so the next one
// starts 20 units to the right ("m20 0").
const STAR = 'l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9 2.6-5.3z'
const FIVE_STARS = `M10 1.5${`${STAR}m20 0`.repeat(4)}${STAR}`

function Row({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 100 20" className={`h-4 w-20 max-w-none shrink-0 ${className}`}>
      <path d={FIVE_STARS} fill="currentColor" />
    </svg>
  )
}

export function Stars({ value }: { value: number }) {
  const v = Math.min(Math.max(value, 0), 5)
  return (
    <span role="img" aria-label={`${v} / 5`} className="relative inline-flex shrink-0 align-middle">
      <Row className="text-slate-300" />
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${Math.round(v * 2000) / 100}%` }}>
        <Row className="text-amber-500" />
      </span>
    </span>
  )
}
