// The tutor cabinet in a browser: a tutor registers, confirms the e-mail from the letter,
// fills the profile (subject with a level, a city, a document, a photo) and saves; staff publish the
// tutor and the catalogue page of that subject and city lists them; the status says "published" only once listed. Then /settings (subscription,
// privacy, the data download, deletion requested and cancelled) and /verified-tutor. Screenshots of
// every screen go to test-results/screenshots/tutor-cabinet-*.png.
import { expect, test } from 'bun:test'
import { sql } from 'kysely'
import type { Browser, Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { PASSWORD, type TestApp, makePerson, makeStaff, signedIn } from '../helpers/app'
import { screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { type Ref, referenceFixture } from '../helpers/catalogue'
import { waitFor } from '../helpers/wait'
import { accountUa } from '../../i18n/areas/account/ua'

let app: TestApp
let browser: Browser
let ref: Ref
const db = () => app.services.db

withBrowserApp((s) => {
  ;({ app, browser } = s)
})

async function fixture() {
  ref ??= await referenceFixture(db())
  return ref
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')
const ABOUT =
  'Викладаю математику дванадцять років: готую до НМТ, пояснюю складні теми простими словами, ' +
  'підбираю завдання під рівень учня і щотижня перевіряю домашні роботи.'

/** A real PNG: a 480×320 gradient with a dark square, so a crop is visible. */
async function photo(): Promise<Buffer> {
  const w = 480
  const h = 320
  const px = Buffer.alloc(w * h * 3)
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3
      const dark = x > 180 && x < 300 && y > 100 && y < 220
      px[i] = dark ? 30 : Math.round((x / w) * 255)
      px[i + 1] = dark ? 60 : 140
      px[i + 2] = dark ? 90 : Math.round((y / h) * 255)
    }
  return sharp(px, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer()
}

async function signIn(page: Page, login: string) {
  const res = await page.request.post(`${app.url}/tutor/login`, { data: { login, password: PASSWORD } })
  expect(res.status()).toBe(200)
}

/** Waits (up to 10 s) until the condition holds. */
const until = (cond: () => Promise<boolean>) => waitFor(cond, { timeout: 10_000, interval: 100 })
const countIs = (l: Locator, n: number) => until(async () => (await l.count()) === n)

const banner = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor()

test('a tutor registers, confirms the e-mail, fills the profile and, once published, appears in the catalogue', async () => {
  const r = await fixture()
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors = watchConsole(page)
  const email = `olha-${Date.now()}@example.com`

  // Registration lands on the profile editor.
  await page.goto(`${app.url}/register`)
  await page.getByLabel("Ім'я").fill('Ольга Мельник')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Телефон').fill('0671234567')
  await page.getByLabel('Пароль').fill(PASSWORD)
  await page.getByLabel(/Я приймаю умови оферти/).check()
  await page.getByRole('button', { name: 'Зареєструватися' }).click()
  await page.waitForURL(/\/profile\/?$/)
  await page.getByTestId('email-status').filter({ hasText: 'не підтверджено' }).waitFor()
  // Without the indicators allowing it, the cabinet offers no verification page.
  expect(await page.getByRole('navigation', { name: 'Розділи кабінету' }).getByRole('link').allTextContents()).toEqual([
    'Профіль',
    'Заявки',
    'Налаштування',
    'Гаманець',
    'ТОП у каталозі',
    'Мій блог',
    'Оголошення',
    'Тест англійської',
    'Рейтинг',
    'Партнерам',
  ])
  await screenshot(page, 'tutor-cabinet-profile-new')

  // The confirmation letter's link confirms the e-mail and comes back to /profile/.
  const letter = await db()
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', email)
    .where('subject', '=', 'Підтвердіть e-mail')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  const link = /https?:\/\/\S+confirmation_code=[\w-]+/.exec(letter.body)?.[0]
  expect(link).toBeTruthy()
  await page.goto(`${app.url}${new URL(link!).pathname}${new URL(link!).search}`)
  await page.waitForURL(/\/profile\/$/)
  await page
    .getByTestId('email-status')
    .filter({ hasText: `E-mail ${email} підтверджено` })
    .waitFor()
  const person = await db()
    .selectFrom('people')
    .select(['id', 'email_confirmed_at'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
  expect(person.email_confirmed_at).not.toBeNull()
  const tutor = await db()
    .selectFrom('tutors')
    .select(['id', 'name'])
    .where('person_id', '=', person.id)
    .executeTakeFirstOrThrow()
  expect(tutor.name).toBe('Ольга Мельник')

  // A save with a subject left unchosen is refused under that field, not saved.
  const form = page.getByTestId('profile-form')
  await form.getByRole('button', { name: 'Додати предмет' }).click()
  await form.getByRole('button', { name: 'Зберегти', exact: true }).click()
  // The message sits under the subject's select (its placeholder option reads the same words, so ask for the error).
  await form.locator('#subject-0-id-error').filter({ hasText: 'Оберіть предмет' }).waitFor()
  await form.getByLabel('Предмет', { exact: true }).selectOption({ label: 'Математика' })

  // A document the server refuses by its content: the refusal shows under the documents, nothing is kept.
  await form.getByTestId('documents-input').setInputFiles({
    name: 'fake.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<!doctype html><script>alert(1)</script>'),
  })
  await form.getByRole('button', { name: 'Зберегти', exact: true }).click()
  await form.locator('#new-documents-error').filter({ hasText: 'fake.pdf' }).waitFor()
  await form.getByRole('button', { name: 'Видалити: fake.pdf' }).click()
  expect(await db().selectFrom('tutor_documents').select('id').where('tutor_id', '=', tutor.id).execute()).toEqual([])

  // Subject with a level, a description, a home place in Kyiv (Podil), online too.
  await form.getByRole('checkbox', { name: 'Підготовка до НМТ' }).check()
  await form.getByLabel('Опис занять з предмета').fill('Алгебра й геометрія, 5–11 класи.')
  await form.getByLabel('Про себе').fill(ABOUT)
  await form.getByLabel('Вік').fill('34')
  await form.getByRole('checkbox', { name: 'У себе вдома' }).check()
  await form.getByTestId('add-city-home').click()
  await form.getByLabel('Місто', { exact: true }).selectOption({ label: 'Київ' })
  await form.getByRole('checkbox', { name: 'Поділ' }).check()
  await form.getByRole('checkbox', { name: 'Онлайн' }).check()
  await form.getByLabel('Застосунок для онлайн-занять').fill('Zoom')
  await form.getByLabel('Навчальний заклад').fill('КНУ імені Тараса Шевченка')
  await form.getByLabel('Рік закінчення').fill('2014')
  await form.getByRole('checkbox', { name: 'Пн, Вечір' }).check()
  await form.getByRole('checkbox', { name: 'Сб, Ранок' }).check()

  // Documents: a PDF (an icon with its name) and a PNG (a thumbnail), each with a description.
  const png = await photo()
  await form.getByTestId('documents-input').setInputFiles([
    { name: 'diploma.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'certificate.png', mimeType: 'image/png', buffer: png },
  ])
  await countIs(form.getByTestId('new-document'), 2)
  await form.getByTestId('new-document').nth(0).getByLabel('Опис документа').fill('Диплом магістра')
  await form.getByTestId('new-document').nth(1).getByLabel('Опис документа').fill('Сертифікат Cambridge')
  expect(
    await form.getByRole('img', { name: 'certificate.png' }).evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBe(480)
  await screenshot(page, 'tutor-cabinet-profile-filled')

  await form.getByRole('button', { name: 'Зберегти', exact: true }).click()
  await banner(page, 'Профіль збережено')
  await countIs(form.getByTestId('stored-document'), 2)
  await countIs(form.getByTestId('new-document'), 0)

  const saved = await db()
    .selectFrom('tutors')
    .select(['work_home', 'work_online', 'age', 'online_communication_app', 'schedule', 'description'])
    .where('id', '=', tutor.id)
    .executeTakeFirstOrThrow()
  expect(saved).toMatchObject({
    work_home: true,
    work_online: true,
    age: 34,
    online_communication_app: 'Zoom',
    description: ABOUT,
  })
  expect(saved.schedule).toEqual({ mon: ['evening'], sat: ['morning'] })
  expect(
    await db()
      .selectFrom('tutor_subject_levels')
      .select(['lesson_id', 'level_id'])
      .where('tutor_id', '=', tutor.id)
      .execute(),
  ).toEqual([{ lesson_id: r.lessons.math, level_id: r.levels.exam }])
  expect(
    await db()
      .selectFrom('tutor_places')
      .select(['kind', 'city_id', 'district_id'])
      .where('tutor_id', '=', tutor.id)
      .execute(),
  ).toEqual([{ kind: 'home', city_id: r.cities.kyiv, district_id: r.districts.podil }])
  const docs = await db()
    .selectFrom('tutor_documents')
    .select(['original_name', 'description', 'mime'])
    .where('tutor_id', '=', tutor.id)
    .orderBy('id')
    .execute()
  expect(docs).toEqual([
    { original_name: 'diploma.pdf', description: 'Диплом магістра', mime: 'application/pdf' },
    { original_name: 'certificate.png', description: 'Сертифікат Cambridge', mime: 'image/png' },
  ])
  // The stored document's link serves the file to its owner.
  const docLink = await form.getByRole('link', { name: 'diploma.pdf' }).getAttribute('href')
  const docRes = await page.request.get(`${app.url}${docLink}`)
  expect(docRes.status()).toBe(200)
  expect((await docRes.body()).subarray(0, 5).toString()).toBe('%PDF-')

  // The photo: chosen, previewed with the crop square, uploaded; the 130×130 preview is shown.
  await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
  await page.getByTestId('avatar-crop').waitFor()
  await page.getByLabel('Розмір').fill('200')
  await screenshot(page, 'tutor-cabinet-avatar-crop')
  // The answer is held back a little, so the progress bar can be seen.
  await page.route('**/tutor/profile/avatar/set*', async (route) => {
    await Bun.sleep(700) // the behaviour under test: a slow answer shows the progress bar
    await route.continue()
  })
  await page.getByRole('button', { name: 'Завантажити фото' }).click()
  await page.getByRole('progressbar', { name: 'Завантаження фото' }).waitFor()
  await banner(page, 'Фото збережено')
  expect(await page.getByRole('progressbar', { name: 'Завантаження фото' }).count()).toBe(0)
  const preview = page.getByTestId('avatar-preview')
  await preview.waitFor()
  await page.waitForFunction(
    () => (document.querySelector('[data-testid="avatar-preview"]') as HTMLImageElement | null)?.naturalWidth === 130,
  )
  expect(await preview.getAttribute('src')).toMatch(/^\/media\/avatars\/\d+\/.+-130\.jpg$/)
  const files = await db()
    .selectFrom('tutors')
    .select('avatar_files')
    .where('id', '=', tutor.id)
    .executeTakeFirstOrThrow()
  expect((files.avatar_files as { crop: unknown }).crop).toEqual({ x: 140, y: 60, width: 200, height: 200 })
  // A tighter crop of the current photo: the selection on its main image, sent as original pixels.
  await page.getByRole('button', { name: 'Обрізати' }).click()
  await page.getByTestId('avatar-recrop').waitFor()
  await page.getByLabel('Розмір').fill('100')
  await page.getByTestId('avatar-recrop').getByRole('button', { name: 'Обрізати' }).click()
  await banner(page, 'Фото збережено')
  await page.getByTestId('avatar-recrop').waitFor({ state: 'detached' })
  const recropped = await db()
    .selectFrom('tutors')
    .select('avatar_files')
    .where('id', '=', tutor.id)
    .executeTakeFirstOrThrow()
  expect((recropped.avatar_files as { crop: unknown }).crop).toEqual({ x: 190, y: 110, width: 100, height: 100 })

  // A complete profile now offers the verification page.
  await page.getByRole('navigation', { name: 'Розділи кабінету' }).getByRole('link', { name: 'Верифікація' }).waitFor()
  await page.getByText('Не опубліковано').waitFor()
  await screenshot(page, 'tutor-cabinet-profile-saved')

  // Not yet in the catalogue; staff publish; listed under the subject and city.
  await page.goto(`${app.url}/tutors/matematyka/kyiv/`)
  expect(await page.locator('main').textContent()).not.toContain('Ольга Мельник')
  const staff = await makeStaff(app, 1)
  const admin = await signedIn(app, { staff: staff.email })
  expect((await admin.api.post('/admin/tutor/publish', { tutor_id: tutor.id })).status).toBe(200)
  await page.goto(`${app.url}/tutors/matematyka/kyiv/`)
  await page.locator('main').getByText('Ольга Мельник').first().waitFor()
  await screenshot(page, 'tutor-cabinet-catalogue')
  await page.goto(`${app.url}/profile/`)
  await page.getByText('Опубліковано в каталозі').waitFor()
  expect(errors).toEqual([])
})

test('/settings: subscription, privacy, the data download, deletion requested and cancelled', async () => {
  await fixture()
  const me = await makePerson(app, { tutor: true })
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors = watchConsole(page)
  await signIn(page, me.email)
  await page.goto(`${app.url}/settings`)
  const subscribe = page.getByTestId('email-subscribe')
  await until(() => subscribe.isEnabled())
  const before = (
    await db().selectFrom('tutors').select('email_subscribe').where('id', '=', me.tutorId!).executeTakeFirstOrThrow()
  ).email_subscribe
  expect(await subscribe.isChecked()).toBe(before)
  await subscribe.click()
  await banner(page, 'Налаштування розсилки збережено')
  expect(
    (await db().selectFrom('tutors').select('email_subscribe').where('id', '=', me.tutorId!).executeTakeFirstOrThrow())
      .email_subscribe,
  ).toBe(!before)
  expect(await subscribe.isChecked()).toBe(!before)

  // Privacy flags.
  const privacy = page.getByTestId('privacy-form')
  await privacy.getByRole('checkbox', { name: 'Не показувати мій телефон учням' }).check()
  await privacy.getByRole('button', { name: 'Зберегти' }).click()
  await banner(page, 'Налаштування приватності збережено')
  expect(
    (await db().selectFrom('tutors').select('hide_phone').where('id', '=', me.tutorId!).executeTakeFirstOrThrow())
      .hide_phone,
  ).toBe(true)

  // "Download my data" is a plain link to the ZIP.
  const href = await page.getByRole('link', { name: 'Завантажити мої дані (ZIP)' }).getAttribute('href')
  const zip = await page.request.get(`${app.url}${href}`)
  expect(zip.status()).toBe(200)
  expect(zip.headers()['content-type']).toBe('application/zip')
  expect((await zip.body()).subarray(0, 2).toString()).toBe('PK')

  // A wrong password confirmation stays in the browser.
  await page.getByLabel('Новий пароль').fill('new-password-123')
  await page.getByLabel('Повторіть пароль').fill('new-password-124')
  await page.getByRole('button', { name: 'Змінити пароль' }).click()
  await page.getByText('Паролі не збігаються').waitFor()
  // The server asks for the current password; a wrong one is shown under its field.
  await page.getByLabel('Повторіть пароль').fill('new-password-123')
  await page.getByLabel('Поточний пароль').fill('not-my-password')
  await page.getByRole('button', { name: 'Змінити пароль' }).click()
  await page.locator('#current-password-error').getByText('Невірний пароль').waitFor()
  await screenshot(page, 'tutor-cabinet-settings')

  // The phone: a code by SMS (read from the outbox), a wrong one refused under the field, then confirmed.
  const phone = page.getByTestId('phone-box')
  await phone.getByRole('button', { name: 'Надіслати код' }).click()
  await banner(page, 'Код надіслано в SMS')
  const sms = await db()
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', `+38${me.phone}`)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  const code = /\d{4,8}/.exec(sms.body)![0]
  await phone.getByLabel('Код із SMS').fill(code === '000000' ? '111111' : '000000')
  await phone.getByRole('button', { name: 'Підтвердити' }).click()
  await phone.locator('#phone-code-error').waitFor()
  await phone.getByLabel('Код із SMS').fill(code)
  await phone.getByRole('button', { name: 'Підтвердити' }).click()
  await phone.getByText(`Телефон +38${me.phone} підтверджено`).waitFor()
  expect(
    (
      await db()
        .selectFrom('people')
        .select('phone_confirmed_at')
        .where('id', '=', me.personId)
        .executeTakeFirstOrThrow()
    ).phone_confirmed_at,
  ).not.toBeNull()

  // Deletion: the dialog asks first; cancelling the dialog changes nothing.
  const deletion = page.getByTestId('deletion')
  await deletion.getByRole('button', { name: 'Видалити профіль' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Видалити профіль?' })
  await dialog.waitFor()
  await screenshot(page, 'tutor-cabinet-delete-dialog')
  await dialog.getByRole('button', { name: 'Скасувати' }).click()
  await dialog.waitFor({ state: 'detached' })
  expect(
    (
      await db()
        .selectFrom('tutors')
        .select('deletion_requested_at')
        .where('id', '=', me.tutorId!)
        .executeTakeFirstOrThrow()
    ).deletion_requested_at,
  ).toBeNull()

  await deletion.getByRole('button', { name: 'Видалити профіль' }).click()
  await dialog.getByRole('button', { name: 'Так, видалити' }).click()
  await banner(page, 'Запит на видалення надіслано')
  await deletion.getByText('Ви попросили видалити профіль').waitFor()
  const requested = await db()
    .selectFrom('tutors')
    .select(['deletion_requested_at', 'active'])
    .where('id', '=', me.tutorId!)
    .executeTakeFirstOrThrow()
  expect(requested.deletion_requested_at).not.toBeNull()
  expect(requested.active).toBe(false)
  await screenshot(page, 'tutor-cabinet-delete-requested')

  await deletion.getByRole('button', { name: 'Скасувати видалення' }).click()
  await banner(page, 'Запит на видалення скасовано')
  await deletion.getByRole('button', { name: 'Видалити профіль' }).waitFor()
  const cancelled = await db()
    .selectFrom('tutors')
    .select(['deletion_requested_at', 'active'])
    .where('id', '=', me.tutorId!)
    .executeTakeFirstOrThrow()
  expect(cancelled).toEqual({ deletion_requested_at: null, active: true })
  expect(errors).toEqual([])
})

test('/verified-tutor: an incomplete profile sees what is missing; a complete one asks for verification', async () => {
  const r = await fixture()
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors = watchConsole(page)

  const incomplete = await makePerson(app, { tutor: true })
  await signIn(page, incomplete.email)
  // A wrong confirmation link comes back with code_error, which the profile status explains.
  await page.goto(`${app.url}/profile/?confirmation_code=not-a-code`)
  await page.waitForURL(/code_error=1/)
  await page.getByRole('alert').filter({ hasText: 'Посилання для підтвердження e-mail недійсне' }).waitFor()
  await page.goto(`${app.url}/verified-tutor`)
  const missing = page.getByTestId('verification-missing')
  await missing.waitFor()
  expect(await missing.getByRole('listitem').allTextContents()).toEqual([
    'фото',
    'хоча б один предмет',
    'місце занять (місто) або онлайн',
    'розповідь «Про себе» від 100 символів',
    'підтверджений e-mail',
  ])
  expect(await page.getByRole('button', { name: 'Подати запит на верифікацію' }).count()).toBe(0)
  await screenshot(page, 'tutor-cabinet-verified-missing')

  // A complete profile (photo, subject, online, description, confirmed e-mail).
  const ready = await makePerson(app, { tutor: true })
  await db()
    .updateTable('tutors')
    .set({ avatar_url: '/media/avatars/x.jpg', work_online: true, description: ABOUT })
    .where('id', '=', ready.tutorId!)
    .execute()
  await db()
    .insertInto('tutor_subjects')
    .values({ tutor_id: ready.tutorId!, lesson_id: r.lessons.math, description: '', sort: 0 })
    .execute()
  await db()
    .updateTable('people')
    .set({ email_confirmed_at: sql<Date>`now()` })
    .where('id', '=', ready.personId)
    .execute()
  await signIn(page, ready.email)
  await page.goto(`${app.url}/profile/`)
  // The indicators are cached in localStorage with their lastUpdate (24 h) and open the nav entry.
  const nav = page.getByRole('navigation', { name: 'Розділи кабінету' })
  await nav.getByRole('link', { name: 'Верифікація' }).click()
  await page.waitForURL(/\/verified-tutor$/)
  const cached = JSON.parse((await page.evaluate(() => localStorage.getItem('tutor_indicators'))) ?? 'null')
  expect(cached).toMatchObject({ is_allow_verification: true, tutorId: ready.tutorId })
  expect(Date.now() - Date.parse(cached.lastUpdate)).toBeLessThan(60_000)

  await page.getByText('Профіль заповнено').waitFor()
  await page.getByRole('button', { name: 'Подати запит на верифікацію' }).click()
  await banner(page, 'Запит на верифікацію надіслано')
  await page.getByTestId('verification').getByText('Запит надіслано').waitFor()
  expect(
    (
      await db()
        .selectFrom('tutors')
        .select('verification_requested_at')
        .where('id', '=', ready.tutorId!)
        .executeTakeFirstOrThrow()
    ).verification_requested_at,
  ).not.toBeNull()
  await screenshot(page, 'tutor-cabinet-verified-requested')

  // On a phone the navigation is a row of tabs above the screen.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`${app.url}/profile/`)
  await page.getByRole('heading', { name: 'Мій профіль' }).waitFor()
  await page.getByTestId('profile-form').waitFor()
  await screenshot(page, 'tutor-cabinet-profile-mobile')
  expect(errors).toEqual([])
})

test('the profile status says "published" only when the catalogue lists the profile', async () => {
  const r = await fixture()
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors = watchConsole(page)
  // Published by a moderator, but with no subject and no place: the listing rule keeps it out.
  const bare = await makePerson(app, { tutor: true })
  await db().updateTable('tutors').set({ published: true }).where('id', '=', bare.tutorId!).execute()
  await signIn(page, bare.email)
  await page.goto(`${app.url}/profile/`)
  const status = page.getByTestId('profile-status')
  await status.getByText('Схвалено модератором, але в каталозі ще немає: виконайте кроки нижче').waitFor()
  expect(await status.getByText('Опубліковано в каталозі').count()).toBe(0)
  await screenshot(page, 'tutor-cabinet-status-published-not-listed', { fullPage: false })

  // With a subject and online lessons the same publication lists it.
  await db()
    .insertInto('tutor_subjects')
    .values({ tutor_id: bare.tutorId!, lesson_id: r.lessons.math, description: '', sort: 0 })
    .execute()
  await db().updateTable('tutors').set({ work_online: true }).where('id', '=', bare.tutorId!).execute()
  await page.reload()
  await status.getByText('Опубліковано в каталозі').waitFor()
  expect(await status.getByText('Схвалено модератором').count()).toBe(0)
  expect(errors).toEqual([])
  await page.close()
})

test('on a phone the cabinet’s tabs show the current one, even the last of the row', async () => {
  const me = await makePerson(app, { tutor: true })
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
  await signIn(page, me.email)
  await page.goto(`${app.url}/affiliate`)
  const current = page
    .getByRole('navigation', { name: accountUa['account.nav_label'] })
    .locator('[aria-current="page"]')
  await current.waitFor()
  const box = (await current.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(390)
  await screenshot(page, 'tutor-cabinet-phone-tabs')
  await page.close()
})
