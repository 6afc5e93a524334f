// Staff of each status sign in at /panel/ and see exactly their menu (docs/product.md#2-screens-and-routes table).
import { describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { panelUa } from '../../i18n/areas/panel/ua'
import { PANEL_MENU } from '../../common/routes'
import { PASSWORD, type TestApp, makeStaff } from '../helpers/app'
import { withBrowserApp, screenshot, watchConsole } from '../helpers/browser'

let app: TestApp
let browser: Browser

withBrowserApp((s) => ({ app, browser } = s))

/** Pages each status must see, written out from the spec's table rather than computed. */
const EXPECTED: Record<1 | 2 | 3 | 4, string[]> = {
  1: PANEL_MENU.map((m) => m.page),
  // order_fees (the fee table) is our page, in the orders area.
  2: ['users_orders', 'order_fees', 'users_show', 'users_incoming_calls', 'clients_show', 'payments'],
  3: [
    'pages_show',
    'emails_show',
    'sms_show',
    'units_blocks',
    'core_files',
    'users_filter_combinations',
    'merchants',
    'news_show',
    'users_blog',
    'users_ads',
    'users_videos',
    'reviews_show',
    'examination_tests',
    'users_lessons',
    'users_levels',
    'users_cities',
    'users_districts',
    'users_subdistricts',
  ],
  // system_jobs (background jobs) is our page, status 1 only (docs/decisions.md#background-jobs); payments: 1 and 2.
  4: PANEL_MENU.map((m) => m.page).filter((p) => p !== 'transfer_settings' && p !== 'system_jobs' && p !== 'payments'),
}

describe('panel menu by staff status', () => {
  for (const status of [1, 2, 3, 4] as const) {
    test(`status ${status}`, async () => {
      const staff = await makeStaff(app, status)
      const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } })
      const errors = watchConsole(page)
      await page.goto(`${app.url}/panel/`)
      await page.getByLabel('E-mail').fill(staff.email)
      await page.getByLabel('Пароль').fill(PASSWORD)
      await page.getByRole('button', { name: 'Увійти' }).click()
      const menu = page.getByTestId('panel-menu')
      await menu.waitFor()
      expect(await page.getByTestId('panel-admin-name').textContent()).toContain(`Staff ${status}`)
      const links = await menu
        .locator('a[href^="/panel/"]')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')!.replace('/panel/', '')))
      const pages = links.filter((p) => p !== 'desktop')
      expect(pages.sort()).toEqual([...EXPECTED[status]].sort())
      // Group headings shown are exactly those with items.
      const text = (await menu.textContent()) ?? ''
      expect(text.includes(panelUa['panel.group.tutors'])).toBe(
        EXPECTED[status].some((p) => PANEL_MENU.find((m) => m.page === p)?.group === 'tutors'),
      )
      expect(text.includes(panelUa['panel.group.content'])).toBe(status !== 2)
      await screenshot(page, `panel-status-${status}`)

      // The current page is plain text, not a link.
      const first = EXPECTED[status][0]!
      await menu.locator(`a[href="/panel/${first}"]`).click()
      await page.waitForURL(new RegExp(`/panel/${first}$`))
      expect(await menu.locator(`a[href="/panel/${first}"]`).count()).toBe(0)
      expect(await menu.locator('[aria-current="page"]').textContent()).toBe(
        panelUa[PANEL_MENU.find((m) => m.page === first)!.label],
      )

      // Sign out returns to the sign-in form.
      await page.getByTestId('panel-logout').click()
      await page.getByRole('button', { name: 'Увійти' }).waitFor()
      expect(errors).toEqual([])
      await page.close()
    })
  }
})
