// A tutor signs in through /login and signs out through the header menu, landing on /login.
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { PASSWORD, type TestApp, makePerson } from '../helpers/app'
import { withBrowserApp, screenshot, watchConsole } from '../helpers/browser'

let app: TestApp
let browser: Browser

withBrowserApp((s) => ({ app, browser } = s))

test('tutor signs in and out', async () => {
  const tutor = await makePerson(app, { tutor: true })
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors = watchConsole(page)
  await page.goto(`${app.url}/login`)
  // A tutor's sign-in offers the password reset and registration (a client's does not).
  await page.locator('main a[href="/recovery"]').waitFor()
  expect(await page.locator('main a[href="/register"]').count()).toBe(1)
  await page.getByLabel('E-mail або телефон').fill(tutor.email)
  await page.getByLabel('Пароль').fill('wrong-password')
  await page.getByTestId('login-form').getByRole('button', { name: 'Увійти' }).click()
  await page.getByText('Невірний логін або пароль').first().waitFor()
  await screenshot(page, 'tutor-login-error')

  await page.getByLabel('Пароль').fill(PASSWORD)
  await page.getByTestId('login-form').getByRole('button', { name: 'Увійти' }).click()
  await page.waitForURL(/\/profile\/?$/)
  await page.getByTestId('user-menu').waitFor()
  // The cabinet's chunk may still be loading when the header is ready.
  await page.locator('main').getByText('Tutor', { exact: true }).first().waitFor()
  await screenshot(page, 'tutor-signed-in')

  await page.getByTestId('user-menu').click()
  await page.getByTestId('logout').click()
  await page.waitForURL(/\/login$/)
  await page.getByTestId('login-dropdown').waitFor()
  const auth = await (await page.request.get(`${app.url}/tutor/auth/role/get`)).json()
  expect(auth.auth.tutor).toBe(false)
  expect(errors).toEqual([])
})

test('a person with both roles switches role with the radio switch', async () => {
  const both = await makePerson(app, { tutor: true, client: true })
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await page.goto(`${app.url}/login`)
  await page.getByLabel('E-mail або телефон').fill(both.email)
  await page.getByLabel('Пароль').fill(PASSWORD)
  await page.getByTestId('login-form').getByRole('button', { name: 'Увійти' }).click()
  await page.waitForURL(/\/profile\/?$/)
  const roleSwitch = page.getByTestId('role-switch')
  await roleSwitch.getByRole('radio', { name: 'Учень' }).click()
  await page.waitForFunction(
    async () => (await (await fetch('/tutor/auth/role/get')).json()).auth.current_role === 'client',
  )
  await screenshot(page, 'role-switch-client')
  // Hidden on mobile.
  await page.setViewportSize({ width: 600, height: 900 })
  expect(await roleSwitch.isVisible()).toBe(false)
})
