// The tutors' blog: /blog/ lists published posts newest first with paging (?page,
// links a crawler can follow); /blog/{id}/ is one post — its sanitised HTML, the author with a link to
// the profile, and a 1–5 rating a visitor gives once. The server prefetches both with the same inputs
// (client/lib/page-queries.ts) and writes the Blog / BlogPosting JSON-LD (server/ssr/loaders.ts); an
// unknown or unpublished post is the 404 page there, and a "not found" note after an in-app navigation.
import { useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { PageLinks } from '../components/PageLinks'
import { PROSE } from '../components/prose'
import { Stars } from '../components/Stars'
import { DateText } from '../ui/Date'
import { blogListInput } from '../lib/page-queries'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import type { PageProps } from '../pages'
import { PageH1 } from '../lib/page-h1'
import { retryFaults } from '../lib/read-errors'
import { ReadFailed } from './ReadFailed'

export function BlogListPage(_: PageProps) {
  const { t } = useSite()
  const search = useSearch()
  const [location] = useLocation()
  const href = useLocalePath()
  const list = trpc.public.content.blogs.useQuery(blogListInput(search), { placeholderData: (previous) => previous })
  const data = list.data
  const pageHref = (n: number) => (n > 1 ? `${location}?page=${n}` : location)
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-2">
        <PageH1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">{t('blog.heading')}</PageH1>
        <p className="text-slate-700">{t('blog.intro')}</p>
      </header>
      {!data ? (
        <p aria-busy="true" className="text-slate-600">
          {list.error ? t('errors.server_error') : t('common.loading')}
        </p>
      ) : data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
          {t('blog.empty')}
        </p>
      ) : (
        <ul
          data-testid="blog-list"
          className={`grid gap-4 sm:grid-cols-2 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {data.items.map((b) => (
            <li
              key={b.id}
              className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
            >
              {b.image && (
                <img
                  src={b.image}
                  alt=""
                  loading="lazy"
                  width={640}
                  height={320}
                  className="aspect-[2/1] w-full object-cover"
                />
              )}
              <article className="flex flex-1 flex-col gap-2 p-4">
                <h2 className="text-lg font-semibold text-slate-900">
                  <a href={href(`/blog/${b.id}/`)} className="hover:text-brand-dark hover:underline">
                    {b.title}
                  </a>
                </h2>
                <p className="text-sm text-slate-500">
                  {b.tutor_name} · <DateText iso={b.published_at} />
                </p>
                <p className="flex-1 text-slate-700">{b.excerpt}</p>
                <div className="flex items-center justify-between gap-2">
                  {b.rating_count > 0 ? <Stars value={b.rating} /> : <span />}
                  <a
                    href={href(`/blog/${b.id}/`)}
                    className="text-sm font-semibold text-brand-dark underline underline-offset-2"
                    aria-label={`${t('blog.read')}: ${b.title}`}
                  >
                    {t('blog.read')}
                  </a>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {data && data.pages > 1 && (
        <PageLinks page={data.page} pages={data.pages} href={pageHref} label={t('catalogue.pages')} />
      )}
    </div>
  )
}

/** Five buttons; after a vote (or a repeat) the average and the thanks. */
function RateBlog({ id }: { id: number }) {
  const { t } = useSite()
  const utils = trpc.useUtils()
  const rate = trpc.public.content.rateBlog.useMutation({
    onSuccess: () => utils.public.content.blog.invalidate({ id }),
  })
  const [hover, setHover] = useState(0)
  if (rate.data)
    return (
      <p role="status" data-testid="blog-rated" className="font-medium text-emerald-800">
        {t('blog.rated')}
      </p>
    )
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="font-medium text-slate-800">{t('blog.rate')}</span>
      <div className="flex" role="group" aria-label={t('blog.rate')} onMouseLeave={() => setHover(0)}>
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            aria-label={`${n} / 5`}
            disabled={rate.isPending}
            onMouseEnter={() => setHover(n)}
            onClick={() => rate.mutate({ id, rating: n })}
            className={`p-0.5 text-2xl leading-none ${n <= hover ? 'text-amber-400' : 'text-slate-300'} hover:scale-110 focus-visible:outline-2 focus-visible:outline-brand`}
          >
            ★
          </button>
        ))}
      </div>
    </div>
  )
}

export function BlogPostPage({ page }: PageProps) {
  const { t, edition } = useSite()
  const href = useLocalePath()
  const [location] = useLocation()
  const id = Number(page.params.id)
  const q = trpc.public.content.blog.useQuery({ id }, { retry: retryFaults })
  const title = q.data?.title
  // biome-ignore lint/correctness/useExhaustiveDependencies: set again after the route's own title, whenever the location changes
  useEffect(() => {
    if (title) document.title = `${title} | ${edition.siteName}`
  }, [title, edition.siteName, location])

  if (q.isError)
    return (
      <ReadFailed
        error={q.error}
        notFound={t('blog.not_found')}
        back={{ href: href('/blog/'), label: t('blog.back') }}
      />
    )
  const post = q.data
  if (!post) return <div aria-busy="true" className="min-h-[50vh]" />
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8" data-testid="blog-post">
      <a href={href('/blog/')} className="text-sm font-medium text-brand-dark underline underline-offset-2">
        ← {t('blog.back')}
      </a>
      <PageH1 className="text-3xl font-bold tracking-tight text-slate-900">{post.title}</PageH1>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600">
        <span>
          {t('blog.author')}:{' '}
          <a
            href={href(`/user-${post.tutor_id}/`)}
            className="font-medium text-brand-dark underline underline-offset-2"
          >
            {post.tutor_name}
          </a>
        </span>
        <DateText iso={post.published_at} />
        {post.rating_count > 0 && (
          <span className="flex items-center gap-1">
            <Stars value={post.rating} />{' '}
            <span className="text-sm">{t('blog.votes', { count: post.rating_count })}</span>
          </span>
        )}
      </p>
      {post.image && (
        <img src={post.image} alt="" width={1200} height={600} className="w-full rounded-xl object-cover" />
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server on read (sanitizeRichText) */}
      <div className={PROSE} data-testid="blog-post-text" dangerouslySetInnerHTML={{ __html: post.text }} />
      <div className="mt-4 border-t border-slate-200 pt-4">
        <RateBlog id={post.id} />
      </div>
    </article>
  )
}
