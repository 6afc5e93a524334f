// Billing data in a browser: the tutor fills /settings/billing and uploads a
// document (a refused file and a missing field shown under their fields first), staff approve it in
// the panel's tutor editor, the tutor sees it approved; staff add a LiqPay merchant on /panel/merchants.
import { expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { PASSWORD, type TestApp, makePerson, makeStaff } from '../helpers/app'
import { panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')
const shot = (page: Page, name: string) => screenshot(page, `billing-${name}`)

test('the tutor files billing data with a document; staff approve it in the panel; the tutor sees it approved', async () => {
  const person = await makePerson(app, { tutor: true })
  const tutorId = person.tutorId!
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors = watchConsole(page)
  expect(
    (await page.request.post(`${app.url}/tutor/login`, { data: { login: person.email, password: PASSWORD } })).status(),
  ).toBe(200)

  // /settings leads to the billing data by its sub-navigation.
  await page.goto(`${app.url}/settings`)
  await page.getByTestId('tab-billing').click()
  await page.waitForURL(/\/settings\/billing$/)
  const form = page.getByTestId('billing-form')
  await form.waitFor()
  expect(await page.getByTestId('billing-status').textContent()).toBe('Ще не заповнено')
  await shot(page, 'tutor-empty')

  // Nothing filled: the browser asks for the full name, nothing is sent.
  await form.getByRole('button', { name: 'Зберегти' }).click()
  await form.locator('#billing-full_name-error').filter({ hasText: "Обов'язкове поле" }).waitFor()

  await form.getByLabel('ПІБ').fill('Олена Петренко')
  await form.getByLabel("IBAN (необов'язково)").fill('UA00 1234')
  await form.getByLabel("Податковий номер (необов'язково)").fill('1234567890')
  await form.getByLabel("Місто (необов'язково)").fill('Київ')
  await form.getByRole('button', { name: 'Зберегти' }).click()
  await form.locator('#billing-iban-error').filter({ hasText: 'Невірне значення' }).waitFor()
  await form.getByLabel("IBAN (необов'язково)").fill('PL61 1090 1014 0000 0712 1981 2874')

  // A file that is not what it says: the server's refusal shows under the documents, nothing is kept.
  await page
    .getByTestId('billing-input-billing')
    .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<!doctype html>') })
  await form.getByRole('button', { name: 'Зберегти' }).click()
  await form.locator('#billing-billing-error').filter({ hasText: 'fake.pdf' }).waitFor()
  await shot(page, 'tutor-refused')
  await page.getByTestId('billing-new-document').getByRole('button').click()

  await page
    .getByTestId('billing-input-billing')
    .setInputFiles({ name: 'паспорт.pdf', mimeType: 'application/pdf', buffer: PDF })
  await page.getByTestId('billing-new-document').waitFor()
  await form.getByRole('button', { name: 'Зберегти' }).click()
  await page.getByRole('status').getByText('Збережено. Дані передано на перевірку.').waitFor()
  await page.getByTestId('billing-status').filter({ hasText: 'На перевірці' }).waitFor()
  const stored = page.getByTestId('billing-stored-document')
  expect(await stored.textContent()).toContain('паспорт.pdf')
  await shot(page, 'tutor-pending')
  const row = await app.services.db
    .selectFrom('billing_data')
    .selectAll()
    .where('tutor_id', '=', tutorId)
    .executeTakeFirstOrThrow()
  expect(row).toMatchObject({
    full_name: 'Олена Петренко',
    city: 'Київ',
    iban: 'PL61 1090 1014 0000 0712 1981 2874',
    status: 'pending',
  })

  // Staff (the tutors area) see it in the tutor editor, reject with a comment, then approve.
  const staff = await makeStaff(app, 2)
  const panel = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const panelErrors = watchConsole(panel)
  await panelSignIn(panel, app.url, staff.email)
  await panel.goto(`${app.url}/panel/users_show/${tutorId}`)
  const card = panel.getByTestId('tutor-billing')
  await card.waitFor()
  await card.getByTestId('tutor-billing-full_name').filter({ hasText: 'Олена Петренко' }).waitFor()
  expect(await card.getByTestId('tutor-billing-status').textContent()).toBe('На перевірці')
  expect(await card.getByTestId('tutor-billing-document').textContent()).toBe('паспорт.pdf')
  await card.getByLabel('Причина відхилення (її побачить репетитор)').fill('Додайте, будь ласка, підтвердження адреси')
  await card.getByRole('button', { name: 'Відхилити' }).click()
  await card.getByTestId('tutor-billing-status').filter({ hasText: 'Відхилено' }).waitFor()

  await page.reload()
  await page
    .getByTestId('billing-reject-comment')
    .filter({ hasText: 'Додайте, будь ласка, підтвердження адреси' })
    .waitFor()
  await shot(page, 'tutor-rejected')

  await card.getByTestId('tutor-billing-approve').click()
  await card.getByTestId('tutor-billing-status').filter({ hasText: 'Схвалено' }).waitFor()
  await card.scrollIntoViewIfNeeded()
  await shot(panel, 'panel-approved')

  await page.reload()
  await page.getByTestId('billing-status').filter({ hasText: 'Схвалено' }).waitFor()
  expect(await page.getByTestId('billing-reject-comment').count()).toBe(0)
  await shot(page, 'tutor-approved')

  const log = await app.services.db
    .selectFrom('audit_log')
    .select(['action', 'actor_kind', 'actor_id'])
    .where('entity', '=', 'tutor')
    .where('entity_id', '=', tutorId)
    .where('action', 'like', 'billing_data.%')
    .orderBy('id')
    .execute()
  expect(log.map((a) => a.action)).toEqual(['billing_data.save', 'billing_data.reject', 'billing_data.approve'])
  expect(log.filter((a) => a.actor_kind === 'staff').every((a) => a.actor_id === staff.id)).toBe(true)
  expect(errors).toEqual([])
  expect(panelErrors).toEqual([])
})

test('staff add a LiqPay merchant on /panel/merchants: the private key is kept, never shown', async () => {
  const staff = await makeStaff(app, 1)
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/merchants`)
  await page.getByTestId('merchant-create').click()
  const form = page.getByTestId('merchant-form')
  await form.getByTestId('merchant-save').click()
  await form.locator('#merchant-name-error').waitFor()
  await form.getByLabel('Назва').fill('Школа Київ')
  await form.getByLabel('Публічний ключ').fill('sandbox_i12345678')
  await form.getByLabel('Приватний ключ').fill('sandbox_private_secret_1')
  await form.getByLabel('Активний').check()
  await form.getByTestId('merchant-save').click()
  await page.getByRole('status').getByText('Мерчанта створено').waitFor()
  const table = page.getByRole('table')
  await table.getByText('Школа Київ').waitFor()
  expect(await table.textContent()).toContain('Збережено (зашифровано)')
  expect(await page.content()).not.toContain('sandbox_private_secret_1')
  await shot(page, 'panel-merchants')
  const row = await app.services.db.selectFrom('liqpay_merchants').selectAll().executeTakeFirstOrThrow()
  expect(row).toMatchObject({ name: 'Школа Київ', public_key: 'sandbox_i12345678', edition: 'ua', active: true })
  expect(row.private_key_enc).not.toContain('sandbox_private_secret_1')
  expect(errors).toEqual([])
})
