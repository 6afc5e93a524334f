// Forms built with useActionForm (client/ui/form): the order form from a tutor's profile lists the
// tutor's subjects and shows what is missing; a server 422 lands under the field it names in
// the panel's set_paid dialog and the tutor profile editor.
import { describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { jsonb } from '../../db/jsonb'
import { t } from '../../i18n/keys'
import { ordersUa } from '../../i18n/areas/orders/ua'
import { type TestApp, makePerson, makeStaff } from '../helpers/app'
import { panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { type Ref, makeTutor, referenceFixture } from '../helpers/catalogue'
import { makeOrder } from '../helpers/orders'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

let refMade: Promise<Ref> | null = null
const reference = () => (refMade ??= referenceFixture(app.services.db))
const ot = (k: keyof typeof ordersUa) => ordersUa[k]

async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'uk-UA',
    timezoneId: 'Europe/Kiev',
  })
  const page = await context.newPage()
  return { page, errors: watchConsole(page) }
}

const ordersOf = (tutorId: number) =>
  app.services.db.selectFrom('orders').select(['id', 'lesson_id']).where('personal_tutor_id', '=', tutorId).execute()

describe('the order form (/request/tutor/{id}/)', () => {
  test('reached from the profile, it lists the tutor’s subjects; missing fields show their errors, focus on the first', async () => {
    const ref = await reference()
    const tutorId = await makeTutor(app.services.db, {
      name: 'Марія Гнатюк',
      subjects: [
        { lesson: ref.lessons.math, levels: [ref.levels.exam] },
        { lesson: ref.lessons.english, levels: [ref.levels.b2] },
      ],
      online: true,
    })
    const { page, errors } = await newPage()
    await page.goto(`${app.url}/user-${tutorId}/`)
    await page.getByRole('link', { name: t('ua', 'profile.order') }).click()
    await page.waitForURL(new RegExp(`/request/tutor/${tutorId}/$`))
    const form = page.getByTestId('request-form')
    await form.waitFor()
    expect(await form.getByLabel(ot('orders.subject')).locator('option').allTextContents()).toEqual([
      'Математика',
      'Англійська мова',
    ])
    await form.getByLabel(ot('orders.subject')).selectOption({ label: 'Англійська мова' })
    await form.getByLabel(ot('orders.level')).selectOption({ label: 'B2' })

    // Nothing filled in the contacts: each missing field says so, and the first one has the focus.
    await form.getByRole('button', { name: ot('orders.request.submit') }).click()
    for (const id of ['req-name', 'req-phone', 'req-email']) await form.locator(`#${id}-error`).waitFor()
    expect(await form.locator('#req-name-error').textContent()).toBe(t('ua', 'validation.required'))
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('req-name')
    await screenshot(page, 'forms-request-missing')
    expect(await ordersOf(tutorId)).toEqual([])

    await form.getByLabel(ot('orders.request.name')).fill('Олег')
    await form.getByLabel(ot('orders.request.phone')).fill('067 123 45 67')
    await form.getByLabel(ot('orders.request.email')).fill(`forms-${Date.now()}@example.com`)
    await form.getByRole('button', { name: ot('orders.request.submit') }).click()
    await page.getByTestId('request-sent').waitFor()
    expect(await ordersOf(tutorId)).toEqual([{ id: expect.any(Number), lesson_id: ref.lessons.english }])
    expect(errors).toEqual([])
    await page.context().close()
  }, 90_000)

  test('a tutor who lists no subject can still be asked (the form used to stop on a hidden subject error)', async () => {
    await reference()
    const tutorId = await makeTutor(app.services.db, { name: 'Остап Бойко', online: true })
    const { page, errors } = await newPage()
    await page.goto(`${app.url}/request/tutor/${tutorId}/`)
    const form = page.getByTestId('request-form')
    await form.waitFor()
    expect(await form.getByLabel(ot('orders.subject')).count()).toBe(0)
    await form.getByLabel(ot('orders.request.name')).fill('Олег')
    await form.getByLabel(ot('orders.request.phone')).fill('067 123 45 67')
    await form.getByLabel(ot('orders.request.email')).fill(`forms-none-${Date.now()}@example.com`)
    await form.getByRole('button', { name: ot('orders.request.submit') }).click()
    await page.getByTestId('request-sent').waitFor()
    expect(await ordersOf(tutorId)).toEqual([{ id: expect.any(Number), lesson_id: null }])
    expect(errors).toEqual([])
    await page.context().close()
  }, 90_000)
})

describe('a server 422 lands under its field', () => {
  test('the order editor’s set_paid dialog: a payment date in the future (a server rule) shows under the date', async () => {
    const staff = await makeStaff(app, 2)
    const { orderId } = await makeOrder(app, { status: 4 })
    const { page, errors } = await newPage()
    await panelSignIn(page, app.url, staff.email)
    await page.goto(`${app.url}/panel/users_orders/${orderId}`)
    await page.locator('[data-testid="order-editor"][data-status="4"]').waitFor()
    await page
      .getByTestId('staff-actions')
      .getByRole('button', { name: ot('orders.action.set_paid') })
      .click()
    const dialog = page.getByRole('dialog')
    // The procedure's own schema checks first, in the browser: nothing filled, nothing sent.
    await dialog.getByLabel(ot('orders.staff.amount')).fill('')
    await dialog.getByRole('button', { name: ot('orders.save') }).click()
    await dialog.locator('#paid-amount-error').waitFor()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('paid-amount')
    // Passes the schema, refused by the server: the message is under the date, which has the focus.
    await dialog.getByLabel(ot('orders.staff.amount')).fill('400')
    await dialog.getByLabel(ot('orders.staff.method')).fill('Картка')
    await dialog.getByLabel(ot('orders.staff.pay_date')).fill('2099-01-01')
    await dialog.getByRole('button', { name: ot('orders.save') }).click()
    await dialog.locator('#paid-date-error').waitFor()
    expect(await dialog.locator('#paid-date-error').textContent()).toBe(t('ua', 'validation.invalid'))
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('paid-date')
    expect(await dialog.locator('#paid-amount-error').count()).toBe(0)
    await screenshot(page, 'forms-set-paid-422')
    expect(
      (await app.services.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow())
        .status,
    ).toBe(4)
    // Corrected, it saves: the dialog closes and the order is paid.
    await dialog.getByLabel(ot('orders.staff.pay_date')).fill(new Date().toISOString().slice(0, 10))
    await dialog.getByRole('button', { name: ot('orders.save') }).click()
    await page.locator('[data-testid="order-editor"][data-status="7"]').waitFor()
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(errors.filter((e) => !e.includes('422'))).toEqual([])
    await page.context().close()
  }, 90_000)

  test('the tutor profile editor: a subject withdrawn from the edition while the form was open (a server rule) shows under it', async () => {
    await reference()
    const db = app.services.db
    const chemistry = (
      await db
        .insertInto('lessons')
        .values({ edition: 'ua', alias: 'khimiia-forms', names: jsonb({ ua: 'Хімія', en: 'chemistry' }) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
    const staff = await makeStaff(app, 2)
    const person = await makePerson(app, { tutor: true })
    const { page, errors } = await newPage()
    await panelSignIn(page, app.url, staff.email)
    await page.goto(`${app.url}/panel/users_show/${person.tutorId}`)
    await page.getByTestId('tutor-editor').waitFor()
    await page.getByTestId('tutor-edit-profile').click()
    const form = page.getByTestId('tutor-profile-form')
    await form.waitFor()
    await form
      .getByLabel('Про себе')
      .fill('Хімія для школярів і абітурієнтів: пояснюю на прикладах, готую до олімпіад і до НМТ.')
    await form.getByRole('button', { name: 'Додати предмет' }).click()
    await form.locator('#subject-0-id').selectOption({ label: 'Хімія' })
    // The subject passes the form's schema (an id); the server no longer finds it in this edition.
    await db.updateTable('lessons').set({ edition: 'pl' }).where('id', '=', chemistry).execute()
    await form.getByTestId('tutor-profile-save').click()
    await form.locator('#subject-0-id-error').waitFor()
    expect(await form.locator('#subject-0-id-error').textContent()).toBe(t('ua', 'validation.invalid'))
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('subject-0-id')
    await screenshot(page, 'forms-tutor-profile-422')
    expect(
      await db.selectFrom('tutor_subjects').select('lesson_id').where('tutor_id', '=', person.tutorId!).execute(),
    ).toEqual([])
    expect(errors.filter((e) => !e.includes('422'))).toEqual([])
    await page.context().close()
  }, 90_000)
})
