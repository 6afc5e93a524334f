// The catalog-free half of i18n: encoding messages, filling templates and reading encoded messages
// against one catalog. Pure, and small: the browser bundle uses it with the one catalog of the page's
// language (i18n/load.ts); keys.ts builds the multi-language `t` of the server on it.
import type { Locale } from '../common/editions'
import type { Catalog, MessageKey } from './catalogs'

export type { Catalog, MessageKey }
export type Params = Record<string, string | number>

export function msg(key: MessageKey, params?: Params): string {
  const query = params ? `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}` : ''
  return `@${key}${query}`
}

/** `{name}` placeholders filled from params; unknown ones stay as they are. */
export function fill(template: string, params?: Params): string {
  // Without params every placeholder stays: nothing to scan for (most of a page's texts).
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (_, name: string) =>
    params && name in params ? String(params[name]) : `{${name}}`,
  )
}

/** An encoded message ("@key?a=1") as its key and parameters, or null for plain text or an unknown key. */
export function decode(text: string, isKey: (key: string) => boolean): { key: MessageKey; params: Params } | null {
  if (!text.startsWith('@')) return null
  const [key, query] = text.slice(1).split('?', 2) as [string, string | undefined]
  if (!isKey(key)) return null
  return { key: key as MessageKey, params: Object.fromEntries(new URLSearchParams(query ?? '')) }
}

const pluralLocale: Record<Locale, string> = { ua: 'uk', ru: 'ru', en: 'en', pl: 'pl', es: 'es' }
// One rule object per language: constructing Intl.PluralRules is costly, and every card asks.
const pluralRules = new Map<Locale, Intl.PluralRules>()

/** The review-count key with the one / a couple (2-4) / many forms (docs/product.md#5-validation-rules). */
export function reviewsKey(locale: Locale, count: number): MessageKey {
  let rules = pluralRules.get(locale)
  if (!rules) {
    rules = new Intl.PluralRules(pluralLocale[locale])
    pluralRules.set(locale, rules)
  }
  const rule = rules.select(count)
  return rule === 'one' ? 'reviews.one' : rule === 'few' ? 'reviews.few' : 'reviews.many'
}

export interface Translator {
  t: (key: MessageKey, params?: Params) => string
  /** Renders an encoded message; any other text is returned as it is. */
  tr: (text: string) => string
}

/** Translation with one catalog (every catalog holds every key: tests/unit/editions.test.ts). */
export function translator(catalog: Catalog): Translator {
  // Server-only keys are not in the browser's catalog: they come back as the key itself.
  const t = (key: MessageKey, params?: Params) => fill((catalog as Record<string, string>)[key] ?? key, params)
  return {
    t,
    tr: (text) => {
      const m = decode(text, (key) => key in catalog)
      return m ? t(m.key, m.params) : text
    },
  }
}
