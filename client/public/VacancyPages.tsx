// /vacancy and /vacancy/{id} (docs/api.md#public-reads `vacancies/get`, `vacancy/get`):
// the intro of the edition's static page `vacancy` (when active) and the open vacancies (an empty
// list says so and points to the tutor sign-up); one vacancy with its text, city or remote work, kind
// of employment and how to apply. The server renders both (JobPosting JSON-LD for one: loaders.ts);
// an inactive or unknown vacancy is the 404 page there and a "not found" note after an in-app move.
import { useEffect } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { type MediaTexts, mediaTexts, pagedInput } from '../../common/media-texts'
import type { PublicVacancy } from '../../common/schemas/admin/videos.schema'
import { PageLinks } from '../components/PageLinks'
import { DateText } from '../ui/Date'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import type { PageProps } from '../pages'
import { PROSE } from '../components/prose'
import { PageH1 } from '../lib/page-h1'
import { retryFaults } from '../lib/read-errors'
import { ReadFailed } from './ReadFailed'

function useTitle(title: string | undefined) {
  const { edition } = useSite()
  const [location] = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: set again after the route's own title, whenever the location changes
  useEffect(() => {
    if (title) document.title = `${title} | ${edition.siteName}`
  }, [title, edition.siteName, location])
}

function Facts({ v, m }: { v: PublicVacancy; m: MediaTexts }) {
  return (
    <p className="flex flex-wrap gap-2 text-sm">
      <span className="rounded-full bg-sky-50 px-2.5 py-0.5 font-medium text-sky-900 ring-1 ring-sky-200">
        {m.employment[v.employment]}
      </span>
      {v.remote ? (
        <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 font-medium text-emerald-900 ring-1 ring-emerald-200">
          {m.remote}
        </span>
      ) : (
        v.city && (
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 font-medium text-slate-800 ring-1 ring-slate-200">
            {v.city}
          </span>
        )
      )}
    </p>
  )
}

export function VacanciesPage(_: PageProps) {
  const { t, locale } = useSite()
  const m = mediaTexts(locale)
  const href = useLocalePath()
  const search = useSearch()
  const [location] = useLocation()
  const intro = trpc.public.staticPages.get.useQuery({ alias: 'vacancy' }, { retry: false })
  const list = trpc.public.media.vacancies.useQuery(pagedInput(search), { placeholderData: (previous) => previous })
  const data = list.data
  const title = intro.data?.title || m.vacancies_title
  useTitle(intro.data?.meta_title || title)
  const pages = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1
  const pageHref = (n: number) => (n > 1 ? `${location}?page=${n}` : location)

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8" data-testid="vacancies-page">
      <header className="flex flex-col gap-2">
        <PageH1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</PageH1>
        {intro.data?.text && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a site block, sanitised by the server on read (sanitizeRichText)
          <div className={PROSE} data-testid="vacancies-intro" dangerouslySetInnerHTML={{ __html: intro.data.text }} />
        )}
      </header>
      <section aria-labelledby="open-title" className="flex flex-col gap-3">
        <h2 id="open-title" className="text-xl font-semibold text-slate-900">
          {m.open_positions}
        </h2>
        {!data ? (
          <p aria-busy="true" className="text-slate-600">
            {list.error ? t('errors.server_error') : t('common.loading')}
          </p>
        ) : data.items.length === 0 ? (
          <div
            data-testid="vacancies-empty"
            className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700"
          >
            <p>{m.no_vacancies}</p>
            <Link href={href('/register')} className="font-semibold text-brand-dark underline underline-offset-2">
              {m.apply_tutor}
            </Link>
          </div>
        ) : (
          <ul data-testid="vacancy-list" className="flex flex-col gap-3">
            {data.items.map((v) => (
              <li
                key={v.id}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand"
              >
                <Link href={href(`/vacancy/${v.id}/`)} className="flex flex-col gap-2" data-testid="vacancy-link">
                  <h3 className="text-lg font-semibold text-slate-900">{v.title}</h3>
                  <Facts v={v} m={m} />
                </Link>
              </li>
            ))}
          </ul>
        )}
        {data && pages > 1 && <PageLinks page={data.page} pages={pages} href={pageHref} label={t('catalogue.pages')} />}
      </section>
    </div>
  )
}

export function VacancyPage({ page }: PageProps) {
  const { t, locale } = useSite()
  const m = mediaTexts(locale)
  const href = useLocalePath()
  const q = trpc.public.media.vacancy.useQuery({ id: Number(page.params.id) }, { retry: retryFaults })
  useTitle(q.data?.title)

  if (q.isError)
    return (
      <ReadFailed
        error={q.error}
        notFound={t('notfound.page_not_found')}
        back={{ href: href('/vacancy'), label: m.all_vacancies }}
      />
    )
  if (!q.data) return <div aria-busy="true" className="min-h-[50vh]" />
  const v = q.data
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8" data-testid="vacancy-page">
      <Link
        href={href('/vacancy')}
        className="self-start text-sm font-medium text-brand-dark underline underline-offset-2"
      >
        {m.all_vacancies}
      </Link>
      <PageH1 className="text-3xl font-bold tracking-tight text-slate-900">{v.title}</PageH1>
      <Facts v={v} m={m} />
      <p className="text-sm text-slate-500">
        {m.posted}: <DateText iso={v.created_at} />
      </p>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server on save and on read (sanitizeRichText) */}
      <div className={PROSE} data-testid="vacancy-text" dangerouslySetInnerHTML={{ __html: v.text }} />
      <aside className="mt-4 flex flex-col gap-3 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
        <h2 className="text-lg font-semibold text-slate-900">{m.apply_title}</h2>
        <p className="text-slate-700">{m.apply_text}</p>
        <p className="flex flex-wrap gap-3">
          <Link
            href={href('/register')}
            className="rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark"
          >
            {m.apply_tutor}
          </Link>
          <Link
            href={href('/contacts')}
            className="rounded-lg px-4 py-2 text-sm font-semibold text-brand-dark ring-1 ring-slate-300 hover:bg-white"
          >
            {m.apply_contacts}
          </Link>
        </p>
      </aside>
    </article>
  )
}
