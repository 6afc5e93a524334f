// The forms outside the panel on useActionForm: a refusal only the server knows (a
// 422 the procedure's own schema, checked in the browser first, lets through) lands under the field it
// names and takes the focus; nothing is saved; corrected, the form saves with its success banner.
// The tutor's profile editor (/profile/: a city withdrawn from the edition while the form was open),
// the tutor's password and phone (/settings: a wrong current password, a number another account
// holds), the client's code sign-in (/client-login: a login that is neither an e-mail nor a phone)
// and the client cabinet's additional e-mail (/settings: the schema's rule in the browser).
import { expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { jsonb } from '../../db/jsonb'
import { t } from '../../i18n/keys'
import { PASSWORD, type TestApp, makePerson } from '../helpers/app'
import { screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { referenceFixture } from '../helpers/catalogue'

let app: TestApp
let browser: Browser
const db = () => app.services.db

withBrowserApp((s) => ({ app, browser } = s))

async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'uk-UA',
    timezoneId: 'Europe/Kiev',
  })
  const page = await context.newPage()
  return { page, errors: watchConsole(page) }
}

async function signIn(page: Page, path: '/tutor/login' | '/client/auth/login', login: string) {
  const res = await page.request.post(`${app.url}${path}`, { data: { login, password: PASSWORD } })
  expect(res.status()).toBe(200)
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.id)
const banner = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor()
/** Console lines of the refused calls themselves (the browser logs a failed request). */
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('422'))

test('the tutor profile editor: a city withdrawn from the edition while the form was open shows under that city', async () => {
  await referenceFixture(db())
  const city = (
    await db()
      .insertInto('cities')
      .values({ edition: 'ua', alias: 'zhytomyr-422', names: jsonb({ ua: 'Житомир', en: 'Zhytomyr' }), popular: true })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
  const tutor = await makePerson(app, { tutor: true })
  const { page, errors } = await newPage()
  await signIn(page, '/tutor/login', tutor.email)
  await page.goto(`${app.url}/profile/`)
  const form = page.getByTestId('profile-form')
  await form.waitFor()

  // The schema's own rule, in the browser: an age out of range stays here (no request), focus on it.
  let saves = 0
  page.on('request', (r) => void (r.url().includes('/tutor/profile/save') && saves++))
  await form.getByLabel('Вік').fill('7')
  await form.getByRole('button', { name: 'Зберегти', exact: true }).click()
  await form.locator('#profile-age-error').waitFor()
  expect(await focused(page)).toBe('profile-age')
  expect(saves).toBe(0)
  await form.getByLabel('Вік').fill('34')

  await form.getByRole('checkbox', { name: 'У себе вдома' }).check()
  await form.getByTestId('add-city-home').click()
  await form.locator('#home-0-city').selectOption({ label: 'Житомир' })
  // The city passes the form's schema (an id); the server no longer finds it in this edition.
  await db().updateTable('cities').set({ edition: 'pl' }).where('id', '=', city).execute()
  await form.getByRole('button', { name: 'Зберегти', exact: true }).click()
  await form.locator('#home-0-city-error').waitFor()
  expect(saves).toBe(1)
  expect(await form.locator('#home-0-city-error').textContent()).toBe(t('ua', 'validation.invalid'))
  expect(await page.locator('#home-0-city').getAttribute('aria-invalid')).toBe('true')
  expect(await focused(page)).toBe('home-0-city')
  // Under its field only: the banner does not repeat it.
  expect(await page.getByRole('status').filter({ hasText: 'locations_home' }).count()).toBe(0)
  await page.locator('#home-0-city').scrollIntoViewIfNeeded()
  await screenshot(page, 'account-forms-profile-422')
  const saved = await db()
    .selectFrom('tutors')
    .select(['age', 'work_home'])
    .where('id', '=', tutor.tutorId!)
    .executeTakeFirstOrThrow()
  expect(saved).toEqual({ age: null, work_home: false })
  expect(
    await db().selectFrom('tutor_places').select('city_id').where('tutor_id', '=', tutor.tutorId!).execute(),
  ).toEqual([])

  // Back in the edition, the same form saves: the banner says so, the error is gone.
  await db().updateTable('cities').set({ edition: 'ua' }).where('id', '=', city).execute()
  await form.getByRole('button', { name: 'Зберегти', exact: true }).click()
  await banner(page, 'Профіль збережено')
  await form.locator('#home-0-city-error').waitFor({ state: 'detached' })
  expect(
    await db().selectFrom('tutor_places').select('city_id').where('tutor_id', '=', tutor.tutorId!).execute(),
  ).toEqual([{ city_id: city }])
  expect(unexpected(errors)).toEqual([])
  await page.context().close()
}, 90_000)

test('tutor settings: a wrong current password and a phone another account holds are refused under their fields', async () => {
  const tutor = await makePerson(app, { tutor: true })
  const other = await makePerson(app, { client: true })
  const { page, errors } = await newPage()
  await signIn(page, '/tutor/login', tutor.email)
  await page.goto(`${app.url}/settings`)
  const password = page.getByTestId('password-form')
  await password.waitFor()

  // The repeat differs: the browser's check, nothing sent.
  let sets = 0
  page.on('request', (r) => void (r.url().includes('password.set') && sets++))
  await password.getByLabel('Новий пароль').fill('new-password-99')
  await password.getByLabel('Повторіть пароль').fill('new-password-98')
  await password.getByRole('button', { name: 'Змінити пароль' }).click()
  await password.locator('#confirm-password-error').getByText(t('ua', 'validation.passwords_differ')).waitFor()
  expect(await focused(page)).toBe('confirm-password')
  expect(sets).toBe(0)

  // A wrong current password passes the schema; the server refuses it under its field.
  await password.getByLabel('Повторіть пароль').fill('new-password-99')
  await password.getByLabel('Поточний пароль').fill('not-my-password')
  await password.getByRole('button', { name: 'Змінити пароль' }).click()
  await password.locator('#current-password-error').getByText(t('ua', 'validation.wrong_password')).waitFor()
  expect(await focused(page)).toBe('current-password')
  expect(sets).toBe(1)
  expect(await password.locator('#confirm-password-error').count()).toBe(0)
  await screenshot(page, 'account-forms-password-422')

  await password.getByLabel('Поточний пароль').fill(PASSWORD)
  await password.getByRole('button', { name: 'Змінити пароль' }).click()
  await banner(page, 'Пароль змінено')
  // Saved: the fields are empty again.
  expect(await password.getByLabel('Новий пароль').inputValue()).toBe('')
  expect(
    (
      await page.request.post(`${app.url}/tutor/login`, { data: { login: tutor.email, password: 'new-password-99' } })
    ).status(),
  ).toBe(200)

  // The phone: a number another account holds is refused under the number.
  const box = page.getByTestId('phone-box')
  await box.getByRole('button', { name: 'Змінити телефон' }).click()
  const phone = page.getByTestId('phone-form')
  await phone.getByLabel('Телефон').fill(other.phone)
  await phone.getByRole('button', { name: 'Надіслати код' }).click()
  await phone.locator('#phone-new-error').getByText(t('ua', 'validation.taken')).waitFor()
  expect(await focused(page)).toBe('phone-new')
  await screenshot(page, 'account-forms-phone-422')
  const row = await db().selectFrom('people').select('phone').where('id', '=', tutor.personId).executeTakeFirstOrThrow()
  expect(row.phone).toBe(tutor.phone)
  expect(unexpected(errors)).toEqual([])
  await page.context().close()
}, 90_000)

test('the client’s code sign-in: a login that is neither an e-mail nor a phone is refused under the field by the server', async () => {
  const { page, errors } = await newPage()
  await page.goto(`${app.url}/client-login`)
  const request = page.getByTestId('code-request-form')
  const field = page.locator('#client-code-login')

  // Empty: the schema's rule in the browser, nothing sent.
  let asked = 0
  page.on('request', (r) => void (r.url().includes('getAuthCode') && asked++))
  await request.getByRole('button', { name: 'Надіслати код' }).click()
  await page.locator('#client-code-login-error').getByText(t('ua', 'validation.required')).waitFor()
  expect(await focused(page)).toBe('client-code-login')
  expect(asked).toBe(0)

  // Not empty, so the schema lets it through; the server reads it as a phone and refuses it.
  await field.fill('abc')
  await request.getByRole('button', { name: 'Надіслати код' }).click()
  await page.locator('#client-code-login-error').getByText(t('ua', 'validation.phone_digits_only')).waitFor()
  expect(asked).toBe(1)
  expect(await field.getAttribute('aria-invalid')).toBe('true')
  expect(await focused(page)).toBe('client-code-login')
  await screenshot(page, 'account-forms-client-code-422')
  expect(await db().selectFrom('auth_codes').select('id').execute()).toEqual([])

  // A real e-mail goes on to the code step.
  await field.fill(`client-422-${Date.now()}@example.com`)
  await request.getByRole('button', { name: 'Надіслати код' }).click()
  await page.locator('#client-code').waitFor()
  expect(unexpected(errors)).toEqual([])
  await page.context().close()
}, 90_000)

test('the client cabinet’s additional e-mail: the schema’s rule under the field, then saved with the banner', async () => {
  const client = await makePerson(app, { client: true })
  const { page, errors } = await newPage()
  await signIn(page, '/client/auth/login', client.email)
  await page.goto(`${app.url}/settings`)
  await page.locator('#additional-email-switch').click()
  const form = page.getByTestId('additional-email-form')
  let sent = 0
  page.on('request', (r) => void (r.url().includes('subscribeAdditionalEmail') && sent++))
  await form.getByLabel('Додатковий e-mail').fill('not-an-address')
  await form.getByRole('button').click()
  await page.locator('#additional-email-error').getByText(t('ua', 'validation.email')).waitFor()
  expect(await focused(page)).toBe('additional-email')
  expect(sent).toBe(0)
  await screenshot(page, 'account-forms-client-email')
  const address = `extra-${Date.now()}@example.com`
  await form.getByLabel('Додатковий e-mail').fill(address)
  await form.getByRole('button').click()
  await banner(page, 'Підписку збережено')
  expect(
    (
      await db()
        .selectFrom('clients')
        .select('additional_email')
        .where('id', '=', client.clientId!)
        .executeTakeFirstOrThrow()
    ).additional_email,
  ).toBe(address)
  expect(unexpected(errors)).toEqual([])
  await page.context().close()
}, 90_000)
