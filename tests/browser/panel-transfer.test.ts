// /panel/transfer_settings as staff status 1: the site-wide offline rule and a subject's
// "hand to the school" switch act at once and say so; the page has no axe violations and works at 375 px.
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { type TestApp, makeStaff } from '../helpers/app'
import { referenceFixture } from '../helpers/catalogue'
import { axeViolations, panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'

let app: TestApp
let browser: Browser
withBrowserApp((s) => {
  ;({ app, browser } = s)
})

test('switch the offline rule and a subject; toasts, saved, axe clean, phone width', async () => {
  const ref = await referenceFixture(app.services.db)
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true })).newPage()
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, (await makeStaff(app, 1)).email)
  await page.goto(`${app.url}/panel/transfer_settings`)
  await page.getByRole('heading', { level: 1, name: 'Передача в школу' }).waitFor()
  const offline = page.getByTestId('transfer-offline')
  await page.waitForFunction(
    () => document.querySelector('[data-testid="transfer-offline"]')?.getAttribute('aria-busy') !== 'true',
  )
  expect(await offline.getAttribute('aria-checked')).toBe('false')
  await offline.click()
  await page.getByRole('status').getByText('Офлайн-заняття тепер передаються в школу').waitFor()
  const english = page.getByTestId(`transfer-${ref.lessons.english}`)
  await english.click()
  await page
    .getByRole('status')
    .getByText(/: заявки передаються в школу$/)
    .waitFor()
  await page.waitForFunction(
    (id) => document.querySelector(`[data-testid="transfer-${id}"]`)?.getAttribute('aria-checked') === 'true',
    ref.lessons.english,
  )
  const lesson = await app.services.db
    .selectFrom('lessons')
    .select('school_transfer')
    .where('id', '=', ref.lessons.english)
    .executeTakeFirstOrThrow()
  expect(lesson.school_transfer).toBe(true)
  const setting = await app.services.db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'transfer_offline_lesson')
    .executeTakeFirstOrThrow()
  expect(setting.value).toBe(true)
  expect(await axeViolations(page)).toEqual([])
  await screenshot(page, 'panel-transfer')
  await page.setViewportSize({ width: 375, height: 800 })
  await screenshot(page, 'panel-transfer-phone')
  expect(errors).toEqual([])
  await page.close()
})
