// Staff find a tutor in the panel, publish it, sign in as the tutor, see the tutor's cabinet with the
// impersonation banner, and go back to the panel: signed in as staff again, the tutor session gone
// (docs/product.md#2-screens-and-routes Admin panel, docs/api.md#admin-tutors, #admin-staff-accounts-and-session).
import { expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { type TestApp, makePerson, makeStaff } from '../helpers/app'
import { withBrowserApp, screenshot, watchConsole, panelSignIn } from '../helpers/browser'

let app: TestApp
let browser: Browser

withBrowserApp((s) => ({ app, browser } = s))

const roleOf = async (page: Page) => (await (await page.request.get(`${app.url}/tutor/auth/role/get`)).json()).auth

test('staff publish a tutor, sign in as the tutor and come back', async () => {
  const staff = await makeStaff(app, 1)
  const other = await makePerson(app, { tutor: true })
  const person = await makePerson(app, { tutor: true })
  const tutorId = person.tutorId!
  const tutorName = (
    await app.services.db.selectFrom('tutors').select('name').where('id', '=', tutorId).executeTakeFirstOrThrow()
  ).name

  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)

  // The list, then a filter that leaves exactly the one tutor.
  await page.getByTestId('panel-menu').getByRole('link', { name: 'Репетитори' }).click()
  await page.waitForURL(/\/panel\/users_show$/)
  const table = page.getByRole('table', { name: 'Репетитори' })
  await table.getByRole('link', { name: tutorName }).waitFor()
  await screenshot(page, 'panel-tutors-list')
  await page.getByLabel('Пошук').fill(person.email)
  await page.getByLabel('Опубліковані').selectOption('0')
  await page.getByRole('button', { name: 'Застосувати' }).click()
  await page.getByText('Знайдено: 1').waitFor()
  expect(await table.locator('tbody tr').count()).toBe(1)
  expect(await table.textContent()).toContain(person.email)
  expect(await table.textContent()).not.toContain(other.email)

  // The tutor's page; publish it.
  await table.getByRole('link', { name: tutorName }).click()
  await page.waitForURL(new RegExp(`/panel/users_show/${tutorId}$`))
  await page.getByTestId('tutor-editor').waitFor()
  expect(await page.getByTestId('tutor-status').textContent()).toBe('Новий')
  await screenshot(page, 'panel-tutor-editor')
  await page.getByRole('button', { name: 'Опублікувати', exact: true }).click()
  await page.getByRole('status').getByText('Профіль опубліковано').waitFor()
  await page.getByRole('button', { name: 'Зняти з публікації' }).waitFor()
  expect(await page.getByTestId('tutor-status').textContent()).toBe('Схвалений')
  const row = await app.services.db
    .selectFrom('tutors')
    .select(['published', 'status'])
    .where('id', '=', tutorId)
    .executeTakeFirstOrThrow()
  expect(row).toEqual({ published: true, status: 2 })
  // The activity log names the change and who made it.
  const log = page.getByRole('table', { name: 'Журнал дій' })
  await log.getByText('Профіль опубліковано').waitFor()
  expect(await log.textContent()).toContain('Staff 1')

  // Sign in as the tutor: asks first, then the tutor's cabinet with the banner.
  await page.getByTestId('tutor-sign-in-as').click()
  const dialog = page.getByRole('alertdialog')
  await dialog.getByText(`Увійти як ${tutorName}?`).waitFor()
  await screenshot(page, 'panel-impersonate-confirm')
  await dialog.getByRole('button', { name: 'Увійти як цей користувач' }).click()
  await page.waitForURL(/\/profile\/?$/)
  const banner = page.getByTestId('impersonation-banner')
  await banner.waitFor()
  expect(await page.getByTestId('impersonation-name').textContent()).toBe(tutorName)
  expect(await banner.textContent()).toContain('Ви увійшли як інший користувач')
  await page.getByTestId('user-menu').waitFor()
  const during = await roleOf(page)
  expect(during).toMatchObject({ tutor: true, admin: false, impersonating: true })
  const impersonatedCookies = await page.context().cookies()
  await page.locator('main h1').waitFor()
  await screenshot(page, 'impersonation-banner-profile')

  // Every public page shows it.
  await page.goto(`${app.url}/`)
  await page.getByTestId('impersonation-banner').waitFor()

  // Back to the panel page the impersonation started from, as staff.
  await page.getByTestId('impersonation-return').click()
  await page.waitForURL(new RegExp(`/panel/users_show/${tutorId}$`))
  await page.getByTestId('tutor-editor').waitFor()
  expect(await page.getByTestId('panel-admin-name').textContent()).toBe('Staff 1')
  expect(await page.getByTestId('impersonation-banner').count()).toBe(0)
  const after = await roleOf(page)
  expect(after).toMatchObject({ admin: true, tutor: false, impersonating: false })
  // Both steps are in the tutor's activity log.
  await log.getByText('Співробітник повернувся до панелі').waitFor()
  expect(await log.getByText('Співробітник увійшов від імені користувача', { exact: true }).count()).toBe(1)
  await screenshot(page, 'panel-after-impersonation')

  // The impersonated session is gone: its cookie no longer signs anybody in.
  const stale = await browser.newContext()
  await stale.addCookies(impersonatedCookies)
  const staleAuth = (await (await stale.request.get(`${app.url}/tutor/auth/role/get`)).json()).auth
  expect(staleAuth).toMatchObject({ tutor: false, admin: false, impersonating: false })
  await stale.close()
  expect(errors).toEqual([])
  await page.close()
})

test('status 2 staff see tutors but not the sign-in-as button', async () => {
  const staff = await makeStaff(app, 2)
  const person = await makePerson(app, { tutor: true })
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/users_show/${person.tutorId}`)
  await page.getByTestId('tutor-editor').waitFor()
  expect(await page.getByTestId('tutor-sign-in-as').count()).toBe(0)
  await page.close()
})
