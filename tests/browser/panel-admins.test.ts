// /panel/admins_show and /panel/admins_schedule: staff accounts (create, edit, checkout, delete) and
// the staff schedule (docs/api.md#admin-staff-accounts-and-session). Only statuses whose menu has the area open it.
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { type TestApp, makeStaff } from '../helpers/app'
import { withBrowserApp, screenshot, watchConsole, panelSignIn } from '../helpers/browser'

let app: TestApp
let browser: Browser

withBrowserApp((s) => ({ app, browser } = s))

const staffRow = (email: string) =>
  app.services.db
    .selectFrom('staff')
    .select(['id', 'name', 'status', 'checkout', 'deleted_at'])
    .where('email', '=', email)
    .executeTakeFirst()

test('create a staff account, edit it, switch checkout, delete it', async () => {
  const me = await makeStaff(app, 1)
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, me.email)
  await page.getByTestId('panel-menu').getByRole('link', { name: 'Адміністратори' }).click()
  await page.waitForURL(/\/panel\/admins_show$/)
  await page.getByTestId(`admin-actions-${me.id}`).waitFor()
  // Nobody deletes themselves: no delete button on one's own row.
  expect(await page.getByTestId(`admin-actions-${me.id}`).getByRole('button', { name: 'Видалити' }).count()).toBe(0)

  await page.getByTestId('admin-create').click()
  const form = page.getByTestId('admin-form')
  await form.getByRole('button', { name: 'Зберегти' }).click()
  // The shared zod schema refuses the empty form before any call.
  await form.locator('#admin-email-error').waitFor()
  await form.locator('#admin-password-error').waitFor()
  await screenshot(page, 'panel-admins-create-errors')
  const email = `new-staff-${Date.now()}@example.com`
  await form.getByLabel('Ім’я').fill('Olena Manager')
  await form.getByLabel('E-mail').fill(email)
  await form.getByLabel('Пароль').fill('manager-pass-123')
  await form.getByLabel('Статус').selectOption('2')
  await form.getByRole('button', { name: 'Зберегти' }).click()
  await page.getByRole('status').getByText('Співробітника створено').waitFor()
  await form.waitFor({ state: 'detached' })
  const created = (await staffRow(email))!
  expect(created).toMatchObject({ name: 'Olena Manager', status: 2, checkout: false, deleted_at: null })
  const actions = page.getByTestId(`admin-actions-${created.id}`)
  await actions.waitFor()
  await screenshot(page, 'panel-admins-list')

  // The same e-mail again is refused under the field.
  await page.getByTestId('admin-create').click()
  await form.getByLabel('Ім’я').fill('Twin')
  await form.getByLabel('E-mail').fill(email)
  await form.getByLabel('Пароль').fill('manager-pass-123')
  await form.getByRole('button', { name: 'Зберегти' }).click()
  await form.locator('#admin-email-error').waitFor()
  await form.getByRole('button', { name: 'Скасувати' }).click()

  // Edit: new name and status 4; the password stays when left empty.
  await actions.getByRole('button', { name: 'Змінити' }).click()
  await form.getByLabel('Ім’я').fill('Olena Senior')
  await form.getByLabel('Статус').selectOption('4')
  await form.getByRole('button', { name: 'Зберегти' }).click()
  await page.getByRole('status').getByText('Збережено').waitFor()
  expect(await staffRow(email)).toMatchObject({ name: 'Olena Senior', status: 4 })

  // The box follows the server: it turns on once the change is saved.
  const checkout = page.getByRole('checkbox', { name: 'Каса: Olena Senior' })
  await checkout.click()
  await page.getByRole('status').getByText('Касу увімкнено').waitFor()
  await page.waitForFunction(
    () =>
      (document.querySelector('input[aria-label="Каса: Olena Senior"]') as HTMLInputElement | null)?.checked === true,
  )
  expect((await staffRow(email))!.checkout).toBe(true)

  // On a phone the list scrolls sideways and the e-mail keeps a readable width (not a letter a line).
  await page.setViewportSize({ width: 390, height: 844 })
  const emailCell = page.getByRole('cell', { name: email })
  expect((await emailCell.boundingBox())!.width).toBeGreaterThanOrEqual(150)
  await screenshot(page, 'panel-admins-phone')
  await page.setViewportSize({ width: 1400, height: 1000 })

  // The new account signs in with its password (another browser context).
  const other = await browser.newPage()
  await panelSignIn(other, app.url, email, 'manager-pass-123')
  expect(await other.getByTestId('panel-admin-name').textContent()).toBe('Olena Senior')
  await other.close()

  await actions.getByRole('button', { name: 'Видалити' }).click()
  await page.getByRole('alertdialog').getByText('Видалити співробітника Olena Senior?').waitFor()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Видалити' }).click()
  await page.getByRole('status').getByText('Співробітника видалено').waitFor()
  await actions.waitFor({ state: 'detached' })
  expect((await staffRow(email))!.deleted_at).not.toBeNull()
  expect(errors).toEqual([])
  await page.close()
})

test('sign in as another staff member and come back', async () => {
  const me = await makeStaff(app, 1)
  const other = await makeStaff(app, 2)
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, me.email)
  await page.goto(`${app.url}/panel/admins_show`)
  await page.getByTestId(`admin-sign-in-as-${other.id}`).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Увійти як цей користувач' }).click()
  // The panel as the status 2 member: their menu, and the banner with the way back.
  await page.waitForURL(/\/panel\/$/)
  await page.getByTestId('impersonation-banner').waitFor()
  expect(await page.getByTestId('panel-admin-name').textContent()).toBe('Staff 2')
  expect(await page.getByTestId('panel-menu').getByRole('link', { name: 'Адміністратори' }).count()).toBe(0)
  await screenshot(page, 'panel-impersonating-staff')
  await page.getByTestId('impersonation-return').click()
  await page.waitForURL(/\/panel\/admins_show$/)
  await page.getByTestId(`admin-actions-${other.id}`).waitFor()
  expect(await page.getByTestId('panel-admin-name').textContent()).toBe('Staff 1')
  expect(await page.getByTestId('impersonation-banner').count()).toBe(0)
  expect(errors).toEqual([])
  await page.close()
})

test('status 2 does not see staff accounts', async () => {
  const staff = await makeStaff(app, 2)
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/admins_show`)
  await page.getByRole('heading', { name: 'Ви не маєте достатньо прав доступу' }).waitFor()
  expect(await page.getByTestId('admin-create').count()).toBe(0)
  await page.close()
})

test('save the staff schedule: the week grid and the whole document', async () => {
  const me = await makeStaff(app, 4)
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, me.email)
  await page.getByTestId('panel-menu').getByRole('link', { name: 'Графік' }).click()
  await page.waitForURL(/\/panel\/admins_schedule$/)
  await page.getByText('Графік ще не збережено').waitFor()

  // The week grid: one row per staff account, one cell per weekday.
  const week = page.getByTestId('schedule-week')
  await week.getByLabel('Staff 4, Пн').fill('9–18')
  await week.getByLabel('Staff 4, Пт').fill(' 10–16 ')
  await week.getByRole('button', { name: 'Зберегти' }).click()
  await page.getByRole('status').getByText('Збережено').waitFor()
  await page
    .getByTestId('schedule-updated')
    .getByText(/Staff 4/)
    .waitFor()
  const stored = async () =>
    (
      await app.services.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'staff_schedule')
        .executeTakeFirstOrThrow()
    ).value
  expect(await stored()).toEqual({ week: { [me.id]: { mon: '9–18', fri: '10–16' } } })

  // The whole document as JSON: a broken text is refused before any call; a valid one is saved.
  const editor = page.getByLabel('JSON')
  expect(JSON.parse(await editor.inputValue())).toEqual({ week: { [me.id]: { mon: '9–18', fri: '10–16' } } })
  await editor.fill('{"note": "duty",')
  await page.getByRole('button', { name: 'Зберегти' }).nth(1).click()
  await page.getByText('Це не JSON-об’єкт чи масив').waitFor()
  await editor.fill(`{"note":"duty phone 24/7","week":{"${me.id}":{"tue":"8–12"}}}`)
  await page.getByRole('button', { name: 'Відформатувати' }).click()
  expect(await editor.inputValue()).toContain('\n  "note": "duty phone 24/7"')
  await page.getByRole('button', { name: 'Зберегти' }).nth(1).click()
  await page.getByRole('status').getByText('Збережено').waitFor()
  await week.getByLabel('Staff 4, Вт').and(page.locator('[value="8–12"]')).waitFor()
  expect(await stored()).toEqual({ note: 'duty phone 24/7', week: { [me.id]: { tue: '8–12' } } })

  // The grid keeps the other keys; a fresh load shows the saved schedule.
  await week.getByLabel('Staff 4, Вт').fill('')
  await week.getByLabel('Staff 4, Ср').fill('12–20')
  await week.getByRole('button', { name: 'Зберегти' }).click()
  await page.waitForFunction(() =>
    (document.querySelector('#schedule-json') as HTMLTextAreaElement).value.includes('12–20'),
  )
  expect(await stored()).toEqual({ note: 'duty phone 24/7', week: { [me.id]: { wed: '12–20' } } })
  await page.reload()
  expect(await week.getByLabel('Staff 4, Ср').inputValue()).toBe('12–20')
  await screenshot(page, 'panel-schedule')
  expect(errors).toEqual([])
  await page.close()
})
