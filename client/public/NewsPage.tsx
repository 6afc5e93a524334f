// The news pages (docs/api.md#public-reads `GET /client/news`): /news/ lists the
// edition's published news, newest first, with the categories as links and numbered pages (?page);
// /news/{category}/ lists one category; /news/{alias}/ is one item with its main image, the sanitised
// text (the server cleans it on save and again in this very read) and the rating widget (1–5, once
// per visitor: a repeat says so). The server renders the page with its title, description and
// NewsArticle structured data (server/ssr/loaders.ts); an unknown slug is the 404 page there, and a
// "not found" note after an in-app navigation here.
import { useEffect, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import type { PublicNewsArticle, PublicNewsCard, PublicNewsList } from '../../common/schemas/admin/news.schema'
import { PageLinks } from '../components/PageLinks'
import { Stars } from '../components/Stars'
import { newsPageInput } from '../lib/page-queries'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import { DateText } from '../ui/Date'
import type { PageProps } from '../pages'
import { PROSE } from '../components/prose'
import { PageH1 } from '../lib/page-h1'
import { retryFaults } from '../lib/read-errors'
import { ReadFailed } from './ReadFailed'

const newsPath = (slug?: string) => (slug ? `/news/${slug}/` : '/news/')

/** Tints of the tile a news item without an image gets, picked by its category. */
const TINTS = [
  'from-sky-100 to-indigo-100 text-indigo-400',
  'from-amber-50 to-rose-100 text-rose-400',
  'from-emerald-50 to-teal-100 text-teal-500',
  'from-violet-50 to-fuchsia-100 text-fuchsia-400',
]
const tintOf = (key: string) => TINTS[[...key].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % TINTS.length]

/** The main image's thumbnail, or a low tile in the category's tint with a newspaper sign. */
function Cover({ item }: { item: PublicNewsCard }) {
  if (item.image)
    return (
      <img
        src={item.image.thumb_url}
        alt=""
        width={400}
        height={225}
        loading="lazy"
        decoding="async"
        className="aspect-video w-full object-cover"
      />
    )
  return (
    <div
      aria-hidden="true"
      className={`flex h-20 w-full items-center justify-center bg-gradient-to-br sm:h-auto sm:aspect-video ${tintOf(item.category?.alias ?? '')}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-10 sm:size-14"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path d="M4 5h13v13a2 2 0 0 0 2 2H6a2 2 0 0 1-2-2V5Z" />
        <path d="M17 9h3v9a2 2 0 0 1-2 2M7 9h7M7 12.5h7M7 16h4" strokeLinecap="round" />
      </svg>
    </div>
  )
}

function Card({ item }: { item: PublicNewsCard }) {
  const href = useLocalePath()
  return (
    <li className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <article className="flex h-full flex-col">
        <Cover item={item} />
        <div className="flex flex-1 flex-col gap-2 p-4">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            {item.category && (
              <span className="rounded-full bg-indigo-50 px-2 py-0.5 font-medium text-indigo-800">
                {item.category.name}
              </span>
            )}
            <DateText iso={item.published_at} />
          </div>
          <h2 className="text-lg font-semibold leading-snug text-slate-900">
            <Link href={href(newsPath(item.alias))} className="hover:text-brand-dark hover:underline">
              {item.title}
            </Link>
          </h2>
          <p className="line-clamp-3 text-slate-700">{item.description}</p>
          {item.rating.count > 0 && (
            <p className="mt-auto flex items-center gap-2 pt-1 text-sm text-slate-600">
              <Stars value={item.rating.avg} />
              <span>{item.rating.avg}</span>
            </p>
          )}
        </div>
      </article>
    </li>
  )
}

function NewsList({ list, busy }: { list: PublicNewsList; busy: boolean }) {
  const { t } = useSite()
  const href = useLocalePath()
  const [location] = useLocation()
  const current = list.category?.alias
  const tab = (active: boolean) =>
    `rounded-full px-3 py-1.5 text-sm font-medium ${active ? 'bg-slate-900 text-white' : 'bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100'}`
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-2">
        <PageH1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">
          {list.category ? list.category.name : t('news.heading')}
        </PageH1>
        <p className="text-slate-700">{t('news.intro')}</p>
      </header>
      {list.categories.length > 0 && (
        <nav aria-label={t('news.title')}>
          <ul className="flex flex-wrap gap-2" data-testid="news-categories">
            <li>
              <Link href={href(newsPath())} aria-current={!current ? 'page' : undefined} className={tab(!current)}>
                {t('news.all')}
              </Link>
            </li>
            {list.categories.map((c) => (
              <li key={c.alias}>
                <Link
                  href={href(newsPath(c.alias))}
                  aria-current={current === c.alias ? 'page' : undefined}
                  className={tab(current === c.alias)}
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {list.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
          {t('news.empty')}
        </p>
      ) : (
        <ul
          data-testid="news-list"
          aria-busy={busy}
          className={`grid gap-5 sm:grid-cols-2 lg:grid-cols-3 ${busy ? 'opacity-60' : ''}`}
        >
          {list.items.map((n) => (
            <Card key={n.id} item={n} />
          ))}
        </ul>
      )}
      {list.pages > 1 && (
        <PageLinks
          page={list.page}
          pages={list.pages}
          href={(n) => (n > 1 ? `${location}?page=${n}` : location)}
          label={t('catalogue.pages')}
        />
      )}
    </div>
  )
}

type Vote =
  | { state: 'idle' }
  | { state: 'sending'; value: number }
  | { state: 'rated'; value: number }
  | { state: 'already' }
  | { state: 'failed' }

/** Five buttons; the visitor's mark is sent once (a second time the server answers 409, said here as "already rated"). */
function RatingWidget({ article }: { article: PublicNewsArticle }) {
  const { t } = useSite()
  const [vote, setVote] = useState<Vote>({ state: 'idle' })
  const [rating, setRating] = useState(article.rating)
  const [hover, setHover] = useState(0)
  const rate = trpc.public.news.setRating.useMutation()
  const done = vote.state === 'rated' || vote.state === 'already'
  const send = (value: number) => {
    setVote({ state: 'sending', value })
    rate.mutateAsync({ id: article.id, rating: value }).then(
      (r) => {
        setRating(r.rating)
        setVote({ state: 'rated', value })
      },
      (err: { data?: { httpStatus?: number } }) =>
        setVote(err?.data?.httpStatus === 409 ? { state: 'already' } : { state: 'failed' }),
    )
  }
  const shown = hover || (vote.state === 'rated' || vote.state === 'sending' ? vote.value : 0)
  return (
    <section
      aria-labelledby="news-rate-title"
      data-testid="news-rating"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="news-rate-title" className="font-semibold text-slate-900">
          {t('news.rate')}
        </h2>
        {rating.count > 0 && (
          <span className="flex items-center gap-2 text-sm text-slate-700" data-testid="news-rating-summary">
            <Stars value={rating.avg} />
            <span className="font-semibold">{rating.avg}</span>
            <span>· {t('news.votes', { count: rating.count })}</span>
          </span>
        )}
      </div>
      <div className="flex gap-1" role="group" aria-label={t('news.rate')} onMouseLeave={() => setHover(0)}>
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            disabled={done || vote.state === 'sending'}
            aria-label={t('news.star', { n })}
            aria-pressed={vote.state === 'rated' && vote.value === n}
            data-testid={`news-rate-${n}`}
            onMouseEnter={() => setHover(n)}
            onFocus={() => setHover(n)}
            onBlur={() => setHover(0)}
            onClick={() => send(n)}
            className="rounded-md p-1 text-slate-300 transition enabled:hover:scale-110 disabled:cursor-default focus-visible:outline-2 focus-visible:outline-brand"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className={`size-8 ${n <= shown ? 'text-amber-500' : ''}`}>
              <path
                fill="currentColor"
                d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5Z"
              />
            </svg>
          </button>
        ))}
      </div>
      {vote.state === 'rated' && (
        <p role="status" className="text-sm font-medium text-emerald-800">
          {t('news.rated')}
        </p>
      )}
      {vote.state === 'already' && (
        <p role="status" className="text-sm font-medium text-sky-900">
          {t('news.already_rated')}
        </p>
      )}
      {vote.state === 'failed' && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {t('news.rate_failed')}
        </p>
      )}
    </section>
  )
}

function Article({ article }: { article: PublicNewsArticle }) {
  const { t } = useSite()
  const href = useLocalePath()
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-8" data-testid="news-article">
      <nav aria-label={t('news.title')} className="text-sm">
        <Link href={href(newsPath())} className="font-medium text-brand-dark underline underline-offset-2">
          {t('news.all')}
        </Link>
        {article.category && (
          <>
            <span aria-hidden="true" className="px-2 text-slate-400">
              /
            </span>
            <Link
              href={href(newsPath(article.category.alias))}
              className="font-medium text-brand-dark underline underline-offset-2"
            >
              {article.category.name}
            </Link>
          </>
        )}
      </nav>
      <header className="flex flex-col gap-2">
        <PageH1 className="text-3xl font-bold tracking-tight text-slate-900">{article.title}</PageH1>
        <p className="text-sm text-slate-600">
          <DateText iso={article.published_at} />
        </p>
      </header>
      {article.image && (
        <img
          src={article.image.url}
          alt=""
          width={article.image.width}
          height={article.image.height}
          className="h-auto w-full rounded-xl"
          fetchPriority="high"
        />
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server on save and on read (sanitizeRichText) */}
      <div className={PROSE} data-testid="news-text" dangerouslySetInnerHTML={{ __html: article.text }} />
      <RatingWidget key={article.id} article={article} />
    </article>
  )
}

export function NewsPage({ page }: PageProps) {
  const { t, edition } = useSite()
  const href = useLocalePath()
  const search = useSearch()
  const [location] = useLocation()
  const q = trpc.public.news.page.useQuery(newsPageInput(page, search), {
    retry: retryFaults,
    placeholderData: (prev) => prev,
  })
  const data = q.data
  // The page's own title after the route's (client/lib/page-title.ts), again whenever the route's is set again.
  const title =
    data?.kind === 'article'
      ? data.article.title
      : data?.list.category
        ? `${data.list.category.name} — ${t('news.title')}`
        : null
  // biome-ignore lint/correctness/useExhaustiveDependencies: set again after the route's own title, whenever the location changes
  useEffect(() => {
    if (title) document.title = `${title} | ${edition.siteName}`
  }, [title, edition.siteName, location])

  if (q.isError)
    return (
      <ReadFailed
        error={q.error}
        notFound={t('notfound.page_not_found')}
        back={{ href: href(newsPath()), label: t('news.all') }}
      />
    )
  if (!data) return <div aria-busy="true" className="min-h-[50vh]" />
  return data.kind === 'article' ? (
    <Article article={data.article} />
  ) : (
    <NewsList list={data.list} busy={q.isPlaceholderData} />
  )
}
