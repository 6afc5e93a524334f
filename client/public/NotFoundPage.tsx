// 404 and 410 (another language's path): an illustration, the heading, a way back to the
// catalogue and the tutor search form (docs/product.md#2-screens-and-routes).
import { Link } from 'wouter'
import { cataloguePath } from '../../common/catalogue-paths'
import { SearchForm } from '../components/SearchForm'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { useSearchLists } from '../lib/search-lists'
import type { PageProps } from '../pages'

function LostPageIllustration({ label }: { label: string }) {
  return (
    <svg role="img" aria-label={label} viewBox="0 0 240 160" className="mx-auto h-40 w-auto">
      <ellipse cx="120" cy="148" rx="80" ry="8" className="fill-slate-200" />
      <rect x="70" y="18" width="100" height="124" rx="10" className="fill-white stroke-slate-300" strokeWidth="3" />
      <path d="M140 18v22a6 6 0 0 0 6 6h24" className="fill-slate-100 stroke-slate-300" strokeWidth="3" />
      <text
        x="120"
        y="96"
        textAnchor="middle"
        className="fill-brand"
        fontSize="34"
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
      >
        404
      </text>
      <circle cx="188" cy="52" r="16" className="fill-none stroke-brand" strokeWidth="5" />
      <path d="m199 64 14 14" className="stroke-brand" strokeWidth="6" strokeLinecap="round" />
    </svg>
  )
}

export function NotFoundPage({ page }: PageProps) {
  const gone = page.name === 'gone'
  const { edition, t } = useSite()
  const href = useLocalePath()
  const { subjects, cities } = useSearchLists()
  return (
    <div className="mx-auto flex min-h-[400px] w-4/5 flex-col items-center justify-center gap-5 py-12 text-center">
      <LostPageIllustration label={t('notfound.image')} />
      <h1 className="text-3xl font-bold text-slate-900">{t('notfound.page_not_found')}</h1>
      {gone && <p className="text-slate-700">{t('notfound.gone')}</p>}
      <p className="text-slate-700">
        {t('notfound.go_to')}{' '}
        <Link
          href={href(cataloguePath(edition, {}))}
          className="font-medium text-brand-dark underline underline-offset-2"
        >
          {t('notfound.main_page')}
        </Link>
      </p>
      <div className="w-full max-w-3xl text-left">
        <SearchForm id="notfound-search" subjects={subjects} cities={cities} />
      </div>
    </div>
  )
}
