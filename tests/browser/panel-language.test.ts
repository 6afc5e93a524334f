// The panel speaks people's language: the tutor activity log and the order editor
// show sentences and labels, never codes or JSON; the menu folds on phones; the clients table fits
// 1280 px; staff opening an order page see their own header, not the visitor's login.
import { expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { ordersUa } from '../../i18n/areas/orders/ua'
import { panelUa } from '../../i18n/areas/panel/ua'
import { staffPanelWord } from '../../client/shell/StaffMenu'
import { ua } from '../../i18n/ua'
import * as orderStaff from '../../server/domain/orders/staff'
import { systemScope } from '../../server/domain/shared/scope'
import { OrderStatus } from '../../common/order-status'
import { publishTutor, saveAdminComment, setTutorToggle } from '../../server/domain/people/tutor-admin'
import { staffAddMoney } from '../../server/domain/people/wallet'
import { PASSWORD, type TestApp, makePerson, makeStaff } from '../helpers/app'
import { panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { makeOrder } from '../helpers/orders'

let app: TestApp
let browser: Browser

withBrowserApp((s) => ({ app, browser } = s))

/** Codes the data holds that must never reach the screen as they are. */
const RAW = [
  /\{"/,
  /\btutor\.[a-z_]+/,
  /\b(personal|potential|appointed|removed|responded|refused)\b/,
  /\bset_[a-z_]+/,
  /\bactor_kind\b|\bstaff #/,
]

function expectNoCodes(text: string) {
  for (const code of RAW) expect(text).not.toMatch(code)
}

test('the tutor activity log reads as sentences with their data', async () => {
  const staff = await makeStaff(app, 1)
  const { tutorId } = await makePerson(app, { tutor: true })
  const { db, edition } = app.services
  const actor = { kind: 'staff' as const, id: staff.id }
  const scope = systemScope(db, edition, { actor })
  await publishTutor(scope, { tutor_id: tutorId! })
  await setTutorToggle(scope, { tutor_id: tutorId!, toggle: 'hide_phone', value: true })
  await saveAdminComment(scope, { tutor_id: tutorId!, admin_comment: 'Calls back in the evening' })
  await staffAddMoney(scope, { tutor_id: tutorId!, sum_minor: 12345 })

  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/users_show/${tutorId}`)
  const log = page.getByRole('table', { name: panelUa['t.log'] })
  await log.getByText(panelUa['log.publish'], { exact: false }).waitFor()
  const text = (await log.textContent()) ?? ''
  // Publishing a new tutor also moved its status: a word, not a number.
  expect(text).toContain(`${panelUa['log.publish']}; статус: ${panelUa['t.status.2']}`)
  expect(text).toContain(`Увімкнено «${panelUa['t.toggle.hide_phone']}»`)
  expect(text).toContain('Коментар адміністратора: «Calls back in the evening»')
  expect(text).toMatch(/Зараховано на баланс 123,45 \S+; баланс тепер 123,45/)
  expect(text).toContain('Staff 1')
  expectNoCodes(text)
  await screenshot(page, 'panel-language-activity-log')
  expect(errors).toEqual([])
  await page.close()
})

test('the order editor names tutor roles, answers, actors and history events in words', async () => {
  const staff = await makeStaff(app, 1)
  const { db, edition } = app.services
  const actor = { kind: 'staff' as const, id: staff.id }
  const order = await makeOrder(app, { status: OrderStatus.Appointed, staffActor: actor })
  // A second tutor answered a personal request with a refusal.
  const other = await makePerson(app, { tutor: true })
  await db
    .insertInto('order_tutors')
    .values({ order_id: order.orderId, tutor_id: other.tutorId!, role: 'personal', response: 'refused' })
    .execute()
  await orderStaff.markYellow(systemScope(db, edition, { actor }), {
    order_id: order.orderId,
    tutor_id: order.tutorId!,
    value: true,
  })

  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/users_orders/${order.orderId}`)
  const tutors = page.getByTestId('order-tutors')
  await tutors.getByText(ordersUa['orders.role.appointed']).waitFor()
  expect(await page.getByTestId('order-tutor-role').allTextContents()).toEqual([
    ordersUa['orders.role.appointed'],
    `${ordersUa['orders.role.personal']} · ${ordersUa['orders.response.refused']}`,
  ])
  const events = page.getByTestId('order-events')
  const history = (await events.textContent()) ?? ''
  expect(history).toContain(ordersUa['orders.event.create'])
  expect(history).toContain(ordersUa['orders.event.appoint_tutor'])
  expect(history).toContain(ordersUa['orders.event.tutor_mark_yellow'])
  // Staff are named, not numbered (makeStaff names them `Staff <status>`).
  expect(history).toContain(`${ordersUa['orders.actor.staff']}: Staff 1`)
  expect(history).not.toContain(`${ordersUa['orders.actor.staff']} №`)
  expect(history).toContain(`${ordersUa['orders.status.1']} → ${ordersUa['orders.status.4']}`)
  expectNoCodes(`${await tutors.textContent()} ${history}`)
  expect(await page.getByRole('link', { name: ordersUa['orders.staff.open_page'] }).getAttribute('href')).toBe(
    `/zayavka/${order.orderId}/`,
  )
  await screenshot(page, 'panel-language-order-editor')
  expect(errors).toEqual([])
  await page.close()
})

/** Sign-in at phone width: the menu is folded, so the sign-in is done once its toggle shows. */
async function phoneSignIn(page: Page, email: string) {
  await page.goto(`${app.url}/panel/`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Пароль').fill(PASSWORD)
  await page.getByRole('button', { name: 'Увійти' }).click()
  await page.getByTestId('panel-menu-toggle').waitFor()
}

test('the panel menu folds on a phone: the button opens and closes it, Escape closes it', async () => {
  const staff = await makeStaff(app, 1)
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
  const errors = watchConsole(page)
  await phoneSignIn(page, staff.email)
  const toggle = page.getByTestId('panel-menu-toggle')
  const menu = page.getByTestId('panel-menu')
  expect(await toggle.getAttribute('aria-expanded')).toBe('false')
  expect(await menu.isVisible()).toBe(false)
  await screenshot(page, 'panel-language-phone-menu-closed')

  await toggle.click()
  await menu.waitFor()
  expect(await toggle.getAttribute('aria-expanded')).toBe('true')
  // Focus moves into the menu; Escape closes it and gives focus back to the button.
  expect(await page.evaluate(() => !!document.activeElement?.closest('#panel-menu'))).toBe(true)
  await screenshot(page, 'panel-language-phone-menu-open')
  await page.keyboard.press('Escape')
  await menu.waitFor({ state: 'hidden' })
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('panel-menu-toggle')

  // Following a link closes it too; the button closes it as well.
  await toggle.click()
  await menu.getByRole('link', { name: panelUa['panel.clients_show'] }).click()
  await page.waitForURL(/\/panel\/clients_show$/)
  await menu.waitFor({ state: 'hidden' })
  await toggle.click()
  await menu.waitFor()
  await toggle.click()
  await menu.waitFor({ state: 'hidden' })
  expect(await toggle.getAttribute('aria-expanded')).toBe('false')

  // From md up the menu is always there and the button is not.
  await page.setViewportSize({ width: 1280, height: 800 })
  await menu.waitFor()
  expect(await toggle.isVisible()).toBe(false)
  expect(errors).toEqual([])
  await page.close()
})

test('the clients table fits 1280 px without scrolling sideways', async () => {
  const staff = await makeStaff(app, 1)
  // Long names and addresses, badges and every action button: the widest rows the list shows.
  for (let i = 0; i < 3; i++) {
    const p = await makePerson(app, { client: true, tutor: i === 0 })
    await app.services.db
      .updateTable('clients')
      .set({ name: `Олександра-Вікторія Костянтинопольська-Шевченко ${i}`, blacklisted: i === 1 })
      .where('id', '=', p.clientId!)
      .execute()
    await app.services.db
      .updateTable('people')
      .set({ email: `very.long.address.of.a.client.number.${i}.${p.personId}@example-school.com.ua` })
      .where('id', '=', p.personId)
      .execute()
  }
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/clients_show`)
  const table = page.getByRole('table', { name: panelUa['panel.clients_show'] })
  await table.getByText('Костянтинопольська-Шевченко 2').waitFor()
  const widths = await table.evaluate((t) => ({
    page: document.documentElement.scrollWidth,
    table: t.scrollWidth,
    box: t.parentElement!.clientWidth,
  }))
  expect(widths.page).toBeLessThanOrEqual(1280)
  expect(widths.table).toBeLessThanOrEqual(widths.box)
  // The filter form's buttons stay inside its card too.
  const form = page.getByRole('search')
  const buttons = await form.evaluate((f) =>
    [...f.querySelectorAll('button')].map((b) => b.getBoundingClientRect().right),
  )
  const formRight = await form.evaluate((f) => f.getBoundingClientRect().right)
  for (const right of buttons) expect(right).toBeLessThanOrEqual(formRight)
  await screenshot(page, 'panel-language-clients-1280')

  // The merge preview names what moves in words, not as table.column.
  const kept = await makePerson(app, { client: true })
  const merged = await makePerson(app, { client: true })
  await makeOrder(app, { client_id: merged.clientId })
  const card = page.getByTestId('client-merge')
  await card.getByLabel(panelUa['c.merge_keep']).fill(String(kept.clientId))
  await card.getByLabel(panelUa['c.merge_into']).fill(String(merged.clientId))
  await card.getByRole('button', { name: panelUa['c.merge_preview'] }).click()
  const preview = page.getByTestId('merge-preview')
  await preview.getByText(`${panelUa['c.move.orders.client_id']}: 1`).waitFor()
  expect(await preview.textContent()).not.toContain('client_id')
  expect(errors).toEqual([])
  await page.close()
})

test('staff on an order page see their own header: name, panel link, sign-out', async () => {
  const staff = await makeStaff(app, 2)
  const order = await makeOrder(app)
  for (const width of [1280, 390]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    const errors = watchConsole(page)
    if (width === 390) await phoneSignIn(page, staff.email)
    else await panelSignIn(page, app.url, staff.email)
    await page.goto(`${app.url}/zayavka/${order.orderId}/`)
    await page.getByTestId('order-page').waitFor()
    const menu = page.getByTestId('staff-menu')
    await menu.waitFor()
    expect(await page.getByTestId('login-dropdown').count()).toBe(0)
    expect(await menu.getByRole('link', { name: staffPanelWord('ua') }).getAttribute('href')).toBe('/panel/')
    // The way to the order in the panel is named, not a bare path.
    expect(await page.getByRole('link', { name: ordersUa['orders.staff.open_panel'] }).getAttribute('href')).toBe(
      `/panel/users_orders/${order.orderId}`,
    )
    if (width === 1280) expect(await page.getByTestId('staff-menu-name').textContent()).toBe('Staff 2')
    // The header fits a phone: nothing pushes the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await screenshot(page, `panel-language-order-page-staff-${width}`)
    if (width === 390) {
      // Sign-out ends the staff session and leads to the staff sign-in.
      await menu.getByRole('button', { name: ua['header.logout'] }).click()
      await page.waitForURL(/\/panel\/$/)
      await page.getByRole('button', { name: 'Увійти' }).waitFor()
    }
    expect(errors).toEqual([])
    await page.close()
  }
})
