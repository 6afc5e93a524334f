// /school/ (the footer's "online school" link, GET /client/footer `school_url`): what
// the online school offers, its lesson prices where the edition has them (common/editions.ts
// `schoolRates`), and ways on — the school's own site when the edition has one (common/media-texts.ts
// SCHOOL_SITES), the order form and the catalogues otherwise. Server-rendered (loaders.ts).
import { moneyRangeText } from '../../common/money'
import { Link } from 'wouter'
import { SCHOOL_SITES, mediaTexts } from '../../common/media-texts'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import type { PageProps } from '../pages'
import { PageH1 } from '../lib/page-h1'

export function SchoolPage(_: PageProps) {
  const { locale, edition } = useSite()
  const m = mediaTexts(locale)
  const href = useLocalePath()
  const site = SCHOOL_SITES[edition.code]
  const rates = edition.schoolRates
  const button = 'rounded-lg px-4 py-2 text-sm font-semibold'
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8" data-testid="school-page">
      <PageH1 className="text-3xl font-bold tracking-tight text-slate-900">{m.school_title}</PageH1>
      <p className="text-lg text-slate-700">{m.school_intro}</p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {m.school_points.map((p) => (
          <li key={p} className="rounded-xl border border-slate-200 bg-white p-4 text-slate-800 shadow-sm">
            {p}
          </li>
        ))}
      </ul>
      {rates && (
        <section aria-labelledby="school-rates" className="flex flex-col gap-3" data-testid="school-rates">
          <h2 id="school-rates" className="text-xl font-semibold text-slate-900">
            {m.school_rates}
          </h2>
          <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
            <dt className="text-slate-700">{m.school_base}</dt>
            <dd className="font-semibold text-slate-900">
              {moneyRangeText(rates.base[0], rates.base[1], edition.currencyIcon)}
            </dd>
            <dt className="text-slate-700">{m.school_advanced}</dt>
            <dd className="font-semibold text-slate-900">
              {moneyRangeText(rates.advanced[0], rates.advanced[1], edition.currencyIcon)}
            </dd>
          </dl>
        </section>
      )}
      <p className="flex flex-wrap gap-3">
        {site && (
          <a href={site} className={`${button} bg-brand text-white hover:bg-brand-dark`} data-testid="school-site">
            {m.school_site}
          </a>
        )}
        <a
          href={href('/request')}
          className={`${button} ${site ? 'ring-1 ring-slate-300 text-brand-dark' : 'bg-brand text-white hover:bg-brand-dark'}`}
        >
          {m.school_order}
        </a>
        <Link
          href={href(`/${edition.onlineCatalogueAlias}/`)}
          className={`${button} text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50`}
        >
          {m.school_online}
        </Link>
        <Link
          href={href(`/${edition.catalogueAlias}/`)}
          className={`${button} text-brand-dark ring-1 ring-slate-300 hover:bg-slate-50`}
        >
          {m.school_catalogue}
        </Link>
      </p>
      {rates && (
        <p className="text-sm text-slate-600">
          <a href={href('/school-tutor')} className="underline underline-offset-2">
            {m.school_tutors}
          </a>
        </p>
      )}
    </article>
  )
}
