// /panel/clients_show: staff put a client on the blacklist (after a confirmation) and take them off,
// merge two profiles (preview, then confirm), set a password, and sign in as a client
// (docs/api.md#admin-clients, #admin-staff-accounts-and-session).
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { type TestApp, makePerson, makeStaff } from '../helpers/app'
import { withBrowserApp, screenshot, watchConsole, panelSignIn } from '../helpers/browser'

let app: TestApp
let browser: Browser

withBrowserApp((s) => ({ app, browser } = s))

const clientRow = (id: number) =>
  app.services.db
    .selectFrom('clients')
    .select(['blacklisted', 'deleted_at', 'merged_into_client_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

test('blacklist a client and take them off again', async () => {
  const staff = await makeStaff(app, 2)
  const client = await makePerson(app, { client: true })
  const id = client.clientId!
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.getByTestId('panel-menu').getByRole('link', { name: 'Клієнти' }).click()
  await page.waitForURL(/\/panel\/clients_show$/)
  const actions = page.getByTestId(`client-actions-${id}`)
  await actions.waitFor()
  await screenshot(page, 'panel-clients-list')

  // Cancel leaves the client as they were.
  await actions.getByRole('button', { name: 'У чорний список' }).click()
  await page.getByRole('alertdialog').getByText(`Додати клієнта №${id} до чорного списку?`).waitFor()
  await screenshot(page, 'panel-clients-blacklist-confirm')
  await page.getByRole('alertdialog').getByRole('button', { name: 'Скасувати' }).click()
  expect((await clientRow(id)).blacklisted).toBe(false)

  await actions.getByRole('button', { name: 'У чорний список' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'У чорний список' }).click()
  await page.getByRole('status').getByText('Клієнта додано до чорного списку').waitFor()
  await actions.getByRole('button', { name: 'Зі чорного списку' }).waitFor()
  expect((await clientRow(id)).blacklisted).toBe(true)
  // The blacklist filter finds exactly them among blacklisted clients.
  await page.getByLabel('Пошук').fill(client.email)
  await page.getByLabel('У чорному списку').selectOption('1')
  await page.getByRole('button', { name: 'Застосувати' }).click()
  await page.getByText('Знайдено: 1').waitFor()
  await screenshot(page, 'panel-clients-blacklisted')

  await actions.getByRole('button', { name: 'Зі чорного списку' }).click()
  await page.getByRole('status').getByText('Клієнта прибрано з чорного списку').waitFor()
  await page.getByText('Знайдено: 0').waitFor()
  expect((await clientRow(id)).blacklisted).toBe(false)
  expect(errors).toEqual([])
  await page.close()
})

test('merge two client profiles: preview, then confirm', async () => {
  const staff = await makeStaff(app, 1)
  const kept = await makePerson(app, { client: true })
  const merged = await makePerson(app, { client: true })
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/clients_show`)
  const card = page.getByTestId('client-merge')
  await card.getByLabel('Залишити клієнта (ID)').fill(String(kept.clientId))
  await card.getByLabel('Приєднати клієнта (ID)').fill(String(merged.clientId))
  await card.getByRole('button', { name: 'Переглянути' }).click()
  const preview = page.getByTestId('merge-preview')
  await preview.waitFor()
  expect(await preview.textContent()).toContain(kept.email)
  expect(await preview.textContent()).toContain(merged.email)
  await screenshot(page, 'panel-clients-merge-preview')
  // Previewing changes nothing.
  expect((await clientRow(merged.clientId!)).deleted_at).toBeNull()

  await page.getByTestId('merge-confirm').click()
  const dialog = page.getByRole('alertdialog')
  await dialog.getByText(`Приєднати клієнта №${merged.clientId} до №${kept.clientId}?`).waitFor()
  await dialog.getByRole('button', { name: 'Об’єднати' }).click()
  await page.getByRole('status').getByText('Профілі об’єднано').waitFor()
  await preview.waitFor({ state: 'detached' })
  const gone = await clientRow(merged.clientId!)
  expect(gone.deleted_at).not.toBeNull()
  expect(gone.merged_into_client_id).toBe(kept.clientId)
  // The merged profile leaves the list (once the list has been fetched again after the banner).
  await page.getByTestId(`client-actions-${merged.clientId}`).waitFor({ state: 'detached', timeout: 10_000 })
  expect(errors).toEqual([])
  await page.close()
})

test('set a client password and sign in as the client', async () => {
  const staff = await makeStaff(app, 4)
  const client = await makePerson(app, { client: true })
  const id = client.clientId!
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/clients_show`)
  const actions = page.getByTestId(`client-actions-${id}`)
  await actions.getByRole('button', { name: 'Змінити пароль' }).click()
  await page.getByLabel('Новий пароль').fill('short')
  await page.getByRole('button', { name: 'Зберегти' }).click()
  await page.locator('#client-password-error').waitFor()
  await page.getByLabel('Новий пароль').fill('a-new-password-77')
  await page.getByRole('button', { name: 'Зберегти' }).click()
  await page.getByRole('status').getByText('Пароль змінено, сесії користувача завершено').waitFor()
  // The client signs in with the new password (in a context of their own).
  const elsewhere = await browser.newContext()
  const login = await elsewhere.request.post(`${app.url}/client/auth/login`, {
    data: { login: client.email, password: 'a-new-password-77' },
  })
  expect(login.status()).toBe(200)
  await elsewhere.close()

  await page.getByTestId(`client-sign-in-as-${id}`).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Увійти як цей користувач' }).click()
  await page.waitForURL(/\/client_profile$/)
  await page.getByTestId('impersonation-banner').waitFor()
  expect(await page.getByTestId('impersonation-name').textContent()).toBe(
    `Client ${client.email.replace(/^person-|@example\.com$/g, '')}`,
  )
  await screenshot(page, 'impersonation-banner-client')
  await page.getByTestId('impersonation-return').click()
  await page.waitForURL(/\/panel\/clients_show$/)
  await page.getByTestId(`client-actions-${id}`).waitFor()
  const auth = (await (await page.request.get(`${app.url}/tutor/auth/role/get`)).json()).auth
  expect(auth).toMatchObject({ admin: true, client: false, impersonating: false })
  expect(errors).toEqual([])
  await page.close()
})

test('dates in the list are on the edition’s clock, whatever the staff browser’s zone', async () => {
  const staff = await makeStaff(app, 2)
  const client = await makePerson(app, { client: true })
  // 22:30 UTC on 20 November is 00:30 on the 21st in Kyiv, 17:30 on the 20th in New York.
  await app.services.db
    .updateTable('clients')
    .set({ created_at: new Date('2026-11-20T22:30:00Z') })
    .where('id', '=', client.clientId!)
    .execute()
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, timezoneId: 'America/New_York' })
  const page = await context.newPage()
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/clients_show`)
  await page.getByLabel('Пошук').fill(client.email)
  await page.getByRole('button', { name: 'Застосувати' }).click()
  await page.getByText('Знайдено: 1').waitFor()
  const row = page.getByRole('row').filter({ has: page.getByTestId(`client-actions-${client.clientId}`) })
  expect(await row.textContent()).toContain('21.11.26, 00:30')
  await context.close()
})
