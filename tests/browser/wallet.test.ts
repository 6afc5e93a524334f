// The wallet through the screens (the "Show" list's browser test, wallet part): a
// tutor tops up 500 with the `local` provider → its bank page → Pay → the return page polls until
// paid → the wallet shows the balance and the history row (with its invoice link); then an order
// waiting for its fee is paid from the wallet: it leaves the waiting list and the balance drops.
// Screenshots: test-results/screenshots/wallet-*.png (and $SCREENSHOT_COPY_DIR).
import { expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { OrderStatus } from '../../common/order-status'
import { accountUa } from '../../i18n/areas/account/ua'
import { ordersUa } from '../../i18n/areas/orders/ua'
import { walletUa } from '../../i18n/areas/wallet/ua'
import { PASSWORD, type TestApp, makePerson, makeStaff } from '../helpers/app'
import { axeViolations, panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { type Ref, referenceFixture } from '../helpers/catalogue'
import { makeOrder } from '../helpers/orders'
import { edition } from '../../common/editions'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

const FEE = 20_000 // 200.00 UAH
const wt = (k: keyof typeof walletUa, params: Record<string, string | number> = {}) =>
  walletUa[k].replace(/\{(\w+)\}/g, (_, p: string) => String(params[p] ?? `{${p}}`))

const shot = (page: Page, name: string) => screenshot(page, `wallet-${name}`)

let ref: Ref | undefined
/** The reference data (subjects, cities) and the edition's order fee, made once for the file. */
async function fixture(): Promise<Ref> {
  if (!ref) {
    ref = await referenceFixture(app.services.db)
    await app.services.db
      // The edition's default fee (the migration made one): this test's amount.
      .updateTable('order_fees')
      .set({ fee_minor: FEE })
      .where('edition', '=', 'ua')
      .where('rate_id', 'is', null)
      .execute()
  }
  return ref
}

const balanceText = (page: Page) => page.getByTestId('wallet-balance').textContent()

test('a tutor tops up with the local bank, then pays an order fee from the wallet', async () => {
  const db = app.services.db
  const ref = await fixture()
  const me = await makePerson(app, { tutor: true })
  const page = await browser.newPage({
    viewport: { width: 1280, height: 900 },
    locale: 'uk-UA',
    timezoneId: 'Europe/Kiev',
    // axe-core is added as a script tag at the end.
    bypassCSP: true,
  })
  const errors = watchConsole(page)
  const login = await page.request.post(`${app.url}/tutor/login`, { data: { login: me.email, password: PASSWORD } })
  expect(login.status()).toBe(200)

  // The wallet, from the cabinet's navigation.
  await page.goto(`${app.url}/profile/`)
  await page.getByRole('link', { name: accountUa['account.nav_wallet'] }).click()
  await page.waitForURL(/\/wallet$/)
  await page.getByTestId('wallet').waitFor()
  await expect(
    page.getByRole('link', { name: accountUa['account.nav_wallet'] }).getAttribute('aria-current'),
  ).resolves.toBe('page')
  // The tab is named after the cabinet's screen, not "Особистий кабінет" on every one.
  const walletTitle = `${accountUa['account.nav_wallet']} | ${edition('ua').siteName}`
  await page.waitForFunction((title) => document.title === title, walletTitle)
  await page.getByTestId('wallet-balance').waitFor()
  expect(await balanceText(page)).toBe('0 ₴')
  await page.getByText(wt('wallet.orders_empty')).waitFor()
  await page.getByText(wt('wallet.p.empty')).waitFor()
  // The ua test edition offers only `local` (no LiqPay keys here).
  const choice = page.getByLabel(wt('wallet.pay_with'))
  expect(await choice.locator('option').allTextContents()).toEqual([wt('wallet.provider.local')])

  // A bad amount stays on the form, under its field.
  await page.getByLabel(wt('wallet.sum', { currency: '₴' })).fill('-5')
  await page.getByRole('button', { name: wt('wallet.topup_submit') }).click()
  await page.locator('#wallet-sum[aria-invalid="true"]').waitFor()
  expect(page.url()).toMatch(/\/wallet$/)
  await shot(page, '1-empty')

  // Top up 500 → the local bank's page.
  await page.getByLabel(wt('wallet.sum', { currency: '₴' })).fill('500')
  await page.getByRole('button', { name: wt('wallet.topup_submit') }).click()
  await page.waitForURL(/\/pay\/local\/ua-[0-9a-f]+\?/)
  await page.getByTestId('bank-amount').waitFor()
  expect(await page.getByTestId('bank-amount').textContent()).toBe('500 UAH')
  const bankUrl = page.url()
  await shot(page, '2-bank')

  // Pay → the return page asks get_status until the payment is paid.
  await page.getByRole('button', { name: wt('wallet.bank_pay') }).click()
  await page.waitForURL(/\/wallet\/payment\?payment_id=\d+$/)
  const paymentId = Number(new URL(page.url()).searchParams.get('payment_id'))
  await page.locator('[data-status="paid"]').waitFor({ timeout: 15_000 })
  expect(await page.getByTestId('payment-return').textContent()).toContain(wt('wallet.return_paid', { sum: '500 ₴' }))
  await shot(page, '3-return-paid')

  // Back on the wallet: the balance and the history row, with the payment's invoice.
  await page.getByRole('link', { name: wt('wallet.back') }).click()
  await page.waitForURL(/\/wallet$/)
  await page.getByText('500 ₴', { exact: true }).first().waitFor()
  expect(await balanceText(page)).toBe('500 ₴')
  const history = page.getByRole('table', { name: wt('wallet.history') })
  const topUp = history
    .getByRole('row')
    .filter({ hasText: `${wt('wallet.kind.top_up')}, ${wt('wallet.ref.payment', { id: paymentId })}` })
  await topUp.waitFor()
  expect(await topUp.textContent()).toContain('+500 ₴')
  expect(await topUp.getByRole('link', { name: wt('wallet.invoice') }).getAttribute('href')).toBe(
    `/tutor/billing_data/get_invoice_file?payment_id=${paymentId}`,
  )
  // The link gives the payment's invoice, a PDF, to the signed-in tutor.
  const invoice = await page.request.get(`${app.url}/tutor/billing_data/get_invoice_file?payment_id=${paymentId}`)
  expect(invoice.status()).toBe(200)
  expect(invoice.headers()['content-type']).toContain('application/pdf')
  expect((await invoice.body()).subarray(0, 5).toString()).toBe('%PDF-')
  await shot(page, '4-topped-up')

  // The bank page answers a direct load (never the 404 page); an altered link shows "not found".
  const direct = await page.goto(bankUrl.replace('amount=50000', 'amount=1'))
  expect(direct?.status()).toBe(200)
  await page.getByText(wt('wallet.bank_not_found')).waitFor()
  await shot(page, '5-bank-altered')

  // An order waiting for its fee: paid from the wallet, it leaves the list and the balance drops.
  const { orderId } = await makeOrder(app, {
    status: OrderStatus.WaitingForPay,
    tutor_id: me.tutorId!,
    lesson_id: ref.lessons.math,
    city_id: ref.cities.kyiv,
  })
  await page.goto(`${app.url}/wallet`)
  const waiting = page.getByTestId(`waiting-order-${orderId}`)
  await waiting.waitFor()
  expect(await waiting.textContent()).toContain(wt('wallet.order_fee', { sum: '200 ₴' }))
  await shot(page, '6-order-waiting')
  await waiting.getByRole('button', { name: wt('wallet.pay_from_wallet') }).click()
  const dialog = page.getByRole('alertdialog')
  await dialog.getByText(wt('wallet.pay_from_wallet_text', { sum: '200 ₴', id: orderId })).waitFor()
  await shot(page, '7-confirm')
  await dialog.getByRole('button', { name: wt('wallet.pay_from_wallet') }).click()
  await waiting.waitFor({ state: 'detached' })
  await page.getByText(wt('wallet.orders_empty')).waitFor()
  await page.getByTestId('wallet-balance').getByText('300 ₴').waitFor()
  await history
    .getByRole('row')
    .filter({ hasText: `${wt('wallet.kind.order_fee')}, ${wt('wallet.ref.order', { id: orderId })}` })
    .waitFor()
  const order = await db.selectFrom('orders').select(['status']).where('id', '=', orderId).executeTakeFirstOrThrow()
  expect(order.status).toBe(OrderStatus.Paid)
  await shot(page, '8-order-paid')
  // On a phone each history row is a block of labelled lines: the amount is on the screen, not past the
  // table's right edge.
  await page.setViewportSize({ width: 390, height: 844 })
  const feeRow = history
    .getByRole('row')
    .filter({ hasText: `${wt('wallet.kind.order_fee')}, ${wt('wallet.ref.order', { id: orderId })}` })
  const feeAmount = feeRow.getByText('-200 ₴', { exact: true })
  await feeAmount.scrollIntoViewIfNeeded()
  const box = await feeAmount.boundingBox()
  expect(box!.x + box!.width).toBeLessThanOrEqual(390)
  // Nothing of the table is scrolled out of sight sideways.
  expect(await history.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBe(0)
  expect(await feeAmount.evaluate((el) => getComputedStyle(el.closest('td')!, '::before').content)).toBe(
    `"${wt('wallet.col_amount')}"`,
  )
  await shot(page, '9-phone-history')
  expect(await axeViolations(page)).toEqual([])
  expect(errors).toEqual([])
  await page.close()
}, 120_000)

test('an order paid by the provider with its card saved; a top-up with the saved card; the card deleted; pending and declined returns', async () => {
  const db = app.services.db
  const ref = await fixture()
  const me = await makePerson(app, { tutor: true })
  const page = await browser.newPage({
    viewport: { width: 1280, height: 900 },
    locale: 'uk-UA',
    timezoneId: 'Europe/Kiev',
  })
  const errors = watchConsole(page)
  expect(
    (await page.request.post(`${app.url}/tutor/login`, { data: { login: me.email, password: PASSWORD } })).status(),
  ).toBe(200)
  const { orderId } = await makeOrder(app, {
    status: OrderStatus.WaitingForPay,
    tutor_id: me.tutorId!,
    lesson_id: ref.lessons.math,
    city_id: ref.cities.kyiv,
  })

  // The order's fee through the local bank, keeping the card: the order leaves the list, the card stays.
  await page.goto(`${app.url}/wallet`)
  const waiting = page.getByTestId(`waiting-order-${orderId}`)
  await waiting.waitFor()
  // Nothing on the balance: paying from the wallet is not offered yet.
  expect(await waiting.getByRole('button', { name: wt('wallet.pay_from_wallet') }).isDisabled()).toBe(true)
  await waiting.getByText(wt('wallet.not_enough')).waitFor()
  await waiting.getByLabel(wt('wallet.save_card')).check()
  await waiting.getByRole('button', { name: wt('wallet.pay_by_provider'), exact: true }).click()
  await page.waitForURL(/\/pay\/local\//)
  expect(await page.getByTestId('bank-amount').textContent()).toBe('200 UAH')
  await page.getByRole('button', { name: wt('wallet.bank_pay') }).click()
  await page.locator('[data-status="paid"]').waitFor({ timeout: 15_000 })
  expect(await page.getByTestId('payment-return').textContent()).toContain(wt('wallet.purpose.order'))
  await page.getByRole('link', { name: wt('wallet.back') }).click()
  await page.getByText(wt('wallet.orders_empty')).waitFor()
  expect(
    (await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status,
  ).toBe(OrderStatus.Paid)
  const cards = page.locator('#wallet-cards-title').locator('..').locator('..')
  await cards.getByText('**** 4242').waitFor()
  expect(await balanceText(page)).toBe('0 ₴')
  await shot(page, '9-card-saved')

  // Staff see in the order editor how the fee was paid: the provider payment and the wallet charge.
  const staff = await makeStaff(app, 1)
  const panel = await browser.newPage({
    viewport: { width: 1280, height: 900 },
    locale: 'uk-UA',
    timezoneId: 'Europe/Kiev',
  })
  await panelSignIn(panel, app.url, staff.email)
  await panel.goto(`${app.url}/panel/users_orders/${orderId}`)
  const attempts = panel.getByRole('table', { name: ordersUa['orders.staff.fee_attempts'] })
  await attempts
    .getByRole('row')
    .filter({ hasText: 'local' })
    .filter({ hasText: ordersUa['orders.payment_status.paid'] })
    .filter({ hasText: '200 UAH' })
    .waitFor()
  const charges = panel.getByRole('table', { name: ordersUa['orders.staff.fee_charges'] })
  await charges
    .getByRole('row')
    .filter({ hasText: ordersUa['orders.actor.system'] })
    .filter({ hasText: '200 UAH' })
    .waitFor()
  // The order's payment line in words: the edition's currency sign and the provider's name (then the date).
  await panel.getByText(`200 ₴ · ${ordersUa['orders.payment_method.local']}`).waitFor()
  await panel.getByRole('heading', { name: ordersUa['orders.staff.fee_payments'] }).scrollIntoViewIfNeeded()
  await shot(panel, '9b-panel-fee-payments')
  await panel.close()

  // A top-up with the saved card (the first choice now): charged at once, the return page says paid.
  const choice = page.getByLabel(wt('wallet.pay_with')).first()
  expect(await choice.inputValue()).toMatch(/^card:\d+$/)
  await page.getByLabel(wt('wallet.sum', { currency: '₴' })).fill('100')
  await page.getByRole('button', { name: wt('wallet.topup_submit') }).click()
  await page.waitForURL(/\/wallet\/payment\?payment_id=\d+$/)
  await page.locator('[data-status="paid"]').waitFor({ timeout: 15_000 })
  await page.getByRole('link', { name: wt('wallet.back') }).click()
  await page.getByTestId('wallet-balance').getByText('100 ₴').waitFor()

  // The card deleted after a confirmation.
  await cards.getByRole('button', { name: wt('wallet.card_delete') }).click()
  const dialog = page.getByRole('alertdialog')
  await dialog.getByText(wt('wallet.card_delete_text', { mask: '**** 4242' })).waitFor()
  await dialog.getByRole('button', { name: wt('wallet.card_delete') }).click()
  await cards.getByText(wt('wallet.cards_empty')).waitFor()
  expect(await page.getByLabel(wt('wallet.pay_with')).first().inputValue()).toBe('p:local')
  await shot(page, '10-card-deleted')

  // A payment not confirmed yet: the return page keeps asking, with its spinner.
  const start = async () => {
    const r = await page.request.post(`${app.url}/tutor/payments/local/wallet`, { data: { sum: 42 } })
    expect(r.status()).toBe(200)
    return (await r.json()).data as { payment_id: number; url: string }
  }
  const pending = await start()
  await page.goto(`${app.url}/wallet/payment?payment_id=${pending.payment_id}`)
  await page
    .getByRole('status')
    .filter({ hasText: wt('wallet.return_waiting') })
    .waitFor()
  await shot(page, '11-return-pending')

  // Declined at the bank: the return page says failed; nothing credited.
  await page.goto(app.url + pending.url)
  await page.getByRole('button', { name: wt('wallet.bank_decline') }).click()
  await page.locator('[data-status="failed"]').waitFor({ timeout: 15_000 })
  await shot(page, '12-return-failed')
  await page.getByRole('link', { name: wt('wallet.back') }).click()
  await page.getByTestId('wallet-balance').getByText('100 ₴').waitFor()
  expect(errors).toEqual([])
  await page.close()
}, 120_000)
