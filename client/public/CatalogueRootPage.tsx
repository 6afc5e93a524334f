// The catalogue's main pages, /{alias}/ and /{online alias}/: the heading, the search form,
// the subject directory with the number of tutors listed for each (allTags / allTagsOnline, which
// the server prefetches with the form's lists), and the best tutors (the main page's), so the
// page a visitor reaches from the footer shows people, not only a directory. On a phone the search
// form sits behind the "Filters" button and the directory is one scrolling row, so the first tutor
// card is on the first screen (docs/decisions.md#catalogue-on-a-phone).
import { useState } from 'react'
import { Link } from 'wouter'
import { cataloguePath } from '../../common/catalogue-paths'
import { FiltersToggle, SearchForm } from '../components/SearchForm'
import { TutorCard } from '../components/TutorCard'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import type { PageProps } from '../pages'
import { PageH1 } from '../lib/page-h1'

export function CatalogueRootPage({ page }: PageProps) {
  const { edition, t } = useSite()
  const href = useLocalePath()
  const subjects = trpc.public.reference.allSubjects.useQuery(undefined).data ?? []
  const cities = trpc.public.reference.allCities.useQuery(undefined).data ?? []
  const online = !!page.catalogue?.online
  const [filtersOpen, setFiltersOpen] = useState(false)
  const tags = (online ? trpc.public.reference.allTagsOnline : trpc.public.reference.allTags).useQuery(undefined).data
  const top = trpc.public.catalogue.mainPage.useQuery(undefined).data?.top_tutors ?? []
  const other = {
    path: cataloguePath(edition, { online: !online }),
    label: t(online ? 'footer.catalogue' : 'footer.catalogue_online'),
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 md:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageH1 className="text-3xl font-bold tracking-tight text-slate-900">
          {t(online ? 'footer.catalogue_online' : 'footer.catalogue')}
        </PageH1>
        <div className="flex items-center gap-3">
          <Link href={href(other.path)} className="text-sm font-medium text-brand-dark underline underline-offset-2">
            {other.label}
          </Link>
          <FiltersToggle
            controls="catalogue-filters"
            open={filtersOpen}
            count={0}
            onToggle={() => setFiltersOpen((o) => !o)}
          />
        </div>
      </div>
      <div id="catalogue-filters" className={filtersOpen ? 'block' : 'hidden md:block'}>
        <SearchForm key={page.path} id="catalogue-search" subjects={subjects} cities={cities} initial={{ online }} />
      </div>
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 sm:pb-0 md:grid-cols-3">
        {tags?.items.map((tag) => (
          <li key={tag.id} className="shrink-0">
            <Link
              href={tag.link}
              className="flex items-center justify-between gap-3 whitespace-nowrap rounded-xl border border-slate-200 bg-white px-4 py-3 text-slate-900 hover:border-brand hover:text-brand-dark sm:whitespace-normal"
            >
              <span className="font-medium">{tag.text}</span>
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm text-slate-700 tabular-nums">
                {tag.count}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {top.length > 0 && (
        <section className="flex flex-col gap-4">
          <h2 className="text-2xl font-bold text-slate-900">{t('home.top_tutors')}</h2>
          <ul className="grid gap-4 lg:grid-cols-2">
            {top.map((card) => (
              <li key={card.id}>
                <TutorCard card={card} headingLevel={3} why={false} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
