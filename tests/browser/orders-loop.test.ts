// THE order loop through the screens: a visitor orders from a tutor's profile and signs in
// with the code sent → the tutor responds in the cabinet → staff appoint that tutor in the panel →
// the tutor sets the first lesson → staff mark the order paid → the client reviews it on the order
// page → the review shows on the tutor's public profile. A screenshot at each step.
import { describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { t } from '../../i18n/keys'
import { ordersUa } from '../../i18n/areas/orders/ua'
import { panelUa } from '../../i18n/areas/panel/ua'
import { hashPassword } from '../../server/domain/auth/passwords'
import { PASSWORD, type TestApp, makeStaff } from '../helpers/app'
import { screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { makeTutor, referenceFixture } from '../helpers/catalogue'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

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

describe('the order loop', () => {
  test('profile → request → tutor responds → staff appoint → first lesson → paid → review on the profile', async () => {
    const db = app.services.db
    const ref = await referenceFixture(db)
    const tutorId = await makeTutor(db, {
      name: 'Олена Петренко',
      subjects: [{ lesson: ref.lessons.math, levels: [ref.levels.school, ref.levels.exam] }],
      online: true,
      price: 400,
    })
    const tutorPerson = await db
      .selectFrom('tutors')
      .innerJoin('people', 'people.id', 'tutors.person_id')
      .select(['people.id', 'people.email'])
      .where('tutors.id', '=', tutorId)
      .executeTakeFirstOrThrow()
    await db
      .updateTable('people')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', tutorPerson.id)
      .execute()
    const staff = await makeStaff(app, 1)
    const email = `loop-${Date.now()}@example.com`

    // 1. A visitor orders from the profile and signs in with the code sent to the e-mail.
    const client = await newPage()
    await client.page.goto(`${app.url}/user-${tutorId}/`)
    await screenshot(client.page, 'orders-loop-1-profile')
    await client.page
      .getByRole('link', { name: t('ua', 'profile.order') })
      .first()
      .click()
    const form = client.page.getByTestId('request-form')
    await form.waitFor()
    await client.page.getByLabel(ot('orders.level')).selectOption({ label: 'Підготовка до НМТ' })
    await client.page.getByLabel(ot('orders.place.online')).check()
    await client.page.getByLabel(ot('orders.comment')).fill('Готуюся до НМТ, потрібні заняття двічі на тиждень.')
    await client.page.getByLabel(ot('orders.request.name')).fill('Марія Коваль')
    await client.page.getByLabel(ot('orders.request.phone')).fill('0671234567')
    await client.page.getByLabel(ot('orders.request.email')).fill(email)
    await screenshot(client.page, 'orders-loop-2-request-form')
    await client.page.getByRole('button', { name: ot('orders.request.submit') }).click()
    await client.page.getByTestId('request-sent').waitFor()
    // Where the code went, masked.
    expect(await client.page.getByTestId('request-sent').textContent()).toContain(
      `l***${email.split('@')[0]!.slice(-1)}@example.com`,
    )
    await screenshot(client.page, 'orders-loop-3-code-sent')
    const mail = await db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const code = mail.body.match(/\d{4,8}/)![0]
    await client.page.getByLabel(ot('orders.request.code')).fill(code)
    await client.page.getByRole('button', { name: ot('orders.request.sign_in') }).click()
    await client.page.waitForURL(/\/zayavka\/\d+\/$/)
    const orderId = Number(client.page.url().match(/zayavka\/(\d+)/)![1])
    await client.page.getByTestId('order-page').waitFor()
    // The client's words: sent to the chosen tutor, named from the moment of the request.
    expect(await client.page.getByTestId('client-stage-badge').getAttribute('data-stage')).toBe('sent_to_tutor')
    expect(await client.page.getByTestId('client-stage').textContent()).toContain('Олена Петренко')
    expect(await client.page.getByTestId('chat-closed-note').textContent()).toBe(ot('orders.page.chat_opens'))
    expect(await client.page.locator('#client_chat_block').count()).toBe(1)
    expect(await client.page.locator('#admin_chat_block').count()).toBe(1)
    // The manager chat: the message comes back through the socket into the block.
    const adminChat = client.page.locator('#admin_chat_block')
    await adminChat.getByLabel(ot('orders.page.chat_placeholder')).fill('Чи можна почати вже цього тижня?')
    await adminChat.getByRole('button', { name: ot('orders.page.chat_send') }).click()
    await adminChat.getByText('Чи можна почати вже цього тижня?').waitFor()
    await screenshot(client.page, 'orders-loop-4-client-order-page')

    // Not a party: the 404 page.
    const stranger = await newPage()
    await stranger.page.goto(`${app.url}/zayavka/${orderId}/`)
    await stranger.page.getByRole('heading', { name: t('ua', 'notfound.page_not_found') }).waitFor()
    await stranger.page.context().close()

    // 2. The tutor responds in the cabinet (the personal request is in "Особисті").
    const tutor = await newPage()
    await tutor.page.goto(`${app.url}/login`)
    await tutor.page.getByLabel(t('ua', 'auth.login_field')).fill(tutorPerson.email!)
    await tutor.page.getByLabel(t('ua', 'auth.password')).fill(PASSWORD)
    await tutor.page
      .getByTestId('login-form')
      .getByRole('button', { name: t('ua', 'auth.submit') })
      .click()
    await tutor.page.waitForURL(/\/profile\/?$/)
    await tutor.page.goto(`${app.url}/orders/new_personal`)
    const offer = tutor.page.locator(`[data-testid="order-card"][data-order="${orderId}"]`)
    await offer.waitFor()
    await screenshot(tutor.page, 'orders-loop-5-tutor-new-personal')
    await offer.getByRole('button', { name: ot('orders.page.respond') }).click()
    // Answered, it leaves the new offers; its page says so.
    await offer.waitFor({ state: 'detached' })
    await tutor.page.goto(`${app.url}/zayavka/${orderId}/`)
    await tutor.page.getByText(ot('orders.page.you_responded')).waitFor()
    await screenshot(tutor.page, 'orders-loop-5b-tutor-order-page')

    // 3. Staff appoint that tutor in the panel.
    const panel = await newPage()
    await panel.page.goto(`${app.url}/panel/`)
    await panel.page.getByLabel('E-mail').fill(staff.email)
    await panel.page.getByLabel('Пароль').fill(PASSWORD)
    await panel.page.getByRole('button', { name: 'Увійти' }).click()
    await panel.page.getByTestId('panel-menu').waitFor()
    await panel.page.getByTestId('panel-menu').getByRole('link', { name: panelUa['panel.users_orders'] }).click()
    await panel.page.getByTestId('order-row').first().waitFor()
    await screenshot(panel.page, 'orders-loop-6-panel-list')
    await panel.page.getByRole('link', { name: String(orderId), exact: true }).click()
    const editor = panel.page.getByTestId('order-editor')
    await editor.waitFor()
    await panel.page
      .getByTestId('order-tutors')
      .getByRole('button', { name: ot('orders.staff.appoint') })
      .click()
    await panel.page.locator('[data-testid="order-editor"][data-status="4"]').waitFor()
    await screenshot(panel.page, 'orders-loop-7-panel-appointed')

    // 4. The tutor sets the first lesson (its order is now under "Мої").
    await tutor.page.goto(`${app.url}/orders/my`)
    const mine = tutor.page.locator(`[data-testid="order-card"][data-order="${orderId}"]`)
    await mine.waitFor()
    await mine.getByLabel(ot('orders.first_class')).fill('2026-12-01T10:00')
    await mine.getByRole('button', { name: ot('orders.page.set_first_class') }).click()
    await mine.locator('[data-testid="order-status"][data-status="5"]').waitFor()
    await screenshot(tutor.page, 'orders-loop-8-tutor-first-lesson')

    // Appointed, the tutor and the client talk in #client_chat_block.
    await client.page.reload()
    const partyChat = client.page.locator('#client_chat_block')
    await partyChat.getByLabel(ot('orders.page.chat_placeholder')).fill('Добрий день! До зустрічі 1 грудня.')
    await partyChat.getByRole('button', { name: ot('orders.page.chat_send') }).click()
    await partyChat.getByText('Добрий день! До зустрічі 1 грудня.').waitFor()
    await tutor.page.goto(`${app.url}/zayavka/${orderId}/#client_chat_block`)
    await tutor.page.locator('#client_chat_block').getByText('Добрий день! До зустрічі 1 грудня.').waitFor()
    // The tutor does not see the client's talk with the manager.
    expect(await tutor.page.getByText('Чи можна почати вже цього тижня?').count()).toBe(0)
    await screenshot(tutor.page, 'orders-loop-8b-tutor-chat')

    // 5. Staff mark the order paid.
    await panel.page.reload()
    await editor.waitFor()
    await panel.page
      .getByTestId('staff-actions')
      .getByRole('button', { name: ot('orders.action.set_paid') })
      .click()
    const dialog = panel.page.getByRole('dialog')
    await dialog.getByLabel(ot('orders.staff.amount')).fill('400')
    await dialog.getByLabel(ot('orders.staff.method')).fill('Картка')
    await screenshot(panel.page, 'orders-loop-9-panel-paid-dialog')
    await dialog.getByRole('button', { name: ot('orders.save') }).click()
    await panel.page.locator('[data-testid="order-editor"][data-status="7"]').waitFor()
    await screenshot(panel.page, 'orders-loop-10-panel-paid')

    // 6. The client reviews the paid order on its page.
    await client.page.reload()
    await client.page.getByTestId('review-form').waitFor()
    await client.page
      .getByTestId('review-form')
      .locator('label')
      .filter({ has: client.page.getByRole('radio', { name: '5' }) })
      .click()
    await client.page.getByLabel(ot('orders.page.review_text')).fill('Чудова викладачка, пояснює зрозуміло!')
    await client.page.getByRole('button', { name: ot('orders.page.send_review') }).click()
    await client.page.getByTestId('order-review').waitFor()
    expect(await client.page.getByTestId('order-review').textContent()).toContain('Чудова викладачка')
    await screenshot(client.page, 'orders-loop-11-client-reviewed')

    // The tutor answers the review from the archive; the client's page shows the answer.
    await tutor.page.goto(`${app.url}/orders/archive`)
    const done = tutor.page.locator(`[data-testid="order-card"][data-order="${orderId}"]`)
    await done.waitFor()
    await done.getByLabel(ot('orders.page.answer_review')).fill('Дякую, Маріє! Успіхів на НМТ.')
    await done.getByRole('button', { name: ot('orders.page.answer_review') }).click()
    await done.getByLabel(ot('orders.page.answer_review')).waitFor({ state: 'detached' })
    await screenshot(tutor.page, 'orders-loop-11b-tutor-answered')
    await client.page.reload()
    await client.page.getByTestId('order-review').getByText('Дякую, Маріє! Успіхів на НМТ.').waitFor()

    // 7. The review is on the tutor's public profile.
    await client.page.goto(`${app.url}/user-${tutorId}/`)
    await client.page.getByText('Чудова викладачка, пояснює зрозуміло!').waitFor()
    await screenshot(client.page, 'orders-loop-12-profile-review')

    for (const p of [client, tutor, panel]) {
      expect(p.errors).toEqual([])
      await p.page.context().close()
    }
  }, 120_000)
})
