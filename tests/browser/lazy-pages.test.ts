// Pages are lazy chunks rendered on the server: the HTML is complete, the server preloads the page's
// chunk and its language's catalog, and the browser hydrates without errors. The header menus work
// by keyboard; a signed-in person's menus (a chunk of their own) hydrate too.
import { describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { t } from '../../i18n/keys'
import { PASSWORD, type TestApp, makePerson } from '../helpers/app'
import { withBrowserApp, watchConsole } from '../helpers/browser'

let app: TestApp
let browser: Browser

withBrowserApp((s) => ({ app, browser } = s))

/** Opens a page and lists the scripts it fetched. */
async function open(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script' || r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname)
  })
  await page.goto(`${app.url}${path}`)
  await page.waitForLoadState('networkidle')
  return scripts
}

describe('lazy pages', () => {
  for (const [path, chunk, heading] of [
    ['/', 'HomePage', t('ua', 'home.heading')],
    ['/login', 'LoginPages', t('ua', 'auth.tutor_login_title')],
    ['/register', 'RegisterPage', t('ua', 'auth.register_title')],
    ['/no-such-page/', 'NotFoundPage', t('ua', 'notfound.page_not_found')],
  ] as const) {
    test(`${path}: server HTML has the page, preloads its chunk and the catalog; hydrates cleanly`, async () => {
      const html = await (await fetch(`${app.url}${path}`)).text()
      expect(html).toMatch(new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${chunk}-[\\w-]+\\.js" />`))
      expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/ua-[\w-]+\.js" \/>/)
      expect(html).not.toMatch(/\/assets\/ru-[\w-]+\.js/)
      expect(html).toContain(`>${heading}</h1>`)

      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      const errors = watchConsole(page)
      const scripts = await open(page, path)
      expect(scripts.some((s) => s.includes(`/${chunk}-`))).toBe(true)
      // Only this language's catalog.
      expect(scripts.filter((s) => /\/assets\/(ua|ru|en|pl|es)-/.test(s))).toEqual([expect.stringMatching(/\/ua-/)])
      expect(await page.locator('h1').first().textContent()).toBe(heading)
      expect(errors).toEqual([])
      await page.close()
    })
  }

  test('an in-app navigation loads the next page on demand', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const errors = watchConsole(page)
    await open(page, '/')
    await page
      .getByRole('link', { name: t('ua', 'header.register') })
      .first()
      .click()
    await page.waitForURL(/\/register$/)
    await page.getByLabel(t('ua', 'auth.password')).waitFor()
    expect(errors).toEqual([])
    await page.close()
  })
})

describe('header menus', () => {
  test('login dropdown by keyboard: opens on Enter with the first item focused, arrows move, Escape closes', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const errors = watchConsole(page)
    await open(page, '/')
    const trigger = page.getByTestId('login-dropdown')
    expect(await trigger.getAttribute('aria-haspopup')).toBe('menu')
    expect(await trigger.getAttribute('aria-expanded')).toBe('false')
    await trigger.focus()
    await page.keyboard.press('Enter')
    expect(await trigger.getAttribute('aria-expanded')).toBe('true')
    const focused = () => page.evaluate(() => document.activeElement?.textContent)
    expect(await focused()).toBe(t('ua', 'header.login_student'))
    await page.keyboard.press('ArrowDown')
    expect(await focused()).toBe(t('ua', 'header.login_tutor'))
    await page.keyboard.press('ArrowDown')
    expect(await focused()).toBe(t('ua', 'header.login_student'))
    await page.keyboard.press('Escape')
    expect(await page.getByRole('menu').count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('login-dropdown')
    // An outside click closes it too.
    await trigger.click()
    expect(await page.getByRole('menuitem').count()).toBe(2)
    await page.locator('h1').first().click()
    expect(await page.getByRole('menu').count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  test('a signed-in person: the server renders the user menu, which hydrates and opens', async () => {
    const both = await makePerson(app, { tutor: true, client: true })
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const errors = watchConsole(page)
    const login = await page.request.post(`${app.url}/tutor/login`, { data: { login: both.email, password: PASSWORD } })
    expect(login.status()).toBe(200)
    const html = await (await page.request.get(`${app.url}/`)).text()
    expect(html).toContain('data-testid="user-menu"')
    expect(html).toContain('data-testid="role-switch"')
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/PersonMenus-[\w-]+\.js" \/>/)

    // The menus' chunk arrives late: the server's HTML stays (never removed) until it hydrates.
    await page.route(/\/assets\/PersonMenus-[\w-]+\.js$/, async (route) => {
      await Bun.sleep(700) // the behaviour under test: a late chunk
      await route.continue()
    })
    await page.addInitScript(() => {
      const w = window as unknown as { removedMenus: number }
      w.removedMenus = 0
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.removedNodes)
            if (
              n instanceof Element &&
              (n.matches('[data-testid="user-menu"]') || n.querySelector('[data-testid="user-menu"]'))
            )
              w.removedMenus++
      }).observe(document, { childList: true, subtree: true })
    })
    await open(page, '/')
    expect(await page.evaluate(() => (window as unknown as { removedMenus: number }).removedMenus)).toBe(0)
    await page.getByTestId('user-menu').click()
    expect(await page.getByRole('menuitem').count()).toBeGreaterThan(2)
    expect(await page.getByTestId('logout').getAttribute('role')).toBe('menuitem')
    await page.keyboard.press('Escape')
    expect(
      await page
        .getByTestId('role-switch')
        .getByRole('radio', { name: t('ua', 'header.role_tutor') })
        .getAttribute('aria-checked'),
    ).toBe('true')
    expect(errors).toEqual([])
    await context.close()
  })
})
