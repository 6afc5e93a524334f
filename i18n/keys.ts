// Messages travel as keys with parameters ("@validation.length?min=2&max=50") until the edge,
// where `translate` renders them in the reader's language. Pure: used by server and browser.
import type { Locale } from '../server/domain/editions/editions'
import { catalogs, type MessageKey } from './catalogs'

export type { MessageKey }
type Params = Record<string, string | number>

export function msg(key: MessageKey, params?: Params): string {
  const query = params ? `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}` : ''
  return `@${key}${query}`
}

export function t(locale: Locale, key: MessageKey, params?: Params): string {
  const template = catalogs[locale][key] ?? catalogs.en[key] ?? key
  return template.replace(/\{(\w+)\}/g, (_, name: string) => (params && name in params ? String(params[name]) : `{${name}}`))
}

/** Renders an encoded message; any other text is returned as it is. */
export function translate(locale: Locale, text: string): string {
  if (!text.startsWith('@')) return text
  const [key, query] = text.slice(1).split('?', 2) as [string, string | undefined]
  if (!(key in catalogs.en)) return text
  const params = Object.fromEntries(new URLSearchParams(query ?? ''))
  return t(locale, key as MessageKey, params)
}

const pluralLocale: Record<Locale, string> = { ua: 'uk', ru: 'ru', en: 'en', pl: 'pl', es: 'es' }

/** Review-count label with the one / a couple (2-4) / many forms (spec/product.md §5). */
export function reviewsLabel(locale: Locale, count: number): string {
  const rule = new Intl.PluralRules(pluralLocale[locale]).select(count)
  const key: MessageKey = rule === 'one' ? 'reviews.one' : rule === 'few' ? 'reviews.few' : 'reviews.many'
  return t(locale, key, { count })
}
