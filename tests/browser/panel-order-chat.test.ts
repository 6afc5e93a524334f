// The chat staff tools in the panel's order editor: staff see the client's message to staff
// (unread), mark it read (set_msg_read), delete another after confirming (delete_msg), and send a viber
// service message with an image (send_service_message, multipart); the client's order page shows the text
// and the image. The editor has no axe violations; screenshots of both sides.
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { PASSWORD, type TestApp } from '../helpers/app'
import { axeViolations, panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { chatParties, messageFrame, openSocket, query } from '../helpers/chat'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

const message = (orderId: number, text: string) =>
  app.services.db
    .selectFrom('chat_messages')
    .select(['id', 'read_at', 'deleted_at', 'msg_service', 'media'])
    .where('order_id', '=', orderId)
    .where('msg_text', '=', text)
    .executeTakeFirstOrThrow()

test('staff mark a client message read, delete one, send a service message with an image; the client sees it', async () => {
  const p = await chatParties(app)
  // The client writes to staff twice, over the real socket.
  const ws = openSocket(app, query('client', p.client.id, p.orderId), p.client.cookie)
  await ws.opened
  for (const text of ['Коли буде перше заняття?', 'Помилкове повідомлення']) {
    ws.send(messageFrame(p.orderId, { recipient: 'admin', recipient_id: 0, msg_text: text }))
    await ws.next((f) => f.data?.type === 0 && f.data.msg_data.msg_text === text)
  }
  ws.ws.close()
  const first = await message(p.orderId, 'Коли буде перше заняття?')
  const wrong = await message(p.orderId, 'Помилкове повідомлення')

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
  const page = await context.newPage()
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, p.staff.email)
  await page.goto(`${app.url}/panel/users_orders/${p.orderId}`)
  const chat = page.getByTestId('staff-chat')
  const firstItem = chat.getByTestId(`staff-chat-msg-${first.id}`)
  await firstItem.getByText('Коли буде перше заняття?').waitFor()
  await firstItem.getByText('Не прочитано').waitFor()

  // Mark read: up to that message (the later one stays unread).
  await firstItem.getByRole('button', { name: 'Позначити прочитаним' }).click()
  await page.getByRole('status').getByText('Позначено прочитаним').waitFor()
  await firstItem.getByText('Прочитано', { exact: true }).waitFor()
  expect((await message(p.orderId, 'Коли буде перше заняття?')).read_at).not.toBeNull()
  expect((await message(p.orderId, 'Помилкове повідомлення')).read_at).toBeNull()

  // Delete, after the confirmation.
  const wrongItem = chat.getByTestId(`staff-chat-msg-${wrong.id}`)
  await wrongItem.getByRole('button', { name: 'Видалити' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Видалити повідомлення?' })
  await confirm.waitFor()
  expect(await axeViolations(page)).toEqual([])
  await confirm.getByRole('button', { name: 'Видалити' }).click()
  await wrongItem.waitFor({ state: 'detached' })
  expect((await message(p.orderId, 'Помилкове повідомлення')).deleted_at).not.toBeNull()

  // A viber service message to the client with an image (a real PNG drawn by the browser).
  const png = Buffer.from(
    await page.evaluate(() => {
      const c = document.createElement('canvas')
      c.width = 40
      c.height = 30
      const g = c.getContext('2d')!
      g.fillStyle = '#2563eb'
      g.fillRect(0, 0, 40, 30)
      return c.toDataURL('image/png').split(',')[1]!
    }),
    'base64',
  )
  const form = page.getByTestId('service-message-form')
  await form.getByLabel('Текст').fill('Розклад на тиждень у вкладенні')
  await form.getByLabel(/^Зображення/).setInputFiles({ name: 'rozklad.png', mimeType: 'image/png', buffer: png })
  await form.getByRole('button', { name: 'Надіслати' }).click()
  await page.getByRole('status').getByText('Повідомлення надіслано').waitFor()
  const sent = await message(p.orderId, 'Розклад на тиждень у вкладенні')
  expect(sent.msg_service).toBe(1)
  expect(sent.media).toMatchObject({ name: 'rozklad.png', type: 'image/png' })
  const sentItem = chat.getByTestId(`staff-chat-msg-${sent.id}`)
  await sentItem.getByRole('img', { name: 'rozklad.png' }).waitFor()
  await sentItem.getByText('Viber').waitFor()
  expect(await form.getByLabel('Текст').inputValue()).toBe('')
  expect(await axeViolations(page)).toEqual([])
  await chat.scrollIntoViewIfNeeded()
  await screenshot(page, 'panel-order-chat')

  // The client's order page: the service message with its image in the chat with staff; the deleted one gone.
  const client = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
  const cp = await client.newPage()
  const clientErrors = watchConsole(cp)
  expect(
    (
      await cp.request.post(`${app.url}/client/auth/login`, { data: { login: p.client.email, password: PASSWORD } })
    ).status(),
  ).toBe(200)
  await cp.goto(`${app.url}/zayavka/${p.orderId}/#admin_chat_block`)
  const block = cp.locator('#admin_chat_block')
  await block.getByText('Розклад на тиждень у вкладенні').waitFor()
  const img = block.getByRole('img', { name: 'rozklad.png' })
  await img.waitFor()
  await cp.waitForFunction(() => {
    const i = document.querySelector<HTMLImageElement>('#admin_chat_block img')
    return !!i && i.complete && i.naturalWidth === 40
  })
  expect(await block.getByText('Помилкове повідомлення').count()).toBe(0)
  await block.scrollIntoViewIfNeeded()
  await screenshot(cp, 'client-order-chat-image', { fullPage: false })
  expect(errors).toEqual([])
  expect(clientErrors).toEqual([])
  await context.close()
  await client.close()
})
