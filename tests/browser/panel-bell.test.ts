// The staff notification bell: staff status 2 (orders) sits on the panel's start page; a
// client's personal order comes in; opening the bell (it reads the list again on opening) shows it with its
// order number; following it marks it read and opens the order in the editor. axe clean, open and closed.
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { type TestApp, makePerson, makeStaff } from '../helpers/app'
import { makeOrder } from '../helpers/orders'
import { axeViolations, panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'

let app: TestApp
let browser: Browser
withBrowserApp((s) => {
  ;({ app, browser } = s)
})

test('a new personal order appears in the bell; the link opens the order and marks it read', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
  const page = await context.newPage()
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, (await makeStaff(app, 2)).email)
  await page.goto(`${app.url}/panel/`)
  const bell = page.getByTestId('staff-bell')
  await bell.waitFor()
  expect(await page.getByTestId('staff-bell-count').count()).toBe(0)

  const tutor = await makePerson(app, { tutor: true })
  const { orderId } = await makeOrder(app, { personal_tutor_id: tutor.tutorId!, client_name: 'Олена Бджілка' })

  await bell.click()
  const list = page.getByTestId('staff-bell-list')
  const item = list.getByRole('link', { name: `Нова персональна заявка · заявка №${orderId}` })
  await item.waitFor()
  await list.getByText('Олена Бджілка').waitFor()
  await page.getByTestId('staff-bell-count').getByText('1').waitFor()
  expect(await bell.getAttribute('aria-label')).toBe('Сповіщення: 1 непрочитаних')
  expect(await axeViolations(page)).toEqual([])
  await screenshot(page, 'panel-bell-open', { fullPage: false })

  await item.click()
  await page.waitForURL(`${app.url}/panel/users_orders/${orderId}`)
  await page.getByTestId('order-editor').waitFor()
  await page.getByRole('heading', { level: 1, name: new RegExp(String(orderId)) }).waitFor()
  // Read: the count is gone and the stored notification says who read it.
  await page.waitForFunction(() => !document.querySelector('[data-testid="staff-bell-count"]'))
  const row = await app.services.db
    .selectFrom('notifications')
    .select(['read_at', 'read_by_staff_id'])
    .where('recipient_kind', '=', 'staff')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow()
  expect(row.read_at).not.toBeNull()
  await bell.click()
  await page.getByTestId('staff-bell-list').getByText('Нових сповіщень немає').waitFor()
  expect(await axeViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await page.setViewportSize({ width: 375, height: 800 })
  await screenshot(page, 'panel-bell-phone', { fullPage: false })
  expect(errors).toEqual([])
  await context.close()
})
