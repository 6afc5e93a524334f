// The order screens one by one: the panel's list (counts per status, filters, the Excel export and
// its "no filter" message) and editor dialogs (lost with a reason, the event log); the tutor's
// cabinet (decline with a reason); the client's cabinet (choose among the tutors who responded).
import { describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { t } from '../../i18n/keys'
import { ordersUa } from '../../i18n/areas/orders/ua'
import { respondPersonal } from '../../server/domain/orders/tutor-orders'
import { systemScope } from '../../server/domain/shared/scope'
import { EDITIONS } from '../../common/editions'
import { PASSWORD, type TestApp, makePerson, makeStaff } from '../helpers/app'
import { screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { type Ref, makeTutor, referenceFixture } from '../helpers/catalogue'
import { makeOrder } from '../helpers/orders'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

/** The reference data, made once for the file's tests. */
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

async function personSignIn(page: Page, path: '/login' | '/client-login', login: string) {
  await page.goto(`${app.url}${path}`)
  // /client-login also has the sign-in-by-code form: fill the password form only.
  const form = page.getByTestId('login-form')
  await form.getByLabel(t('ua', 'auth.login_field')).fill(login)
  await form.getByLabel(t('ua', 'auth.password')).fill(PASSWORD)
  await page
    .getByTestId('login-form')
    .getByRole('button', { name: t('ua', 'auth.submit') })
    .click()
  await page.waitForURL((u) => !u.pathname.includes('login'))
}

describe('panel orders', () => {
  test('counts per status, filters, export and the lost dialog', async () => {
    const ref = await reference()
    for (const name of ['Андрій Шевчук', 'Ірина Бондар', 'Тарас Мельник'])
      await makeOrder(app, { client_name: name, lesson_id: ref.lessons.math, location_online: true })
    await makeOrder(app, { client_name: 'Втрачений Клієнт', status: 8 })
    const staff = await makeStaff(app, 2)
    const { page, errors } = await newPage()
    await page.goto(`${app.url}/panel/users_orders`)
    await page.getByLabel('E-mail').fill(staff.email)
    await page.getByLabel('Пароль').fill(PASSWORD)
    await page.getByRole('button', { name: 'Увійти' }).click()
    await page.getByTestId('order-row').first().waitFor()
    expect(await page.getByTestId('order-row').count()).toBe(4)
    expect(await page.getByTestId('status-8').textContent()).toContain('1')
    expect(await page.getByTestId('status-1').textContent()).toContain('3')
    // Newest first by default.
    const ids = await page.getByTestId('order-row').locator('td:first-child a').allTextContents()
    expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((a, b) => b - a))

    // Export without any filter: the message, no download.
    await page.getByTestId('orders-export').click()
    await page
      .getByRole('alert')
      .filter({ hasText: ot('orders.staff.no_filters') })
      .waitFor()
    await screenshot(page, 'orders-panel-export-no-filter')

    // A status filter: one row; the export downloads an .xlsx.
    await page.getByTestId('status-8').click()
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="order-row"]').length === 1)
    expect(await page.getByTestId('order-row').textContent()).toContain('Втрачений Клієнт')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('orders-export').click()])
    expect(download.suggestedFilename()).toBe('orders.xlsx')
    const bytes = await Bun.file((await download.path())!).bytes()
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK')

    // Text search.
    await page.getByTestId('status-all').click()
    await page.getByLabel(ot('orders.staff.search')).fill('Бондар')
    await page.getByRole('button', { name: ot('orders.staff.apply') }).click()
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="order-row"]').length === 1)
    expect(await page.getByTestId('order-row').textContent()).toContain('Ірина Бондар')
    await screenshot(page, 'orders-panel-search')

    // The editor: mark it lost with a reason; the log shows the step.
    await page.getByTestId('order-row').getByRole('link').first().click()
    await page.getByTestId('order-editor').waitFor()
    // Edit the request's fields (save).
    await page.getByText(ot('orders.staff.edit')).click()
    await page.getByLabel(ot('orders.staff.info')).fill('Передзвонити після 18:00')
    await page.getByRole('button', { name: ot('orders.save') }).click()
    await page.getByTestId('order-events').getByText(ot('orders.event.save'), { exact: true }).waitFor()
    expect(await page.getByLabel(ot('orders.staff.info')).inputValue()).toBe('Передзвонити після 18:00')
    await page
      .getByTestId('staff-actions')
      .getByRole('button', { name: ot('orders.action.set_lost'), exact: true })
      .click()
    await page.getByRole('dialog').getByLabel(ot('orders.staff.reason')).fill('Клієнт знайшов репетитора сам')
    await screenshot(page, 'orders-panel-lost-dialog')
    await page
      .getByRole('dialog')
      .getByRole('button', { name: ot('orders.save') })
      .click()
    await page.locator('[data-testid="order-editor"][data-status="8"]').waitFor()
    await page.getByTestId('order-events').getByText(ot('orders.event.set_lost'), { exact: true }).waitFor()
    expect(await page.getByTestId('staff-actions').textContent()).toContain(ot('orders.action.set_lost_off'))
    await screenshot(page, 'orders-panel-lost')
    expect(errors).toEqual([])
    await page.context().close()
  }, 90_000)
})

describe('panel order editor', () => {
  test('first lesson, pause and unpause, favourite, SMS, remove and appoint a tutor found by e-mail, the staff review and answer', async () => {
    const appointed = await makeOrder(app, { client_name: 'Пауза Тест', status: 4 })
    const paid = await makeOrder(app, { client_name: 'Відгук Тест', status: 7 })
    const staff = await makeStaff(app, 1)
    const { page, errors } = await newPage()
    await page.goto(`${app.url}/panel/users_orders/${appointed.orderId}`)
    await page.getByLabel('E-mail').fill(staff.email)
    await page.getByLabel('Пароль').fill(PASSWORD)
    await page.getByRole('button', { name: 'Увійти' }).click()
    const actions = page.getByTestId('staff-actions')
    await page.locator('[data-testid="order-editor"][data-status="4"]').waitFor()

    await actions.getByRole('button', { name: ot('orders.action.set_first_class') }).click()
    await page.getByRole('dialog').getByLabel(ot('orders.first_class')).fill('2026-12-03T16:30')
    await page
      .getByRole('dialog')
      .getByRole('button', { name: ot('orders.save') })
      .click()
    await page.locator('[data-testid="order-editor"][data-status="5"]').waitFor()

    await actions.getByRole('button', { name: ot('orders.action.set_pause') }).click()
    await page.getByRole('dialog').getByLabel(ot('orders.staff.pause_until')).fill('2027-01-10T09:00')
    await page
      .getByRole('dialog')
      .getByRole('button', { name: ot('orders.save') })
      .click()
    await page.locator('[data-testid="order-editor"][data-status="6"]').waitFor()
    await actions.getByRole('button', { name: ot('orders.action.unpause') }).click()
    await page.locator('[data-testid="order-editor"][data-status="5"]').waitFor()

    await actions.getByRole('button', { name: ot('orders.staff.favorite') }).click()
    await actions.getByRole('button', { name: ot('orders.staff.favorite_off') }).waitFor()
    await actions.getByRole('button', { name: ot('orders.action.sms_client') }).click()
    await page.getByText(ot('orders.staff.sms_sent')).waitFor()
    const sms = await app.services.db.selectFrom('outbox').select('body').where('channel', '=', 'sms').execute()
    expect(sms.some((m) => m.body.includes(String(appointed.orderId)))).toBe(true)
    await screenshot(page, 'orders-panel-editor-waiting')

    // Remove the tutor (with a reason) → processing; find them again by e-mail and appoint.
    await page
      .getByTestId('order-tutors')
      .getByRole('button', { name: ot('orders.staff.remove_tutor') })
      .click()
    await page.getByRole('dialog').getByLabel(ot('orders.staff.reason')).fill('Не вийшов на зв’язок')
    await page
      .getByRole('dialog')
      .getByRole('button', { name: ot('orders.save') })
      .click()
    await page.locator('[data-testid="order-editor"][data-status="2"]').waitFor()
    const tutorEmail = (
      await app.services.db
        .selectFrom('tutors')
        .innerJoin('people', 'people.id', 'tutors.person_id')
        .select('people.email')
        .where('tutors.id', '=', appointed.tutorId!)
        .executeTakeFirstOrThrow()
    ).email!
    await page.getByLabel(ot('orders.staff.find_tutor')).fill(tutorEmail)
    await page.getByRole('button', { name: ot('orders.staff.apply') }).click()
    await page
      .getByTestId('tutor-candidates')
      .getByRole('button', { name: ot('orders.staff.appoint') })
      .click()
    await page.locator('[data-testid="order-editor"][data-status="4"]').waitFor()

    await page.goto(`${app.url}/panel/users_orders/${paid.orderId}`)
    await page.locator('[data-testid="order-editor"][data-status="7"]').waitFor()
    await actions.getByRole('button', { name: ot('orders.action.set_review'), exact: true }).click()
    await page.getByRole('dialog').getByLabel(ot('orders.page.review_text')).fill('Відгук зі слів клієнта по телефону')
    await page
      .getByRole('dialog')
      .getByRole('button', { name: ot('orders.save') })
      .click()
    await page.getByText('Відгук зі слів клієнта по телефону').waitFor()
    await actions.getByRole('button', { name: ot('orders.action.set_review_response') }).click()
    await page.getByRole('dialog').getByLabel(ot('orders.staff.review_response')).fill('Дякуємо!')
    await page
      .getByRole('dialog')
      .getByRole('button', { name: ot('orders.save') })
      .click()
    await page.getByTestId('order-editor').getByText('Дякуємо!').waitFor()
    await screenshot(page, 'orders-panel-editor-review')
    expect(errors).toEqual([])
    await page.context().close()
  }, 90_000)
})

describe('cabinets', () => {
  test('a tutor declines with a reason; the client chooses a tutor who responded', async () => {
    const ref = await reference()
    const tutor = await makePerson(app, { tutor: true })
    const client = await makePerson(app, { client: true })
    const declined = await makeOrder(app, {
      client_id: client.clientId,
      personal_tutor_id: tutor.tutorId,
      lesson_id: ref.lessons.english,
      location_online: true,
    })
    const chosen = await makeOrder(app, {
      client_id: client.clientId,
      personal_tutor_id: tutor.tutorId,
      lesson_id: ref.lessons.math,
      location_home: true,
    })
    await respondPersonal(systemScope(app.services.db, EDITIONS.ua, { actor: { kind: 'tutor', id: tutor.tutorId } }), {
      order_id: chosen.orderId,
    })

    const tp = await newPage()
    await personSignIn(tp.page, '/login', tutor.email)
    // The bell: two personal requests are unread; it opens, and a route change closes it.
    const bell = tp.page.getByTestId('notification-bell')
    await tp.page.getByTestId('notification-count').waitFor()
    expect(await tp.page.getByTestId('notification-count').textContent()).toBe('2')
    await bell.click()
    await tp.page.getByTestId('notification-list').waitFor()
    expect(await tp.page.getByTestId('notification-list').getByRole('link').count()).toBe(3)
    await screenshot(tp.page, 'orders-tutor-bell')
    await tp.page
      .getByTestId('notification-list')
      .getByRole('link', { name: ot('orders.bell.all') })
      .click()
    await tp.page.waitForURL(/\/orders\/new$/)
    await tp.page.getByTestId('notification-list').waitFor({ state: 'detached' })
    const card = tp.page.locator(`[data-testid="order-card"][data-order="${declined.orderId}"]`)
    await card.waitFor()
    await card.getByRole('button', { name: ot('orders.page.refuse') }).click()
    await card.getByLabel(ot('orders.page.refuse_reason')).fill('Не викладаю англійську онлайн')
    await screenshot(tp.page, 'orders-tutor-decline')
    await card
      .getByRole('button', { name: ot('orders.page.refuse') })
      .last()
      .click()
    await card.waitFor({ state: 'detached' })
    await tp.page.goto(`${app.url}/zayavka/${declined.orderId}/`)
    await tp.page.getByText('Не викладаю англійську онлайн').waitFor()
    expect(tp.errors).toEqual([])
    await tp.page.context().close()

    // A tutor with nothing unread: the bell does not open.
    const quiet = await makePerson(app, { tutor: true })
    const qp = await newPage()
    await personSignIn(qp.page, '/login', quiet.email)
    await qp.page.getByTestId('notification-bell').click()
    await qp.page.waitForTimeout(300)
    expect(await qp.page.getByTestId('notification-list').count()).toBe(0)
    expect(await qp.page.getByTestId('notification-count').count()).toBe(0)
    await qp.page.context().close()

    const cp = await newPage()
    await personSignIn(cp.page, '/client-login', client.email)
    await cp.page.goto(`${app.url}/client_orders`)
    const mine = cp.page.locator(`[data-testid="order-card"][data-order="${chosen.orderId}"]`)
    await mine.waitFor()
    expect(await cp.page.getByTestId('tab-active').textContent()).toContain('2')
    await mine.getByRole('button', { name: ot('orders.page.choose_tutor') }).waitFor()
    await screenshot(cp.page, 'orders-client-list')
    await mine.getByRole('button', { name: ot('orders.page.choose_tutor') }).click()
    // The client's card shows the client's stage: the chosen tutor appointed is "accepted".
    await mine.locator('[data-testid="client-stage-badge"][data-stage="accepted"]').waitFor()
    await screenshot(cp.page, 'orders-client-chosen')
    // The card links to the order page.
    await mine.getByRole('link', { name: ot('orders.order_n').replace('{id}', String(chosen.orderId)) }).click()
    await cp.page.waitForURL(new RegExp(`/zayavka/${chosen.orderId}/$`))
    await cp.page.getByTestId('order-page').waitFor()
    // Its tab names the order.
    const orderTitle = `${ot('orders.order_n').replace('{id}', String(chosen.orderId))} | ${EDITIONS.ua.siteName}`
    await cp.page.waitForFunction((title) => document.title === title, orderTitle)
    expect(cp.errors).toEqual([])
    await cp.page.context().close()
  }, 90_000)
})

describe('the first lesson on the edition’s clock', () => {
  test('a tutor whose browser is in New York types 10:00 and the lesson is at 10:00 in Kyiv, in the field and the text', async () => {
    const tutor = await makePerson(app, { tutor: true })
    const order = await makeOrder(app, { status: 4, tutor_id: tutor.tutorId! })
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'en-US',
      timezoneId: 'America/New_York',
    })
    const page = await context.newPage()
    const errors = watchConsole(page)
    await personSignIn(page, '/login', tutor.email)
    await page.goto(`${app.url}/orders/my`)
    const card = page.locator(`[data-testid="order-card"][data-order="${order.orderId}"]`)
    await card.getByLabel(ot('orders.first_class')).fill('2026-12-01T10:00')
    await card.getByRole('button', { name: ot('orders.page.set_first_class') }).click()
    await card.locator('[data-testid="order-status"][data-status="5"]').waitFor()
    // Kyiv is two hours ahead of UTC in December; New York five behind.
    const saved = await app.services.db
      .selectFrom('orders')
      .select('first_class')
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow()
    expect(new Date(saved.first_class as Date).toISOString()).toBe('2026-12-01T08:00:00.000Z')
    await page.reload()
    await card.waitFor()
    expect(await card.getByLabel(ot('orders.first_class')).inputValue()).toBe('2026-12-01T10:00')
    expect(await card.textContent()).toContain('10:00')
    await screenshot(page, 'orders-first-lesson-new-york')
    expect(errors).toEqual([])
    await context.close()
  }, 60_000)
})

describe('the order form', () => {
  test('a visitor is told what is missing; a signed-in client goes straight to the order', async () => {
    const ref = await reference()
    const tutorId = await makeTutor(app.services.db, {
      name: 'Богдан Кравець',
      subjects: [{ lesson: ref.lessons.english, levels: [ref.levels.b2] }],
      online: true,
    })
    const visitor = await newPage()
    await visitor.page.goto(`${app.url}/request/tutor/${tutorId}/`)
    await visitor.page.getByTestId('request-form').waitFor()
    await visitor.page.getByLabel(ot('orders.request.email')).fill('not-an-email')
    await visitor.page.getByRole('button', { name: ot('orders.request.submit') }).click()
    await visitor.page.getByText(t('ua', 'validation.email')).waitFor()
    expect(await visitor.page.getByText(t('ua', 'validation.required')).count()).toBeGreaterThanOrEqual(2)
    await screenshot(visitor.page, 'orders-request-errors')
    // The server's phone rule (the edition's length) lands under the field.
    await visitor.page.getByLabel(ot('orders.request.name')).fill('Олег')
    await visitor.page.getByLabel(ot('orders.request.email')).fill(`short-${Date.now()}@example.com`)
    await visitor.page.getByLabel(ot('orders.request.phone')).fill('067 12')
    await visitor.page.getByRole('button', { name: ot('orders.request.submit') }).click()
    await visitor.page.locator('#req-phone-error').waitFor()
    expect(
      await app.services.db.selectFrom('orders').select('id').where('personal_tutor_id', '=', tutorId).execute(),
    ).toEqual([])
    expect(visitor.errors.filter((e) => !e.includes('422'))).toEqual([])
    await visitor.page.context().close()

    const client = await makePerson(app, { client: true })
    const cp = await newPage()
    await personSignIn(cp.page, '/client-login', client.email)
    await cp.page.goto(`${app.url}/request/tutor/${tutorId}/`)
    await cp.page.getByTestId('request-form').waitFor()
    // Signed in: no contact fields.
    expect(await cp.page.getByLabel(ot('orders.request.phone')).count()).toBe(0)
    await cp.page.getByLabel(ot('orders.place.online')).check()
    await cp.page.getByRole('button', { name: ot('orders.request.submit') }).click()
    await cp.page.waitForURL(/\/zayavka\/\d+\/$/)
    await cp.page.getByTestId('order-page').waitFor()
    expect(await cp.page.getByTestId('order-page').textContent()).toContain('Англійська мова')
    // begin_checkout and submit_order reached the tag manager's dataLayer, with hashed contacts only.
    const layer = (await cp.page.evaluate(() => window.dataLayer ?? [])) as {
      event: string
      user_data?: Record<string, string>
    }[]
    expect(layer.map((e) => e.event)).toEqual(['begin_checkout', 'submit_order'])
    expect(layer[1]!.user_data!.sha256_email_address).toBe(
      new Bun.CryptoHasher('sha256').update(client.email.toLowerCase()).digest('hex'),
    )
    expect(JSON.stringify(layer)).not.toContain(client.email)
    expect(cp.errors).toEqual([])
    await cp.page.context().close()
  }, 90_000)
})

describe('the order page', () => {
  test('a server fault on the order is said after two more tries, never shown as a missing order', async () => {
    const client = await makePerson(app, { client: true })
    const order = await makeOrder(app, { client_id: client.clientId! })
    const { page } = await newPage()
    const signIn = await page
      .context()
      .request.post(`${app.url}/client/auth/login`, { data: { login: client.email, password: PASSWORD } })
    expect(signIn.status()).toBe(200)
    let asked = 0
    const orderCall = /\/trpc\/[^?]*clientArea\.orders\.get/
    await page.route(orderCall, (route) => {
      asked++
      return route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream down' })
    })
    await page.goto(`${app.url}/zayavka/${order.orderId}/`)
    await page
      .getByRole('alert')
      .filter({ hasText: t('ua', 'errors.server_error') })
      .waitFor()
    expect(await page.getByText(t('ua', 'notfound.page_not_found')).count()).toBe(0)
    expect(asked).toBe(3)
    await screenshot(page, 'order-page-server-fault')
    // Once the server answers again, the order.
    await page.unroute(orderCall)
    await page.reload()
    await page.getByTestId('order-page').waitFor()
    await page.context().close()
  })
})
