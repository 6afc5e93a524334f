// /panel/units_blocks: staff status 3 (content) edits the main page's heading block; after
// the panel's clear_cache a visitor's main page shows the new heading. Switching the block off brings the
// site's own heading back. The page has no axe violations and works at 375 px.
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { type TestApp, makeStaff } from '../helpers/app'
import { axeViolations, panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { t } from '../../i18n/keys'

let app: TestApp
let browser: Browser
withBrowserApp((s) => {
  ;({ app, browser } = s)
})

test('staff edit the hero heading; a visitor sees it on the main page; off: the catalog heading again', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
  const page = await context.newPage()
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, (await makeStaff(app, 3)).email)
  await page.goto(`${app.url}/panel/units_blocks`)
  await page.getByRole('heading', { level: 1, name: 'Блоки' }).waitFor()
  await page.getByRole('cell', { name: 'Головна: заголовок' }).waitFor()
  expect(await axeViolations(page)).toEqual([])
  await screenshot(page, 'panel-units-blocks')

  await page.getByTestId('site-block-actions-home_heading').getByRole('button', { name: 'Змінити' }).click()
  const form = page.getByTestId('site-block-form')
  await form.waitFor()
  expect(await page.getByLabel('Українська').inputValue()).toBe(t('ua', 'home.heading'))
  await page.getByLabel('Українська').fill('Репетитори поруч з вами')
  expect(await axeViolations(page)).toEqual([])
  await screenshot(page, 'panel-units-blocks-edit')
  await page.getByTestId('site-block-save').click()
  await page.getByRole('status').getByText('Збережено').waitFor()
  await page.getByRole('cell', { name: 'Репетитори поруч з вами' }).waitFor()

  // A visitor (no session) after the page caches are emptied.
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
  const home = await visitor.newPage()
  const homeErrors = watchConsole(home)
  const clear = () =>
    page.evaluate(() =>
      fetch('/admin/system/clear_cache', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }).then((r) => r.status),
    )
  expect(await clear()).toBe(200)
  await home.goto(`${app.url}/`)
  await home.getByRole('heading', { level: 1, name: 'Репетитори поруч з вами' }).waitFor()
  await screenshot(home, 'units-blocks-home')

  // Off: the site's own heading.
  await page.getByTestId('site-block-actions-home_heading').getByRole('button', { name: 'Вимкнути' }).click()
  await page.getByTestId('site-block-actions-home_heading').getByRole('button', { name: 'Увімкнути' }).waitFor()
  expect(await clear()).toBe(200)
  await home.goto(`${app.url}/`)
  await home.getByRole('heading', { level: 1, name: t('ua', 'home.heading') }).waitFor()

  await page.setViewportSize({ width: 375, height: 800 })
  await screenshot(page, 'panel-units-blocks-phone')
  expect(errors).toEqual([])
  expect(homeErrors).toEqual([])
  await context.close()
  await visitor.close()
})
