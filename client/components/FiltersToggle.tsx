// The "Filters" button of the catalogue pages on narrow screens (hidden from 768 px, where the search
// form and the filters always show). It opens the panel it controls and names the active filters.
import { useSite } from '../lib/site'
import { Button } from '../ui/Button'

export function FiltersToggle({
  controls,
  open,
  count,
  onToggle,
}: {
  controls: string
  open: boolean
  count: number
  onToggle: () => void
}) {
  const { t } = useSite()
  return (
    <Button
      variant="secondary"
      size="sm"
      className="shrink-0 md:hidden"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 5h14M6 10h8M9 15h2" strokeLinecap="round" />
      </svg>
      {t('catalogue.filters')}
      {count > 0 && (
        <>
          <span
            data-testid="filters-count"
            aria-hidden="true"
            className="rounded-full bg-brand px-1.5 text-xs font-semibold text-white tabular-nums"
          >
            {count}
          </span>
          <span className="sr-only">{t('catalogue.filters_active', { count })}</span>
        </>
      )}
    </Button>
  )
}
