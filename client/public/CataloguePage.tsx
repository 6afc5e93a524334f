// A catalogue page: /{alias}/{subject}/{city}/[{district}/] and /{online alias}/{subject}/ (one
// component; page.catalogue.online tells them apart). The query is the path's filters plus
// ?level, ?rate_id, ?sort, ?page (client/lib/page-queries.ts, the same input the server prefetched),
// so every filter change is a navigation to an address that renders the same on the server.
import { useEffect, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { PageLinks } from '../components/PageLinks'
import type { MessageKey } from '../../i18n/format'
import { cataloguePath } from '../../common/catalogue-paths'
import { FiltersToggle, SearchForm } from '../components/SearchForm'
import { TutorCard } from '../components/TutorCard'
import { Select } from '../ui/Field'
import { CATALOGUE_SORTS, catalogueInput } from '../lib/page-queries'
import { useLocalePath } from '../lib/paths'
import { bandText } from '../lib/prices'
import { SearchListsContext } from '../lib/search-lists'
import { useMounted, useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import { PAGE_MODULES, type PageProps } from '../pages'
import { announceView, usePageTitle } from '../lib/page-title'

const SORT_LABEL: Record<(typeof CATALOGUE_SORTS)[number], MessageKey> = {
  rank: 'catalogue.sort_rank',
  price: 'catalogue.sort_price',
  price_desc: 'catalogue.sort_price_desc',
  rating: 'catalogue.sort_rating',
  reviews: 'catalogue.sort_reviews',
}

/** A filter takes its share of the row, at least 10 rem. */
const FILTER = 'min-w-40 flex-1'

/** The address with one query parameter changed (empty removes it); a filter change starts at page 1. */
function withParam(path: string, search: string, key: string, value: string): string {
  const q = new URLSearchParams(search)
  if (value) q.set(key, value)
  else q.delete(key)
  if (key !== 'page') q.delete('page')
  const qs = q.toString()
  return qs ? `${path}?${qs}` : path
}

/** Staff SEO text as plain paragraphs: scripts and tags dropped, split on blank lines (never injected as HTML). */
function paragraphs(text: string): string[] {
  return text
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
}

// The 404 page from its own chunk, not a static import (client/lib/search-lists.ts says why).
const NotFound = PAGE_MODULES.not_found.Component

export function CataloguePage({ page }: PageProps) {
  const { edition, t } = useSite()
  const href = useLocalePath()
  const search = useSearch()
  const [location, navigate] = useLocation()
  // Narrow screens keep the search form and the filters behind a button, so the first card is on the
  // first screen (docs/decisions.md#catalogue-on-a-phone). Closed on the server and on hydration alike.
  const [filtersOpen, setFiltersOpen] = useState(false)
  const subjects = trpc.public.reference.allSubjects.useQuery(undefined).data ?? []
  const cities = trpc.public.reference.allCities.useQuery(undefined).data ?? []
  const input = catalogueInput(page, search)
  const tutors = trpc.public.catalogue.tutors.useQuery(input, { placeholderData: (previous) => previous })
  const seo = trpc.public.catalogue.seoTag.useQuery(input, { placeholderData: (previous) => previous })
  usePageTitle(seo.data?.title)
  // view_item_list: once per list shown (its address), with the cards in their order.
  const shown = tutors.data && !tutors.isPlaceholderData ? tutors.data : null
  const viewKey = shown ? `${location}?${search}` : null
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per list address, not per refetch
  useEffect(() => {
    if (!shown) return
    const list = { path: location, online: shown.filters.online, page: shown.page, items: shown.items }
    announceView({ list })
  }, [viewKey])

  if (tutors.error?.data?.code === 'NOT_FOUND' || seo.error?.data?.code === 'NOT_FOUND')
    return (
      <SearchListsContext.Provider value={{ subjects, cities }}>
        <NotFound page={page} />
      </SearchListsContext.Provider>
    )
  const result = tutors.data
  if (!result) {
    return (
      <div aria-busy="true" className="mx-auto min-h-[50vh] max-w-6xl px-4 py-8 text-slate-600">
        {tutors.error ? t('errors.server_error') : t('common.loading')}
      </div>
    )
  }

  const f = result.filters
  const online = f.online
  const go = (key: string, value: string) => navigate(withParam(location, search, key, value))
  const pageHref = (n: number) => withParam(location, search, 'page', n > 1 ? String(n) : '')

  const chosenRate = result.items.find((c) => c.rate?.id === input.rate_id)?.rate

  const crumbs: { label: string; href?: string }[] = [
    { label: edition.siteName, href: href('/') },
    {
      label: t(online ? 'footer.catalogue_online' : 'footer.catalogue'),
      href: href(cataloguePath(edition, { online })),
    },
  ]
  if (f.lesson)
    crumbs.push({ label: f.lesson.name, href: href(cataloguePath(edition, { online, lesson: f.lesson.alias })) })
  if (f.city)
    crumbs.push({
      label: f.city.name,
      href: href(cataloguePath(edition, { lesson: f.lesson?.alias, city: f.city.alias })),
    })
  if (f.district) crumbs.push({ label: f.district.name })
  delete crumbs[crumbs.length - 1]!.href

  const seoText = paragraphs(seo.data?.h2text ?? '')
  // Active filters: the path's subject, city and district, then the chosen level, price and order.
  const activeFilters = [
    f.lesson,
    f.city,
    f.district,
    input.level,
    input.rate_id,
    input.sort && input.sort !== 'rank',
  ].filter(Boolean).length

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6">
      <nav aria-label={t('catalogue.breadcrumbs')}>
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
          {crumbs.map((c, i) => (
            <li key={c.label} className="flex items-center gap-2">
              {i > 0 && <span aria-hidden="true">/</span>}
              {c.href ? (
                <Link href={c.href} className="hover:text-brand-dark hover:underline">
                  {c.label}
                </Link>
              ) : (
                <span aria-current="page" className="font-medium text-slate-900">
                  {c.label}
                </span>
              )}
            </li>
          ))}
        </ol>
      </nav>

      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">{seo.data?.h1}</h1>
        <div className="flex items-center justify-between gap-3">
          <p className="text-slate-700">{t('catalogue.total', { count: result.total })}</p>
          <FiltersToggle
            controls="catalogue-filters"
            open={filtersOpen}
            count={activeFilters}
            onToggle={() => setFiltersOpen((o) => !o)}
          />
        </div>
      </div>

      <div id="catalogue-filters" className={`${filtersOpen ? 'flex' : 'hidden'} flex-col gap-6 md:flex`}>
        <SearchForm
          key={page.path}
          id="catalogue-search"
          subjects={subjects}
          cities={cities}
          initial={{ subject: page.catalogue?.lesson ?? '', city: page.catalogue?.city ?? '', online }}
        />
        <div className="flex flex-wrap gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-4">
          <LevelAndPriceFilters
            lessonId={f.lesson?.id}
            level={f.level}
            chosenRate={chosenRate}
            value={{ level: input.level ?? '', rate: input.rate_id ?? '' }}
            go={go}
          />
          <Select
            id="filter-sort"
            label={t('catalogue.sort')}
            className={FILTER}
            value={input.sort ?? 'rank'}
            onChange={(e) => go('sort', e.target.value === 'rank' ? '' : e.target.value)}
            options={CATALOGUE_SORTS.map((s) => ({ value: s, text: t(SORT_LABEL[s]) }))}
          />
        </div>
      </div>

      {result.items.length ? (
        <ul
          aria-busy={tutors.isPlaceholderData}
          className={`flex flex-col gap-4 ${tutors.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {result.items.map((card) => (
            <li key={card.id}>
              <TutorCard card={card} lessonId={f.lesson?.id} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
          {t('catalogue.empty')}
        </p>
      )}

      {result.pages > 1 && (
        <PageLinks page={result.page} pages={result.pages} href={pageHref} label={t('catalogue.pages')} />
      )}

      {seoText.length > 0 && (
        <section className="flex flex-col gap-3 text-slate-700">
          {seoText.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, never reordered
            <p key={i}>{p}</p>
          ))}
        </section>
      )}
    </div>
  )
}

/**
 * The level and price filters. Their full option lists are fetched in the browser only (the server renders
 * the chosen option alone), here and not in the page: their arrival, and the first render after hydration
 * that asks for them, re-render these two lists instead of the page and its twenty cards.
 */
function LevelAndPriceFilters({
  lessonId,
  level,
  chosenRate,
  value,
  go,
}: {
  lessonId: number | undefined
  level: { alias: string; name: string } | null | undefined
  chosenRate: { id: number; name: string } | null | undefined
  value: { level: string; rate: number | string }
  go: (key: string, value: string) => void
}) {
  const { t, edition } = useSite()
  const mounted = useMounted()
  const options = trpc.public.reference.tutorProfile.useQuery(
    { types: ['lessons', 'rates'] },
    { enabled: mounted, staleTime: 10 * 60_000 },
  )
  const levels = (mounted && options.data?.lessons?.find((l) => l.id === lessonId)?.levels) || (level ? [level] : [])
  const rates = (mounted && options.data?.rates) || (chosenRate ? [chosenRate] : [])
  return (
    <>
      <Select
        id="filter-level"
        label={t('catalogue.level')}
        className={FILTER}
        value={value.level}
        onChange={(e) => go('level', e.target.value)}
        options={[{ value: '', text: t('catalogue.any') }, ...levels.map((l) => ({ value: l.alias, text: l.name }))]}
      />
      <Select
        id="filter-rate"
        label={t('catalogue.price')}
        className={FILTER}
        value={value.rate}
        onChange={(e) => go('rate_id', e.target.value)}
        options={[
          { value: '', text: t('catalogue.any') },
          ...rates.map((r) => ({ value: r.id, text: bandText(r.name, edition) })),
        ]}
      />
    </>
  )
}
