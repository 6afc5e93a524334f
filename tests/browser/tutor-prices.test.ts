// The tutor sets their own prices in the profile editor: a wrong price shows its
// message under the field, a right one is saved and shows on the public profile (per subject and in
// the order box) and on the catalogue card. Screenshots: test-results/screenshots/tutor-prices-*.png.
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { PASSWORD, type TestApp, makePerson, makeStaff } from '../helpers/app'
import { panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { referenceFixture } from '../helpers/catalogue'

let app: TestApp
let browser: Browser
let refMade: ReturnType<typeof referenceFixture> | undefined
const db = () => app.services.db
const fixture = () => (refMade ??= referenceFixture(db()))

withBrowserApp((s) => {
  ;({ app, browser } = s)
})

test('a tutor sets prices in the editor and sees them on the profile and the card', async () => {
  const ref = await fixture()
  const p = await makePerson(app, { tutor: true })
  const tutorId = p.tutorId!
  await db()
    .updateTable('tutors')
    .set({ name: 'Ганна Ціненко', published: true, active: true, work_online: true })
    .where('id', '=', tutorId)
    .execute()
  await db().insertInto('tutor_subjects').values({ tutor_id: tutorId, lesson_id: ref.lessons.math, sort: 0 }).execute()

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors = watchConsole(page)
  expect(
    (await page.request.post(`${app.url}/tutor/login`, { data: { login: p.email, password: PASSWORD } })).status(),
  ).toBe(200)
  await page.goto(`${app.url}/profile/`)
  const form = page.getByTestId('prices-form')
  await form.waitFor()
  await form.getByRole('group', { name: 'Математика' }).waitFor()

  // 45 minutes without the hour's price: the server's 422 lands under the 60-minute field.
  await form.getByLabel('45 хв').fill('320')
  await form.getByRole('button', { name: 'Зберегти ціни' }).click()
  await form.locator(`#price-${ref.lessons.math}-60-error`).filter({ hasText: "Обов'язкове поле" }).waitFor()
  await screenshot(page, 'tutor-prices-error')

  await form.getByLabel('60 хв').fill('450')
  await form.getByLabel('90 хв').fill('640.50')
  await form.getByRole('button', { name: 'Зберегти ціни' }).click()
  await page.getByRole('status').filter({ hasText: 'Ціни збережено' }).first().waitFor()
  await form.locator(`#price-${ref.lessons.math}-60-error`).waitFor({ state: 'detached' })
  await form.scrollIntoViewIfNeeded()
  await screenshot(page, 'tutor-prices-editor')
  const stored = await db()
    .selectFrom('tutor_prices')
    .select(['minutes', 'price_minor'])
    .where('tutor_id', '=', tutorId)
    .orderBy('minutes')
    .execute()
  expect(stored).toEqual([
    { minutes: 45, price_minor: 32000 },
    { minutes: 60, price_minor: 45000 },
    { minutes: 90, price_minor: 64050 },
  ])

  // The public profile: the order box and the subject's prices.
  await page.goto(`${app.url}/user-${tutorId}/`)
  await expect(page.getByTestId('profile-price').first().textContent()).resolves.toBe('450 ₴ / 60 хв')
  const listed = page.getByTestId('subject-prices').first()
  await expect(listed.textContent()).resolves.toBe('45 хв · 320 ₴60 хв · 450 ₴90 хв · 640,50 ₴')
  await screenshot(page, 'tutor-prices-profile')

  // The catalogue card of that subject.
  await page.goto(`${app.url}/tutors-online/matematyka/`)
  const card = page.getByTestId('tutor-card').filter({ hasText: 'Ганна Ціненко' })
  await card.getByText('450 ₴ / 60 хв').first().waitFor()
  await screenshot(page, 'tutor-prices-card')
  expect(errors).toEqual([])
  await page.close()
})

test("staff set a tutor's prices in the panel editor", async () => {
  const ref = await fixture()
  const staff = await makeStaff(app, 2)
  const p = await makePerson(app, { tutor: true })
  const tutorId = p.tutorId!
  await db()
    .insertInto('tutor_subjects')
    .values({ tutor_id: tutorId, lesson_id: ref.lessons.english, sort: 0 })
    .execute()
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/users_show/${tutorId}`)
  await page.getByTestId('tutor-edit-profile').click()
  const form = page.getByTestId('tutor-profile-form').getByTestId('prices-form')
  await form.getByRole('group', { name: 'Англійська мова' }).waitFor()
  await form.getByLabel('60 хв').fill('20001')
  await form.getByRole('button', { name: 'Зберегти ціни' }).click()
  await form.locator(`#price-${ref.lessons.english}-60-error`).filter({ hasText: 'Невірне значення' }).waitFor()
  await form.getByLabel('60 хв').fill('380')
  await form.getByRole('button', { name: 'Зберегти ціни' }).click()
  await page.getByRole('status').filter({ hasText: 'Ціни збережено' }).first().waitFor()
  await form.scrollIntoViewIfNeeded()
  await screenshot(page, 'tutor-prices-panel')
  const stored = await db()
    .selectFrom('tutor_prices')
    .select(['minutes', 'price_minor'])
    .where('tutor_id', '=', tutorId)
    .execute()
  expect(stored).toEqual([{ minutes: 60, price_minor: 38000 }])
  expect(errors).toEqual([])
  await page.close()
})
