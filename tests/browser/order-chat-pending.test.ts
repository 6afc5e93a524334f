// The order page's chat never loses a word: a sent message shows as pending until the
// server's echo, then as sent; without an echo for 30 s it shows "Not sent" with a retry button; the
// pending text survives a reload and is sent (once) when the page connects again.
import { expect, test } from 'bun:test'
import type { Browser, Page, WebSocketRoute } from 'playwright-core'
import { PASSWORD, type TestApp } from '../helpers/app'
import { screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { chatParties } from '../helpers/chat'
import { chatFaults } from '../../server/ws/chat-socket'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

async function signInClient(page: Page, email: string) {
  const res = await page.request.post(`${app.url}/client/auth/login`, { data: { login: email, password: PASSWORD } })
  expect(res.status()).toBe(200)
}

const rows = (orderId: number) =>
  app.services.db
    .selectFrom('chat_messages')
    .select(['msg_text', 'client_msg_id'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute()

test('a message is pending until its echo, then sent; the input clears only into the pending bubble', async () => {
  const p = await chatParties(app)
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors = watchConsole(page)
  await signInClient(page, p.client.email)
  await page.goto(`${app.url}/zayavka/${p.orderId}/#admin_chat_block`)
  const block = page.locator('#admin_chat_block')
  const input = block.getByRole('textbox')
  await input.waitFor()
  // Stored but not published (as a process dying before its NOTIFY): no echo yet.
  chatFaults.set(app.services, { dropPublish: true })
  try {
    await input.fill('Добрий день! Коли буде перше заняття?')
    await block.getByRole('button', { name: 'Надіслати' }).click()
    const bubble = block.locator('li[data-chat-status="pending"]')
    await bubble.waitFor()
    expect(await bubble.textContent()).toBe('Добрий день! Коли буде перше заняття?Надсилається…')
    expect(await input.inputValue()).toBe('')
    await screenshot(page, 'chat-pending')
  } finally {
    chatFaults.delete(app.services)
  }
  // The room's sweep finds the stored message: the echo turns the bubble into a sent message.
  await block.locator('li[data-chat-status]').waitFor({ state: 'detached', timeout: 8000 })
  await block.getByText('Добрий день! Коли буде перше заняття?').waitFor()
  expect(await block.getByText('Надсилається…').count()).toBe(0)
  await screenshot(page, 'chat-sent')
  const stored = await rows(p.orderId)
  expect(stored).toHaveLength(1)
  expect(stored[0]!.client_msg_id).toMatch(/^[0-9a-f-]{36}$/)
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('chat-pending:')))).toEqual([])
  expect(errors).toEqual([])
  await page.close()
})

test('no echo for 30 s: "Не надіслано" with a retry button; the text survives a reload and is sent once', async () => {
  const p = await chatParties(app)
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors = watchConsole(page)
  await signInClient(page, p.client.email)
  // A connection that opens but reaches nobody (a dead server behind a proxy), until `live`.
  let live = false
  await page.routeWebSocket(/\/websocket\//, (ws: WebSocketRoute) => {
    if (live) ws.connectToServer()
  })
  await page.clock.install()
  await page.goto(`${app.url}/zayavka/${p.orderId}/#admin_chat_block`)
  const block = page.locator('#admin_chat_block')
  const input = block.getByRole('textbox')
  await input.waitFor()
  await input.fill('Чи можна перенести заняття на п’ятницю?')
  await block.getByRole('button', { name: 'Надіслати' }).click()
  await block.locator('li[data-chat-status="pending"]').waitFor()
  await page.clock.fastForward(31_000)
  const failed = block.locator('li[data-chat-status="failed"]')
  await failed.waitFor()
  expect(await failed.textContent()).toContain('Не надіслано')
  expect(await failed.getByRole('button', { name: 'Повторити' }).isVisible()).toBe(true)
  await screenshot(page, 'chat-failed')
  expect(await rows(p.orderId)).toEqual([])

  // Reload with the connection working: the kept message goes, is acknowledged and shown as sent.
  live = true
  await page.reload()
  await block.getByText('Чи можна перенести заняття на п’ятницю?').waitFor()
  await block.locator('li[data-chat-status]').waitFor({ state: 'detached', timeout: 8000 })
  const stored = await rows(p.orderId)
  expect(stored.map((r) => r.msg_text)).toEqual(['Чи можна перенести заняття на п’ятницю?'])
  await screenshot(page, 'chat-resent-after-reload')
  expect(errors).toEqual([])
  await page.close()
})
