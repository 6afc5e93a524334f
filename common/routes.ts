// The route table: every screen of the site, with its path patterns, who may open it (the guard),
// the lazy chunk that renders it and whether search engines may index it. Pure data, read by both
// sides: the browser renders the match (client/App.tsx; client/pages.ts maps each page to its lazy
// component, the account and panel areas map their screens), the server answers its status and head
// tags (server/ssr/render.tsx) and lists the sitemap's pages (server/ssr/sitemap.ts); the panel menu
// and the language switch read it too. Pages are nested as wouter's nested routes are: an area (the
// account, the panel) is one page whose screens are its child routes.
import type { AreaKey } from '../i18n/areas'
import type { MessageKey } from '../i18n/format'
import { type CatalogueFilters, parseCataloguePath } from './catalogue-paths'
import { type Edition, KNOWN_LOCALE_PREFIXES } from './editions'
import { EVERY_STAFF, type MenuGroup, type StaffAccess, type StaffArea, staffMayAccess } from './staff-areas'

/** Which shell a page gets (docs/product.md#2-screens-and-routes). */
export type Shell =
  | 'public' // header and footer
  | 'minimal' // logo-only header (/request/*, /test/*); the footer too unless hidden
  | 'no-header' // /register
  | 'bare' // /auth_as_user, /away
  | 'panel' // /panel/*, rendered in the browser

export type PageName =
  | 'home'
  | 'tutor_login'
  | 'client_login'
  | 'register'
  | 'recovery'
  | 'account'
  | 'request'
  | 'test'
  | 'bare'
  | 'panel'
  | 'not_found'
  | 'gone'
  | 'catalogue'
  | 'catalogue_root'
  | 'tutor_profile'
  | 'oauth_callback'
  | 'order'
  | 'pay'
  | 'static_page'
  | 'static_short'
  | 'reviews'
  | 'news'
  | 'blog'
  | 'blog_post'
  | 'media'
  | 'vacancies'
  | 'vacancy'
  | 'school'

/** Who may open a screen; the browser shows the matching sign-in (or 403) to anybody else. */
export type Guard =
  | { role: 'public' }
  | { role: 'tutor' }
  | { role: 'client' }
  /** /settings: the cabinet of the person's current role. */
  | { role: 'tutor_or_client' }
  | { role: 'staff'; area: StaffAccess }

/**
 * A path pattern in wouter's syntax (its parser, regexparam): `/literal`, `/:param`, `/:param?`, `/*`
 * and `/*?` (the rest), or a RegExp with named groups where a segment holds more than a parameter.
 * The server matches without React, so this module compiles them itself (`patternRegExp`), as
 * regexparam does but case-sensitively (as the site always matched) and with the rest named `wild`.
 */
export type Pattern = string | RegExp

/** Where the sitemap lists a page: its fixed paths among the pages, or a part built from the data. */
export type SitemapSource =
  | { part: 'pages'; paths: (ed: Edition) => string[] }
  | { part: 'catalogue' }
  | { part: 'tutors' }
  | { part: 'static' }
  | { part: 'news' }
  | { part: 'blog' }
  | { part: 'vacancies' }

/** A screen of an area: a child route of its page. */
export interface Screen {
  name: string
  paths: readonly Pattern[]
  guard: Guard
  /** The module that renders it (relative to client/); omitted where the guard picks it (/settings). */
  chunk?: string
  /** The language switch offers English here (the account pages: docs/product.md#2-screens-and-routes). */
  english?: boolean
  footer?: boolean
  /** A panel menu entry (its label in the panel's own catalog, i18n/areas/panel). */
  menu?: { group: MenuGroup; label: AreaKey<'panel'> }
}

export interface Route {
  name: PageName
  shell: Shell
  /** The page's own module (relative to client/): a lazy chunk of its own. */
  chunk: string
  guard: Guard
  /** Paths of the page besides its screens' (the panel's: an unknown panel page is its 404 view). */
  paths?: readonly Pattern[]
  /** The catalogue's paths depend on the edition's aliases and slugs. */
  resolve?: (ed: Edition, path: string) => CatalogueFilters | null
  screens?: readonly Screen[]
  indexable: boolean
  sitemap?: SitemapSource
  /** The canonical path ends with a slash (/user-1/, catalogue pages, /zayavka/1/). */
  slash?: boolean
  status?: 200 | 404 | 410
  footer?: boolean
  /** Rendered in the browser only (account areas and the panel). */
  clientOnly?: boolean
  english?: boolean
  title: MessageKey
  description?: MessageKey
}

export interface PageMatch {
  name: PageName
  shell: Shell
  status: 200 | 404 | 410
  footer: boolean
  clientOnly: boolean
  indexable: boolean
  title: MessageKey
  description: MessageKey
  /** The path without the locale prefix. */
  path: string
  /** The table's entry and, in an area, the screen the path names (null: none, the area's 404). */
  route: Route
  screen: Screen | null
  /** The screen's guard, else the page's. */
  guard: Guard
  /** The pattern's parameters (`wild` for `*`). */
  params: Record<string, string>
  /** The language switch offers English (docs/product.md#2-screens-and-routes). */
  english: boolean
  /** Catalogue pages: the filters their path names (slugs; the server resolves them or answers 404). */
  catalogue?: CatalogueFilters
  /** Tutor profile pages (/user-{id}/). */
  tutorId?: number
}

const PUBLIC: Guard = { role: 'public' }
const TUTOR: Guard = { role: 'tutor' }
const CLIENT: Guard = { role: 'client' }
const staff = (area: StaffAccess): Guard => ({ role: 'staff', area })

// The account area's screens (client/account/AccountApp.tsx renders them).
const TUTOR_CABINET = 'account/tutor/TutorCabinet.tsx'
const CLIENT_CABINET = 'account/client/ClientCabinet.tsx'
const REQUEST_FORM = 'orders/RequestPage.tsx'
const LOCAL_BANK = 'account/tutor/money/LocalBankPage.tsx'
const ACCOUNT_APP = 'account/AccountApp.tsx'
const NOT_FOUND = 'public/NotFoundPage.tsx'
const STATIC_PAGE = 'public/StaticPage.tsx'

/** A tutor's public profile. */
export const tutorProfilePath = (id: number) => `/user-${id}/`

/** The panel pages the panel's catalog names (`panel.{page}`: the menu label). */
type PanelPage = AreaKey<'panel'> extends infer K ? (K extends `panel.${infer P}` ? P : never) : never

/** A panel area: `/panel/{page}` and below, for the staff whose status opens `area`. */
const panelArea = (page: PanelPage, area: StaffArea, group: MenuGroup): Screen => ({
  name: page,
  paths: [`/panel/${page}/*?`],
  guard: staff(area),
  menu: { group, label: `panel.${page}` },
})

export const ROUTES: readonly Route[] = [
  {
    name: 'home',
    shell: 'public',
    chunk: 'public/HomePage.tsx',
    guard: PUBLIC,
    paths: ['/'],
    indexable: true,
    sitemap: { part: 'pages', paths: () => ['/'] },
    title: 'home.title',
  },
  {
    name: 'catalogue_root',
    shell: 'public',
    chunk: 'public/CatalogueRootPage.tsx',
    guard: PUBLIC,
    slash: true,
    resolve: (ed, p) => {
      const f = parseCataloguePath(ed, p)
      return f && !f.lesson ? f : null
    },
    indexable: true,
    sitemap: { part: 'pages', paths: (ed) => [`/${ed.catalogueAlias}/`, `/${ed.onlineCatalogueAlias}/`] },
    title: 'footer.catalogue',
    description: 'home.description',
  },
  {
    name: 'catalogue',
    shell: 'public',
    chunk: 'public/CataloguePage.tsx',
    guard: PUBLIC,
    slash: true,
    resolve: (ed, p) => {
      const f = parseCataloguePath(ed, p)
      return f?.lesson ? f : null
    },
    indexable: true,
    sitemap: { part: 'catalogue' },
    title: 'catalogue.title',
    description: 'catalogue.title',
  },
  {
    name: 'tutor_profile',
    shell: 'public',
    chunk: 'public/TutorProfilePage.tsx',
    guard: PUBLIC,
    slash: true,
    paths: [/^\/user-(?<id>\d{1,9})\/?$/],
    indexable: true,
    sitemap: { part: 'tutors' },
    title: 'home.title',
  },
  // Static pages: /p/{alias}/ and /materials/ (canonical with the slash), and the short
  // paths /about, /contacts, /how-it-works (common/static-pages.ts; /media and /vacancy are their own pages below). The page is the edition's active
  // static page of that alias; any other alias renders the 404 page. The sitemap lists the active ones.
  {
    name: 'static_page',
    shell: 'public',
    chunk: STATIC_PAGE,
    guard: PUBLIC,
    slash: true,
    paths: [/^\/p\/(?<alias>[a-z0-9]+(?:-[a-z0-9]+)*)\/?$/, /^\/(?<alias>materials)\/?$/],
    indexable: true,
    sitemap: { part: 'static' },
    title: 'home.title',
  },
  {
    name: 'static_short',
    shell: 'public',
    chunk: STATIC_PAGE,
    guard: PUBLIC,
    paths: [/^\/(?<alias>about|contacts|how-it-works)\/?$/],
    indexable: true,
    sitemap: { part: 'static' },
    title: 'home.title',
  },
  // Videos, vacancies and the school: /media is the videos with the intro of the static
  // page `media`, /vacancy the open vacancies with the intro of `vacancy`, /vacancy/{id} one vacancy,
  // /school/ the online school's page. The sitemap lists /media through its static page, /vacancy and
  // every active vacancy in the part `vacancies`.
  {
    name: 'media',
    shell: 'public',
    chunk: 'public/MediaPage.tsx',
    guard: PUBLIC,
    paths: [/^\/media\/?$/],
    indexable: true,
    title: 'footer.media',
  },
  {
    name: 'vacancies',
    shell: 'public',
    chunk: 'public/VacancyPages.tsx',
    guard: PUBLIC,
    paths: [/^\/vacancy\/?$/],
    indexable: true,
    sitemap: { part: 'vacancies' },
    title: 'header.vacancy',
  },
  {
    name: 'vacancy',
    shell: 'public',
    chunk: 'public/VacancyPages.tsx',
    guard: PUBLIC,
    slash: true,
    paths: [/^\/vacancy\/(?<id>\d{1,9})\/?$/],
    indexable: true,
    sitemap: { part: 'vacancies' },
    title: 'header.vacancy',
  },
  {
    name: 'school',
    shell: 'public',
    chunk: 'public/SchoolPage.tsx',
    guard: PUBLIC,
    slash: true,
    paths: [/^\/school\/?$/],
    indexable: true,
    sitemap: { part: 'pages', paths: () => ['/school/'] },
    title: 'footer.school',
  },
  // The order page of its parties and staff: open to all, since who may read it is the API's answer
  // (anybody else gets the 404 page).
  {
    name: 'order',
    shell: 'public',
    chunk: 'orders/OrderPage.tsx',
    guard: PUBLIC,
    slash: true,
    paths: [/^\/zayavka\/(?<id>\d{1,9})\/?$/],
    clientOnly: true,
    indexable: false,
    english: true,
    title: 'account.title',
  },
  // Site reviews: the list with its average mark, and the form; ?token= confirms a review.
  {
    name: 'reviews',
    shell: 'public',
    chunk: 'public/ReviewsPage.tsx',
    guard: PUBLIC,
    paths: ['/reviews'],
    indexable: true,
    sitemap: { part: 'pages', paths: () => ['/reviews'] },
    title: 'site_reviews.title',
    description: 'site_reviews.description',
  },
  // News: /news/ (the list), /news/{category}/ (a category's list) and /news/{alias}/
  // (one item); the server tells the two slugs apart (server/domain/content/public-news.ts), an unknown
  // one is the 404 page. ?page pages the lists.
  {
    name: 'news',
    shell: 'public',
    chunk: 'public/NewsPage.tsx',
    guard: PUBLIC,
    slash: true,
    paths: [/^\/news\/?$/, /^\/news\/(?<slug>[a-z0-9]+(?:-[a-z0-9]+)*)\/?$/],
    indexable: true,
    sitemap: { part: 'news' },
    title: 'news.title',
    description: 'news.description',
  },
  // Tutor blog: published posts with paging (?page), and one post (404 unless published).
  {
    name: 'blog',
    shell: 'public',
    chunk: 'public/BlogPages.tsx',
    guard: PUBLIC,
    slash: true,
    paths: [/^\/blog\/?$/],
    indexable: true,
    sitemap: { part: 'blog' },
    title: 'blog.title',
    description: 'blog.description',
  },
  {
    name: 'blog_post',
    shell: 'public',
    chunk: 'public/BlogPages.tsx',
    guard: PUBLIC,
    slash: true,
    paths: [/^\/blog\/(?<id>\d{1,9})\/?$/],
    indexable: true,
    sitemap: { part: 'blog' },
    title: 'blog.title',
    description: 'blog.description',
  },
  {
    name: 'tutor_login',
    shell: 'public',
    chunk: 'public/LoginPages.tsx',
    guard: PUBLIC,
    paths: ['/login'],
    indexable: false,
    english: true,
    title: 'auth.tutor_login_title',
  },
  {
    name: 'client_login',
    shell: 'public',
    chunk: 'public/LoginPages.tsx',
    guard: PUBLIC,
    paths: ['/client-login'],
    indexable: false,
    english: true,
    title: 'auth.client_login_title',
  },
  {
    name: 'register',
    shell: 'no-header',
    chunk: 'public/RegisterPage.tsx',
    guard: PUBLIC,
    paths: ['/register'],
    indexable: true,
    english: true,
    title: 'auth.register_title',
  },
  {
    name: 'recovery',
    shell: 'public',
    chunk: 'public/RecoveryPage.tsx',
    guard: PUBLIC,
    paths: ['/recovery'],
    indexable: false,
    english: true,
    title: 'auth.recovery_title',
  },
  {
    // The tutor and client cabinets; a path below a screen shows that screen.
    name: 'account',
    shell: 'public',
    chunk: ACCOUNT_APP,
    guard: TUTOR,
    clientOnly: true,
    indexable: false,
    title: 'account.title',
    screens: [
      { name: 'tutor_profile_editor', paths: ['/profile/*?'], guard: TUTOR, chunk: TUTOR_CABINET, english: true },
      { name: 'settings', paths: ['/settings/*?'], guard: { role: 'tutor_or_client' }, english: true },
      { name: 'wallet', paths: ['/wallet/*?'], guard: TUTOR, chunk: TUTOR_CABINET, english: true },
      { name: 'tops', paths: ['/tops/*?'], guard: TUTOR, chunk: TUTOR_CABINET, english: true },
      { name: 'my_ads', paths: ['/my-ads/*?'], guard: TUTOR, chunk: TUTOR_CABINET, english: true },
      { name: 'my_blog', paths: ['/my-blog/*?'], guard: TUTOR, chunk: TUTOR_CABINET, english: true },
      { name: 'verified_tutor', paths: ['/verified-tutor/*?'], guard: TUTOR, chunk: TUTOR_CABINET },
      { name: 'tutor_rating', paths: ['/rating/*?'], guard: TUTOR, chunk: TUTOR_CABINET, english: true },
      { name: 'tutor_affiliate', paths: ['/affiliate/*?'], guard: TUTOR, chunk: TUTOR_CABINET, english: true },
      // Open to all (the school page links it): a tutor sees it in the cabinet, anybody else the guest view.
      { name: 'school_tutor', paths: ['/school-tutor/*?'], guard: PUBLIC, chunk: 'account/SchoolTutorPage.tsx' },
      { name: 'tutor_orders', paths: ['/orders/*?'], guard: TUTOR, chunk: TUTOR_CABINET },
      { name: 'client_orders', paths: ['/client_orders/*?'], guard: CLIENT, chunk: CLIENT_CABINET, english: true },
      { name: 'client_profile', paths: ['/client_profile/*?'], guard: CLIENT, chunk: CLIENT_CABINET, english: true },
      { name: 'client_chats', paths: ['/client_chats/*?'], guard: CLIENT, chunk: CLIENT_CABINET, english: true },
    ],
  },
  {
    // The order form is open to visitors (they order without signing in).
    name: 'request',
    shell: 'minimal',
    chunk: ACCOUNT_APP,
    guard: PUBLIC,
    footer: false,
    clientOnly: true,
    indexable: false,
    title: 'home.title',
    screens: [{ name: 'request', paths: ['/request/*?'], guard: PUBLIC, chunk: REQUEST_FORM }],
  },
  {
    // The `local` payment provider's "bank" page (server/integrations/payments/local.ts; development and
    // tests only): public, as a bank's page is; its API answers 404 where `local` is not offered.
    name: 'pay',
    shell: 'minimal',
    chunk: ACCOUNT_APP,
    guard: PUBLIC,
    footer: false,
    clientOnly: true,
    indexable: false,
    title: 'home.title',
    screens: [{ name: 'pay_local', paths: ['/pay/local/:reference'], guard: PUBLIC, chunk: LOCAL_BANK }],
  },
  {
    // The English level test: open to everybody (a tutor signed in gets the profile
    // badge); minimal header, no footer. Other /test/ paths are the tutor cabinet's level test entry (the
    // badge and the way in: client/account/tutor/LevelTestEntry.tsx).
    name: 'test',
    shell: 'minimal',
    chunk: ACCOUNT_APP,
    guard: TUTOR,
    clientOnly: true,
    indexable: false,
    title: 'home.title',
    screens: [
      {
        name: 'test_start',
        paths: ['/test/english/start'],
        guard: PUBLIC,
        chunk: 'public/LevelTestPage.tsx',
        footer: false,
      },
      { name: 'test', paths: ['/test/*?'], guard: TUTOR, chunk: TUTOR_CABINET },
    ],
  },
  {
    name: 'oauth_callback',
    shell: 'bare',
    chunk: 'public/OAuthCallbackPage.tsx',
    guard: PUBLIC,
    paths: [/^\/oauth\/callback\/(?<role>tutor|client|admin)\/?$/],
    footer: false,
    clientOnly: true,
    indexable: false,
    title: 'home.title',
  },
  {
    name: 'bare',
    shell: 'bare',
    chunk: ACCOUNT_APP,
    guard: PUBLIC,
    footer: false,
    clientOnly: true,
    indexable: false,
    title: 'home.title',
    // Both answer anybody: /away (?url=) is where external links lead through; /auth_as_user says who is signed in.
    screens: [
      { name: 'auth_as_user', paths: ['/auth_as_user'], guard: PUBLIC, chunk: 'account/BarePages.tsx' },
      { name: 'away', paths: ['/away'], guard: PUBLIC, chunk: 'account/BarePages.tsx' },
    ],
  },
  {
    // The staff panel: the start page for every staff member, then one screen per area of the menu
    // (docs/product.md#2-screens-and-routes), in the menu's order; a staff status opens the areas of
    // common/staff-areas.ts.
    name: 'panel',
    shell: 'panel',
    chunk: 'panel/PanelApp.tsx',
    guard: staff(EVERY_STAFF),
    paths: ['/panel/*?'],
    footer: false,
    clientOnly: true,
    indexable: false,
    title: 'panel.desktop',
    screens: [
      { name: 'desktop', paths: ['/panel', '/panel/desktop/*?'], guard: staff(EVERY_STAFF) },
      panelArea('pages_show', 'static_pages', 'settings'),
      panelArea('users_tops', 'tops', 'settings'),
      panelArea('emails_show', 'emails', 'settings'),
      panelArea('sms_show', 'sms', 'settings'),
      panelArea('units_blocks', 'units_blocks', 'settings'),
      panelArea('admins_show', 'admins', 'settings'),
      panelArea('admins_schedule', 'schedule', 'settings'),
      panelArea('core_files', 'seo', 'settings'),
      panelArea('users_filter_combinations', 'seo', 'settings'),
      panelArea('transfer_settings', 'transfer_settings', 'settings'),
      panelArea('merchants', 'merchants', 'settings'),
      panelArea('system_jobs', 'system', 'settings'),
      panelArea('news_show', 'news', 'content'),
      panelArea('users_blog', 'blogs', 'content'),
      panelArea('users_ads', 'ads', 'content'),
      panelArea('users_videos', 'videos', 'content'),
      panelArea('reviews_show', 'reviews', 'content'),
      panelArea('examination_tests', 'examination_tests', 'content'),
      panelArea('users_orders', 'orders', 'tutors'),
      panelArea('order_fees', 'orders', 'tutors'),
      panelArea('users_show', 'tutors', 'tutors'),
      panelArea('users_lessons', 'lessons', 'tutors'),
      panelArea('users_levels', 'levels', 'tutors'),
      panelArea('users_incoming_calls', 'calls', 'tutors'),
      panelArea('clients_show', 'clients', 'tutors'),
      panelArea('payments', 'payments', 'tutors'),
      panelArea('users_cities', 'cities', 'locations'),
      panelArea('users_districts', 'districts', 'locations'),
      panelArea('users_subdistricts', 'subdistricts', 'locations'),
    ],
  },
  // No path of their own: what any other path shows.
  {
    name: 'not_found',
    shell: 'public',
    chunk: NOT_FOUND,
    guard: PUBLIC,
    status: 404,
    indexable: false,
    title: 'notfound.page_not_found',
    description: 'notfound.page_not_found',
  },
  {
    name: 'gone',
    shell: 'public',
    chunk: NOT_FOUND,
    guard: PUBLIC,
    status: 410,
    indexable: false,
    title: 'notfound.page_not_found',
    description: 'notfound.gone',
  },
]

export const ROUTE: Readonly<Record<PageName, Route>> = Object.fromEntries(ROUTES.map((r) => [r.name, r])) as Record<
  PageName,
  Route
>

// ---- Matching -------------------------------------------------------------------------------

const compiled = new Map<string, RegExp>()

/** A pattern as a RegExp, as wouter's parser makes it: the parameters as named groups, a trailing slash optional. */
export function patternRegExp(pattern: Pattern): RegExp {
  if (pattern instanceof RegExp) return pattern
  let re = compiled.get(pattern)
  if (re) return re
  const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const source = pattern
    .split('/')
    .slice(1)
    .map((seg) => {
      if (seg === '*') return '/(?<wild>.*)'
      if (seg === '*?') return '(?:/(?<wild>.*))?'
      if (seg.startsWith(':'))
        return seg.endsWith('?') ? `(?:/(?<${seg.slice(1, -1)}>[^/]+?))?` : `/(?<${seg.slice(1)}>[^/]+?)`
      return `/${escapeRe(seg)}`
    })
    .join('')
  re = source === '/' ? /^\/$/ : new RegExp(`^${source}/?$`)
  compiled.set(pattern, re)
  return re
}

function matchAny(patterns: readonly Pattern[] | undefined, path: string): Record<string, string> | null {
  for (const p of patterns ?? []) {
    const m = patternRegExp(p).exec(path)
    if (m)
      return Object.fromEntries(Object.entries(m.groups ?? {}).filter((e): e is [string, string] => e[1] !== undefined))
  }
  return null
}

function pageOf(
  route: Route,
  path: string,
  screen: Screen | null = null,
  params: Record<string, string> = {},
): PageMatch {
  return {
    name: route.name,
    shell: route.shell,
    path,
    route,
    screen,
    params,
    status: route.status ?? 200,
    footer: screen?.footer ?? route.footer ?? true,
    clientOnly: route.clientOnly ?? false,
    indexable: route.indexable,
    title: route.title,
    description: route.description ?? 'home.description',
    guard: screen?.guard ?? route.guard,
    english: screen?.english ?? route.english ?? false,
  }
}

/** Strips a served locale prefix (`/ru/...` on ua); a prefix the edition does not serve is a 410. */
export function splitLocale(pathname: string, ed: Edition): { locale: string | null; rest: string; foreign: boolean } {
  const first = pathname.split('/')[1] ?? ''
  if (!(KNOWN_LOCALE_PREFIXES as readonly string[]).includes(first))
    return { locale: null, rest: pathname, foreign: false }
  const served = (ed.locales as readonly string[]).includes(first) && first !== ed.defaultLocale
  const rest = pathname.slice(first.length + 1) || '/'
  return { locale: served ? first : null, rest, foreign: !served }
}

/** The page (and, in an area, the screen) a path shows on an edition: the first entry of the table that matches. */
export function matchPage(pathname: string, ed: Edition): PageMatch {
  const { rest, foreign } = splitLocale(pathname, ed)
  if (foreign) return pageOf(ROUTE.gone, rest)
  const p = rest.length > 1 ? rest.replace(/\/+$/, '') : rest
  const canonical = (route: Route) => (route.slash ? `${p}/` : p)
  for (const route of ROUTES) {
    if (route.resolve) {
      const catalogue = route.resolve(ed, p)
      if (catalogue) return { ...pageOf(route, canonical(route)), catalogue }
      continue
    }
    for (const screen of route.screens ?? []) {
      const params = matchAny(screen.paths, p)
      if (params) return pageOf(route, canonical(route), screen, params)
    }
    const params = matchAny(route.paths, p)
    if (params) {
      const page = pageOf(route, canonical(route), null, params)
      return route.name === 'tutor_profile' ? { ...page, tutorId: Number(params.id) } : page
    }
  }
  return notFoundPage(p)
}

export function notFoundPage(path: string): PageMatch {
  return pageOf(ROUTE.not_found, path)
}

// ---- Guards ---------------------------------------------------------------------------------

/** Who is asking, as far as guards care (the session's roles: client/lib/api-types.ts AuthObject). */
export interface Visitor {
  tutor?: boolean
  client?: boolean
  /** The staff status, when signed in as staff. */
  staffStatus?: number | null
}

export type Admission =
  | { kind: 'allowed' }
  /** Not signed in with the role the guard asks for: that role's sign-in page (the panel has its own). */
  | { kind: 'sign_in'; at: '/login' | '/client-login' | 'staff' }
  /** Signed in as staff whose status does not open the area: the 403 screen. */
  | { kind: 'forbidden' }

export function admit(guard: Guard, v: Visitor | null | undefined): Admission {
  const allowed = { kind: 'allowed' } as const
  switch (guard.role) {
    case 'public':
      return allowed
    case 'tutor':
      return v?.tutor ? allowed : { kind: 'sign_in', at: '/login' }
    case 'client':
      return v?.client ? allowed : { kind: 'sign_in', at: '/client-login' }
    case 'tutor_or_client':
      return v?.tutor || v?.client ? allowed : { kind: 'sign_in', at: '/login' }
    case 'staff':
      if (v?.staffStatus == null) return { kind: 'sign_in', at: 'staff' }
      return staffMayAccess(v.staffStatus, guard.area) ? allowed : { kind: 'forbidden' }
  }
}

// ---- Readers: the panel menu, the sitemap ---------------------------------------------------

export interface MenuItem {
  page: string
  area: StaffArea
  group: MenuGroup
  /** The panel's own catalog (i18n/areas/panel). */
  label: AreaKey<'panel'>
}

/** A link into the panel: its start (`/panel/`) or one of its screens. */
export const panelHref = (screen?: string) => (screen ? `/panel/${screen}` : '/panel/')

/** The panel menu: the panel's screens that have a menu entry, in the table's order. */
export const PANEL_MENU: readonly MenuItem[] = ROUTE.panel.screens!.flatMap((s) =>
  s.menu && s.guard.role === 'staff' && s.guard.area !== EVERY_STAFF
    ? [{ page: s.name, area: s.guard.area, group: s.menu.group, label: s.menu.label }]
    : [],
)

/** The menu entries a staff status opens (the server's desktop call lists the same). */
export function menuFor(status: number): MenuItem[] {
  return PANEL_MENU.filter((item) => staffMayAccess(status, item.area))
}

/** The sitemap's parts, in the table's order: each one lists the pages of the entries that name it. */
export const SITEMAP_PARTS = [...new Set(ROUTES.flatMap((r) => (r.sitemap ? [r.sitemap.part] : [])))]

/** The fixed paths of the sitemap's page part (without a locale prefix). */
export function sitemapPagePaths(ed: Edition): string[] {
  return ROUTES.flatMap((r) => (r.sitemap?.part === 'pages' ? r.sitemap.paths(ed) : []))
}
