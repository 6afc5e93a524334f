// A 1–5 rating as five stars filled to value/5 (docs/product.md#9-business-constants-and-limits), read out as "4.5 /
// 5". One element: the row of stars is a CSS mask (client/styles.css, .star-row) over a background filled
// to the value — a catalogue page shows dozens of ratings, and two inline SVG rows per rating were a
// fifth of its markup and of its server render.
export function Stars({ value }: { value: number }) {
  const v = Math.min(Math.max(value, 0), 5)
  return (
    <span
      role="img"
      aria-label={`${v} / 5`}
      className="star-row"
      style={{ '--fill': `${Math.round(v * 2000) / 100}%` } as React.CSSProperties}
    />
  )
}
