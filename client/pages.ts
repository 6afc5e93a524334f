// Which module renders each page (routes.ts names the pages), and the shell's parts that only some
// visitors see. Every page is its own chunk, so a public page loads the shell and just its own code.
// One table for both sides: App.tsx renders `Component`, client/main.tsx preloads the current page's
// chunk before hydrating, and the server renders it (waiting for lazy chunks: server/ssr/render.tsx)
// and adds a modulepreload link for the chunk of `src`, found in the build manifest (server/ssr/assets.ts).
import type { ComponentType } from 'react'
import { type Preloadable, preloadableLazy } from './lib/lazy'
import type { PageMatch, PageName } from './routes'

export interface PageProps {
  page: PageMatch
}

export interface LazyModule<P extends object> {
  /** The module as the build manifest names it (relative to client/, vite.config.ts `root`). */
  src: string
  Component: Preloadable<P>
}

export type PageModule = LazyModule<PageProps>

function lazyModule<P extends object, M>(src: string, load: () => Promise<M>, pick: (m: M) => ComponentType<P>): LazyModule<P> {
  return { src, Component: preloadableLazy(() => load().then((m) => ({ default: pick(m) }))) }
}

function pageModule<M>(src: string, load: () => Promise<M>, pick: (m: M) => ComponentType<PageProps>): PageModule {
  return lazyModule(src, load, pick)
}

const loginPages = () => import('./public/LoginPages')
const notFound = pageModule('public/NotFoundPage.tsx', () => import('./public/NotFoundPage'), (m) => m.NotFoundPage)
const account = pageModule('account/AccountApp.tsx', () => import('./account/AccountApp'), (m) => m.default)

export const PAGE_MODULES: Record<PageName, PageModule> = {
  home: pageModule('public/HomePage.tsx', () => import('./public/HomePage'), (m) => m.HomePage),
  tutor_login: pageModule('public/LoginPages.tsx', loginPages, (m) => m.TutorLoginPage),
  client_login: pageModule('public/LoginPages.tsx', loginPages, (m) => m.ClientLoginPage),
  recovery: pageModule('public/RecoveryPage.tsx', () => import('./public/RecoveryPage'), (m) => m.RecoveryPage),
  register: pageModule('public/RegisterPage.tsx', () => import('./public/RegisterPage'), (m) => m.RegisterPage),
  catalogue: pageModule('public/CataloguePage.tsx', () => import('./public/CataloguePage'), (m) => m.CataloguePage),
  catalogue_root: pageModule('public/CatalogueRootPage.tsx', () => import('./public/CatalogueRootPage'), (m) => m.CatalogueRootPage),
  tutor_profile: pageModule('public/TutorProfilePage.tsx', () => import('./public/TutorProfilePage'), (m) => m.TutorProfilePage),
  not_found: notFound,
  gone: notFound,
  oauth_callback: pageModule('public/OAuthCallbackPage.tsx', () => import('./public/OAuthCallbackPage'), (m) => m.OAuthCallbackPage),
  // Rendered in the browser only (routes.ts `clientOnly`).
  account,
  request: account,
  test: account,
  bare: account,
  order: pageModule('orders/OrderPage.tsx', () => import('./orders/OrderPage'), (m) => m.OrderPage),
  panel: pageModule('panel/PanelApp.tsx', () => import('./panel/PanelApp'), (m) => m.default),
}

/** Starts downloading a page's code ahead of a navigation; resolves once it can render at once. */
export function preloadPage(name: PageName): Promise<unknown> {
  return PAGE_MODULES[name].Component.preload()
}

/** The header's role switch and user menu for a signed-in person, or the staff menu (the server preloads them then). */
export const PERSON_MENUS = lazyModule('shell/PersonMenus.tsx', () => import('./shell/PersonMenus'), (m) => m.PersonMenus)
