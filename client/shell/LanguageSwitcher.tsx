// The other languages of this edition, each a link to the same page in that language (on a page that is
// not there, 404 or 410, to that language's home page: the same path would not be there either). English is
// offered only on account pages (docs/product.md#2-screens-and-routes): the route table marks them (`english`). A
// language change reloads the page (plain link), since the server renders in the chosen language.
import { type Locale, localePath } from '../../common/editions'
import { useSite } from '../lib/site'
import type { PageMatch } from '../../common/routes'

const HREFLANG: Record<Locale, string> = { ua: 'uk', ru: 'ru', en: 'en', pl: 'pl', es: 'es' }

export function otherLocales(locales: readonly Locale[], current: Locale, page: Pick<PageMatch, 'english'>): Locale[] {
  return locales.filter((l) => l !== current && (l !== 'en' || page.english))
}

/** The path each language link leads to: the page's own, or home for a page that is not there. */
export const switchPath = (page: Pick<PageMatch, 'name' | 'path'>) =>
  page.name === 'not_found' || page.name === 'gone' ? '/' : page.path

export function LanguageSwitcher({ page }: { page: PageMatch }) {
  const { edition, locale, t } = useSite()
  const others = otherLocales(edition.locales, locale, page)
  if (!others.length) return null
  return (
    <nav aria-label={t('common.language')} data-testid="language-switcher">
      <ul className="flex items-center gap-1 text-sm">
        {others.map((l) => (
          <li key={l}>
            <a
              href={localePath(edition, l, switchPath(page))}
              hrefLang={HREFLANG[l]}
              lang={HREFLANG[l]}
              className="rounded-md px-2 py-1 font-medium text-slate-700 underline-offset-2 hover:bg-slate-100 hover:underline"
            >
              {t(`language.${l}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
