// /docs/api, the rendered reference of /openapi.json: a developer finds a call by its
// group, reads who may call it and unfolds its schemas; axe-core finds no violation; at 375 px too.
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { TestApp } from '../helpers/app'
import { axeViolations, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'

let app: TestApp
let browser: Browser
withBrowserApp((s) => {
  ;({ app, browser } = s)
})

test('the API reference: groups, access, schemas; no axe violations; phone width', async () => {
  // axe-core is injected as an inline script, which the site's CSP refuses.
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true })).newPage()
  const errors = watchConsole(page)
  await page.goto(`${app.url}/docs/api`)
  await page.getByRole('heading', { level: 1, name: /Tutoring marketplace API/ }).waitFor()
  await page.getByRole('navigation', { name: 'Groups' }).getByRole('link', { name: '/admin' }).click()
  expect(page.url()).toEndWith('#tag-admin')
  const login = page.locator('section.op', { has: page.locator('code', { hasText: /^\/admin\/login$/ }) })
  expect(await login.textContent()).toContain('Public: no session needed.')
  await login.getByText('Request body (JSON, urlencoded or multipart)').click()
  expect(await login.locator('pre').first().textContent()).toContain('"password"')
  const news = page.locator('section.op', { has: page.locator('code', { hasText: /^\/admin\/news_one\/get$/ }) })
  expect(await news.textContent()).toContain('status 1, 3, 4')
  await page.getByRole('link', { name: 'openapi.json' }).waitFor()
  const started = Date.now()
  expect(await axeViolations(page)).toEqual([])
  console.log(`axe over the whole reference: ${Date.now() - started} ms`)
  await page.evaluate(() => window.scrollTo(0, 0))
  await screenshot(page, 'api-docs', { fullPage: false }) // the page is tens of thousands of pixels long
  await page.setViewportSize({ width: 375, height: 800 })
  await login.scrollIntoViewIfNeeded()
  await screenshot(page, 'api-docs-phone', { fullPage: false })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  expect(errors).toEqual([])
})
