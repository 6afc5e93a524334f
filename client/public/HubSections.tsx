// What /materials/ and /p/popular/ show below their static page's intro: live
// content, not a fixed list. /materials/: the English level test, the newest tutors' articles, news
// and videos, each with a link to all of them. /p/popular/: the catalogue pages with the most tutors
// (GET /client/popular_searches), in cities and online. The server prefetches the same queries
// (server/ssr/loaders.ts `hubQueries`), so the links are in the served HTML. A chunk of its own,
// loaded on these two pages only.
import { hubTexts } from '../../common/hub-texts'
import { DateText } from '../ui/Date'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'

/** The hub sections of a static page alias (null for the other pages). */
export default function HubSections({ alias }: { alias: string }) {
  if (alias === 'materials') return <Materials />
  if (alias === 'popular') return <Popular />
  return null
}

const CARD = 'flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm'
const MORE = 'self-start text-sm font-semibold text-brand-dark underline underline-offset-2'

function Section({
  id,
  title,
  more,
  children,
}: {
  id: string
  title: string
  more?: { href: string; label: string }
  children: React.ReactNode
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3" data-testid={id}>
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
      {more && (
        <a href={more.href} className={MORE}>
          {more.label}
        </a>
      )}
    </section>
  )
}

function Materials() {
  const { locale } = useSite()
  const h = hubTexts(locale)
  const href = useLocalePath()
  const blogs = trpc.public.content.blogs.useQuery(undefined).data
  const news = trpc.public.news.page.useQuery({}, { retry: false }).data
  const videos = trpc.public.media.videos.useQuery(undefined).data
  const newsItems = news?.kind === 'list' ? news.list.items.slice(0, 4) : []
  return (
    <div className="flex flex-col gap-8" data-testid="hub-materials">
      <Section id="hub-level-test" title={h.level_test}>
        <div className={CARD}>
          <p className="text-slate-700">{h.level_test_text}</p>
          <a href={href('/test/english/start')} className={MORE}>
            {h.level_test_start}
          </a>
        </div>
      </Section>
      <Section id="hub-articles" title={h.articles} more={{ href: href('/blog/'), label: h.all_articles }}>
        {blogs?.items.length ? (
          <ul className="grid gap-3 sm:grid-cols-2">
            {blogs.items.slice(0, 4).map((b) => (
              <li key={b.id} className={CARD}>
                <a
                  href={href(`/blog/${b.id}/`)}
                  className="font-semibold text-slate-900 hover:text-brand-dark hover:underline"
                >
                  {b.title}
                </a>
                <p className="text-sm text-slate-600">
                  {b.tutor_name} · <DateText iso={b.published_at} />
                </p>
                <p className="line-clamp-3 text-sm text-slate-700">{b.excerpt}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">{h.nothing_yet}</p>
        )}
      </Section>
      <Section id="hub-news" title={h.news} more={{ href: href('/news/'), label: h.all_news }}>
        {newsItems.length ? (
          <ul className="grid gap-3 sm:grid-cols-2">
            {newsItems.map((n) => (
              <li key={n.id} className={CARD}>
                <a
                  href={href(`/news/${n.alias}/`)}
                  className="font-semibold text-slate-900 hover:text-brand-dark hover:underline"
                >
                  {n.title}
                </a>
                <p className="text-sm text-slate-600">
                  <DateText iso={n.published_at} />
                </p>
                {n.description && <p className="line-clamp-3 text-sm text-slate-700">{n.description}</p>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">{h.nothing_yet}</p>
        )}
      </Section>
      <Section id="hub-videos" title={h.videos} more={{ href: href('/media'), label: h.all_videos }}>
        {videos?.items.length ? (
          <ul className="grid gap-3 sm:grid-cols-3">
            {videos.items.slice(0, 3).map((v) => (
              <li key={v.id} className={CARD}>
                <a
                  href={v.watch_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-slate-900 hover:text-brand-dark hover:underline"
                >
                  {v.title}
                </a>
                {v.description && <p className="line-clamp-3 text-sm text-slate-700">{v.description}</p>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">{h.nothing_yet}</p>
        )}
      </Section>
    </div>
  )
}

function Popular() {
  const { locale, edition } = useSite()
  const h = hubTexts(locale)
  const href = useLocalePath()
  const data = trpc.public.catalogue.popularSearches.useQuery(undefined).data
  const list = (items: { path: string; lesson: string; city: string | null; tutors: number }[], testid: string) =>
    items.length ? (
      <ul className="grid gap-2 sm:grid-cols-2" data-testid={testid}>
        {items.map((p) => (
          <li
            key={p.path}
            className="flex items-baseline justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-2.5"
          >
            <a href={href(p.path)} className="font-medium text-slate-900 hover:text-brand-dark hover:underline">
              {p.city ? `${p.lesson} — ${p.city}` : p.lesson}
            </a>
            <span className="shrink-0 text-sm text-slate-600">{h.tutors.replace('{count}', String(p.tutors))}</span>
          </li>
        ))}
      </ul>
    ) : (
      <p className="text-slate-600">{h.nothing_yet}</p>
    )
  return (
    <div className="flex flex-col gap-8" data-testid="hub-popular">
      <Section
        id="hub-in-cities"
        title={h.in_cities}
        more={{ href: href(`/${edition.catalogueAlias}/`), label: h.all_tutors }}
      >
        {list(data?.in_cities ?? [], 'popular-in-cities')}
      </Section>
      <Section
        id="hub-online"
        title={h.online}
        more={{ href: href(`/${edition.onlineCatalogueAlias}/`), label: h.all_online }}
      >
        {list(data?.online ?? [], 'popular-online')}
      </Section>
    </div>
  )
}
