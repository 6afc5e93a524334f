// Static pages end to end: staff edit a page's title and text in the panel
// (/panel/pages_show), a visitor reads the change on the server-rendered page; an unsafe tag typed into
// the editor never reaches the page; a page switched off answers the 404 page.
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { t } from '../../i18n/keys'
import { makeStaff, type TestApp } from '../helpers/app'
import { panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

const shot = screenshot

test('staff edit the about page in the panel; a visitor reads it', async () => {
  const staff = await makeStaff(app, 3)
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.getByTestId('panel-menu').getByRole('link', { name: 'Статичні сторінки' }).click()
  const row = page.getByTestId('static-page-actions-about')
  await row.waitFor()
  await row.getByRole('button', { name: 'Змінити' }).click()
  const form = page.getByTestId('static-page-form')
  await form.locator('#sp-title-ua').fill('Про нас і нашу команду')
  await form
    .locator('#sp-text-ua')
    .fill(
      '<p>Оновлений текст про нас.</p><script>window.pwned = 1</script><p><img src="x" onerror="window.pwned = 2">Ми працюємо з 2010 року.</p>',
    )
  await shot(page, 'static-panel-editor')
  await form.getByTestId('static-page-save').click()
  await page.getByRole('status').getByText('Збережено').waitFor()
  await page.getByRole('cell', { name: 'Про нас і нашу команду' }).waitFor()
  await shot(page, 'static-panel-list')

  // Switch the FAQ off from the list.
  await page.getByTestId('static-page-actions-faq').getByRole('button', { name: 'Вимкнути' }).click()
  await page.getByTestId('static-page-actions-faq').getByRole('button', { name: 'Увімкнути' }).waitFor()
  expect(errors).toEqual([])
  await page.close()

  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } })
  const visitorErrors = watchConsole(visitor)
  const res = await visitor.goto(`${app.url}/about`)
  expect(res?.status()).toBe(200)
  expect(await res!.text()).toContain('<title>Про нас | Tutors UA</title>')
  await visitor.getByRole('heading', { level: 1, name: 'Про нас і нашу команду' }).waitFor()
  await visitor.getByText('Оновлений текст про нас.').waitFor()
  await visitor.getByText('Ми працюємо з 2010 року.').waitFor()
  // Hydrated, the page keeps its own title (the route's generic one is set first).
  await visitor.waitForLoadState('networkidle')
  await visitor.waitForFunction(() => document.title === 'Про нас | Tutors UA', undefined, { timeout: 5000 })
  expect(await visitor.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()
  expect(
    await visitor
      .locator('[data-testid="static-page-text"] script, [data-testid="static-page-text"] [onerror]')
      .count(),
  ).toBe(0)
  await shot(visitor, 'static-about-visitor')

  // Through the footer to another page, in the browser.
  await visitor.getByRole('contentinfo').getByRole('link', { name: 'Політика конфіденційності' }).click()
  await visitor.getByRole('heading', { level: 1, name: 'Політика конфіденційності' }).waitFor()
  await shot(visitor, 'static-pp-visitor')

  const off = await visitor.goto(`${app.url}/p/faq/`)
  expect(off?.status()).toBe(404)
  expect(visitorErrors).toEqual([])
  await visitor.close()
}, 90_000)

test('an in-app visit whose read fails: a fault is said after two more tries, a refusal is the missing page', async () => {
  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } })
  const errors = watchConsole(visitor)
  await visitor.goto(`${app.url}/about`)
  await visitor.getByTestId('static-page').waitFor()
  await visitor.waitForLoadState('networkidle')
  const pageRead = /\/trpc\/[^?]*public\.staticPages\.get/
  let asked = 0
  await visitor.route(pageRead, (route) => {
    asked++
    return route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream down' })
  })
  const footer = visitor.getByRole('contentinfo')
  await footer.getByRole('link', { name: t('ua', 'footer.privacy') }).click()
  await visitor
    .getByRole('alert')
    .filter({ hasText: t('ua', 'errors.server_error') })
    .waitFor()
  expect(asked).toBe(3)
  expect(await visitor.getByText(t('ua', 'notfound.page_not_found')).count()).toBe(0)
  await shot(visitor, 'static-page-read-fault')

  // The server's own refusal (the page is not there) is the missing page at once, asked once.
  await visitor.unroute(pageRead)
  asked = 0
  await visitor.route(pageRead, (route) => {
    asked++
    return route.continue({
      url: route
        .request()
        .url()
        .replace(/cookies/g, 'no-such-page'),
    })
  })
  await footer.getByRole('link', { name: t('ua', 'footer.cookies') }).click()
  await visitor.getByRole('heading', { level: 1, name: t('ua', 'notfound.page_not_found') }).waitFor()
  expect(asked).toBe(1)
  expect(
    await visitor
      .getByRole('alert')
      .filter({ hasText: t('ua', 'errors.server_error') })
      .count(),
  ).toBe(0)
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([])
  await visitor.close()
}, 60_000)
