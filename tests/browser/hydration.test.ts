// The catalogue and profile pages hydrate without a warning whether their HTML was rendered for the
// request (a cache miss) or served from what the server kept (the shared catalogue page, the
// micro-cache): the server's HTML is byte for byte what the browser's first render expects. A
// production server, as deployed (docs/architecture.md#server-rendering). React reports a mismatch as a
// recoverable error (console or page error), which watchConsole collects.
import { beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { t } from '../../i18n/keys'
import type { TestApp } from '../helpers/app'
import { screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { makeTutor, referenceFixture } from '../helpers/catalogue'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s), { nodeEnv: 'production' })

let tutorId = 0
beforeAll(async () => {
  const ref = await referenceFixture(app.services.db)
  for (let i = 0; i < 6; i++) {
    const id = await makeTutor(app.services.db, {
      name: `Гідрат Тьютор ${i}`,
      subjects: [{ lesson: ref.lessons.math, levels: [ref.levels.school] }],
      places: [{ kind: 'home', city: ref.cities.kyiv, district: ref.districts.podil }],
      online: i % 2 === 0,
      price: 300 + i * 50,
      reviewCount: i,
      reviewAvg: 4.5,
      university: 'КНУ',
    })
    tutorId ||= id
  }
})

/** Opens `path` in a fresh page, waits until it is interactive, and answers what the console said. */
async function visit(path: string, name: string, check: (page: import('playwright-core').Page) => Promise<void>) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
  const errors = watchConsole(page)
  const res = await page.goto(`${app.url}${path}`)
  expect(res?.status()).toBe(200)
  await page.waitForLoadState('networkidle')
  await check(page)
  await screenshot(page, name, { fullPage: false })
  await page.close()
  return errors
}

describe('hydration of rendered and kept pages', () => {
  const catalogue = '/tutors/matematyka/kyiv/'

  test('catalogue: the rendered page, then the kept one, hydrate without a warning and respond', async () => {
    for (const [round, name] of [
      [1, 'hydration-catalogue-rendered'],
      [2, 'hydration-catalogue-kept'],
    ] as const) {
      const errors = await visit(catalogue, name, async (page) => {
        const cards = page.getByTestId('tutor-card')
        expect(await cards.count()).toBe(6)
        // Interactive only once hydrated: the disclosure opens and shows the ranking's parts.
        const why = cards.first().getByRole('button', { name: t('ua', 'why.title') })
        await why.click()
        await page.waitForFunction((b) => b?.getAttribute('aria-expanded') === 'true', await why.elementHandle())
        const panel = page.locator(`[id="${await why.getAttribute('aria-controls')}"]`)
        expect(await panel.textContent()).toContain(t('ua', 'why.reviews'))
        // The stars are one element, read out as the rating: on the five cards with reviews.
        expect(await cards.getByRole('img', { name: '4.5 / 5' }).count()).toBe(5)
      })
      expect({ round, errors }).toEqual({ round, errors: [] })
    }
    // The second visit was served from what the server kept.
    expect((await app.renderer!.keptPages()).length).toBeGreaterThan(0)
  })

  test('catalogue: a page rendered from the cards and the footer kept by an earlier render hydrates without a warning', async () => {
    // The same tutors in another order: a page nobody asked for, rendered now, its cards drawn from
    // the HTML kept when the first order was rendered (server/ssr/kept-html.ts).
    await fetch(`${app.url}${catalogue}?sort=rating`)
    const kept = app.renderer!.keptCards()
    expect(kept).toBeGreaterThanOrEqual(6)
    const errors = await visit(`${catalogue}?sort=price`, 'hydration-catalogue-kept-cards', async (page) => {
      const cards = page.getByTestId('tutor-card')
      expect(await cards.count()).toBe(6)
      expect(await cards.first().locator('h2').textContent()).toBe('Гідрат Тьютор 0')
      const why = cards.first().getByRole('button', { name: t('ua', 'why.title') })
      await why.click()
      await page.waitForFunction((b) => b?.getAttribute('aria-expanded') === 'true', await why.elementHandle())
      // The cheapest first: the tutor without reviews, whose ranking has no parts yet.
      const panel = page.locator(`[id="${await why.getAttribute('aria-controls')}"]`)
      expect(await panel.isVisible()).toBe(true)
      expect(await panel.textContent()).toContain('(0)')
      expect(await panel.textContent()).toContain(t('ua', 'why.none'))
      expect(await page.locator('footer nav a').count()).toBeGreaterThan(3)
    })
    expect(errors).toEqual([])
    // No card was rendered anew for it.
    expect(app.renderer!.keptCards()).toBe(kept)
  })

  test('profile: rendered, then again from the micro-cache, hydrates without a warning', async () => {
    for (const name of ['hydration-profile-rendered', 'hydration-profile-kept']) {
      const errors = await visit(`/user-${tutorId}/`, name, async (page) => {
        expect(await page.locator('h1').first().textContent()).toContain('Гідрат Тьютор 0')
      })
      expect({ name, errors }).toEqual({ name, errors: [] })
    }
  })
})

describe('dates: on the edition clock, written once by the server', () => {
  test('a visitor far east of Kyiv keeps the date the server wrote after hydration, and gets the same date in an in-app page', async () => {
    // 23:30 in Kyiv on 17 November: 21:30 UTC, and already the 18th in Kiritimati (UTC+14).
    await app.services.db
      .insertInto('site_reviews')
      .values({
        name: 'Пізній Відгук',
        text: 'Написала ввечері.',
        mark: 5,
        status: 1,
        created_at: '2026-11-17T21:30:00Z',
      })
      .execute()
    const kyivDate = new Intl.DateTimeFormat('uk', { dateStyle: 'medium', timeZone: 'Europe/Kiev' }).format(
      new Date('2026-11-17T21:30:00Z'),
    )
    const served = await (await fetch(`${app.url}/reviews`)).text()
    expect(served).toContain(
      `<time dateTime="2026-11-17T21:30:00Z" class="ml-auto text-sm text-slate-500">${kyivDate}</time>`,
    )

    const context = await browser.newContext({
      timezoneId: 'Pacific/Kiritimati',
      viewport: { width: 390, height: 844 },
    })
    const page = await context.newPage()
    const errors = watchConsole(page)
    const reviewDate = page.locator('time[datetime="2026-11-17T21:30:00Z"]')
    // Hydrated: the server's text stays (the browser's own clock would say the 18th).
    await page.goto(`${app.url}/reviews`)
    await page.waitForLoadState('networkidle')
    expect(await reviewDate.textContent()).toBe(kyivDate)
    // Rendered in the browser: from another page by the footer's link, without a page load.
    await page.goto(`${app.url}/p/faq`)
    await page.waitForLoadState('networkidle')
    await page.evaluate(() => Object.assign(window, { samePage: true }))
    await page.getByRole('contentinfo').locator('a[href="/reviews"]').first().click()
    await page.waitForURL(`${app.url}/reviews`)
    await reviewDate.waitFor()
    expect(await reviewDate.textContent()).toBe(kyivDate)
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true)
    await screenshot(page, 'hydration-reviews-far-east', { fullPage: false })
    await context.close()
    expect(errors).toEqual([])
  })
})
