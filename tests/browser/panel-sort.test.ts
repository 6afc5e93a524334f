// The panel lists' sortable column headers: a click sorts (asc, then desc), the
// address carries sort/dir with the filters and the page so a reload keeps them, `aria-sort` tells
// the state; the pager fits on one line at 375 px; axe finds nothing.
import { expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { ordersUa } from '../../i18n/areas/orders/ua'
import { type TestApp, makePerson, makeStaff } from '../helpers/app'
import { axeViolations, panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { makeOrder } from '../helpers/orders'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

const db = () => app.services.db
const tag = `Psrt${Date.now() % 1_000_000}`

async function newPage(viewport = { width: 1400, height: 1000 }): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext({ viewport, bypassCSP: true })).newPage()
  return { page, errors: watchConsole(page) }
}

/** The table's column texts, top to bottom, once the list shows exactly `expected`. */
async function waitForColumn(page: Page, col: number, expected: string[]) {
  await page.waitForFunction(
    ([c, want]) => {
      const got = [...document.querySelectorAll('table tbody tr')].map(
        (tr) => tr.querySelectorAll('td')[c as number]?.textContent?.trim() ?? '',
      )
      return JSON.stringify(got) === JSON.stringify(want)
    },
    [col, expected] as const,
    { timeout: 10_000 },
  )
}

const ariaSort = (page: Page, name: string) =>
  page.locator('th', { has: page.getByRole('button', { name, exact: true }) }).getAttribute('aria-sort')

test('tutors: a header click sorts both ways, the address keeps it, a reload still shows it sorted', async () => {
  const staff = await makeStaff(app, 2)
  const names = [`${tag} Bravo`, `${tag} Charlie`, `${tag} Alpha`]
  for (const name of names) {
    const p = await makePerson(app, { tutor: true })
    await db().updateTable('tutors').set({ name }).where('id', '=', p.tutorId!).execute()
  }
  const { page, errors } = await newPage()
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/users_show?text=${tag}`)
  // The default order: newest first; the ID header says so.
  await waitForColumn(page, 1, [...names].reverse())
  expect(await ariaSort(page, 'ID')).toBe('descending')
  expect(await ariaSort(page, 'Ім’я')).toBe('none')

  await page.getByRole('button', { name: 'Ім’я', exact: true }).click()
  await waitForColumn(page, 1, [...names].sort())
  await page.waitForURL(/sort=name&dir=asc/)
  expect(new URL(page.url()).searchParams.get('text')).toBe(tag)
  expect(await ariaSort(page, 'Ім’я')).toBe('ascending')
  expect(await ariaSort(page, 'ID')).toBe('none')

  // Again: descending. By keyboard, as a header is a button.
  await page.getByRole('button', { name: 'Ім’я', exact: true }).focus()
  await page.keyboard.press('Enter')
  await waitForColumn(page, 1, [...names].sort().reverse())
  await page.waitForURL(/sort=name&dir=desc/)

  await page.reload()
  await waitForColumn(page, 1, [...names].sort().reverse())
  expect(await ariaSort(page, 'Ім’я')).toBe('descending')
  await screenshot(page, 'panel-sort-tutors-name-desc')
  expect(await axeViolations(page)).toEqual([])
  expect(errors).toEqual([])
  await page.context().close()
})

test('clients at 375 px: sort, page 2, a new sort goes back to page 1; the pager fits one line', async () => {
  const staff = await makeStaff(app, 2)
  // 22 clients: two pages; created one day apart, in the reverse of their ids.
  const ids: number[] = []
  for (let i = 0; i < 22; i++) {
    const p = await makePerson(app, { client: true })
    ids.push(p.clientId!)
    await db()
      .updateTable('clients')
      .set({ name: `${tag} K${String(i).padStart(2, '0')}`, created_at: new Date(Date.UTC(2026, 0, 30 - i)) })
      .where('id', '=', p.clientId!)
      .execute()
  }
  const { page, errors } = await newPage()
  await panelSignIn(page, app.url, staff.email)
  // Signed in (the menu is a button at phone width), the phone's screen.
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto(`${app.url}/panel/clients_show?text=${tag}`)
  // Oldest created first = the highest id first.
  await page.getByRole('button', { name: 'Створено', exact: true }).click()
  await page.waitForURL(/sort=created&dir=asc/)
  await waitForColumn(page, 0, [...ids].reverse().slice(0, 20).map(String))

  const pager = page.getByRole('navigation', { name: /Сторінки/ })
  await pager.getByRole('button', { name: 'Наступна' }).click()
  await page.waitForURL(/page=2/)
  expect(new URL(page.url()).searchParams.get('sort')).toBe('created')
  await waitForColumn(page, 0, [ids[1]!, ids[0]!].map(String))
  // The pager: one line inside the screen, its buttons reachable by name.
  const box = (await pager.boundingBox())!
  expect(box.height).toBeLessThan(40)
  expect(box.x + box.width).toBeLessThanOrEqual(375)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await pager.scrollIntoViewIfNeeded()
  await screenshot(page, 'panel-sort-clients-375-page2', { fullPage: false })
  await screenshot(page, 'panel-sort-clients-375-full')
  expect(await axeViolations(page)).toEqual([])

  // A new order starts again at page 1.
  await page.getByRole('button', { name: 'ID', exact: true }).click()
  await page.waitForURL(
    (u) => u.searchParams.get('sort') === 'id' && u.searchParams.get('dir') === 'asc' && !u.searchParams.has('page'),
  )
  await waitForColumn(page, 0, ids.slice(0, 20).map(String))
  expect(errors).toEqual([])
  await page.context().close()
})

test('orders: headers instead of the select; filters, status, page and order in the address', async () => {
  const staff = await makeStaff(app, 2)
  const made: number[] = []
  for (const [i, name] of ['Bravo', 'Alpha', 'Charlie'].entries()) {
    const o = await makeOrder(app, { client_name: `${tag} ${name}`, status: i === 2 ? 8 : 1 })
    made.push(o.orderId)
  }
  const { page, errors } = await newPage()
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/users_orders`)
  await page.getByLabel(ordersUa['orders.staff.search']).fill(tag)
  await page.getByRole('button', { name: ordersUa['orders.staff.apply'] }).click()
  await page.waitForURL(/text_search=/)
  await waitForColumn(page, 0, [...made].reverse().map(String))
  expect(await ariaSort(page, ordersUa['orders.created'])).toBe('descending')

  await page.getByRole('button', { name: ordersUa['orders.client'], exact: true }).click()
  await page.waitForURL(/sort=client&dir=asc/)
  await waitForColumn(page, 0, [made[1]!, made[0]!, made[2]!].map(String))
  await page.getByTestId('status-1').click()
  await page.waitForURL((u) => u.searchParams.get('status') === '1' && u.searchParams.get('sort') === 'client')
  await waitForColumn(page, 0, [made[1]!, made[0]!].map(String))

  await page.reload()
  await waitForColumn(page, 0, [made[1]!, made[0]!].map(String))
  expect(await page.getByTestId('status-1').getAttribute('aria-pressed')).toBe('true')
  expect(await page.getByLabel(ordersUa['orders.staff.search']).inputValue()).toBe(tag)
  expect(await ariaSort(page, ordersUa['orders.client'])).toBe('ascending')
  await screenshot(page, 'panel-sort-orders-client-asc')
  expect(await axeViolations(page)).toEqual([])
  // At 375 px: the page does not scroll sideways (the table scrolls inside its box).
  await page.setViewportSize({ width: 375, height: 800 })
  await page.waitForFunction(() => document.documentElement.scrollWidth <= 375)
  await screenshot(page, 'panel-sort-orders-375')
  expect(errors).toEqual([])
  await page.context().close()
})
