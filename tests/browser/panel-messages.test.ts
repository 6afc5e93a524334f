// E-mail and SMS templates in the panel, as staff status 1: a profile with the SMTP
// server this test starts; a template with an unknown {variable} refused under its field; a variable
// chip inserted; the preview with sample values; saved, edited; "send test" answered by a success
// toast and the mail arriving at the SMTP server; the SMS page; both at 375 px.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { type TestApp, makeStaff } from '../helpers/app'
import { axeViolations, panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { SmtpSink } from '../helpers/smtp-sink-restartable'
import { waitFor } from '../helpers/wait'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))
let sink: SmtpSink
beforeAll(async () => {
  sink = await new SmtpSink().start()
})
afterAll(() => sink.stop())

test('staff create and edit an e-mail template (bad variable → field error, preview, send test → toast and delivery)', async () => {
  const staff = await makeStaff(app, 1)
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/emails_show`)
  await page.getByRole('heading', { name: 'Листи' }).waitFor()

  // a profile sending through the test's SMTP server; its URL never shown in clear
  await page.getByTestId('profile-create').click()
  const pf = page.getByTestId('profile-form')
  await pf.getByLabel('Назва').fill('Основний')
  await pf.getByLabel("Ім'я відправника").fill('Репетитори')
  await pf.getByLabel('Адреса відправника').fill('hello@tutors.test')
  await pf.getByLabel('SMTP-сервер (URL)').fill(sink.urlWith('panel', 'very-secret-pw'))
  await pf.getByTestId('profile-save').click()
  await page.getByRole('status').getByText('Профіль створено').waitFor()
  const profiles = page.getByRole('table').nth(1)
  await profiles.getByText('smtp://panel:•••@127.0.0.1').waitFor()
  expect(await page.content()).not.toContain('very-secret-pw')

  // a template with an unknown variable: refused under the body
  await page.getByTestId('tpl-create').click()
  const form = page.getByTestId('tpl-form')
  await form.getByLabel('Подія').selectOption('personal_order')
  await form.getByLabel('Профіль відправника').selectOption({ label: 'Основний — hello@tutors.test' })
  await form.getByLabel('Тема').fill('Заявка №{order_id}')
  await form.getByLabel('Текст листа').fill('Вітаємо! {client_name} чекає. Знижка {coupon}')
  await form.getByTestId('tpl-save').click()
  await form.locator('#tpl-body-error').filter({ hasText: 'Невідома змінна {coupon}' }).waitFor()
  await screenshot(page, 'panel-messages-bad-variable')

  // fixed with a variable chip; the preview shows the sample values
  await form.getByLabel('Текст листа').fill('Вітаємо! {client_name} чекає. Відповісти: ')
  await form.getByLabel('Текст листа').press('End')
  await form.getByTestId('tpl-variables').getByRole('button', { name: '{link}' }).click()
  expect(await form.getByLabel('Текст листа').inputValue()).toBe('Вітаємо! {client_name} чекає. Відповісти: {link}')
  const preview = form.getByTestId('tpl-preview')
  await preview.getByText('Заявка №1024').waitFor()
  expect(await preview.textContent()).toContain(
    'Вітаємо! Olena K. чекає. Відповісти: https://example.com/confirm/3f9a1c',
  )
  await screenshot(page, 'panel-messages-editor')
  await form.getByTestId('tpl-save').click()
  await page.getByRole('status').getByText('Шаблон створено').waitFor()
  const table = page.getByRole('table').first()
  await table.getByText('Заявка №{order_id}').waitFor()

  // edit the subject
  const row = await app.services.db.selectFrom('email_templates').select('id').executeTakeFirstOrThrow()
  await page.getByTestId(`tpl-actions-${row.id}`).getByRole('button', { name: 'Змінити' }).click()
  await page.getByTestId('tpl-form').getByLabel('Тема').fill('Нова заявка №{order_id} на {site}')
  await page.getByTestId('tpl-form').getByTestId('tpl-save').click()
  await table.getByText('Нова заявка №{order_id} на {site}').waitFor()

  // send test: a success toast, and the mail at the SMTP server
  await page.getByTestId(`tpl-send-test-${row.id}`).click()
  await page.getByRole('status').getByText(`Тестовий лист надіслано на ${staff.email}`).waitFor()
  const mail = await waitFor(() => sink.mails.find((m) => m.to.includes(staff.email)))
  expect(mail.subject).toBe(`Нова заявка №1024 на ${app.services.edition.siteName}`)
  expect(mail.text).toBe('Вітаємо! Olena K. чекає. Відповісти: https://example.com/confirm/3f9a1c')
  expect(mail.from).toBe('hello@tutors.test')
  await screenshot(page, 'panel-messages-emails')

  // 375 px: the list and the editor fit
  await page.setViewportSize({ width: 375, height: 800 })
  await page.getByTestId(`tpl-actions-${row.id}`).getByRole('button', { name: 'Змінити' }).click()
  await page.getByTestId('tpl-form').waitFor()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await screenshot(page, 'panel-messages-editor-375')
  expect(errors).toEqual([])
  await page.close()
})

test('staff create an SMS template; an unknown variable is refused; the list filters by event', async () => {
  const staff = await makeStaff(app, 1)
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto(`${app.url}/panel/sms_show`)
  await page.getByTestId('sms-create').click()
  const form = page.getByTestId('sms-form')
  await form.getByLabel('Подія').selectOption('order_tutor')
  await form.getByLabel('Текст SMS').fill('Заявка {order}: {tutor}')
  await form.getByTestId('sms-save').click()
  await form.locator('#sms-body-error').filter({ hasText: 'Невідома змінна {tutor}' }).waitFor()
  await form.getByLabel('Текст SMS').fill('Заявка {order}: клієнт {client}, {phone}')
  await form.getByTestId('tpl-preview').getByText('Заявка 1024: клієнт Olena K., +380501234567').waitFor()
  await form.getByTestId('sms-save').click()
  await page.getByRole('status').getByText('Шаблон створено').waitFor()
  await page.getByRole('table').getByText('Заявка {order}: клієнт {client}, {phone}').waitFor()
  await page.getByLabel('Подія').first().selectOption('login_code')
  await page.getByRole('button', { name: 'Застосувати' }).click()
  await page.waitForURL(/event=login_code/)
  await page.getByText('Шаблонів ще немає').waitFor()
  await screenshot(page, 'panel-messages-sms-375')
  expect(errors).toEqual([])
  await page.close()
})

test('axe-core: no violations on both pages and in the open editor', async () => {
  const staff = await makeStaff(app, 1)
  // axe-core is injected as an inline script, which the site's CSP refuses.
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true })).newPage()
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/emails_show`)
  await page.getByRole('table').first().getByText('Нова заявка №{order_id} на {site}').waitFor()
  expect(await axeViolations(page)).toEqual([])
  await page.getByTestId('tpl-create').click()
  await page.getByTestId('tpl-preview').waitFor()
  expect(await axeViolations(page)).toEqual([])
  await page.goto(`${app.url}/panel/sms_show`)
  await page.getByRole('table').getByText('Заявка {order}: клієнт {client}, {phone}').waitFor()
  expect(await axeViolations(page)).toEqual([])
  expect(errors).toEqual([])
  await page.close()
})
