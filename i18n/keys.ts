// Messages travel as keys with parameters ("@validation.length?min=2&max=50") until the edge,
// where `translate` renders them in the reader's language. Pure: used by the server (every language
// at hand). The browser translates with the one catalog of its page (i18n/format.ts `translator`).
import type { Locale } from '../common/editions'
import { catalogs, type MessageKey } from './catalogs'
import { type Params, decode, fill, reviewsKey } from './format'

export type { MessageKey }
export { msg } from './format'

export function t(locale: Locale, key: MessageKey, params?: Params): string {
  return fill(catalogs[locale][key] ?? catalogs.en[key] ?? key, params)
}

/** Renders an encoded message; any other text is returned as it is. */
export function translate(locale: Locale, text: string): string {
  const m = decode(text, (key) => key in catalogs.en)
  return m ? t(locale, m.key, m.params) : text
}

/** Review-count label with the one / a couple (2-4) / many forms (docs/product.md#5-validation-rules). */
export function reviewsLabel(locale: Locale, count: number): string {
  return t(locale, reviewsKey(locale, count), { count })
}
