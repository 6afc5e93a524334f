// The client's side of the site in a browser: sign-in by a one-time code on /client-login (the code
// read from the outbox), the locked code after 5 wrong tries, the cabinet's profile and settings
// screens (terms, generated password, the additional e-mail subscription) and deleting the profile;
// an order card with its first lesson agreed names that lesson's date once; the menu names the screen as its heading.
import { expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { PASSWORD, type TestApp, makePerson } from '../helpers/app'
import { screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { makeOrder } from '../helpers/orders'
import { OrderStatus } from '../../common/order-status'
import { edition } from '../../common/editions'
import { t } from '../../i18n/keys'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

const db = () => app.services.db
const newPage = () => browser.newPage({ viewport: { width: 1280, height: 900 } })

async function lastCodeTo(recipient: string): Promise<string> {
  const row = await db()
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  return row.body.match(/\b(\d{6})\b/)![1]!
}

/** Asks for a code on /client-login and waits for the code step. */
async function requestCode(page: Page, login: string) {
  await page.goto(`${app.url}/client-login`)
  await page.locator('#client-code-login').fill(login)
  await page.getByTestId('code-request-form').getByRole('button', { name: 'Надіслати код' }).click()
  await page.locator('#client-code').waitFor()
}

/** Signs the page's browser in as a client through the API (the cookie lands in the page's context). */
async function signInClient(page: Page, email: string) {
  const res = await page.request.post(`${app.url}/client/auth/login`, { data: { login: email, password: PASSWORD } })
  expect(res.status()).toBe(200)
}

test('a client signs in with a code from the outbox; the header and /client_profile show them', async () => {
  const client = await makePerson(app, { client: true })
  const page = await newPage()
  const errors = watchConsole(page)
  await page.goto(`${app.url}/client-login`)
  await page.locator('#client-code-login').waitFor()
  // A client has nothing to register or reset: the code signs in (and makes the account on first use).
  const card = page.locator('main')
  expect(await card.locator('a[href="/register"]').count()).toBe(0)
  expect(await card.locator('a[href="/recovery"]').count()).toBe(0)
  await screenshot(page, 'client-login')
  await requestCode(page, client.email)
  const code = await lastCodeTo(client.email)
  expect(await page.getByTestId('code-form').getByRole('status').textContent()).toContain(client.email)
  await screenshot(page, 'client-login-code-step')
  await page.locator('#client-code').fill(code)
  await page.getByTestId('code-form').getByRole('button', { name: 'Увійти' }).click()
  await page.waitForURL(/\/client_orders$/)
  const menu = page.getByTestId('user-menu')
  await menu.waitFor()
  expect(await menu.textContent()).toContain(`Client `)
  // The cabinet's navigation leads to the profile.
  await page.getByRole('navigation', { name: 'Кабінет учня' }).getByRole('link', { name: 'Профіль' }).click()
  await page.waitForURL(/\/client_profile$/)
  const data = page.getByTestId('client-data')
  await data.waitFor()
  const text = await data.textContent()
  expect(text).toContain(client.email)
  // The phone as the tutor's cabinet writes it: with the edition's international prefix.
  expect(text).toContain(`+38${client.phone}`)
  // The code reached the e-mail, so it is confirmed now.
  expect(text).toContain('Підтверджено')
  await screenshot(page, 'client-profile')
  expect(errors).toEqual([])
})

test('five wrong codes lock the code: the right one is refused and the page says so; a new code signs in', async () => {
  const client = await makePerson(app, { client: true })
  const page = await newPage()
  await requestCode(page, client.email)
  const code = await lastCodeTo(client.email)
  const wrong = code === '000000' ? '111111' : '000000'
  const field = page.locator('#client-code')
  const submit = page.getByTestId('code-form').getByRole('button', { name: 'Увійти' })
  const error = page.locator('#client-code-error')
  const answered = () => page.waitForResponse((r) => r.url().includes('loginByCode'))
  for (let i = 0; i < 5; i++) {
    await field.fill(wrong)
    await Promise.all([answered(), submit.click()])
    await error.waitFor()
    expect(await error.textContent()).toBe('Код недійсний або застарів')
  }
  await field.fill(code)
  await Promise.all([answered(), submit.click()])
  await page.getByText('Забагато спроб. Спробуйте пізніше').first().waitFor()
  expect(await error.textContent()).toBe('Забагато спроб. Спробуйте пізніше')
  await screenshot(page, 'client-login-code-locked')
  expect(page.url()).toMatch(/\/client-login$/)
  const auth = await (await page.request.get(`${app.url}/tutor/auth/role/get`)).json()
  expect(auth.auth.client).toBe(false)

  // A new code replaces the dead one.
  await page.getByRole('button', { name: 'Надіслати код ще раз' }).click()
  await error.waitFor({ state: 'detached' })
  const fresh = await lastCodeTo(client.email)
  await field.fill(fresh)
  await submit.click()
  await page.waitForURL(/\/client_orders$/)
  await page.getByTestId('user-menu').waitFor()
})

test('terms confirmation and a generated password from the profile', async () => {
  const client = await makePerson(app, { client: true })
  const page = await newPage()
  const errors = watchConsole(page)
  await signInClient(page, client.email)
  await page.goto(`${app.url}/client_profile`)
  await page.getByRole('button', { name: 'Прийняти умови' }).waitFor()
  // The tab is named after the cabinet's screen.
  const profileTitle = `${t('ua', 'header.client_profile')} | ${edition('ua').siteName}`
  await page.waitForFunction((title) => document.title === title, profileTitle)
  await page.getByRole('button', { name: 'Прийняти умови' }).click()
  // Without the box ticked the form refuses.
  await page.locator('#terms-error').waitFor()
  await page.getByLabel('Я прочитав(-ла) і приймаю умови користування').check()
  await page.getByRole('button', { name: 'Прийняти умови' }).click()
  await page.getByTestId('terms-state').waitFor()
  const row = await db()
    .selectFrom('clients')
    .select('terms_confirmed_at')
    .where('id', '=', client.clientId!)
    .executeTakeFirstOrThrow()
  expect(row.terms_confirmed_at).not.toBeNull()

  await page.getByRole('button', { name: 'Згенерувати новий пароль' }).click()
  await page.getByText('Новий пароль надіслано на ваш e-mail').first().waitFor()
  const mails = await db().selectFrom('outbox').select('body').where('recipient', '=', client.email).execute()
  expect(mails.length).toBe(1)
  await screenshot(page, 'client-profile-password-sent')
  await page.reload()
  await page.getByTestId('terms-state').waitFor()
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'client-profile-mobile')
  expect(errors).toEqual([])
})

test('the additional e-mail subscription switch stays on after a reload', async () => {
  const client = await makePerson(app, { client: true })
  const page = await newPage()
  const errors = watchConsole(page)
  await signInClient(page, client.email)
  await page.goto(`${app.url}/settings`)
  const toggle = page.getByRole('switch', { name: 'Розсилки на додатковий e-mail' })
  await toggle.waitFor()
  expect(await toggle.getAttribute('aria-checked')).toBe('false')
  await screenshot(page, 'client-settings')
  await toggle.click()
  await page.getByRole('textbox', { name: 'Додатковий e-mail' }).fill('not-an-email')
  await page.getByRole('button', { name: 'Зберегти' }).click()
  await page.locator('#additional-email-error').waitFor()
  await page.getByRole('textbox', { name: 'Додатковий e-mail' }).fill('second@example.com')
  await page.getByRole('button', { name: 'Зберегти' }).click()
  await page.getByText('Розсилки надходять на second@example.com.').waitFor()

  await page.reload()
  const after = page.getByRole('switch', { name: 'Розсилки на додатковий e-mail' })
  await after.waitFor()
  expect(await after.getAttribute('aria-checked')).toBe('true')
  expect(await page.getByRole('textbox', { name: 'Додатковий e-mail' }).inputValue()).toBe('second@example.com')
  const row = await db()
    .selectFrom('clients')
    .select('additional_email')
    .where('id', '=', client.clientId!)
    .executeTakeFirstOrThrow()
  expect(row.additional_email).toBe('second@example.com')
  await screenshot(page, 'client-settings-subscribed')
  expect(errors).toEqual([])
})

test('deleting the profile asks first, then signs the client out', async () => {
  const client = await makePerson(app, { client: true })
  const page = await newPage()
  const errors = watchConsole(page)
  await signInClient(page, client.email)
  await page.goto(`${app.url}/client_profile`)
  await page.getByRole('button', { name: 'Видалити профіль' }).click()
  const dialog = page.getByRole('alertdialog')
  await dialog.waitFor()
  await screenshot(page, 'client-profile-delete-dialog')
  // Cancel keeps everything.
  await dialog.getByRole('button', { name: 'Скасувати' }).click()
  await dialog.waitFor({ state: 'detached' })
  let row = await db()
    .selectFrom('clients')
    .select('deleted_at')
    .where('id', '=', client.clientId!)
    .executeTakeFirstOrThrow()
  expect(row.deleted_at).toBeNull()

  await page.getByRole('button', { name: 'Видалити профіль' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Так, видалити' }).click()
  await page.waitForURL((url) => url.pathname === '/')
  await page.getByTestId('login-dropdown').waitFor()
  row = await db()
    .selectFrom('clients')
    .select('deleted_at')
    .where('id', '=', client.clientId!)
    .executeTakeFirstOrThrow()
  expect(row.deleted_at).not.toBeNull()
  const auth = await (await page.request.get(`${app.url}/tutor/auth/role/get`)).json()
  expect(auth.auth.client).toBe(false)
  await page.goto(`${app.url}/client_profile`)
  await page.getByRole('link', { name: 'Увійти' }).first().waitFor()
  expect(errors).toEqual([])
})

test("an order card with the first lesson agreed names that lesson's date once", async () => {
  const client = await makePerson(app, { client: true })
  const { orderId } = await makeOrder(app, { client_id: client.clientId, status: OrderStatus.WaitingForPay })
  const page = await newPage()
  const errors = watchConsole(page)
  await signInClient(page, client.email)
  await page.goto(`${app.url}/client_orders`)
  const card = page.locator(`[data-testid="order-card"][data-order="${orderId}"]`)
  await card
    .getByTestId('client-stage')
    .getByText(/^Перше заняття з репетитором .+: .+\.$/)
    .waitFor()
  // The stage's sentence carries the date; no "Перше заняття: {date}" repeats it beside it.
  expect(await card.getByText('Перше заняття:').count()).toBe(0)
  // The cabinet's menu names the screen as its heading does (requests, not "orders").
  const current = page.locator('a[aria-current="page"]').filter({ hasText: 'Мої заявки' })
  expect(await current.count()).toBe(1)
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Мої заявки')
  await screenshot(page, 'client-cabinet-order-first-lesson', { fullPage: false })
  expect(errors).toEqual([])
  await page.close()
})
