// The tutor search form (docs/product.md#2-screens-and-routes): subject, city, and on the main page an "online" box;
// Search goes to the (online) catalogue with the chosen slugs. With "online" the city is not asked.
import { useState } from 'react'
import { useLocation } from 'wouter'
import { cataloguePath } from '../../common/catalogue-paths'
import type { Edition } from '../../common/editions'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { Button } from '../ui/Button'
import { Dropdown, type DropdownOption } from '../ui/Dropdown'

/** Catalogue path of a search: `/{online catalogue}/{subject}/` or `/{catalogue}/{subject}/{city}/`. */
export function searchTarget(edition: Edition, choice: { subject: string; city: string; online: boolean }): string {
  return cataloguePath(edition, {
    online: choice.online,
    lesson: choice.subject || null,
    city: choice.online ? null : choice.city || null,
  })
}

interface Props {
  /**
   * The options: `public.reference.allSubjects` / `allCities` (values are aliases), which the server
   * prefetches wherever the form shows (server/ssr/loaders.ts). The page reads them, not the form: a
   * shared chunk importing the API client makes the bundler split the shell (scripts/bundle-size.ts).
   */
  subjects: DropdownOption[]
  cities: DropdownOption[]
  /** The online box appears on the main page only. */
  showOnline?: boolean
  /** What the form starts with (a catalogue page shows its own subject and city). */
  initial?: { subject?: string; city?: string; online?: boolean }
  id?: string
}

export function SearchForm({ subjects, cities, showOnline = false, initial = {}, id = 'search' }: Props) {
  const { edition, t } = useSite()
  const [, navigate] = useLocation()
  const href = useLocalePath()
  const [subject, setSubject] = useState(initial.subject ?? '')
  const [city, setCity] = useState(initial.city ?? '')
  const [online, setOnline] = useState(initial.online ?? false)

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    navigate(href(searchTarget(edition, { subject, city, online })))
  }

  return (
    <form
      role="search"
      onSubmit={submit}
      className="flex w-full flex-col gap-3 rounded-2xl bg-white p-4 shadow-md ring-1 ring-slate-200 md:flex-row md:items-center"
    >
      <div className="md:flex-1">
        <Dropdown
          id={`${id}-subject`}
          label={t('search.lesson_placeholder')}
          placeholder={t('search.lesson_placeholder')}
          options={subjects}
          value={subject}
          onChange={setSubject}
        />
      </div>
      {!online && (
        <div className="md:flex-1">
          <Dropdown
            id={`${id}-city`}
            label={t('search.city_placeholder')}
            placeholder={t('search.city_placeholder')}
            options={cities}
            value={city}
            onChange={setCity}
          />
        </div>
      )}
      {showOnline && (
        <label
          htmlFor={`${id}-online`}
          className="flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800"
        >
          <input
            id={`${id}-online`}
            type="checkbox"
            checked={online}
            onChange={(e) => setOnline(e.target.checked)}
            className="size-4 accent-brand"
          />
          {t('search.online')}
        </label>
      )}
      <Button type="submit" className="py-2.5 md:px-6">
        {t('search.search_tutor')}
      </Button>
    </form>
  )
}

/**
 * The "Filters" button of the catalogue pages on narrow screens (hidden from 768 px, where the search
 * form and the filters always show): it opens the panel it controls and names the active filters.
 * Here rather than in a module of its own: both catalogue pages load this chunk anyway.
 */
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
      {t('catalogue.filters')}
      {/* Read with the label ("Filters 2"): the number of active filters. */}
      {count > 0 && (
        <span data-testid="filters-count" className="rounded-full bg-brand px-1.5 text-xs font-semibold text-white">
          {count}
        </span>
      )}
    </Button>
  )
}
