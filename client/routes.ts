// The page table, shared by the server (status codes, head tags) and the browser (layouts, routes).
import type { MessageKey } from '../i18n/format'
import { type CatalogueFilters, parseCataloguePath } from '../common/catalogue-paths'
import { type Edition, KNOWN_LOCALE_PREFIXES } from '../common/editions'

/** Which shell a page gets (spec/product.md §2). */
export type Shell =
  | 'public' // header and footer
  | 'minimal' // logo-only header (/request/*, /test/*); the footer too unless hidden
  | 'no-header' // /register
  | 'bare' // /auth_as_user, /away
  | 'panel' // /panel/*, rendered in the browser

export type PageName =
  | 'home' | 'tutor_login' | 'client_login' | 'register' | 'recovery' | 'account' | 'request' | 'test' | 'bare'
  | 'panel' | 'not_found' | 'gone' | 'catalogue' | 'catalogue_root' | 'tutor_profile' | 'oauth_callback' | 'order'

export interface PageMatch {
  name: PageName
  shell: Shell
  status: 200 | 404 | 410
  footer: boolean
  /** Rendered in the browser only (account areas and the panel). */
  clientOnly: boolean
  indexable: boolean
  title: MessageKey
  description: MessageKey
  /** The path without the locale prefix. */
  path: string
  /** Catalogue pages: the filters their path names (slugs; the server resolves them or answers 404). */
  catalogue?: CatalogueFilters
  /** Tutor profile pages (/user-{id}/). */
  tutorId?: number
}

const ACCOUNT = ['/profile', '/settings', '/wallet', '/tops', '/my-ads', '/client_orders', '/client_profile', '/client_chats', '/verified-tutor', '/school-tutor', '/orders']

function page(name: PageName, shell: Shell, path: string, extra: Partial<PageMatch> = {}): PageMatch {
  return {
    name, shell, path, status: 200, footer: true, clientOnly: false, indexable: true,
    title: 'home.title', description: 'home.description', ...extra,
  }
}

/** Strips a served locale prefix (`/ru/...` on ua); a prefix the edition does not serve is a 410. */
export function splitLocale(pathname: string, ed: Edition): { locale: string | null; rest: string; foreign: boolean } {
  const first = pathname.split('/')[1] ?? ''
  if (!(KNOWN_LOCALE_PREFIXES as readonly string[]).includes(first)) return { locale: null, rest: pathname, foreign: false }
  const served = (ed.locales as readonly string[]).includes(first) && first !== ed.defaultLocale
  const rest = pathname.slice(first.length + 1) || '/'
  return { locale: served ? first : null, rest, foreign: !served }
}

export function matchPage(pathname: string, ed: Edition): PageMatch {
  const { rest, foreign } = splitLocale(pathname, ed)
  if (foreign)
    return page('gone', 'public', rest, { status: 410, indexable: false, title: 'notfound.page_not_found', description: 'notfound.gone' })
  const p = rest.length > 1 ? rest.replace(/\/+$/, '') : rest
  if (p === '/') return page('home', 'public', p)
  const catalogue = parseCataloguePath(ed, p)
  if (catalogue)
    return catalogue.lesson
      ? page('catalogue', 'public', `${p}/`, { catalogue, title: 'catalogue.title', description: 'catalogue.title' })
      : page('catalogue_root', 'public', `${p}/`, { catalogue, title: 'footer.catalogue', description: 'home.description' })
  const profile = p.match(/^\/user-(\d{1,9})$/)
  if (profile) return page('tutor_profile', 'public', `${p}/`, { tutorId: Number(profile[1]), title: 'home.title' })
  // The order page of its parties and staff (who may read it is the API's answer).
  if (/^\/zayavka\/\d{1,9}$/.test(p)) return page('order', 'public', `${p}/`, { clientOnly: true, indexable: false, title: 'account.title' })
  if (p === '/login') return page('tutor_login', 'public', p, { title: 'auth.tutor_login_title', indexable: false })
  if (p === '/client-login') return page('client_login', 'public', p, { title: 'auth.client_login_title', indexable: false })
  if (p === '/register') return page('register', 'no-header', p, { title: 'auth.register_title' })
  if (p === '/recovery') return page('recovery', 'public', p, { title: 'auth.recovery_title', indexable: false })
  if (ACCOUNT.some((a) => p === a || p.startsWith(`${a}/`)))
    return page('account', 'public', p, { clientOnly: true, indexable: false, title: 'account.title' })
  if (p === '/request' || p.startsWith('/request/'))
    return page('request', 'minimal', p, { footer: false, indexable: false, clientOnly: true })
  if (p === '/test' || p.startsWith('/test/'))
    return page('test', 'minimal', p, { footer: p !== '/test/english/start', indexable: false, clientOnly: true })
  if (/^\/oauth\/callback\/(tutor|client|admin)$/.test(p))
    return page('oauth_callback', 'bare', p, { footer: false, indexable: false, clientOnly: true })
  if (p === '/auth_as_user' || p === '/away') return page('bare', 'bare', p, { footer: false, indexable: false, clientOnly: true })
  if (p === '/panel' || p.startsWith('/panel/'))
    return page('panel', 'panel', p, { footer: false, clientOnly: true, indexable: false, title: 'panel.desktop' })
  return notFoundPage(p)
}

export function notFoundPage(path: string): PageMatch {
  return page('not_found', 'public', path, { status: 404, indexable: false, title: 'notfound.page_not_found', description: 'notfound.page_not_found' })
}
