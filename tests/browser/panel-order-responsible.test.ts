// The responsible staff member in the panel (docs/decisions.md#orders): a new order
// went to the staff member on duty; another staff member opens the editor, sees who is responsible,
// takes the order over, and finds it in the list filtered to "mine" and through the desktop's link.
// The payment line reads in words (currency sign, method, date); the tutor search field is not squeezed.
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { type TestApp, makeStaff } from '../helpers/app'
import { makeOrder } from '../helpers/orders'
import { jsonb } from '../../db/jsonb'
import { axeViolations, panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'

let app: TestApp
let browser: Browser
withBrowserApp((s) => {
  ;({ app, browser } = s)
})

const ALL_DAY = { mon: '0–24', tue: '0–24', wed: '0–24', thu: '0–24', fri: '0–24', sat: '0–24', sun: '0–24' }

test('see the responsible person, take the order over, find it under "mine"; axe clean', async () => {
  const db = app.services.db
  const me = await makeStaff(app, 2)
  const onDuty = await makeStaff(app, 4)
  await db.updateTable('staff').set({ name: 'Оксана Менеджерка' }).where('id', '=', me.id).execute()
  await db.updateTable('staff').set({ name: 'Богдан Черговий' }).where('id', '=', onDuty.id).execute()
  const schedule = { week: { [onDuty.id]: ALL_DAY } }
  await db
    .insertInto('settings')
    .values({ key: 'staff_schedule', value: jsonb(schedule) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: jsonb(schedule) }))
    .execute()
  const { orderId } = await makeOrder(app, { client_name: 'Ірина Клієнтка' })

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true })).newPage()
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, me.email)
  await page.goto(`${app.url}/panel/users_orders/${orderId}`)
  const responsible = page.getByTestId('order-responsible')
  await responsible.waitFor()
  expect(await responsible.textContent()).toBe('Богдан Черговий')

  // Take it over: the choice names each staff member with their open orders.
  const select = page.getByLabel('Передати заявку')
  await page.waitForFunction(
    () => ((document.querySelector('#responsible-to') as HTMLSelectElement | null)?.options.length ?? 0) > 1,
  )
  const mine = await select.locator('option', { hasText: 'Оксана Менеджерка' }).getAttribute('value')
  expect(mine).toBe(String(me.id))
  await select.selectOption(mine!)
  await page.getByTestId('responsible-reassign').click()
  await page.getByRole('status').getByText('Відповідального змінено').waitFor()
  await page.waitForFunction(
    () => document.querySelector('[data-testid="order-responsible"]')?.textContent === 'Оксана Менеджерка',
  )
  await page.getByTestId('order-events').getByText('Відповідального змінено').first().waitFor()
  expect(
    (await db.selectFrom('orders').select('staff_id').where('id', '=', orderId).executeTakeFirstOrThrow()).staff_id,
  ).toBe(me.id)
  expect(await axeViolations(page)).toEqual([])
  await screenshot(page, 'panel-order-responsible-editor')

  // The list: the column, and the filter "mine".
  await page.goto(`${app.url}/panel/users_orders`)
  await page.getByTestId('order-row').first().waitFor()
  await page.getByLabel('Відповідальний').selectOption('mine')
  await page.getByRole('button', { name: 'Показати', exact: true }).click()
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="order-row"]').length === 1)
  const row = page.getByTestId('order-row')
  expect(await row.getByRole('link').first().textContent()).toBe(String(orderId))
  expect(await row.getByTestId('order-row-responsible').textContent()).toBe('Оксана Менеджерка')
  expect(await axeViolations(page)).toEqual([])
  await screenshot(page, 'panel-order-responsible-list')

  // The desktop: my open orders link to the same list; the unowned ones are counted.
  await page.goto(`${app.url}/panel`)
  const mineLink = page.getByTestId('widget-orders-mine')
  await mineLink.waitFor()
  expect(await mineLink.textContent()).toBe('Мої відкриті заявки: 1')
  expect(await page.getByTestId('widget-orders-unowned').textContent()).toMatch(
    /^Відкриті заявки без відповідального: \d+$/,
  )
  expect(await axeViolations(page)).toEqual([])
  await screenshot(page, 'panel-order-responsible-desktop')
  await mineLink.click()
  await page.waitForURL(/\/panel\/users_orders\?responsible=mine/)
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="order-row"]').length === 1)
  expect(await page.getByTestId('order-row').getByTestId('order-row-responsible').textContent()).toBe(
    'Оксана Менеджерка',
  )
  expect(errors).toEqual([])
  await page.close()
})

test("the order's payment reads in words: the currency sign, the method named, the panel's date", async () => {
  const db = app.services.db
  const me = await makeStaff(app, 1)
  const { orderId } = await makeOrder(app, { client_name: 'Павло Платник' })
  // The record paying the fee from the wallet writes (server/domain/money/wallet.ts).
  const paid = { amount: 200, amount_minor: 20000, currency: 'UAH', method: 'wallet', date: '2026-11-23' }
  await db
    .updateTable('orders')
    .set({ payment_data: jsonb(paid) })
    .where('id', '=', orderId)
    .execute()

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, me.email)
  await page.goto(`${app.url}/panel/users_orders/${orderId}`)
  await page.getByText('200 ₴ · з гаманця · 23 лист. 2026 р.', { exact: true }).waitFor()
  expect(await page.getByText(/wallet|UAH|2026-11-23/).count()).toBe(0)
  // The tutor search of an order without tutors is a usable field, not squeezed beside its buttons.
  expect((await page.locator('#tutor-search').boundingBox())!.width).toBeGreaterThanOrEqual(220)
  await screenshot(page, 'panel-order-payment-words', { fullPage: false })
  expect(errors).toEqual([])
  await page.context().close()
})
