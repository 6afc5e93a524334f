// A tab opened before a deploy asks for chunks the deploy removed (client/lib/stale-chunks.ts): its next
// in-app page loads the page again once, from the server, instead of breaking; a chunk that still fails
// shows the page's error message with a way to load it again (client/ui/PageErrorBoundary.tsx), never an
// empty page.
import { expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { t } from '../../i18n/keys'
import { panelUa } from '../../i18n/areas/panel/ua'
import { type TestApp, makeStaff } from '../helpers/app'
import { panelSignIn, screenshot, withBrowserApp } from '../helpers/browser'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

/** Answers the chunk whose file name starts with `name` with a 404 (`times` times; always when omitted). */
async function removeChunk(page: Page, name: string, times?: number) {
  let left = times ?? Number.POSITIVE_INFINITY
  await page.route(new RegExp(`/assets/${name}-[^/]+\\.js$`), (route) => {
    if (left-- > 0) return route.fulfill({ status: 404, body: 'gone' })
    return route.continue()
  })
}

/** How many times the browser asked the server for a page (a full load, not an in-app navigation). */
function documentLoads(page: Page): () => number {
  let n = 0
  page.on('request', (r) => {
    if (r.resourceType() === 'document') n++
  })
  return () => n
}

test('a chunk gone after a deploy: the next in-app page loads once more from the server and shows', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const loads = documentLoads(page)
  await page.goto(`${app.url}/`)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await removeChunk(page, 'CatalogueRootPage', 1)
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: t('ua', 'footer.catalogue'), exact: true })
    .click()
  await page.waitForURL(/\/tutors\/$/)
  await page.getByRole('heading', { level: 1, name: t('ua', 'footer.catalogue') }).waitFor()
  expect(loads()).toBe(2)
  expect(
    await page
      .getByRole('alert')
      .filter({ hasText: t('ua', 'errors.page_failed') })
      .count(),
  ).toBe(0)
  await page.close()
})

test('a chunk that keeps failing: one reload, then the error message and a way to load again, not an empty page', async () => {
  const staff = await makeStaff(app, 1)
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const loads = documentLoads(page)
  await panelSignIn(page, app.url, staff.email)
  await removeChunk(page, 'PanelOrders')
  await page.getByTestId('panel-menu').getByRole('link', { name: panelUa['panel.users_orders'] }).click()
  const failed = page.getByRole('alert').filter({ hasText: t('ua', 'errors.page_failed') })
  await failed.waitFor()
  await screenshot(page, 'stale-chunk-failed')
  // Loaded twice (the sign-in page, then the one reload), no more.
  expect(loads()).toBe(2)
  await page.waitForTimeout(500)
  expect(loads()).toBe(2)
  // Once the chunk is back, "load again" shows the page.
  await page.unrouteAll()
  await failed.getByRole('button', { name: t('ua', 'errors.reload') }).click()
  await page.getByRole('heading', { level: 1, name: panelUa['panel.users_orders'] }).waitFor()
  expect(loads()).toBe(3)
  await page.close()
})
