// A 1–5 rating as five stars filled to value/5 (spec/product.md §9), read out as "4.5 / 5".
const STAR = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5Z'

function Row({ className }: { className: string }) {
  return (
    <span className={`flex ${className}`}>
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0">
          <path d={STAR} fill="currentColor" />
        </svg>
      ))}
    </span>
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
