// Which module renders each page (the route table, common/routes.ts, names the pages and their
// chunks), and the shell's parts that only some visitors see. Every page is its own chunk, so a public page loads the shell and just its own code.
// One table for both sides: App.tsx renders `Component`, client/main.tsx preloads the current page's
// chunk before hydrating, and the server renders it (waiting for lazy chunks: server/ssr/render.tsx)
// and adds a modulepreload link for the chunk of `src`, found in the build manifest (server/ssr/assets.ts).
import type { ComponentType } from 'react'
import { type Preloadable, preloadableLazy } from './lib/lazy'
import { type PageMatch, type PageName, ROUTE } from '../common/routes'

export interface PageProps {
  page: PageMatch
}

export interface LazyModule<P extends object> {
  /** The module as the build manifest names it (relative to client/, vite.config.ts `root`). */
  src: string
  Component: Preloadable<P>
}

export type PageModule = LazyModule<PageProps>

function lazyModule<P extends object, M>(
  src: string,
  load: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
): LazyModule<P> {
  return { src, Component: preloadableLazy(() => load().then((m) => ({ default: pick(m) }))) }
}

function pageModule<M>(name: PageName, load: () => Promise<M>, pick: (m: M) => ComponentType<PageProps>): PageModule {
  return lazyModule(ROUTE[name].chunk, load, pick)
}

// Each page's loader, importing the module its table entry names as its chunk (a unit test checks
// the two agree: tests/unit/routes.test.ts).
const loginPages = () => import('./public/LoginPages')
// Pages of one chunk share one component, so a navigation between them keeps it (and its preload).
const notFound = pageModule(
  'not_found',
  () => import('./public/NotFoundPage'),
  (m) => m.NotFoundPage,
)
const staticPage = pageModule(
  'static_page',
  () => import('./public/StaticPage'),
  (m) => m.StaticPage,
)
const vacancyPages = () => import('./public/VacancyPages')
const account = pageModule(
  'account',
  () => import('./account/AccountApp'),
  (m) => m.default,
)

export const PAGE_MODULES: Record<PageName, PageModule> = {
  home: pageModule(
    'home',
    () => import('./public/HomePage'),
    (m) => m.HomePage,
  ),
  tutor_login: pageModule('tutor_login', loginPages, (m) => m.TutorLoginPage),
  client_login: pageModule('client_login', loginPages, (m) => m.ClientLoginPage),
  recovery: pageModule(
    'recovery',
    () => import('./public/RecoveryPage'),
    (m) => m.RecoveryPage,
  ),
  register: pageModule(
    'register',
    () => import('./public/RegisterPage'),
    (m) => m.RegisterPage,
  ),
  catalogue: pageModule(
    'catalogue',
    () => import('./public/CataloguePage'),
    (m) => m.CataloguePage,
  ),
  catalogue_root: pageModule(
    'catalogue_root',
    () => import('./public/CatalogueRootPage'),
    (m) => m.CatalogueRootPage,
  ),
  tutor_profile: pageModule(
    'tutor_profile',
    () => import('./public/TutorProfilePage'),
    (m) => m.TutorProfilePage,
  ),
  static_page: staticPage,
  static_short: staticPage,
  not_found: notFound,
  gone: notFound,
  oauth_callback: pageModule(
    'oauth_callback',
    () => import('./public/OAuthCallbackPage'),
    (m) => m.OAuthCallbackPage,
  ),
  // Rendered in the browser only (the table's `clientOnly`): the account area picks the screen.
  account,
  request: account,
  test: account,
  bare: account,
  pay: account,
  order: pageModule(
    'order',
    () => import('./orders/OrderPage'),
    (m) => m.OrderPage,
  ),
  reviews: pageModule(
    'reviews',
    () => import('./public/ReviewsPage'),
    (m) => m.ReviewsPage,
  ),
  news: pageModule(
    'news',
    () => import('./public/NewsPage'),
    (m) => m.NewsPage,
  ),
  blog: pageModule(
    'blog',
    () => import('./public/BlogPages'),
    (m) => m.BlogListPage,
  ),
  blog_post: pageModule(
    'blog_post',
    () => import('./public/BlogPages'),
    (m) => m.BlogPostPage,
  ),
  media: pageModule(
    'media',
    () => import('./public/MediaPage'),
    (m) => m.MediaPage,
  ),
  vacancies: pageModule('vacancies', vacancyPages, (m) => m.VacanciesPage),
  vacancy: pageModule('vacancy', vacancyPages, (m) => m.VacancyPage),
  school: pageModule(
    'school',
    () => import('./public/SchoolPage'),
    (m) => m.SchoolPage,
  ),
  panel: pageModule(
    'panel',
    () => import('./panel/PanelApp'),
    (m) => m.default,
  ),
}

/** Starts downloading a page's code ahead of a navigation; resolves once it can render at once. */
export function preloadPage(name: PageName): Promise<unknown> {
  return PAGE_MODULES[name].Component.preload()
}

/** The header's role switch and user menu for a signed-in person, or the staff menu (the server preloads them then). */
export const PERSON_MENUS = lazyModule(
  'shell/PersonMenus.tsx',
  () => import('./shell/PersonMenus'),
  (m) => m.PersonMenus,
)
