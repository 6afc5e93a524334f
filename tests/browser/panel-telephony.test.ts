// /panel/users_incoming_calls as staff status 2: an incoming call (a signed webhook of
// the local provider) shows with its caller and order; the filters by who called and by staff member
// narrow the list; "call back" places an outgoing call; delete asks first. Axe clean, phone width.
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { type TestApp, makePerson, makeStaff } from '../helpers/app'
import { makeOrder } from '../helpers/orders'
import { OrderStatus } from '../../common/order-status'
import { waitFor } from '../helpers/wait'
import { axeViolations, panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { localTelephonyToken } from '../../server/integrations/telephony'
import { twilioSignature } from '../../server/integrations/telephony/signature'

let app: TestApp
let browser: Browser
withBrowserApp((s) => {
  ;({ app, browser } = s)
})

async function incomingCall(from: string, sid: string) {
  const url = `${app.url}/api/telephony/local/voice`
  const params = { CallSid: sid, From: from, To: '+380441234567', CallStatus: 'ringing', Direction: 'inbound' }
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(localTelephonyToken(app.services.env), url, params),
    },
    body: new URLSearchParams(params),
  })
  expect(res.status).toBe(200)
}

test('see an incoming call, filter, call back, delete; axe clean; phone width', async () => {
  const client = await makePerson(app, { client: true })
  const order = await makeOrder(app, { client_id: client.clientId! })
  const tutor = await makePerson(app, { tutor: true })
  await incomingCall(`+38${client.phone}`, 'CA00000000000000000000000000000001')
  await incomingCall(`+38${tutor.phone}`, 'CA00000000000000000000000000000002')
  const staff = await makeStaff(app, 2)

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true })).newPage()
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.getByRole('link', { name: 'Вхідні дзвінки' }).click()
  await page.getByRole('heading', { level: 1, name: 'Вхідні дзвінки' }).waitFor()
  const clientRow = page.getByRole('row').filter({ hasText: `+38${client.phone}` })
  await clientRow.waitFor()
  await expect(clientRow.getByRole('link', { name: `Заявка №${order.orderId}` }).getAttribute('href')).resolves.toBe(
    `/panel/users_orders/${order.orderId}/`,
  )
  expect(await clientRow.getByText('Клієнт', { exact: true }).count()).toBe(1)
  expect(
    await page
      .getByRole('row')
      .filter({ hasText: `+38${tutor.phone}` })
      .getByRole('link', { name: /Tutor/ })
      .getAttribute('href'),
  ).toBe(`/panel/users_show/${tutor.tutorId}`)
  expect(await axeViolations(page)).toEqual([])
  await screenshot(page, 'panel-telephony')
  // The caller's link opens the clients list searched by the number.
  await clientRow.getByRole('link', { name: /Client/ }).click()
  await page.waitForURL(/\/panel\/clients_show\?text=/)
  await page
    .getByRole('row')
    .filter({ hasText: `Client` })
    .filter({ hasText: String(client.clientId) })
    .first()
    .waitFor()
  expect(await page.getByLabel('Пошук').inputValue()).toBe(`+38${client.phone}`)
  await page.goBack()
  await clientRow.waitFor()

  // Who called: tutors only.
  await page.getByLabel('Хто дзвонив').selectOption('tutor')
  await page.getByRole('button', { name: 'Застосувати' }).click()
  await page.waitForURL(/recipient=tutor/)
  await page
    .getByRole('row')
    .filter({ hasText: `+38${client.phone}` })
    .waitFor({ state: 'detached' })
  expect(
    await page
      .getByRole('row')
      .filter({ hasText: `+38${tutor.phone}` })
      .count(),
  ).toBe(1)
  await page.getByRole('button', { name: 'Скинути' }).click()
  await clientRow.waitFor()

  // Call back the client: an outgoing call through the local provider, the row now names the staff member.
  await clientRow.getByRole('button', { name: 'Передзвонити' }).click()
  await page.getByRole('status').getByText('Дзвінок розпочато').waitFor()
  await clientRow.getByText('Staff 2').waitFor()
  const income = await app.services.db
    .selectFrom('calls')
    .select('id')
    .where('provider_call_id', '=', 'CA00000000000000000000000000000001')
    .executeTakeFirstOrThrow()
  const out = await app.services.db.selectFrom('calls').selectAll().where('income_call_id', '=', income.id).execute()
  expect(out).toHaveLength(1)
  expect(out[0]).toMatchObject({
    direction: 'out',
    provider: 'local',
    to_number: `+38${client.phone}`,
    admin_id: staff.id,
    order_id: order.orderId,
  })

  // By staff member: only the call this member took.
  await page.getByLabel('Адміністратор').selectOption(String(staff.id))
  await page.getByRole('button', { name: 'Застосувати' }).click()
  await page
    .getByRole('row')
    .filter({ hasText: `+38${tutor.phone}` })
    .waitFor({ state: 'detached' })
  expect(await clientRow.count()).toBe(1)
  await screenshot(page, 'panel-telephony-filtered')

  // Delete, after the confirmation.
  await clientRow.getByRole('button', { name: 'Видалити' }).click()
  const dialog = page.getByRole('alertdialog')
  await dialog.getByText(`Видалити дзвінок з +38${client.phone}?`).waitFor()
  expect(await axeViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Видалити' }).click()
  await page.getByRole('status').getByText('Дзвінок видалено').waitFor()
  await page.getByText('Вхідних дзвінків немає').waitFor()
  const row = await app.services.db
    .selectFrom('calls')
    .select('deleted_at')
    .where('id', '=', income.id)
    .executeTakeFirstOrThrow()
  expect(row.deleted_at).not.toBeNull()

  await page.getByRole('button', { name: 'Скинути' }).click()
  await page
    .getByRole('row')
    .filter({ hasText: `+38${tutor.phone}` })
    .waitFor()
  await page.setViewportSize({ width: 375, height: 800 })
  await screenshot(page, 'panel-telephony-phone', { fullPage: true })
  expect(errors).toEqual([])
  await page.close()
})

test("the order editor calls the order's client and tutor", async () => {
  const tutor = await makePerson(app, { tutor: true })
  const order = await makeOrder(app, { status: OrderStatus.Appointed, tutor_id: tutor.tutorId! })
  const staff = await makeStaff(app, 1)
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true })).newPage()
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/users_orders/${order.orderId}`)
  await page.getByTestId('order-editor').waitFor()
  await page.getByRole('button', { name: 'Подзвонити клієнту' }).click()
  await page.getByRole('status').getByText('Дзвінок розпочато').first().waitFor()
  await page.getByTestId(`call-tutor-${tutor.tutorId}`).click()
  const calls = async () =>
    app.services.db
      .selectFrom('calls')
      .select(['recipient', 'recipient_id', 'admin_id', 'direction'])
      .where('order_id', '=', order.orderId)
      .orderBy('id')
      .execute()
  await waitFor(async () => (await calls()).length === 2, { what: 'two outgoing calls' })
  expect(await calls()).toEqual([
    { recipient: 'client', recipient_id: order.clientId, admin_id: staff.id, direction: 'out' },
    { recipient: 'tutor', recipient_id: tutor.tutorId, admin_id: staff.id, direction: 'out' },
  ])
  expect(await axeViolations(page)).toEqual([])
  await screenshot(page, 'panel-order-call')
  expect(errors).toEqual([])
  await page.close()
})
