// Head tags of a server-rendered page: title, description, canonical, hreflang alternates, robots
// and JSON-LD. Values are escaped; JSON-LD is made safe for a <script> element.
import { t } from '../../i18n/keys'
import type { PageMatch } from '../../common/routes'
import { type Edition, type Locale, localePath } from '../../common/editions'

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/** JSON for an inline <script> of a non-executed type: `<` escaped so `</script>` cannot close it. */
export const scriptJson = (value: unknown) => escapeScriptJson(JSON.stringify(value))

/** JSON made safe inside a <script>: `<` escaped, and the two line separators JavaScript once refused in strings. */
export const escapeScriptJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

const HREFLANG: Record<Locale, string> = { ua: 'uk', ru: 'ru', en: 'en', pl: 'pl', es: 'es' }

export interface HeadInput {
  page: PageMatch
  edition: Edition
  locale: Locale
  origin: string
  title?: string
  description?: string
  /** HTTP status actually answered (a data page may turn out to be a 404). */
  status?: number
  canonicalSuffix?: string
  jsonLd?: unknown[]
  /** More about the site's Organization (the /reviews page's aggregateRating). */
  organisation?: Record<string, unknown>
}

export function renderHead(h: HeadInput): string {
  const title = h.title ?? t(h.locale, h.page.title)
  const description = h.description ?? t(h.locale, h.page.description)
  const tags = [
    `<title>${escapeHtml(title)} | ${escapeHtml(h.edition.siteName)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
  ]
  if (h.page.indexable && (h.status ?? h.page.status) === 200) {
    tags.push(
      `<link rel="canonical" href="${escapeHtml(h.origin + localePath(h.edition, h.locale, h.page.path) + (h.canonicalSuffix ?? ''))}" />`,
    )
    for (const l of h.edition.locales)
      tags.push(
        `<link rel="alternate" hreflang="${HREFLANG[l]}" href="${escapeHtml(h.origin + localePath(h.edition, l, h.page.path))}" />`,
      )
    tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(h.origin + h.page.path)}" />`)
  } else {
    tags.push('<meta name="robots" content="noindex, nofollow" />')
  }
  const organisation = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: h.edition.siteName,
    url: `${h.origin}/`,
    ...h.organisation,
  }
  for (const item of [organisation, ...(h.jsonLd ?? [])])
    tags.push(`<script type="application/ld+json">${scriptJson(item)}</script>`)
  return tags.join('\n    ')
}
