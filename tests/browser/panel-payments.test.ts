// /panel/payments as staff of status 2 use it: payments made through the local provider's own flow
// (start, then the bank page's Pay / Fail), the list with its filters, the totals and the takings
// chart, both exports (their rows read back), a partial refund through the dialog (a too large amount,
// the provider's refusal, then a good one) and the narrow screen (docs/payments.md#the-panel-payments-screen);
// part of an order fee paid through the provider refunded, and the tutor's wallet history showing it.
import { describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { panelUa } from '../../i18n/areas/panel/ua'
import { t } from '../../i18n/keys'
import { minorToUnits, moneyText } from '../../common/money'
import { OrderStatus } from '../../common/order-status'
import { PASSWORD, type TestApp, makePerson, makeStaff, signedIn } from '../helpers/app'
import { referenceFixture } from '../helpers/catalogue'
import { makeOrder } from '../helpers/orders'
import { walletUa } from '../../i18n/areas/wallet/ua'
import { panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

const pt = (k: keyof typeof panelUa) => panelUa[k]

/**
 * A tutor's payment through the local provider, ended on its bank page by Pay or Fail: a wallet top-up
 * of `sum`, or the fee of an order waiting for it.
 */
async function localPayment(tutorEmail: string, sum: string | { order_id: number }, outcome: 'paid' | 'failed' | null) {
  const c = await signedIn(app, { tutor: tutorEmail })
  const started =
    typeof sum === 'string'
      ? await c.raw.post('/tutor/payments/local/wallet', { sum })
      : await c.raw.post('/tutor/payments/local/order', sum)
  expect(started.status).toBe(200)
  const data = started.json.data as { payment_id: number; url: string }
  if (outcome) {
    const row = await app.services.db
      .selectFrom('payments')
      .select('reference')
      .where('id', '=', data.payment_id)
      .executeTakeFirstOrThrow()
    const query = new URL(data.url, app.url).search.slice(1)
    const pressed = await c.raw.post('/api/payments/local/press', { payment_ref: row.reference, query, outcome })
    expect(pressed.status).toBe(200)
  }
  return data.payment_id
}

async function download(page: Page, testId: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()])
  return { name: file.suggestedFilename(), bytes: await Bun.file((await file.path())!).bytes() }
}

describe('panel payments', () => {
  test('staff see, filter, total, export and refund payments; the chart and table read at 375 px', async () => {
    const a = await makePerson(app, { tutor: true })
    const b = await makePerson(app, { tutor: true })
    const paidA = await localPayment(a.email!, '150.50', 'paid')
    const paidB = await localPayment(b.email!, '80', 'paid')
    const failed = await localPayment(b.email!, '20', 'failed')
    const pending = await localPayment(a.email!, '30', null)

    const staff = await makeStaff(app, 2)
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, acceptDownloads: true })
    const page = await context.newPage()
    const errors = watchConsole(page)
    await panelSignIn(page, app.url, staff.email)
    await page
      .getByTestId('panel-menu')
      .getByRole('link', { name: pt('panel.payments') })
      .click()
    await page.waitForURL(/\/panel\/payments$/)
    await page.getByRole('heading', { level: 1, name: pt('panel.payments') }).waitFor()

    // Every payment, newest first, with its provider and status.
    const rows = page.locator('tbody tr[data-testid^="payment-"]')
    await page.getByTestId(`payment-${paidA}`).waitFor()
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-testid')))).toEqual(
      [pending, failed, paidB, paidA].map((id) => `payment-${id}`),
    )
    const rowA = page.getByTestId(`payment-${paidA}`)
    expect(await rowA.textContent()).toContain('150,50 UAH')
    expect(await rowA.textContent()).toContain(pt('pay.status.paid'))
    expect(await page.getByTestId(`payment-${failed}`).textContent()).toContain(pt('pay.status.failed'))
    // Only a paid payment offers a refund.
    expect(await page.getByTestId(`refund-${failed}`).count()).toBe(0)

    // Totals of the paid ones, and one bar for today with its sum.
    const total = (kind: 'paid' | 'refunded' | 'net' | 'count') => page.getByTestId(`total-${kind}-UAH`)
    await total('paid').getByText('230,50 UAH').waitFor()
    expect(await total('net').textContent()).toContain('230,50 UAH')
    expect(await total('count').textContent()).toContain('2')
    const chart = page.getByTestId('takings-chart-UAH')
    expect(await chart.textContent()).toContain('230,50 UAH')
    expect(await chart.getByRole('img').first().getAttribute('aria-label')).toContain('local 230,50 UAH')
    // uPlot draws the bars on a canvas, hidden from screen readers (the text alternative and the day list speak).
    await chart.locator('canvas').waitFor()
    expect(await chart.locator('[aria-hidden="true"] canvas').count()).toBe(1)
    expect(await chart.locator('ol li').allTextContents()).toEqual([expect.stringContaining('local 230,50 UAH')])
    // The caption names the days drawn (the legend's totals are theirs): here the one day, in the panel's language.
    const day = (await chart.locator('ol li').first().textContent())!.slice(0, 10)
    const dayText = new Intl.DateTimeFormat('uk', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(day))
    expect(await chart.locator('figcaption').textContent()).toContain(`${dayText} – ${dayText}`)
    await screenshot(page, 'panel-payments')

    // The filter's two buttons side by side at 1280 px, not stacked in one narrow cell under seven filters.
    const apply = await page.getByRole('button', { name: panelUa['p.apply'] }).boundingBox()
    const reset = await page.getByRole('button', { name: panelUa['p.reset'] }).boundingBox()
    expect(reset!.y < apply!.y + apply!.height && apply!.y < reset!.y + reset!.height).toBe(true)
    expect(reset!.x).toBeGreaterThan(apply!.x + apply!.width)

    // Filter: paid only.
    await page.getByLabel(pt('p.status')).selectOption('paid')
    await page.getByRole('button', { name: panelUa['p.apply'] }).click()
    await page.waitForURL(/status=paid/)
    await page.getByTestId(`payment-${failed}`).waitFor({ state: 'detached' })
    expect(await rows.count()).toBe(2)

    // The exports hold the filtered rows.
    const csv = await download(page, 'payments-export-csv')
    expect(csv.name).toBe('payments.csv')
    const lines = new TextDecoder().decode(csv.bytes).trim().split('\n')
    expect(lines[0]).toStartWith('ID,Edition,')
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([paidB, paidA])
    expect(lines.find((l) => l.startsWith(`${paidA},`))).toContain(',local,')
    const xlsx = await download(page, 'payments-export-xlsx')
    expect(xlsx.name).toBe('payments.xlsx')
    const { default: ExcelJS } = await import('exceljs')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(xlsx.bytes.buffer as ArrayBuffer)
    const sheet = book.getWorksheet('Payments')!
    expect(sheet.getColumn(1).values.slice(2)).toEqual([paidB, paidA])
    expect(sheet.getRow(1).getCell(12).value).toBe('Amount')
    expect(sheet.getRow(3).getCell(12).value).toBe(150.5)

    // Purpose and tutor: no TOP purchase among them; B's payments only (of the paid ones: B's top-up).
    await page.getByLabel(pt('pay.purpose')).selectOption('top')
    await page.getByRole('button', { name: panelUa['p.apply'] }).click()
    await page.waitForURL(/purpose=top/)
    await page.getByTestId(`payment-${paidA}`).waitFor({ state: 'detached' })
    expect(await rows.count()).toBe(0)
    await page.getByLabel(pt('pay.purpose')).selectOption('wallet')
    await page.getByLabel(pt('pay.tutor_id')).fill(String(b.tutorId))
    await page.getByRole('button', { name: panelUa['p.apply'] }).click()
    await page.waitForURL(/tutor_id=/)
    await page.getByTestId(`payment-${paidB}`).waitFor()
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-testid')))).toEqual([
      `payment-${paidB}`,
    ])
    await page.getByLabel(pt('pay.tutor_id')).fill('')
    await page.getByRole('button', { name: panelUa['p.apply'] }).click()
    await page.getByTestId(`payment-${paidA}`).waitFor()
    expect(await rows.count()).toBe(2)

    // Refund part of A: more than paid is refused at the field; the provider's refusal is shown; then 50.
    await page.getByTestId(`refund-${paidA}`).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText(pt('pay.refund_title').replace('{id}', String(paidA))).waitFor()
    const amount = dialog.getByLabel(pt('pay.refund_amount').replace('{currency}', 'UAH'))
    expect(await amount.inputValue()).toBe('150.50')
    await amount.fill('200')
    await dialog.getByLabel(pt('pay.reason')).fill('duplicate top-up')
    await dialog.getByTestId('refund-submit').click()
    await expect(amount.getAttribute('aria-invalid')).resolves.toBe('true')
    await amount.fill('50')
    // The local bank refuses a refund whose reason is "decline".
    await dialog.getByLabel(pt('pay.reason')).fill('decline')
    await dialog.getByTestId('refund-submit').click()
    const refusal = dialog.getByTestId('refund-error')
    await refusal.waitFor()
    expect(await refusal.textContent()).toContain(pt('pay.refund_failed'))
    await screenshot(page, 'panel-payments-refund-refused')
    await dialog.getByLabel(pt('pay.reason')).fill('duplicate top-up')
    await dialog.getByTestId('refund-submit').click()
    const answer = dialog.getByTestId('refund-answer')
    await answer.waitFor()
    expect(await answer.textContent()).toContain('50 UAH')
    await dialog.getByRole('button', { name: pt('pay.close') }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByTestId(`payment-refunded-${paidA}`).getByText('50 UAH').waitFor()
    await total('net').getByText('180,50 UAH').waitFor()
    expect(await total('refunded').textContent()).toContain('50 UAH')

    // 375 px: the chart's bar and total and the table stay readable (the table scrolls on its own).
    await page.setViewportSize({ width: 375, height: 812 })
    await chart.scrollIntoViewIfNeeded()
    const bar = await chart.getByRole('img').first().boundingBox()
    expect(bar!.width).toBeGreaterThan(100)
    // The canvas follows the narrow width.
    await page.waitForFunction(() => {
      const c = document.querySelector('[data-testid="takings-chart-UAH"] canvas') as HTMLCanvasElement | null
      return !!c && c.getBoundingClientRect().width <= 340
    })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await screenshot(page, 'panel-payments-375', { fullPage: true })
    expect(errors).toEqual([])
    await context.close()

    // The tutor sees the refund in the wallet's history, with the balance down by it.
    const tutorPage = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const login = await tutorPage.request.post(`${app.url}/tutor/login`, {
      data: { login: a.email, password: PASSWORD },
    })
    expect(login.status()).toBe(200)
    await tutorPage.goto(`${app.url}/wallet`)
    const refundRow = tutorPage.getByRole('row').filter({ hasText: walletUa['wallet.kind.refund'] })
    await refundRow.first().waitFor()
    expect(await refundRow.first().textContent()).toMatch(/[-−]\s?50(?![\d,.]*\d)/)
    await tutorPage
      .getByTestId('wallet-balance')
      .getByText(/100[.,]50/)
      .waitFor()
    await screenshot(tutorPage, 'panel-payments-tutor-wallet-refund')
    await tutorPage.close()
  })

  test('staff refund part of an order fee paid through the provider; the tutor sees it in the wallet history', async () => {
    const ref = await referenceFixture(app.services.db)
    const tutor = await makePerson(app, { tutor: true })
    const { orderId } = await makeOrder(app, {
      status: OrderStatus.WaitingForPay,
      tutor_id: tutor.tutorId!,
      lesson_id: ref.lessons.math,
      city_id: ref.cities.kyiv,
    })
    const fee = await app.services.db
      .selectFrom('orders')
      .select('fee_minor')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    const feeMinor = Number(fee.fee_minor)
    expect(feeMinor).toBeGreaterThan(8_000)
    const paid = await localPayment(tutor.email, { order_id: orderId }, 'paid')

    const staff = await makeStaff(app, 2)
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } })
    const errors = watchConsole(page)
    await panelSignIn(page, app.url, staff.email)
    await page.goto(`${app.url}/panel/payments?purpose=order`)
    const row = page.getByTestId(`payment-${paid}`)
    await row.waitFor()
    expect(await row.textContent()).toContain(moneyText(feeMinor, 'UAH'))
    expect(await row.textContent()).toContain(pt('pay.purpose.order'))

    // Part of the fee back: the dialog offers the whole fee, staff ask for 80.
    await page.getByTestId(`refund-${paid}`).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText(pt('pay.refund_title').replace('{id}', String(paid))).waitFor()
    const amount = dialog.getByLabel(pt('pay.refund_amount').replace('{currency}', 'UAH'))
    expect(await amount.inputValue()).toBe(minorToUnits(feeMinor))
    await amount.fill('80')
    await dialog.getByLabel(pt('pay.reason')).fill('one lesson of two took place')
    await screenshot(page, 'panel-payments-fee-refund-dialog')
    await dialog.getByTestId('refund-submit').click()
    const answer = dialog.getByTestId('refund-answer')
    await answer.waitFor()
    expect(await answer.textContent()).toContain('80 UAH')
    await dialog.getByRole('button', { name: pt('pay.close') }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByTestId(`payment-refunded-${paid}`).getByText('80 UAH').waitFor()
    // A part refund leaves the order paid.
    const order = await app.services.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(order.status).toBe(OrderStatus.Paid)
    expect(errors).toEqual([])
    await page.close()

    // The tutor: the refund in the wallet's history, in Ukrainian, with its amount and the order it is for;
    // the fee's charge reversed by as much, so the balance is as it was.
    const tutorPage = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'uk-UA' })
    const tutorErrors = watchConsole(tutorPage)
    const login = await tutorPage.request.post(`${app.url}/tutor/login`, {
      data: { login: tutor.email, password: PASSWORD },
    })
    expect(login.status()).toBe(200)
    await tutorPage.goto(`${app.url}/wallet`)
    const history = tutorPage.getByRole('region', { name: walletUa['wallet.history'] })
    const wt = (k: keyof typeof walletUa, id: number) => walletUa[k].replace('{id}', String(id))
    const refundRow = history.getByRole('row').filter({ hasText: walletUa['wallet.kind.refund'] })
    await refundRow.waitFor()
    const refundText = (await refundRow.textContent())!
    expect(refundText).toContain(wt('wallet.ref.payment', paid))
    expect(refundText).toContain(wt('wallet.ref.order', orderId))
    expect(refundText).toMatch(/[-−]\s?80(?![\d,.]*\d)/)
    const reversal = history.getByRole('row').filter({ hasText: walletUa['wallet.kind.charge_reversal'] })
    expect(await reversal.textContent()).toMatch(/\+\s?80(?![\d,.]*\d)/)
    expect(await reversal.textContent()).toContain(wt('wallet.ref.order', orderId))
    expect((await tutorPage.getByTestId('wallet-balance').textContent())?.replace(/\s/g, '')).toBe('0₴')
    await screenshot(tutorPage, 'panel-payments-tutor-fee-refund')
    expect(tutorErrors).toEqual([])
    await tutorPage.close()
  })

  test('the takings chart stacks providers per day and reads at 375 px; screen readers get the figures', async () => {
    // Ten days of October takings by three providers, as settling leaves them (the provider flows
    // themselves are the tests above and tests/api/payments.test.ts').
    const tutor = await makePerson(app, { tutor: true })
    const providers = ['fondy', 'liqpay', 'local'] as const
    for (let day = 1; day <= 10; day++)
      for (const [i, provider] of providers.entries()) {
        if ((day + i) % 4 === 0) continue // not every provider takes money every day
        await app.services.db
          .insertInto('payments')
          .values({
            reference: `chart-${crypto.randomUUID()}`,
            edition: 'ua',
            tutor_id: tutor.tutorId!,
            provider,
            purpose: 'wallet',
            amount_minor: (day * 10 + i * 25) * 100,
            currency: 'UAH',
            status: 'paid',
            created_at: new Date(`2026-10-${String(day).padStart(2, '0')}T09:58:00Z`),
            paid_at: new Date(`2026-10-${String(day).padStart(2, '0')}T10:00:00Z`),
          })
          .execute()
      }
    const staff = await makeStaff(app, 1)
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const errors = watchConsole(page)
    await panelSignIn(page, app.url, staff.email)
    await page.setViewportSize({ width: 375, height: 812 })
    await page.goto(`${app.url}/panel/payments?from=2026-10-01&to=2026-10-10`)
    const chart = page.getByTestId('takings-chart-UAH')
    await chart.locator('canvas').waitFor()
    // The legend names each provider with its total; the text alternative says the same for the period.
    const legend = chart.getByRole('list', { name: pt('pay.legend') })
    expect(await legend.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('fondy'),
      expect.stringContaining('liqpay'),
      expect.stringContaining('local'),
    ])
    const summary = (await chart.getByRole('img').getAttribute('aria-label'))!
    expect(summary).toContain('1 жовт. 2026 р. – 10 жовт. 2026 р.')
    expect(await chart.locator('figcaption').textContent()).toContain('1 жовт. 2026 р. – 10 жовт. 2026 р.')
    // fondy: every day but 4 and 8 → (550 − 120) UAH.
    expect(summary).toContain('fondy 430 UAH')
    // Day by day for screen readers: day 4 has no fondy, day 1 all three.
    const days = await chart.locator('ol.sr-only li').allTextContents()
    expect(days).toHaveLength(10)
    expect(days[0]).toBe('2026-10-01: fondy 10 UAH, liqpay 35 UAH, local 60 UAH')
    expect(days[3]).toBe('2026-10-04: liqpay 65 UAH, local 90 UAH')
    // The canvas fits the phone's width, and the page does not scroll sideways.
    const box = (await chart.locator('canvas').boundingBox())!
    expect(box.width).toBeLessThanOrEqual(340)
    expect(box.width).toBeGreaterThan(250)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await chart.scrollIntoViewIfNeeded()
    await screenshot(page, 'panel-payments-chart-375')
    expect(errors).toEqual([])
    await page.close()
  })

  test('staff without the payments area are refused the screen', async () => {
    const staff = await makeStaff(app, 3)
    const page = await browser.newPage()
    await panelSignIn(page, app.url, staff.email)
    expect(
      await page
        .getByTestId('panel-menu')
        .getByRole('link', { name: pt('panel.payments') })
        .count(),
    ).toBe(0)
    await page.goto(`${app.url}/panel/payments`)
    await page.getByRole('heading', { name: t('ua', 'errors.forbidden') }).waitFor()
    await page.close()
  })
})
