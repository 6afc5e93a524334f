// The site footer: information links, the school site, the marketplace's aggregate rating
// (stars filled to avg/5) and the copyright line.
import { Link } from 'wouter'
import { reviewsKey } from '../../i18n/format'
import { footerLinks } from './footer-links'
import { useLocalePath } from '../lib/paths'
import { useSite } from '../lib/site'
import { trpc } from '../lib/trpc'
import { useKeptSharedHtml } from '../lib/kept-html'
import type { RouterOutputs } from '../lib/api-types'

/** Filled share of the five stars, in percent (avg / 5 * 100), without float noise. */
export function ratingPercent(avg: number): number {
  return Math.round(Math.min(Math.max(avg, 0), 5) * 2000) / 100
}

const STAR = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5Z'

function Stars({ className }: { className: string }) {
  return (
    <span className={`flex ${className}`}>
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0">
          <path d={STAR} fill="currentColor" />
        </svg>
      ))}
    </span>
  )
}

function Rating({ avg, count }: { avg: number; count: number }) {
  const { locale, t } = useSite()
  const href = useLocalePath()
  const value = Math.min(Math.max(avg, 0), 5)
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-300">{t('footer.rating')}</span>
      <span role="img" aria-label={`${value} / 5`} className="relative inline-flex">
        <Stars className="text-slate-600" />
        <span
          data-testid="footer-rating"
          className="absolute inset-y-0 left-0 overflow-hidden"
          style={{ width: `${ratingPercent(value)}%` }}
        >
          <Stars className="text-amber-400" />
        </span>
      </span>
      <span className="font-semibold text-white">{value}</span>
      <Link href={href('/reviews')} className="text-slate-300 underline underline-offset-2 hover:text-white">
        {t(reviewsKey(locale, count), { count })}
      </Link>
    </div>
  )
}

const FOOTER_CLASS = 'mt-16 bg-slate-900 text-slate-300'

export function Footer() {
  const { locale } = useSite()
  const footer = trpc.public.site.footer.useQuery().data
  // The rights line and the notice are site blocks staff edit (panel units_blocks): an active block's
  // text in the page's language, else the catalog's. The server renders them with every page.
  const blocks = trpc.public.site.blocks.useQuery(undefined, { staleTime: 60_000 }).data
  // On the server, the footer drawn before from the same kept reads (client/lib/kept-html.ts).
  const kept = useKeptSharedHtml([footer, blocks], `${locale} ${new Date().getFullYear()}`, '<footer')
  return kept === undefined ? (
    <footer className={FOOTER_CLASS}>
      <FooterBody footer={footer} blocks={blocks?.blocks} />
    </footer>
  ) : (
    <footer
      className={FOOTER_CLASS}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: what React rendered for the same reads on this server (kept-html.ts)
      dangerouslySetInnerHTML={{ __html: kept }}
    />
  )
}

type FooterAnswer = RouterOutputs['public']['site']['footer'] | undefined
type BlocksAnswer = RouterOutputs['public']['site']['blocks']['blocks']

function FooterBody({ footer, blocks }: { footer: FooterAnswer; blocks: BlocksAnswer | undefined }) {
  const { edition, t } = useSite()
  const href = useLocalePath()
  const notice = blocks?.footer_notice
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10">
      <nav aria-label={t('footer.nav')}>
        <ul className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 md:grid-cols-4">
          {footerLinks(edition.catalogueAlias, edition.onlineCatalogueAlias).map((l) => (
            <li key={l.path}>
              <Link href={href(l.path)} className="hover:text-white hover:underline">
                {t(l.label)}
              </Link>
            </li>
          ))}
          {footer?.school_url && (
            <li>
              <a href={footer.school_url} className="hover:text-white hover:underline">
                {t('footer.school')}
              </a>
            </li>
          )}
        </ul>
      </nav>
      {/* Advanced-level links: catalogue pages (server/domain/site/footer.ts), already locale-prefixed paths. */}
      {!!footer?.links.length && (
        <nav aria-label={t('footer.advanced')} data-testid="footer-advanced">
          <h2 className="mb-3 text-sm font-semibold text-white">{t('footer.advanced')}</h2>
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {footer.links.map((l) => (
              <li key={l.url}>
                <Link href={href(l.url)} className="hover:text-white hover:underline">
                  {l.text}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="flex flex-col gap-4 border-t border-slate-700 pt-6 md:flex-row md:items-center md:justify-between">
        {footer && <Rating avg={footer.avg_review_mark} count={footer.total_count} />}
        <p className="text-sm text-slate-300">
          © {new Date().getFullYear()} {edition.siteName}. {blocks?.footer_rights ?? t('footer.rights')}
        </p>
      </div>
      {/* HTML the server sanitised (server/domain/site/blocks.ts). */}
      {notice && (
        <div
          data-testid="footer-notice"
          className="text-sm text-slate-300 [&_a]:underline"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a site block, sanitised by the server on read (sanitizeRichText)
          dangerouslySetInnerHTML={{ __html: notice }}
        />
      )}
    </div>
  )
}
