// The route table (common/routes.ts) is the one list of screens: every entry has a guard, the pages'
// chunks are the modules the browser loads, and its three readers — the panel menu, the language
// switch and the sitemap — take nothing that is not in it.
import { describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { PAGE_MODULES } from '../../client/pages'
import { otherLocales } from '../../client/shell/LanguageSwitcher'
import { cataloguePath } from '../../common/catalogue-paths'
import { EDITIONS, EDITION_CODES } from '../../common/editions'
import {
  PANEL_MENU,
  ROUTE,
  ROUTES,
  type Route,
  SITEMAP_PARTS,
  admit,
  matchPage,
  menuFor,
  sitemapPagePaths,
  tutorProfilePath,
} from '../../common/routes'
import { STAFF_AREAS } from '../../common/staff-areas'
import { staticPagePath } from '../../common/static-pages'
import { panelUa } from '../../i18n/areas/panel/ua'

const CLIENT = resolve(import.meta.dir, '../../client')
const ROLES = ['public', 'tutor', 'client', 'tutor_or_client', 'staff']

/** What is wrong with a table: entries or screens without a (known) guard, a staff guard without its area. */
function problemsOf(routes: readonly Route[]): string[] {
  const problems: string[] = []
  const check = (where: string, guard: unknown) => {
    const g = guard as { role?: string; area?: string } | undefined
    if (!g || !ROLES.includes(g.role ?? '')) problems.push(`${where}: no guard`)
    else if (g.role === 'staff' && !(g.area === 'desktop' || (STAFF_AREAS as readonly string[]).includes(g.area ?? '')))
      problems.push(`${where}: staff guard without an area`)
  }
  for (const r of routes) {
    check(r.name, r.guard)
    for (const s of r.screens ?? []) check(`${r.name}/${s.name}`, s.guard)
  }
  return problems
}

describe('the route table', () => {
  test('every page and every screen has a guard; a route without one is refused', () => {
    expect(problemsOf(ROUTES)).toEqual([])
    const unguarded = { ...ROUTE.home, guard: undefined } as unknown as Route
    expect(problemsOf([unguarded])).toEqual(['home: no guard'])
    const screenless = { ...ROUTE.account, screens: [{ name: 'wallet', paths: ['/wallet'] }] } as unknown as Route
    expect(problemsOf([screenless])).toEqual(['account/wallet: no guard'])
    expect(problemsOf([{ ...ROUTE.panel, guard: { role: 'staff' } } as unknown as Route])).toEqual([
      'panel: staff guard without an area',
    ])
  })

  test("each page's chunk is the module the browser loads for it, and every screen chunk exists", () => {
    for (const r of ROUTES) {
      expect(PAGE_MODULES[r.name].src, r.name).toBe(r.chunk)
      for (const chunk of [r.chunk, ...(r.screens ?? []).flatMap((s) => (s.chunk ? [s.chunk] : []))])
        expect(existsSync(resolve(CLIENT, chunk)), chunk).toBe(true)
    }
    expect(Object.keys(PAGE_MODULES).sort()).toEqual(ROUTES.map((r) => r.name).sort())
  })

  test('paths resolve to their page and screen, with the guard of the screen', () => {
    const ua = EDITIONS.ua
    const at = (path: string) => {
      const m = matchPage(path, ua)
      return [m.name, m.screen?.name ?? null, m.guard.role, m.status, m.path]
    }
    expect(at('/')).toEqual(['home', null, 'public', 200, '/'])
    expect(at('/ru/login')).toEqual(['tutor_login', null, 'public', 200, '/login'])
    expect(at('/kz/login')).toEqual(['gone', null, 'public', 410, '/login'])
    expect(at('/user-12')).toEqual(['tutor_profile', null, 'public', 200, '/user-12/'])
    expect(matchPage('/user-12/', ua).tutorId).toBe(12)
    expect(at('/zayavka/5/')).toEqual(['order', null, 'public', 200, '/zayavka/5/'])
    expect(at('/zayavka/x/')).toEqual(['not_found', null, 'public', 404, '/zayavka/x'])
    expect(at('/profile/')).toEqual(['account', 'tutor_profile_editor', 'tutor', 200, '/profile'])
    expect(at('/client_orders/7')).toEqual(['account', 'client_orders', 'client', 200, '/client_orders/7'])
    expect(at('/settings/privacy')).toEqual(['account', 'settings', 'tutor_or_client', 200, '/settings/privacy'])
    expect(at('/orders/3')).toEqual(['account', 'tutor_orders', 'tutor', 200, '/orders/3'])
    expect(at('/request/step')).toEqual(['request', 'request', 'public', 200, '/request/step'])
    // The payment return page is the wallet's (a tutor's); the local bank page is public (docs/payments.md).
    expect(at('/wallet/payment')).toEqual(['account', 'wallet', 'tutor', 200, '/wallet/payment'])
    expect(at('/pay/local/ua-0a1b2c')).toEqual(['pay', 'pay_local', 'public', 200, '/pay/local/ua-0a1b2c'])
    expect(matchPage('/pay/local/ua-0a1b2c', ua).params.reference).toBe('ua-0a1b2c')
    expect(at('/pay/local')).toEqual(['not_found', null, 'public', 404, '/pay/local'])
    expect(matchPage('/test/english/start', ua).footer).toBe(false)
    expect(matchPage('/test/english', ua).footer).toBe(true)
    expect(at('/oauth/callback/admin')).toEqual(['oauth_callback', null, 'public', 200, '/oauth/callback/admin'])
    expect(at('/panel/')).toEqual(['panel', 'desktop', 'staff', 200, '/panel'])
    expect(at('/panel/users_show/12')).toEqual(['panel', 'users_show', 'staff', 200, '/panel/users_show/12'])
    expect(at('/panel/no_such_area')).toEqual(['panel', null, 'staff', 200, '/panel/no_such_area'])
    expect(at('/profiles')).toEqual(['not_found', null, 'public', 404, '/profiles'])
  })

  test('guards: the sign-in of the role asked for, or 403 for staff whose status does not open the area', () => {
    const at = (path: string) => matchPage(path, EDITIONS.ua).guard
    expect(admit(at('/profile'), null)).toEqual({ kind: 'sign_in', at: '/login' })
    expect(admit(at('/profile'), { client: true })).toEqual({ kind: 'sign_in', at: '/login' })
    expect(admit(at('/client_chats'), { tutor: true })).toEqual({ kind: 'sign_in', at: '/client-login' })
    expect(admit(at('/settings'), { client: true })).toEqual({ kind: 'allowed' })
    expect(admit(at('/request'), null)).toEqual({ kind: 'allowed' })
    expect(admit(at('/panel/users_tops'), { tutor: true })).toEqual({ kind: 'sign_in', at: 'staff' })
    expect(admit(at('/panel/users_tops'), { staffStatus: 2 })).toEqual({ kind: 'forbidden' })
    expect(admit(at('/panel/users_tops'), { staffStatus: 1 })).toEqual({ kind: 'allowed' })
    expect(admit(at('/panel/desktop'), { staffStatus: 3 })).toEqual({ kind: 'allowed' })
  })
})

describe('the readers take their lists from the table', () => {
  test('panel menu: every item is a panel screen of the table, with its staff area and a label in the panel catalog', () => {
    const panelScreens = ROUTE.panel.screens!.filter((s) => s.menu)
    expect(PANEL_MENU.map((m) => m.page)).toEqual(panelScreens.map((s) => s.name))
    for (const item of PANEL_MENU) {
      const page = matchPage(`/panel/${item.page}`, EDITIONS.ua)
      expect(page.screen?.name, item.page).toBe(item.page)
      expect(page.guard).toEqual({ role: 'staff', area: item.area })
      expect(page.screen?.menu).toEqual({ group: item.group, label: item.label })
      expect(panelUa[item.label], item.label).toBeString()
    }
    // Every staff area has its menu entry, and a status sees exactly the areas it opens.
    expect(new Set(PANEL_MENU.map((m) => m.area))).toEqual(new Set(STAFF_AREAS))
    expect(menuFor(2).map((m) => m.page)).toEqual([
      'users_orders',
      'order_fees',
      'users_show',
      'users_incoming_calls',
      'clients_show',
      'payments',
    ])
  })

  test('language switch: English only where the table says so (the account pages of docs/product.md#2-screens-and-routes)', () => {
    const english = (path: string) => matchPage(path, EDITIONS.ua).english
    for (const path of [
      '/login',
      '/register',
      '/profile',
      '/wallet',
      '/tops',
      '/my-ads',
      '/client_orders',
      '/client_profile',
      '/client_chats',
      '/settings',
      '/zayavka/1/',
      '/client-login',
      '/recovery',
    ])
      expect(english(path), path).toBe(true)
    for (const path of [
      '/',
      '/tutors/',
      '/user-1/',
      '/verified-tutor',
      '/orders',
      '/request',
      '/panel/desktop',
      '/no-such-page',
    ])
      expect(english(path), path).toBe(false)
    expect(otherLocales(['ua', 'ru', 'en'], 'ua', matchPage('/profile', EDITIONS.ua))).toEqual(['ru', 'en'])
    expect(otherLocales(['ua', 'ru', 'en'], 'ua', matchPage('/', EDITIONS.ua))).toEqual(['ru'])
  })

  test('sitemap: every listed page is an indexable public entry of the table that names that part', () => {
    expect(SITEMAP_PARTS).toEqual(['pages', 'catalogue', 'tutors', 'static', 'vacancies', 'news', 'blog'])
    for (const code of EDITION_CODES) {
      const ed = EDITIONS[code]
      const pages = sitemapPagePaths(ed)
      expect(pages.length).toBeGreaterThan(0)
      const samples: [string, string][] = [
        ...pages.map((p): [string, string] => [p, 'pages']),
        [cataloguePath(ed, { lesson: 'math', city: 'kyiv' }), 'catalogue'],
        [cataloguePath(ed, { online: true, lesson: 'math' }), 'catalogue'],
        [tutorProfilePath(42), 'tutors'],
        // Static pages: the active ones of the edition (server/ssr/sitemap.ts), at their canonical paths.
        ...['faq', 'pp', 'about', 'how-it-works', 'materials'].map((a): [string, string] => [
          staticPagePath(a),
          'static',
        ]),
        // News: the list, a category and an item (server/ssr/sitemap.ts).
        ...['/news/', '/news/exams/', '/news/online-lessons-tips/'].map((p): [string, string] => [p, 'news']),
        // The blog and its posts, the vacancies and each vacancy (server/ssr/sitemap.ts).
        ...['/blog/', '/blog/42/'].map((p): [string, string] => [p, 'blog']),
        ...['/vacancy', '/vacancy/7/'].map((p): [string, string] => [p, 'vacancies']),
      ]
      for (const [path, part] of samples) {
        const page = matchPage(path, ed)
        expect([code, path, page.route.sitemap?.part, page.indexable, page.status, page.guard.role]).toEqual([
          code,
          path,
          part,
          true,
          200,
          'public',
        ])
        expect(page.path, path).toBe(path)
      }
    }
    // Entries no sitemap lists: not indexable, or not a fixed page (register is indexable but not listed).
    for (const r of ROUTES) if (r.sitemap) expect(r.indexable, r.name).toBe(true)
  })
})
