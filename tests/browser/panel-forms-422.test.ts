// The panel's forms tell a refusal under the field it is about: the call's own zod
// schema checks the form in the browser first, and a 422 the server alone can give (a payment dated
// in the future, a taken e-mail) lands under the field it names, which takes the focus — not only in
// the status banner. Then the corrected form is saved.
import { describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { panelUa } from '../../i18n/areas/panel/ua'
import { ordersUa } from '../../i18n/areas/orders/ua'
import { t } from '../../i18n/keys'
import { type TestApp, makeStaff } from '../helpers/app'
import { panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { makeOrder } from '../helpers/orders'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

const ot = (k: keyof typeof ordersUa) => ordersUa[k]
const pt = (k: keyof typeof panelUa) => panelUa[k]

async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'uk-UA',
    timezoneId: 'Europe/Kiev',
  })
  const page = await context.newPage()
  return { page, errors: watchConsole(page) }
}

/** The id of the element that has the focus. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '')

/** What the status banner says ('' when it is empty). */
const banner = async (page: Page) => ((await page.getByRole('status').first().textContent()) ?? '').trim()

/** A day as the date input takes it, `days` from today. */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

describe('order editor, the set_paid dialog', () => {
  test('the schema refuses an empty payment; a date in the future is refused under the date; a valid payment is saved', async () => {
    const { orderId } = await makeOrder(app, { client_name: 'Оплата Тест', status: 5 })
    const staff = await makeStaff(app, 2)
    const { page, errors } = await newPage()
    await panelSignIn(page, app.url, staff.email)
    await page.goto(`${app.url}/panel/users_orders/${orderId}`)
    await page.locator('[data-testid="order-editor"][data-status="5"]').waitFor()

    await page
      .getByTestId('staff-actions')
      .getByRole('button', { name: ot('orders.action.set_paid'), exact: true })
      .click()
    const dialog = page.getByRole('dialog')
    const save = dialog.getByRole('button', { name: ot('orders.save') })

    // Empty: the procedure's own schema answers in the browser, under amount and method; amount has the focus.
    await save.click()
    await dialog.locator('#paid-amount-error').waitFor()
    expect(await dialog.locator('#paid-amount-error').textContent()).toBe(t('ua', 'validation.invalid'))
    expect(await dialog.locator('#paid-method-error').textContent()).toBe(t('ua', 'validation.required'))
    expect(await focused(page)).toBe('paid-amount')

    // A date two days ahead passes the schema; the server refuses it (422 on payment_data.date).
    await dialog.getByLabel(ot('orders.staff.amount')).fill('450.50')
    await dialog.getByLabel(ot('orders.staff.method')).fill('Картка')
    await dialog.getByLabel(ot('orders.staff.pay_date')).fill(day(3))
    await dialog.getByLabel(ot('orders.comment')).fill('за жовтень')
    await save.click()
    const dateError = dialog.locator('#paid-date-error')
    await dateError.waitFor()
    expect(await dateError.textContent()).toBe(t('ua', 'validation.invalid'))
    // Under the field it names, which is marked and focused; the other fields' messages are gone.
    expect(await dialog.getByLabel(ot('orders.staff.pay_date')).getAttribute('aria-invalid')).toBe('true')
    expect(await dialog.getByLabel(ot('orders.staff.pay_date')).getAttribute('aria-describedby')).toBe(
      'paid-date-error',
    )
    expect(await focused(page)).toBe('paid-date')
    expect(await dialog.locator('#paid-amount-error').count()).toBe(0)
    // The field speaks; the banner does not repeat it as a "field: message" line.
    expect(await banner(page)).toBe('')
    // The dialog stays open with what was typed; the order is not paid.
    expect(await dialog.getByLabel(ot('orders.staff.amount')).inputValue()).toBe('450.50')
    const unpaid = await app.services.db
      .selectFrom('orders')
      .select(['status', 'payment_data'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(unpaid).toMatchObject({ status: 5, payment_data: null })
    await screenshot(page, 'panel-set-paid-422-date')

    // Today: saved; the dialog closes, the banner says so, the order is paid with the payment as typed.
    await dialog.getByLabel(ot('orders.staff.pay_date')).fill(day(0))
    await save.click()
    await page.getByRole('status').getByText(ot('orders.staff.saved')).waitFor()
    await page.locator('[data-testid="order-editor"][data-status="7"]').waitFor()
    expect(await page.getByRole('dialog').count()).toBe(0)
    const paid = await app.services.db
      .selectFrom('orders')
      .select(['status', 'payment_data'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(paid.status).toBe(7)
    expect(paid.payment_data).toMatchObject({
      amount: 450.5,
      amount_minor: 45050,
      method: 'Картка',
      date: day(0),
      comment: 'за жовтень',
    })
    await screenshot(page, 'panel-set-paid-saved')
    expect(errors).toEqual([])
    await page.context().close()
  }, 60_000)
})

describe('staff accounts', () => {
  test('a taken e-mail is refused under the e-mail field, on create and on edit; the corrected form is saved', async () => {
    const me = await makeStaff(app, 1)
    const other = await makeStaff(app, 2)
    const { page, errors } = await newPage()
    await panelSignIn(page, app.url, me.email)
    await page.goto(`${app.url}/panel/admins_show`)
    await page.getByTestId(`admin-actions-${other.id}`).waitFor()
    const count = async () =>
      (
        await app.services.db
          .selectFrom('staff')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n

    // Create with another account's e-mail: the schema lets it pass; the server refuses it (422 on `email`).
    await page.getByTestId('admin-create').click()
    const form = page.getByTestId('admin-form')
    await form.getByLabel(pt('p.name')).fill('Оксана Новак')
    await form.getByLabel(pt('p.email')).fill(other.email)
    await form.getByLabel(pt('p.password')).fill('staff-pass-2025')
    const before = await count()
    await form.getByRole('button', { name: pt('p.save') }).click()
    const emailError = form.locator('#admin-email-error')
    await emailError.waitFor()
    expect(await emailError.textContent()).toBe(t('ua', 'validation.taken'))
    expect(await form.getByLabel(pt('p.email')).getAttribute('aria-invalid')).toBe('true')
    expect(await focused(page)).toBe('admin-email')
    expect(await banner(page)).toBe('')
    expect(Number(await count())).toBe(Number(before))
    await screenshot(page, 'panel-admin-create-422-email')

    // Corrected: created, the form closes and the banner says so.
    const email = `oksana-${Date.now()}@example.com`
    await form.getByLabel(pt('p.email')).fill(email)
    await form.getByRole('button', { name: pt('p.save') }).click()
    await page.getByRole('status').getByText(pt('a.created')).waitFor()
    await form.waitFor({ state: 'detached' })
    const created = await app.services.db
      .selectFrom('staff')
      .select(['id', 'name'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    expect(created.name).toBe('Оксана Новак')

    // Edit the new account to the other one's e-mail: refused under the field too (the save call).
    await page
      .getByTestId(`admin-actions-${created.id}`)
      .getByRole('button', { name: pt('p.edit') })
      .click()
    await form.getByLabel(pt('p.email')).fill(other.email.toUpperCase())
    await form.getByRole('button', { name: pt('p.save') }).click()
    await emailError.waitFor()
    expect(await emailError.textContent()).toBe(t('ua', 'validation.taken'))
    expect(await focused(page)).toBe('admin-email')
    const kept = await app.services.db
      .selectFrom('staff')
      .select('email')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow()
    expect(kept.email).toBe(email)
    await screenshot(page, 'panel-admin-edit-422-email')
    expect(errors).toEqual([])
    await page.context().close()
  }, 60_000)
})

describe('order editor, the request fields', () => {
  test('the save call’s own schema refuses a bad e-mail under the field before any call', async () => {
    const { orderId } = await makeOrder(app, { client_name: 'Поля Тест' })
    const staff = await makeStaff(app, 2)
    const { page, errors } = await newPage()
    await panelSignIn(page, app.url, staff.email)
    await page.goto(`${app.url}/panel/users_orders/${orderId}`)
    await page.getByTestId('order-editor').waitFor()
    await page.getByText(ot('orders.staff.edit')).click()
    await page.getByLabel(ot('orders.request.email'), { exact: true }).fill('not-an-email')
    await page.getByLabel(ot('orders.duration')).fill('60')
    await page.getByRole('button', { name: ot('orders.save') }).click()
    await page.locator('#edit-client_email-error').waitFor()
    expect(await page.locator('#edit-client_email-error').textContent()).toBe(t('ua', 'validation.email'))
    expect(await focused(page)).toBe('edit-client_email')
    // Nothing was sent: the order has no save event.
    const events = await app.services.db
      .selectFrom('order_events')
      .select('action')
      .where('order_id', '=', orderId)
      .execute()
    expect(events.map((e) => e.action)).not.toContain('save')

    await page.getByLabel(ot('orders.request.email'), { exact: true }).fill('olha@example.com')
    await page.getByRole('button', { name: ot('orders.save') }).click()
    await page.getByTestId('order-events').getByText(ot('orders.event.save'), { exact: true }).waitFor()
    const saved = await app.services.db
      .selectFrom('orders')
      .select(['client_email', 'class_duration'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(saved).toEqual({ client_email: 'olha@example.com', class_duration: 60 })
    expect(errors).toEqual([])
    await page.context().close()
  }, 60_000)
})
