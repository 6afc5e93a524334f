// A client's way on a phone (390×844) over the demo marketplace of two editions: on every kind of
// catalogue page the first tutor card starts on the first screen (above the cookie banner where it
// shows), the "Filters" button opens the search form and the filters and they apply; the cookie
// banner never covers the request form's submit button or the "to the top" button. Screenshots: test-results/screenshots/mobile-*.png.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Locator, Page } from 'playwright-core'
import { EDITIONS } from '../../common/editions'
import { t } from '../../i18n/keys'
import { ordersPl } from '../../i18n/areas/orders/pl'
import { seedDemo } from '../../db/seed/demo'
import { type TestApp, startTestApp } from '../helpers/app'
import { launchBrowser, screenshot, watchConsole } from '../helpers/browser'

const PHONE = { width: 390, height: 844 }
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function phonePage(app: TestApp, path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage()
  const errors = watchConsole(page)
  await page.goto(`${app.url}${path}`)
  await page.waitForLoadState('networkidle')
  return { page, errors }
}

/** The top of the visible screen's free part: the cookie banner's top while it shows, else the viewport's height. */
async function freeBottom(page: Page): Promise<number> {
  const banner = page.getByTestId('cookie-banner')
  if (!(await banner.isVisible())) return PHONE.height
  return (await banner.boundingBox())!.y
}

/** The element's centre is the element itself (or inside it), not something drawn over it. */
async function onTop(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect()
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    return !!hit && (hit === el || el.contains(hit))
  })
}

for (const site of ['ua', 'pl'] as const) {
  describe(`${site}: catalogue on a phone`, () => {
    const ed = EDITIONS[site]
    let app: TestApp
    let subject = ''
    let city = ''
    beforeAll(async () => {
      app = await startTestApp({ pages: true, site })
      await seedDemo(app.services.db, ed)
      // The most listed subject in the most listed city (the demo's capital).
      const top = await app.services.db
        .selectFrom('catalogue_listings as l')
        .innerJoin('lessons', 'lessons.id', 'l.lesson_id')
        .innerJoin('cities', 'cities.id', 'l.city_id')
        .select(['lessons.alias as lesson', 'cities.alias as city'])
        .where('cities.edition', '=', site)
        .groupBy(['lessons.alias', 'cities.alias'])
        .orderBy((eb) => eb.fn.countAll(), 'desc')
        .orderBy('lessons.alias')
        .limit(1)
        .executeTakeFirstOrThrow()
      subject = top.lesson
      city = top.city
    })
    afterAll(async () => {
      await app?.close()
    })

    test('the first card is on the first screen of every catalogue page', async () => {
      const paths = [
        `/${ed.catalogueAlias}/`,
        `/${ed.onlineCatalogueAlias}/`,
        `/${ed.catalogueAlias}/${subject}/`,
        `/${ed.catalogueAlias}/${subject}/${city}/`,
        `/${ed.onlineCatalogueAlias}/${subject}/`,
      ]
      for (const [i, path] of paths.entries()) {
        const { page, errors } = await phonePage(app, path)
        const card = page.getByTestId('tutor-card').first()
        await card.waitFor()
        const box = (await card.boundingBox())!
        const bottom = await freeBottom(page)
        // The path is in the pair so a failure names the page.
        expect([path, box.y >= 0 && box.y + 40 <= bottom]).toEqual([path, true])
        // The search form waits behind the button.
        expect(await page.locator('#catalogue-search-subject').isVisible()).toBe(false)
        await screenshot(page, `mobile-${site}-${i + 1}-catalogue`, { fullPage: false })
        expect([path, errors]).toEqual([path, []])
        await page.context().close()
      }
    })

    test('Filters opens the form and the filters, names the active ones, and a filter applies', async () => {
      const { page, errors } = await phonePage(app, `/${ed.catalogueAlias}/${subject}/${city}/`)
      const button = page.getByRole('button', { name: t(site, 'catalogue.filters') })
      // Subject and city are the path's filters.
      expect(await page.getByTestId('filters-count').textContent()).toBe('2')
      expect(await button.getAttribute('aria-expanded')).toBe('false')
      await button.click()
      expect(await button.getAttribute('aria-expanded')).toBe('true')
      await page.locator('#catalogue-search-subject').waitFor()
      const sort = page.getByLabel(t(site, 'catalogue.sort'))
      expect(await sort.isVisible()).toBe(true)
      await screenshot(page, `mobile-${site}-filters-open`, { fullPage: false })
      await sort.selectOption('price')
      await page.waitForURL(/\?sort=price$/)
      await page.getByTestId('filters-count').filter({ hasText: '3' }).waitFor()
      await page.waitForFunction(() => !document.querySelector('ul[aria-busy="true"]'))
      expect(await page.getByTestId('tutor-card').count()).toBeGreaterThan(0)
      expect(errors).toEqual([])
      await page.context().close()
    })

    test('at desktop width the form and the filters show without the button', async () => {
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
      await page.goto(`${app.url}/${ed.catalogueAlias}/${subject}/`)
      await page.waitForLoadState('networkidle')
      expect(await page.locator('#catalogue-search-subject').isVisible()).toBe(true)
      expect(await page.getByLabel(t(site, 'catalogue.sort')).isVisible()).toBe(true)
      expect(await page.getByRole('button', { name: t(site, 'catalogue.filters') }).isVisible()).toBe(false)
      await page.context().close()
    })

    if (site === 'pl')
      test("the cookie banner leaves the request form's submit button clickable", async () => {
        const tutor = await app.services.db
          .selectFrom('catalogue_listings')
          .select('tutor_id')
          .orderBy('tutor_id')
          .limit(1)
          .executeTakeFirstOrThrow()
        const { page, errors } = await phonePage(app, `/request/tutor/${tutor.tutor_id}/`)
        const banner = page.getByTestId('cookie-banner')
        await banner.waitFor()
        const submit = page.getByTestId('request-form').getByRole('button', { name: ordersPl['orders.request.submit'] })
        await submit.scrollIntoViewIfNeeded()
        const box = (await submit.boundingBox())!
        expect(box.y + box.height).toBeLessThanOrEqual((await banner.boundingBox())!.y)
        expect(await onTop(submit)).toBe(true)
        await screenshot(page, 'mobile-pl-request-banner', { fullPage: false })
        // A click without force reaches the button: the empty form shows its errors.
        await submit.click()
        await page.locator('#req-name-error').waitFor()
        expect(await banner.isVisible()).toBe(true)
        // The page's end scrolls clear of the banner too.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        await screenshot(page, 'mobile-pl-request-end', { fullPage: false })
        expect(errors).toEqual([])
        await page.context().close()
      })

    if (site === 'pl')
      test('the "to the top" button of a scrolled page stays above the cookie banner and works', async () => {
        const { page, errors } = await phonePage(app, `/${ed.catalogueAlias}/${subject}/${city}/`)
        const banner = page.getByTestId('cookie-banner')
        await banner.waitFor()
        await page.evaluate(() => window.scrollTo(0, 1500))
        const toTop = page.getByRole('button', { name: t(site, 'common.scroll_top') })
        await toTop.waitFor()
        const box = (await toTop.boundingBox())!
        expect(box.y + box.height).toBeLessThanOrEqual((await banner.boundingBox())!.y)
        expect(await onTop(toTop)).toBe(true)
        await screenshot(page, 'mobile-pl-scroll-top-banner', { fullPage: false })
        await toTop.click()
        await page.waitForFunction(() => window.scrollY === 0)
        expect(errors).toEqual([])
        await page.context().close()
      })
  })
}
