// Per-language texts ({locale: text}) of the content tables (videos, vacancies; static pages keep
// their own copy): merging an edit over the stored map and picking one language for a public read.
import type { Locale } from '../../../common/editions'
import { addFieldError } from '../../../common/errors'
import { msg } from '../../../i18n/format'
import type { Scope } from '../shared/scope'

export type Texts = Partial<Record<Locale, string>>

export const texts = (v: unknown): Texts => (v && typeof v === 'object' ? (v as Texts) : {})
export const plain = (s: string) => s.replace(/\s+/g, ' ').trim()

/**
 * The stored map after an edit: the given languages over the stored ones, each cleaned, empty ones
 * dropped; a language the edition does not serve is an error on the field (pushed into `errors`).
 */
export function mergeTexts(
  scope: Scope,
  a: {
    field: string
    before: unknown
    given: Texts | undefined
    clean: (s: string) => string
    errors: Record<string, string[]>
  },
): Texts {
  const out: Texts = { ...texts(a.before), ...(a.given ?? {}) }
  for (const [k, v] of Object.entries(out) as [Locale, string][]) {
    if (!scope.edition.locales.includes(k)) {
      addFieldError(a.errors, a.field, msg('validation.invalid'))
      delete out[k]
      continue
    }
    const c = a.clean(v ?? '')
    if (c) out[k] = c
    else delete out[k]
  }
  return out
}

/** The language of a public answer: the asked one if the edition serves it, else its default. */
export const publicLocale = (scope: Pick<Scope, 'edition' | 'locale'>): Locale =>
  scope.edition.locales.includes(scope.locale) ? scope.locale : scope.edition.defaultLocale

/** The text of one language: the asked one, else the edition's default, else any. */
export function pick(map: unknown, locale: Locale, fallback: Locale): string {
  const m = texts(map)
  return m[locale] || m[fallback] || Object.values(m).find((v) => !!v) || ''
}
