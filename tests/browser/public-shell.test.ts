// An anonymous visitor: header with the login dropdown, footer with every link and the rating,
// the 404 and 410 pages, and the language switcher.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { type TestApp, startTestApp } from '../helpers/app'
import { launchBrowser, screenshot, watchConsole } from '../helpers/browser'

let app: TestApp
let browser: Browser
let page: Page
let errors: string[]

beforeAll(async () => {
  app = await startTestApp({ pages: true })
  await app.services.db
    .insertInto('site_reviews')
    .values([
      { name: 'A', text: 'x', mark: 5, status: 1 },
      { name: 'B', text: 'y', mark: 4, status: 1 },
      { name: 'C', text: 'z', mark: 1, status: 2 }, // inactive: not counted
    ])
    .execute()
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  errors = watchConsole(page)
})
afterAll(async () => {
  await browser?.close()
  await app?.close()
})

describe('public shell (anonymous)', () => {
  test('home page: server-rendered, hydrates without errors, header offers student and tutor sign-in', async () => {
    const res = await page.goto(`${app.url}/`)
    expect(res?.status()).toBe(200)
    await page.waitForLoadState('networkidle')
    await expect(page.locator('h1').first().textContent()).resolves.toBeTruthy()
    await page.getByTestId('login-dropdown').click()
    const student = page.getByRole('menuitem', { name: 'Я учень' })
    const tutor = page.getByRole('menuitem', { name: 'Я репетитор' })
    expect(await student.isVisible()).toBe(true)
    expect(await tutor.isVisible()).toBe(true)
    await screenshot(page, 'home-login-dropdown')
    await tutor.click()
    await page.waitForURL(/\/login$/)
    expect(errors).toEqual([])
  })

  test('footer: every link of the spec, the school link and the rating as a percent of 5', async () => {
    await page.goto(`${app.url}/`)
    const footer = page.locator('footer')
    const hrefs = await footer.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    for (const href of [
      '/about',
      '/contacts',
      '/how-it-works',
      '/p/faq',
      '/reviews',
      '/media',
      '/p/oferta',
      '/p/ofertaclient',
      '/p/pp/',
      '/p/cookies/',
      '/materials/',
      '/p/popular/',
      '/tutors/',
      '/tutors-online/',
    ])
      expect(hrefs).toContain(href)
    expect(hrefs.some((h) => h?.includes('/school'))).toBe(true)
    // (5 + 4) / 2 = 4.5 → 90% of five stars
    const width = await page.getByTestId('footer-rating').evaluate((el) => (el as HTMLElement).style.width)
    expect(width).toBe('90%')
    expect(await footer.textContent()).toContain('2 відгуки')
    await footer.scrollIntoViewIfNeeded()
    await screenshot(page, 'footer')
  })

  test('unknown path: HTTP 404 page with heading, catalogue link and search form', async () => {
    const res = await page.goto(`${app.url}/no-such-page/`)
    expect(res?.status()).toBe(404)
    expect(await page.locator('h1').textContent()).toBe('Сторінку не знайдено')
    expect(await page.locator('main a[href="/tutors/"]').count()).toBeGreaterThan(0)
    expect(await page.locator('main form').count()).toBe(1)
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
    await screenshot(page, 'not-found')
  })

  test('a path under a locale this edition does not serve answers 410', async () => {
    const res = await page.goto(`${app.url}/pl/tutors/`)
    expect(res?.status()).toBe(410)
    expect(await page.locator('h1').textContent()).toBe('Сторінку не знайдено')
  })

  test('language switcher: other languages; English only on account pages', async () => {
    await page.goto(`${app.url}/`)
    const switcher = page.getByTestId('language-switcher')
    const langs = await switcher.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    expect(langs).toContain('/ru/')
    expect(langs.some((h) => h?.startsWith('/en'))).toBe(false)
    await page.goto(`${app.url}/login`)
    const onLogin = await page
      .getByTestId('language-switcher')
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    expect(onLogin).toContain('/en/login')
    // Switching to Russian renders the page in Russian.
    await page.goto(`${app.url}/`)
    await page.getByTestId('language-switcher').locator('a[href="/ru/"]').click()
    await page.waitForURL(/\/ru\/$/)
    expect(await page.locator('html').getAttribute('lang')).toBe('ru')
    expect(await page.locator('footer').textContent()).toContain('2 отзыва')
    await screenshot(page, 'home-ru')
  })

  test('head: title, description, canonical and hreflang on the home page', async () => {
    const html = await (await fetch(`${app.url}/`)).text()
    expect(html).toContain('<link rel="canonical" href="')
    expect(html).toContain('hreflang="ru"')
    expect(html).toContain('application/ld+json')
    expect(html).toMatch(/<title>[^<]+<\/title>/)
  })
})
