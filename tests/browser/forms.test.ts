// Forms built with useActionForm (client/ui/form): the order form from a tutor's profile lists the
// tutor's subjects and shows what is missing (issue 10); a server 422 lands under the field it names in
// the panel's set_paid dialog and the tutor profile editor (issue 11).
import { describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { t } from '../../i18n/keys'
import { ordersUa } from '../../i18n/areas/orders/ua'
import { type TestApp, makeStaff } from '../helpers/app'
import { panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { type Ref, makeTutor, referenceFixture } from '../helpers/catalogue'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

let refMade: Promise<Ref> | null = null
const reference = () => (refMade ??= referenceFixture(app.services.db))
const ot = (k: keyof typeof ordersUa) => ordersUa[k]

async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'uk-UA', timezoneId: 'Europe/Kiev' })
  const page = await context.newPage()
  return { page, errors: watchConsole(page) }
}

const ordersOf = (tutorId: number) => app.services.db.selectFrom('orders').select(['id', 'lesson_id']).where('personal_tutor_id', '=', tutorId).execute()

describe('the order form (/request/tutor/{id}/)', () => {
  test('reached from the profile, it lists the tutor’s subjects; missing fields show their errors, focus on the first', async () => {
    const ref = await reference()
    const tutorId = await makeTutor(app.services.db, {
      name: 'Марія Гнатюк',
      subjects: [{ lesson: ref.lessons.math, levels: [ref.levels.exam] }, { lesson: ref.lessons.english, levels: [ref.levels.b2] }],
      online: true,
    })
    const { page, errors } = await newPage()
    await page.goto(`${app.url}/user-${tutorId}/`)
    await page.getByRole('link', { name: t('ua', 'profile.order') }).click()
    await page.waitForURL(new RegExp(`/request/tutor/${tutorId}/$`))
    const form = page.getByTestId('request-form')
    await form.waitFor()
    expect(await form.getByLabel(ot('orders.subject')).locator('option').allTextContents()).toEqual(['Математика', 'Англійська мова'])
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
