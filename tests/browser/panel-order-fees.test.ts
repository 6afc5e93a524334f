// The fee table screen (/panel/order_fees): a manager (status 2, the orders area) opens it from the menu,
// sees the migration's default fee and a band that inherits it, sets the band's fee and a wrong amount is
// refused under its field; content staff (status 3) have no such menu item and the screen refuses them.
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { panelUa } from '../../i18n/areas/panel/ua'
import { type TestApp, makeStaff } from '../helpers/app'
import { panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { referenceFixture } from '../helpers/catalogue'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

test('a manager views and edits the fee table; content staff cannot', async () => {
  const db = app.services.db
  const ref = await referenceFixture(db)
  const manager = await makeStaff(app, 2)
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'uk-UA' })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, manager.email)
  await page.getByTestId('panel-menu').getByRole('link', { name: panelUa['panel.order_fees'] }).click()
  await page.waitForURL(/\/panel\/order_fees$/)
  await page.getByRole('heading', { name: panelUa['panel.order_fees'] }).waitFor()
  // The default from the migration: 200 UAH; the fixture's band has no row of its own yet.
  const def = page.getByTestId('fee-default')
  await def.waitFor()
  expect(await def.getByRole('textbox').inputValue()).toBe('200')
  const band = page.getByTestId(`fee-${ref.rates.high}`)
  expect(await band.textContent()).toContain(panelUa['fees.inherits'])
  await screenshot(page, 'panel-order-fees-1-table')

  // A wrong amount stays under its field; a right one is saved and shown.
  await band.getByRole('textbox').fill('-3')
  await band.getByRole('button', { name: panelUa['p.save'] }).click()
  await band.locator('input[aria-invalid="true"]').waitFor()
  await band.getByRole('textbox').fill('350')
  await band.getByRole('button', { name: panelUa['p.save'] }).click()
  // Saved: the list is read again and the band no longer inherits the default.
  await band.getByText(panelUa['fees.inherits']).waitFor({ state: 'detached' })
  const saved = await db
    .selectFrom('order_fees')
    .select('fee_minor')
    .where('edition', '=', 'ua')
    .where('rate_id', '=', ref.rates.high)
    .executeTakeFirst()
  expect(saved?.fee_minor).toBe(35000)
  await page.reload()
  await page.getByTestId(`fee-${ref.rates.high}`).waitFor()
  expect(await page.getByTestId(`fee-${ref.rates.high}`).getByRole('textbox').inputValue()).toBe('350')
  expect(await page.getByTestId(`fee-${ref.rates.high}`).textContent()).not.toContain(panelUa['fees.inherits'])
  await screenshot(page, 'panel-order-fees-2-saved')
  // On a phone the table fits: every field and its save button inside the screen, nothing to scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 })
  const saveButton = page.getByTestId(`fee-${ref.rates.high}`).getByRole('button', { name: panelUa['p.save'] })
  const box = await saveButton.boundingBox()
  expect(box!.x + box!.width).toBeLessThanOrEqual(390)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await screenshot(page, 'panel-order-fees-3-phone')
  expect(errors).toEqual([])
  await page.close()

  // Content staff: no menu item.
  const content = await makeStaff(app, 3)
  const other = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'uk-UA' })
  await panelSignIn(other, app.url, content.email)
  expect(await other.getByTestId('panel-menu').getByRole('link', { name: panelUa['panel.order_fees'] }).count()).toBe(0)
  await other.close()
}, 120_000)
