import type { Edition, Locale } from '../../../common/editions'

/** A name from a {locale: name} map: the requested locale, then the edition's default, then any. */
export function localName(names: unknown, locale: Locale, ed: Edition): string {
  const map = (names && typeof names === 'object' ? names : {}) as Record<string, string | undefined>
  return map[locale] || map[ed.defaultLocale] || Object.values(map).find((v) => !!v) || ''
}
