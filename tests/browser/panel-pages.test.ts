// Every panel page opens, for every staff status that may see it (no page shows a placeholder;
// "browser tests opening every panel page as statuses 1-4, with axe-core 0 violations"). Each page of the
// status's menu is opened from the menu, waited for until nothing on it is loading, and checked: its own
// heading, no "opens soon" text, no error heading, no console error, and axe-core finds no violation,
// for every status on every page it sees. Pages outside a status's menu answer "forbidden".
import { describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { ua } from '../../i18n/ua'
import { panelUa as panelText } from '../../i18n/areas/panel/ua'
import { edition } from '../../common/editions'
import { PANEL_MENU, menuFor } from '../../common/routes'
import { type TestApp, makeStaff } from '../helpers/app'
import { axeViolations, panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'

let app: TestApp
let browser: Browser

withBrowserApp((s) => ({ app, browser } = s))

/** The "opens soon" text panel areas without a page used to show (its catalog key is gone with it). */
const PLACEHOLDER = 'Цей розділ кабінету відкриється незабаром.'

async function settled(page: Page) {
  // Queries in flight show aria-busy (skeletons, tables refetching); give the page a moment to start them.
  await page.waitForTimeout(150)
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, {
    timeout: 15_000,
  })
}

describe('every panel page, for every status that sees it', () => {
  for (const status of [1, 2, 3, 4] as const) {
    test(`status ${status}`, async () => {
      const staff = await makeStaff(app, status)
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
      const page = await context.newPage()
      const errors = watchConsole(page)
      await panelSignIn(page, app.url, staff.email)
      const menu = page.getByTestId('panel-menu')
      const visible = menuFor(status)
      expect(visible.length).toBeGreaterThan(0)
      const problems: string[] = []
      for (const item of visible) {
        await menu.locator(`a[href="/panel/${item.page}"]`).click()
        await page.waitForURL(new RegExp(`/panel/${item.page}$`))
        const heading = page.getByRole('heading', { level: 1 })
        await heading.first().waitFor()
        await settled(page)
        const h1 = (await heading.first().textContent())?.trim() ?? ''
        const main = (await page.locator('main').textContent()) ?? ''
        if (!h1) problems.push(`${item.page}: no heading`)
        if (h1 === ua['errors.not_found'] || h1 === ua['errors.forbidden']) problems.push(`${item.page}: ${h1}`)
        if (main.includes(PLACEHOLDER)) problems.push(`${item.page}: placeholder "${PLACEHOLDER}"`)
        // The tab is named after the page, in the panel's language.
        const title = await page.title()
        if (title !== `${panelText[item.label]} | ${edition('ua').siteName}`)
          problems.push(`${item.page}: title "${title}"`)
        // Each status gets its own view of a page (fewer actions for some): axe checks every one.
        const violations = await axeViolations(page)
        if (violations.length) problems.push(`${item.page}: axe ${JSON.stringify(violations)}`)
        await screenshot(page, status === 1 ? `panel-page-${item.page}` : `panel-page-${item.page}-status-${status}`)
      }
      expect(problems).toEqual([])
      // A page outside the status's menu is refused with the panel's forbidden heading.
      const hidden = PANEL_MENU.find((m) => !visible.includes(m))
      if (hidden) {
        await page.goto(`${app.url}/panel/${hidden.page}`)
        await page.getByRole('heading', { level: 1, name: ua['errors.forbidden'] }).waitFor()
      }
      expect(errors).toEqual([])
      await context.close()
    }, 240_000)
  }
})
