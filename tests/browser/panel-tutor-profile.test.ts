// Staff edit a tutor's profile in the panel (the cabinet's own form sections), add a tutor through
// the "Add a tutor" dialog, and the header menu's /verified-tutor item follows the cached tutor
// indicators (staff tools; docs/api.md#admin-tutors, docs/product.md#3-entities-and-their-fields).
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { PASSWORD, type TestApp, makePerson, makeStaff } from '../helpers/app'
import { screenshot, watchConsole, withBrowserApp, panelSignIn } from '../helpers/browser'
import { type Ref, referenceFixture } from '../helpers/catalogue'

let app: TestApp
let browser: Browser
let ref: Ref
const db = () => app.services.db

withBrowserApp((s) => ({ app, browser } = s))

async function fixture() {
  ref ??= await referenceFixture(db())
  return ref
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')
const DESCRIPTION =
  'Готую до НМТ з математики вже десять років; пояснюю просто, даю домашні завдання і перевіряю їх щотижня.'

test('staff edit a tutor’s description and subjects; the change survives a reload and shows on the public profile', async () => {
  await fixture()
  const staff = await makeStaff(app, 2)
  const person = await makePerson(app, { tutor: true })
  const id = person.tutorId!
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/users_show/${id}`)
  await page.getByTestId('tutor-editor').waitFor()

  // Publish first, so the public profile exists.
  await page.getByRole('button', { name: 'Опублікувати', exact: true }).click()
  await page.getByRole('status').getByText('Профіль опубліковано').waitFor()

  await page.getByTestId('tutor-edit-profile').click()
  const form = page.getByTestId('tutor-profile-form')
  await form.waitFor()
  await form.getByLabel('Про себе').fill(DESCRIPTION)
  await form.getByRole('button', { name: 'Додати предмет' }).click()
  await form.getByLabel('Предмет', { exact: true }).selectOption({ label: 'Математика' })
  await form.getByRole('checkbox', { name: 'Підготовка до НМТ' }).check()
  await form.getByLabel('Опис занять з предмета').fill('Алгебра і геометрія')
  // A refused field is shown next to it, and nothing is saved.
  await form.getByLabel('Вік').fill('3')
  await form.getByTestId('tutor-profile-save').click()
  await form.locator('#profile-age-error').waitFor()
  expect(
    (await db().selectFrom('tutors').select('description').where('id', '=', id).executeTakeFirstOrThrow()).description,
  ).not.toBe(DESCRIPTION)
  await form.getByLabel('Вік').fill('34')
  // A document staff add goes with the save; the tutor's stored ones stay.
  await form
    .getByTestId('documents-input')
    .setInputFiles({ name: 'diploma.pdf', mimeType: 'application/pdf', buffer: PDF })
  await form.getByTestId('new-document').getByLabel('Опис документа').fill('Диплом')
  await screenshot(page, 'panel-tutor-profile-edit')
  await form.getByTestId('tutor-profile-save').click()
  await page.getByRole('status').getByText('Профіль збережено').waitFor()
  // The activity log refreshes with the save.
  await page
    .getByRole('table', { name: 'Журнал дій' })
    .getByText(/^Збережено профіль/)
    .first()
    .waitFor()

  await page.reload()
  await page.getByTestId('tutor-editor').waitFor()
  // In the profile card and in the card that shows the tutor as the public will.
  await page.getByText(DESCRIPTION).first().waitFor()
  await page.getByTestId('tutor-public-view').getByText(DESCRIPTION).waitFor()
  await page.getByTestId('tutor-edit-profile').click()
  await expect(form.getByLabel('Про себе').inputValue()).resolves.toBe(DESCRIPTION)
  // The subject select shows its choice once the reference lessons have loaded.
  await form.locator('#subject-0-id option:checked', { hasText: 'Математика' }).waitFor({ state: 'attached' })
  await expect(form.getByLabel('Предмет', { exact: true }).inputValue()).resolves.toBe(String(ref.lessons.math))
  expect(await form.getByRole('checkbox', { name: 'Підготовка до НМТ' }).isChecked()).toBe(true)
  expect(await form.getByRole('checkbox', { name: 'Шкільна програма' }).isChecked()).toBe(false)
  await screenshot(page, 'panel-tutor-profile-reloaded')

  const levels = await db()
    .selectFrom('tutor_subject_levels')
    .select(['lesson_id', 'level_id'])
    .where('tutor_id', '=', id)
    .execute()
  expect(levels).toEqual([{ lesson_id: ref.lessons.math, level_id: ref.levels.exam }])

  const docs = await db()
    .selectFrom('tutor_documents')
    .select(['description', 'mime'])
    .where('tutor_id', '=', id)
    .where('deleted_at', 'is', null)
    .execute()
  expect(docs).toEqual([{ description: 'Диплом', mime: 'application/pdf' }])

  const pub = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await pub.goto(`${app.url}/user-${id}/`)
  await pub.getByText(DESCRIPTION).first().waitFor()
  await screenshot(pub, 'panel-tutor-profile-public')
  await pub.close()
  expect(errors).toEqual([])
  await page.close()
})

test('staff add a tutor through the dialog; the editor opens and the tutor signs in with the given password', async () => {
  await fixture()
  const staff = await makeStaff(app, 2)
  const taken = await makePerson(app, { tutor: true })
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/users_show`)
  await page.getByTestId('add-tutor').click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Ім’я').fill('Марія Коваль')
  // A taken e-mail is refused under the field and nobody is made.
  await dialog.getByLabel('E-mail').fill(taken.email)
  await dialog.getByLabel('Пароль', { exact: true }).fill('new-tutor-pass-1')
  await dialog.getByLabel('Повторіть пароль').fill('new-tutor-pass-1')
  await dialog.getByLabel('Перший предмет (необов’язково)').selectOption({ label: 'Англійська мова' })
  await dialog.getByTestId('add-tutor-submit').click()
  await dialog.locator('#new-tutor-email-error').waitFor()
  await screenshot(page, 'panel-add-tutor-error')

  const email = `maria-${Date.now()}@example.com`
  await dialog.getByLabel('E-mail').fill(email)
  await dialog.getByTestId('add-tutor-submit').click()
  await page.getByRole('status').getByText('Репетитора створено').waitFor()
  const row = await db()
    .selectFrom('tutors as t')
    .innerJoin('people as p', 'p.id', 't.person_id')
    .select(['t.id', 't.name', 't.published'])
    .where('p.email', '=', email)
    .executeTakeFirstOrThrow()
  expect(row).toMatchObject({ name: 'Марія Коваль', published: false })
  await page.waitForURL(new RegExp(`/panel/users_show/${row.id}$`))
  await page.getByTestId('tutor-editor').getByText('Марія Коваль').first().waitFor()
  const subjects = await db().selectFrom('tutor_subjects').select('lesson_id').where('tutor_id', '=', row.id).execute()
  expect(subjects).toEqual([{ lesson_id: ref.lessons.english }])
  await screenshot(page, 'panel-add-tutor-created')
  expect(errors).toEqual([])

  // The new tutor signs in at /login with that password.
  const tutorPage = await (await browser.newContext()).newPage()
  await tutorPage.goto(`${app.url}/login`)
  await tutorPage.getByLabel('E-mail або телефон').fill(email)
  await tutorPage.getByLabel('Пароль').fill('new-tutor-pass-1')
  await tutorPage.getByTestId('login-form').getByRole('button', { name: 'Увійти' }).click()
  await tutorPage.waitForURL(/\/profile\/?$/)
  await tutorPage.close()
  await page.close()
})

test('the user menu shows /verified-tutor only when the cached indicators allow verification', async () => {
  const tutor = await makePerson(app, { tutor: true })
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const errors = watchConsole(page)
  expect(
    (await page.request.post(`${app.url}/tutor/login`, { data: { login: tutor.email, password: PASSWORD } })).status(),
  ).toBe(200)
  const item = page.getByRole('menuitem', { name: 'Верифікація' })
  const openMenu = async () => {
    await page.goto(`${app.url}/`)
    await page.getByTestId('user-menu').click()
    await page.getByRole('menuitem', { name: 'Налаштування' }).waitFor()
  }
  const cache = (v: object | null) =>
    page.evaluate(
      (v) =>
        v ? localStorage.setItem('tutor_indicators', JSON.stringify(v)) : localStorage.removeItem('tutor_indicators'),
      v,
    )

  // No cache: hidden (the menu asks no server of its own).
  await page.goto(`${app.url}/`)
  await cache(null)
  await openMenu()
  expect(await item.count()).toBe(0)

  const fresh = {
    is_allow_verification: true,
    missing: [],
    lastUpdate: new Date().toISOString(),
    tutorId: tutor.tutorId,
  }
  await cache(fresh)
  await openMenu()
  await item.waitFor()
  expect(await item.getAttribute('href')).toContain('/verified-tutor')
  await screenshot(page, 'user-menu-verified-tutor')

  // Not allowed, older than 24 h, or another tutor's: hidden.
  for (const v of [
    { ...fresh, is_allow_verification: false },
    { ...fresh, lastUpdate: new Date(Date.now() - 25 * 3600_000).toISOString() },
    { ...fresh, tutorId: tutor.tutorId! + 1000 },
  ]) {
    await cache(v)
    await openMenu()
    expect(await item.count()).toBe(0)
  }
  expect(errors).toEqual([])
  await context.close()
})
