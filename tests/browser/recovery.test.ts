// Password recovery at /recovery: a tutor asks for a code by e-mail (or phone), reads
// it from the outbox, enters it, types the new password twice (a mismatch is refused under the
// field), and signs in at /login with the new password; the old one no longer works.
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { PASSWORD, type TestApp, makePerson } from '../helpers/app'
import { screenshot, watchConsole, withBrowserApp } from '../helpers/browser'

let app: TestApp
let browser: Browser
const db = () => app.services.db

withBrowserApp((s) => ({ app, browser } = s))

async function lastCode(recipient: string) {
  const row = await db()
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  return /\b\d{6}\b/.exec(row.body)![0]
}

test('a tutor resets the password by an e-mailed code and signs in with the new one', async () => {
  const tutor = await makePerson(app, { tutor: true })
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors = watchConsole(page)
  const res = await page.goto(`${app.url}/recovery`)
  expect(res?.status()).toBe(200)
  const recovery = page.getByTestId('recovery')
  // Server-rendered and hydrated: the button works once the page's code has arrived.
  const send = recovery.getByRole('button', { name: 'Надіслати код' })
  await page.waitForFunction(
    () => !document.querySelector<HTMLButtonElement>('[data-testid=recovery-login-form] button[type=submit]')?.disabled,
  )

  // Step 1: the login is required (the schema's own rule, in the browser).
  await send.click()
  await page.locator('#recovery-login-error').getByText("Обов'язкове поле").waitFor()
  await recovery.getByLabel('E-mail або телефон').fill(tutor.email)
  await send.click()

  // Step 2: the code from the letter; a wrong one is refused under the field (the server's 422).
  await recovery
    .getByText(`Якщо є акаунт репетитора з ${tutor.email}, ми надіслали на нього код.`, { exact: false })
    .waitFor()
  const code = await lastCode(tutor.email)
  await recovery.getByLabel('Код із повідомлення').fill(code === '000000' ? '111111' : '000000')
  await recovery.getByRole('button', { name: 'Далі' }).click()
  await page.locator('#recovery-code-error').getByText('Код недійсний або застарів').waitFor()
  expect(await page.locator('#recovery-code').getAttribute('aria-invalid')).toBe('true')
  await screenshot(page, 'recovery-code-refused')
  await recovery.getByLabel('Код із повідомлення').fill(code)
  await recovery.getByRole('button', { name: 'Далі' }).click()

  // Step 3: the new password twice; a mismatch stays in the browser, under the repeat.
  await recovery.getByLabel('Новий пароль').fill('new-password-77')
  await recovery.getByLabel('Повторіть пароль').fill('new-password-78')
  await recovery.getByRole('button', { name: 'Зберегти пароль' }).click()
  await page.locator('#recovery-password-confirm-error').getByText('Паролі не збігаються').waitFor()
  await screenshot(page, 'recovery-passwords-differ')
  const unused = await db()
    .selectFrom('auth_codes')
    .select('used_at')
    .where('purpose', '=', 'password_reset')
    .where('person_id', '=', tutor.personId)
    .executeTakeFirstOrThrow()
  expect(unused.used_at).toBeNull()
  await recovery.getByLabel('Повторіть пароль').fill('new-password-77')
  await recovery.getByRole('button', { name: 'Зберегти пароль' }).click()

  // Done: a link to sign in.
  await recovery.getByText('Пароль змінено. Увійдіть з новим паролем.').waitFor()
  await screenshot(page, 'recovery-done')
  await recovery.getByRole('link', { name: 'Увійти' }).click()
  await page.waitForURL(/\/login$/)

  const form = page.getByTestId('login-form')
  await form.getByLabel('E-mail або телефон').fill(tutor.email)
  await form.getByLabel('Пароль').fill(PASSWORD)
  await form.getByRole('button', { name: 'Увійти' }).click()
  await page.getByText('Невірний логін або пароль').first().waitFor()
  await form.getByLabel('Пароль').fill('new-password-77')
  await form.getByRole('button', { name: 'Увійти' }).click()
  await page.waitForURL(/\/profile\/?$/)
  await page.getByTestId('user-menu').waitFor()
  expect(errors).toEqual([])
})

test('from /login: the code goes by SMS to a phone login; "change e-mail or phone" comes back to the filled field', async () => {
  const tutor = await makePerson(app, { tutor: true })
  const page = await browser.newPage({ viewport: { width: 390, height: 800 } })
  const errors = watchConsole(page)
  await page.goto(`${app.url}/login`)
  await page.locator('main a[href="/recovery"]').click()
  await page.waitForURL(/\/recovery$/)
  const recovery = page.getByTestId('recovery')
  await recovery.getByLabel('E-mail або телефон').fill(tutor.phone)
  await recovery.getByRole('button', { name: 'Надіслати код' }).click()
  await recovery.getByLabel('Код із повідомлення').waitFor()
  await recovery.getByRole('button', { name: 'Змінити e-mail або телефон' }).click()
  expect(await recovery.getByLabel('E-mail або телефон').inputValue()).toBe(tutor.phone)
  await recovery.getByRole('button', { name: 'Надіслати код' }).click()
  await recovery.getByLabel('Код із повідомлення').waitFor()

  // The second request's code (a new code replaces the earlier one).
  const code = await lastCode(`+38${tutor.phone}`)
  await recovery.getByLabel('Код із повідомлення').fill(code)
  await recovery.getByRole('button', { name: 'Далі' }).click()
  await recovery.getByLabel('Новий пароль').fill('phone-password-1')
  await recovery.getByLabel('Повторіть пароль').fill('phone-password-1')
  await recovery.getByRole('button', { name: 'Зберегти пароль' }).click()
  await recovery.getByText('Пароль змінено. Увійдіть з новим паролем.').waitFor()
  await screenshot(page, 'recovery-done-phone')

  const signIn = await fetch(`${app.url}/tutor/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify({ login: tutor.phone, password: 'phone-password-1' }),
  })
  expect(signIn.status).toBe(200)
  expect(errors).toEqual([])
})
