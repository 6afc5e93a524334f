// The site's reviews page, /reviews (docs/api.md#client-orders-and-chats): the average mark with stars and
// the count, the published reviews newest first with paging (?page, links a crawler can follow), and
// the "leave a review" form (ReviewForm.tsx). A review is kept inactive until its author opens the e-mailed link,
// /reviews?token=…: the page then confirms it (set_active) once it runs in the browser — never on
// the server's render, so a link preview cannot publish anybody's review — and says how it went.
// The list is prefetched by the server with the same input (client/lib/page-queries.ts) and the
// Organization's aggregateRating goes to the head (server/ssr/loaders.ts).
import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { PageLinks } from '../components/PageLinks'
import { reviewsKey } from '../../i18n/format'
import { Stars } from '../components/Stars'
import { DateText } from '../ui/Date'
import { siteReviewsInput } from '../lib/page-queries'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import type { PageProps } from '../pages'
import { PageH1 } from '../lib/page-h1'

// The form (the form kit, react-hook-form) is a chunk outside the page's first load, capped at 120 kB
// (scripts/bundle-size.ts), as the sign-in pages' forms are: the server renders it all the same.
const ReviewForm = lazy(() => import('./ReviewForm'))

type Confirmation = 'pending' | 'confirmed' | 'already' | 'bad_link'

/** Confirms the review of the address's ?token once, then drops the token from the address. */
function useConfirmation(): Confirmation | null {
  const search = useSearch()
  const [location] = useLocation()
  const [state, setState] = useState<Confirmation | null>(null)
  const utils = trpc.useUtils()
  const confirm = trpc.public.site.confirmReview.useMutation()
  const started = useRef(false)
  const token = new URLSearchParams(search).get('token')
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per token (the mutation and the address are read as they are then)
  useEffect(() => {
    if (!token || started.current) return
    started.current = true
    setState('pending')
    confirm.mutateAsync({ token }).then(
      (r) => {
        setState(r.already_confirmed ? 'already' : 'confirmed')
        void utils.public.site.reviews.invalidate()
        void utils.public.site.footer.invalidate()
      },
      () => setState('bad_link'),
    )
    // The token is spent: a reload or a shared address shows the plain page.
    const rest = new URLSearchParams(search)
    rest.delete('token')
    window.history.replaceState(window.history.state, '', rest.size ? `${location}?${rest}` : location)
  }, [token])
  return state
}

const NOTICE: Record<
  Confirmation,
  {
    key: 'site_reviews.confirming' | 'site_reviews.confirmed' | 'site_reviews.already' | 'site_reviews.bad_link'
    tone: string
  }
> = {
  pending: { key: 'site_reviews.confirming', tone: 'border-slate-200 bg-slate-50 text-slate-800' },
  confirmed: { key: 'site_reviews.confirmed', tone: 'border-emerald-200 bg-emerald-50 text-emerald-900' },
  already: { key: 'site_reviews.already', tone: 'border-sky-200 bg-sky-50 text-sky-900' },
  bad_link: { key: 'site_reviews.bad_link', tone: 'border-red-200 bg-red-50 text-red-900' },
}

export function ReviewsPage(_: PageProps) {
  const { t, locale } = useSite()
  const search = useSearch()
  const [location] = useLocation()
  const input = siteReviewsInput(search)
  const list = trpc.public.site.reviews.useQuery(input, { placeholderData: (previous) => previous })
  const confirmation = useConfirmation()
  const data = list.data
  const pageHref = (n: number) => (n > 1 ? `${location}?page=${n}` : location)

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      {confirmation && (
        <p
          role="status"
          data-testid="review-confirmation"
          data-state={confirmation}
          className={`rounded-xl border px-4 py-3 font-medium ${NOTICE[confirmation].tone}`}
        >
          {t(NOTICE[confirmation].key)}
        </p>
      )}
      <header className="flex flex-col gap-2">
        <PageH1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">
          {t('site_reviews.heading')}
        </PageH1>
        <p className="text-slate-700">{t('site_reviews.intro')}</p>
        {/* On a phone the form comes after the list: a way straight to it. */}
        <a
          href="#leave-review"
          className="self-start rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark md:hidden"
        >
          {t('site_reviews.form_title')}
        </a>
      </header>

      <div className="grid gap-6 md:grid-cols-[1fr_20rem] md:items-start">
        <section aria-labelledby="reviews-list-title" className="flex flex-col gap-4">
          <h2 id="reviews-list-title" className="sr-only">
            {t('site_reviews.title')}
          </h2>
          {data && data.total > 0 && (
            <div
              data-testid="reviews-summary"
              className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <span className="text-3xl font-bold text-slate-900">
                {String(Math.round(data.avg_review_mark * 100) / 100)}
              </span>
              <Stars value={data.avg_review_mark} />
              <span className="text-sm text-slate-600">
                {t('site_reviews.average')} · {t(reviewsKey(locale, data.total), { count: data.total })}
              </span>
            </div>
          )}
          {!data ? (
            <p aria-busy="true" className="text-slate-600">
              {list.error ? t('errors.server_error') : t('common.loading')}
            </p>
          ) : data.items.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
              {t('site_reviews.empty')}
            </p>
          ) : (
            <ul
              data-testid="reviews-list"
              aria-busy={list.isPlaceholderData}
              className={`flex flex-col gap-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
            >
              {data.items.map((r) => (
                <li key={r.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                  <article className="flex flex-col gap-2">
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <h3 className="font-semibold text-slate-900">{r.name}</h3>
                      <Stars value={r.mark} />
                      <DateText iso={r.created_at} className="ml-auto text-sm text-slate-500" />
                    </div>
                    <p className="whitespace-pre-line text-slate-800">{r.text}</p>
                  </article>
                </li>
              ))}
            </ul>
          )}
          {data && data.pages > 1 && (
            <PageLinks page={data.page} pages={data.pages} href={pageHref} label={t('catalogue.pages')} />
          )}
        </section>
        <div id="leave-review" className="scroll-mt-4 md:sticky md:top-4">
          <Suspense fallback={<div aria-busy="true" className="min-h-96" />}>
            <ReviewForm />
          </Suspense>
        </div>
      </div>
    </div>
  )
}
