// The client's chats page /client_chats in a browser: one card per order (number, subject, tutor,
// last message, unread badge), the order without messages, a card leading to the order page's
// chat block, the count gone once the chat was read there, the tutor's chat, the empty state, the
// screen as its own chunk.
import { expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { jsonb } from '../../db/jsonb'
import { PASSWORD, type TestApp, makePerson } from '../helpers/app'
import { screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { chatParties } from '../helpers/chat'
import { makeOrder } from '../helpers/orders'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

const db = () => app.services.db
const newPage = () => browser.newPage({ viewport: { width: 1280, height: 900 } })

async function signInClient(page: Page, email: string) {
  const res = await page.request.post(`${app.url}/client/auth/login`, { data: { login: email, password: PASSWORD } })
  expect(res.status()).toBe(200)
}

async function insertMessage(
  orderId: number,
  m: {
    sender: 'client' | 'tutor' | 'admin'
    sender_id: number
    recipient: 'client' | 'tutor' | 'admin'
    recipient_id: number | null
    msg_text: string
    minutesAgo: number
  },
) {
  const { minutesAgo, ...rest } = m
  await db()
    .insertInto('chat_messages')
    .values({ order_id: orderId, ...rest, created_at: new Date(Date.now() - minutesAgo * 60_000) })
    .execute()
}

/** A subject with its names per language, for the order. */
async function giveSubject(orderId: number, ua: string, en: string) {
  const lesson = await db()
    .insertInto('lessons')
    .values({ edition: 'ua', alias: `chats-${orderId}`, names: jsonb({ ua, en }) })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db().updateTable('orders').set({ lesson_id: lesson.id }).where('id', '=', orderId).execute()
}

const tutorName = async (id: number) =>
  (await db().selectFrom('tutors').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name

test('the chats list shows each order with its last message and unread count, and leads to the chat on the order page', async () => {
  // Order A (appointed tutor, a subject): the client asked staff, staff answered (unread). Order B: nothing written yet.
  const p = await chatParties(app)
  await giveSubject(p.orderId, 'Фізика', 'Physics')
  await insertMessage(p.orderId, {
    sender: 'client',
    sender_id: p.client.id,
    recipient: 'admin',
    recipient_id: null,
    msg_text: 'Коли буде перше заняття?',
    minutesAgo: 30,
  })
  await insertMessage(p.orderId, {
    sender: 'admin',
    sender_id: p.staff.id,
    recipient: 'client',
    recipient_id: p.client.id,
    msg_text: 'Добрий день! Репетитор зателефонує вам сьогодні ввечері.',
    minutesAgo: 5,
  })
  const quiet = await makeOrder(app, { client_id: p.client.id })
  const tutor = await tutorName(p.tutor.id)

  const page = await newPage()
  const errors = watchConsole(page)
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname)
  })
  await signInClient(page, p.client.email)
  await page.goto(`${app.url}/client_chats`)
  const list = page.getByTestId('client-chats')
  await page.getByTestId('chat-card').first().waitFor()
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Чати')
  // The screen is a chunk of its own, and the cabinet's item is a link now (the current page).
  expect(scripts.some((s) => /\/ClientChats-[\w-]+\.js$/.test(s))).toBe(true)
  const nav = page.getByRole('navigation', { name: 'Кабінет учня' })
  expect(await nav.getByRole('link', { name: 'Чати' }).getAttribute('aria-current')).toBe('page')
  expect(await nav.getByText('Скоро').count()).toBe(0)

  // Newest conversation first: order A, then the order without messages.
  const cards = list.getByTestId('chat-card')
  expect(await cards.count()).toBe(2)
  const a = cards.nth(0)
  const b = cards.nth(1)
  expect(await a.getAttribute('data-order')).toBe(String(p.orderId))
  expect(await b.getAttribute('data-order')).toBe(String(quiet.orderId))

  const aText = (await a.textContent())!
  expect(aText).toContain(`Заявка № ${p.orderId}`)
  expect(aText).toContain('Фізика')
  expect(aText).toContain(`Репетитор: ${tutor}`)
  expect(await a.getByTestId('chat-last-message').textContent()).toBe(
    'Менеджер: Добрий день! Репетитор зателефонує вам сьогодні ввечері.',
  )
  const badge = a.getByTestId('chat-unread')
  expect(await badge.textContent()).toBe('1Непрочитаних повідомлень: 1')
  expect(await badge.locator('[aria-hidden="true"]').textContent()).toBe('1')
  expect(await a.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/)
  expect((await a.locator('time').textContent())!.length).toBeGreaterThan(4)
  expect(await a.getAttribute('href')).toBe(`/zayavka/${p.orderId}/#admin_chat_block`)

  const bText = (await b.textContent())!
  expect(bText).toContain(`Заявка № ${quiet.orderId}`)
  expect(bText).not.toContain('Репетитор:')
  expect(await b.getByTestId('chat-last-message').textContent()).toContain('Повідомлень поки немає')
  expect(await b.getByTestId('chat-unread').count()).toBe(0)
  expect(await b.getAttribute('href')).toBe(`/zayavka/${quiet.orderId}/#admin_chat_block`)
  await screenshot(page, 'client-chats')

  // Following the chat opens the order page at the staff chat, with the message in it.
  await a.click()
  await page.waitForURL(`${app.url}/zayavka/${p.orderId}/#admin_chat_block`)
  const block = page.locator('#admin_chat_block')
  await block.getByText('Добрий день! Репетитор зателефонує вам сьогодні ввечері.').waitFor()
  expect(await block.getByRole('heading').textContent()).toBe('Чат з менеджером')
  await page.waitForFunction(() => {
    const r = document.getElementById('admin_chat_block')!.getBoundingClientRect()
    return r.top >= 0 && r.top < window.innerHeight
  })
  await screenshot(page, 'client-chats-order-page')

  // Back on the list, the answer has been read: no badge.
  await page.goBack()
  await page.waitForURL(`${app.url}/client_chats`)
  await page.getByTestId('chat-card').first().waitFor()
  await page.getByTestId('chat-unread').waitFor({ state: 'detached' })
  expect(await page.getByTestId('chat-unread').count()).toBe(0)

  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'client-chats-mobile')
  expect(errors).toEqual([])
  await page.close()
})

test("a conversation with the tutor leads to the order page's tutor chat; the client's own message says so", async () => {
  const p = await chatParties(app)
  await giveSubject(p.orderId, 'Хімія', 'Chemistry')
  await insertMessage(p.orderId, {
    sender: 'tutor',
    sender_id: p.tutor.id,
    recipient: 'client',
    recipient_id: p.client.id,
    msg_text: 'Маю час у вівторок о 18:00.',
    minutesAgo: 10,
  })
  await insertMessage(p.orderId, {
    sender: 'client',
    sender_id: p.client.id,
    recipient: 'tutor',
    recipient_id: p.tutor.id,
    msg_text: 'Чудово, домовились!',
    minutesAgo: 2,
  })
  const page = await newPage()
  const errors = watchConsole(page)
  await signInClient(page, p.client.email)
  await page.goto(`${app.url}/client_chats`)
  const card = page.getByTestId('chat-card')
  await card.waitFor()
  expect(await card.getByTestId('chat-last-message').textContent()).toBe('Ви: Чудово, домовились!')
  // The tutor's message was unread but the client's own is the last: the count is of messages to the client.
  expect(await card.getByTestId('chat-unread').textContent()).toContain('1')
  expect(await card.getAttribute('href')).toBe(`/zayavka/${p.orderId}/#client_chat_block`)
  await card.click()
  await page.waitForURL(`${app.url}/zayavka/${p.orderId}/#client_chat_block`)
  const block = page.locator('#client_chat_block')
  await block.getByText('Чудово, домовились!').waitFor()
  expect(await block.getByRole('heading').textContent()).toBe('Чат з репетитором')
  expect(errors).toEqual([])
  await page.close()
})

test('a client without orders sees an empty state that leads to the search', async () => {
  const client = await makePerson(app, { client: true })
  const page = await newPage()
  const errors = watchConsole(page)
  await signInClient(page, client.email)
  await page.goto(`${app.url}/client_chats`)
  const empty = page.getByTestId('chats-empty')
  await empty.waitFor()
  expect(await empty.textContent()).toContain('У вас ще немає заявок')
  expect(await empty.getByRole('link', { name: 'Знайти репетитора' }).getAttribute('href')).toBe('/')
  expect(await page.getByTestId('chat-card').count()).toBe(0)
  await screenshot(page, 'client-chats-empty')
  expect(errors).toEqual([])
  await page.close()
})
