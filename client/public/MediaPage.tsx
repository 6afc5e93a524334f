// /media: the intro of the edition's static page `media` (when it is active), then
// the edition's videos as a grid — each a YouTube thumbnail linking to the video on YouTube — with
// paging (?page, crawlable links). The server renders it with VideoObject JSON-LD per video
// (server/ssr/loaders.ts) from the same queries (common/media-texts.ts `pagedInput`).
import { useEffect } from 'react'
import { useLocation, useSearch } from 'wouter'
import { mediaTexts, pagedInput } from '../../common/media-texts'
import { PageLinks } from '../components/PageLinks'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import type { PageProps } from '../pages'
import { PROSE } from '../components/prose'
import { PageH1 } from '../lib/page-h1'

export function MediaPage(_: PageProps) {
  const { t, locale, edition } = useSite()
  const m = mediaTexts(locale)
  const search = useSearch()
  const [location] = useLocation()
  const intro = trpc.public.staticPages.get.useQuery({ alias: 'media' }, { retry: false })
  const list = trpc.public.media.videos.useQuery(pagedInput(search), { placeholderData: (previous) => previous })
  const data = list.data
  const title = intro.data?.title || m.media_title
  // biome-ignore lint/correctness/useExhaustiveDependencies: set again after the route's own title, whenever the location changes
  useEffect(() => {
    document.title = `${intro.data?.meta_title || title} | ${edition.siteName}`
  }, [title, intro.data?.meta_title, edition.siteName, location])
  const pages = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1
  const pageHref = (n: number) => (n > 1 ? `${location}?page=${n}` : location)

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8" data-testid="media-page">
      <header className="flex flex-col gap-2">
        <PageH1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</PageH1>
        {intro.data?.text && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a site block, sanitised by the server on read (sanitizeRichText)
          <div className={PROSE} data-testid="media-intro" dangerouslySetInnerHTML={{ __html: intro.data.text }} />
        )}
      </header>
      <section aria-labelledby="videos-title" className="flex flex-col gap-4">
        <h2 id="videos-title" className="text-xl font-semibold text-slate-900">
          {m.videos}
        </h2>
        {!data ? (
          <p aria-busy="true" className="text-slate-600">
            {list.error ? t('errors.server_error') : t('common.loading')}
          </p>
        ) : data.items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
            {m.no_videos}
          </p>
        ) : (
          <ul
            data-testid="video-list"
            className={`grid gap-5 sm:grid-cols-2 lg:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {data.items.map((v) => (
              <li
                key={v.id}
                data-testid="video-card"
                data-youtube-id={v.youtube_id}
                className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
              >
                <a
                  href={v.watch_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="group relative block aspect-video bg-slate-800"
                  aria-label={`${m.watch}: ${v.title}`}
                >
                  <img
                    src={v.thumbnail_url}
                    alt=""
                    loading="lazy"
                    width={480}
                    height={360}
                    className="h-full w-full object-cover"
                  />
                  <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
                    <span className="flex h-12 w-16 items-center justify-center rounded-xl bg-red-600/90 shadow-lg transition group-hover:bg-red-600">
                      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6 fill-white">
                        <path d="M8 5v14l11-7z" />
                      </svg>
                    </span>
                  </span>
                </a>
                <div className="flex flex-1 flex-col gap-1.5 p-4">
                  <h3 className="font-semibold leading-snug text-slate-900">{v.title}</h3>
                  {v.description && <p className="text-sm text-slate-700">{v.description}</p>}
                  <a
                    href={v.watch_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mt-auto pt-2 text-sm font-medium text-brand-dark underline underline-offset-2"
                  >
                    {m.watch}
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
        {data && pages > 1 && <PageLinks page={data.page} pages={pages} href={pageHref} label={t('catalogue.pages')} />}
      </section>
    </div>
  )
}
