// Each language's catalog as its own browser chunk: the page loads only its own language's one
// (client/main.tsx, before hydration), and the server preloads that chunk (server/ssr/assets.ts
// finds it in the build manifest by `src`, the module's path relative to the client root).
import type { Locale } from '../common/editions'
import type { Catalog } from './catalogs'

export interface CatalogModule {
  /** The module as the build manifest names it (relative to client/, vite.config.ts `root`). */
  src: string
  load: () => Promise<Catalog>
}

export const CATALOG_MODULES: Record<Locale, CatalogModule> = {
  ua: { src: '../i18n/ua.ts', load: () => import('./ua').then((m) => m.ua) },
  ru: { src: '../i18n/ru.ts', load: () => import('./ru').then((m) => m.ru) },
  en: { src: '../i18n/en.ts', load: () => import('./en').then((m) => m.en) },
  pl: { src: '../i18n/pl.ts', load: () => import('./pl').then((m) => m.pl) },
  es: { src: '../i18n/es.ts', load: () => import('./es').then((m) => m.es) },
}

const loaded = new Map<Locale, Promise<Catalog>>()

/** The catalog of a language, downloaded once (a failed download may be retried). */
export function loadCatalog(locale: Locale): Promise<Catalog> {
  let pending = loaded.get(locale)
  if (!pending) {
    pending = CATALOG_MODULES[locale].load()
    pending.catch(() => loaded.delete(locale))
    loaded.set(locale, pending)
  }
  return pending
}
