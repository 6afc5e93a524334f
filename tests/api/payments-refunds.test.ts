// Refunds and providers per edition: each edition offers its own list of providers; staff refund a
// provider payment whole or in part through the provider's refund call (against its local fake), the
// ledger changes only on the provider's confirmation, a provider's own refund notifications reverse
// exactly the new amount once however often they arrive, and concurrent requests never give back more
// than was paid. Only SQL both PostgreSQL and PGlite speak.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { OrderStatus } from '../../common/order-status'
import { walletBalance } from '../../server/domain/people/wallet'
import { createPaymentProviders } from '../../server/integrations/payments'
import { localNotification } from '../../server/integrations/payments/local'
import { paymentConfigFromEnv } from '../../server/integrations/payments/provider'
import { type TestApp, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { referenceFixture } from '../helpers/catalogue'
import { makeOrder } from '../helpers/orders'
import { FAKE_KEYS, type FakeProvider, type PaymentFake, startPaymentFake } from '../helpers/payment-fakes'

let fake: PaymentFake
beforeAll(() => {
  fake = startPaymentFake()
})
afterAll(() => fake.stop())

function useFakeProviders(app: TestApp) {
  const config = paymentConfigFromEnv(fake.env, { production: false })
  app.services.payments = { config, providers: createPaymentProviders(config) }
}

async function tutor(app: TestApp) {
  const p = await makePerson(app, { tutor: true })
  return { id: p.tutorId!, c: await signedIn(app, { tutor: p.email }) }
}
const staffClient = async (app: TestApp, status: 1 | 2 | 3 = 1) =>
  signedIn(app, { staff: (await makeStaff(app, status)).email })

const paymentRow = (app: TestApp, id: number) =>
  app.services.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const balance = (app: TestApp, tutorId: number) =>
  walletBalance(app.services.db, tutorId, app.services.edition.currency)
const entries = async (app: TestApp, tutorId: number) =>
  (
    await app.services.db
      .selectFrom('wallet_entries')
      .select(['amount_minor', 'kind'])
      .where('tutor_id', '=', tutorId)
      .orderBy('id')
      .execute()
  ).map((e) => [e.kind, Number(e.amount_minor)])
const post = (app: TestApp, path: string, n: { body: string; headers: Record<string, string> }) =>
  fetch(app.url + path, { method: 'POST', headers: n.headers, body: n.body })

/** A provider payment started by the tutor, paid on the fake's page and notified: its row id and reference. */
async function paidThrough(
  app: TestApp,
  t: Awaited<ReturnType<typeof tutor>>,
  provider: FakeProvider,
  path: string,
  body: Record<string, unknown>,
) {
  const r = await t.c.raw.post(`/tutor/payments/${provider}/${path}`, body)
  expect(r.status).toBe(200)
  const id = (r.json.data as { payment_id: number }).payment_id
  const p = await paymentRow(app, id)
  fake.pay(provider, p.reference)
  const n = fake.notification(provider, p.reference)
  expect((await post(app, `/api/payments/${provider}/notify`, n)).status).toBe(200)
  expect((await paymentRow(app, id)).status).toBe('paid')
  return { id, reference: p.reference }
}

const refund = (staff: Awaited<ReturnType<typeof staffClient>>, body: Record<string, unknown>) =>
  staff.raw.post('/admin/payments/refund', body)

describe('ua: liqpay and fondy offered; Fondy refunds', () => {
  const app = useTestApp()
  let orderOf: (tutorId: number) => Promise<number>
  let ref: Awaited<ReturnType<typeof referenceFixture>>
  beforeAll(async () => {
    useFakeProviders(app)
    ref = await referenceFixture(app.services.db)
    // The edition's default fee (the migration made one): this test's amount.
    await app.services.db
      .updateTable('order_fees')
      .set({ fee_minor: 20_000 })
      .where('edition', '=', 'ua')
      .where('rate_id', 'is', null)
      .execute()
    orderOf = async (tutorId) =>
      (
        await makeOrder(app, {
          status: OrderStatus.WaitingForPay,
          tutor_id: tutorId,
          lesson_id: ref.lessons.math,
          city_id: ref.cities.kyiv,
        })
      ).orderId
  })

  test('the edition offers its list in order, local last; a provider outside the list is 404', async () => {
    const t = await tutor(app)
    expect((await t.c.api.get('/tutor/wallet/history')).json.data.providers).toEqual(['liqpay', 'fondy', 'local'])
    expect((await t.c.raw.post('/tutor/payments/stripe/wallet', { sum: 10 })).status).toBe(404)
    expect((await t.c.raw.post('/tutor/payments/przelewy/wallet', { sum: 10 })).status).toBe(404)
    // The provider's page describes the payment in the edition's language, numbered as everywhere else.
    const started = await t.c.raw.post('/tutor/payments/fondy/wallet', { sum: 10 })
    const id = (started.json.data as { payment_id: number }).payment_id
    const p = await paymentRow(app, id)
    expect(fake.find('fondy', p.reference).description).toBe(`Поповнення гаманця, платіж №${id}`)
  })

  test('an order fee refunded in part, then in full: ledger on confirmation, the order back to waiting for its fee', async () => {
    const t = await tutor(app)
    const orderId = await orderOf(t.id)
    const { id, reference } = await paidThrough(app, t, 'fondy', 'order', { order_id: orderId })
    const staff = await staffClient(app, 2)
    const part = await refund(staff, { payment_id: id, amount_minor: 5_000, reason: 'lesson shortened' })
    expect(part.status).toBe(200)
    expect(part.json.data).toMatchObject({ status: 'confirmed', amount_minor: 5_000, refunded_minor: 5_000 })
    expect(fake.find('fondy', reference).refunds).toEqual([5_000])
    const order = () =>
      app.services.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()
    expect((await order()).status).toBe(OrderStatus.Paid)
    expect(await entries(app, t.id)).toEqual([
      ['top_up', 20_000],
      ['order_fee', -20_000],
      ['charge_reversal', 5_000],
      ['refund', -5_000],
    ])
    // The tutor's history shows the part refund with its amount, naming the payment and the order whose
    // fee it gives back for (the fee's own charge names the order by its reference).
    const partHistory = (await t.c.api.get('/tutor/wallet/history')).json.data.items
    expect(partHistory.map((i) => [i.kind, i.amount_minor, i.reference, i.payment_id, i.order_id])).toEqual([
      ['refund', -5_000, `payment:${id}`, id, orderId],
      ['charge_reversal', 5_000, `payment:${id}`, id, orderId],
      ['order_fee', -20_000, `order:${orderId}`, null, null],
      ['top_up', 20_000, `payment:${id}`, id, orderId],
    ])
    // Another tutor's wallet top-up names no order.
    const other = await tutor(app)
    const topUp = await paidThrough(app, other, 'fondy', 'wallet', { sum: 10 })
    expect((await other.c.api.get('/tutor/wallet/history')).json.data.items).toEqual([
      expect.objectContaining({ kind: 'top_up', payment_id: topUp.id, order_id: null }),
    ])
    // More than is left is refused and changes nothing at the provider.
    expect((await refund(staff, { payment_id: id, amount_minor: 15_001, reason: 'x' })).status).toBe(409)
    const rest = await refund(staff, { payment_id: id, reason: 'order cancelled' })
    expect(rest.json.data).toMatchObject({ status: 'confirmed', amount_minor: 15_000, payment_status: 'refunded' })
    expect((await order()).status).toBe(OrderStatus.WaitingForPay)
    expect(await paymentRow(app, id)).toMatchObject({ status: 'refunded', refunded_minor: 20_000 })
    expect((await refund(staff, { payment_id: id, amount_minor: 1, reason: 'x' })).status).toBe(409)
    // Fondy's own "reversed" notifications about the same refunds change nothing.
    const n = fake.notification('fondy', reference)
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(app, '/api/payments/fondy/notify', n)))
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(await balance(app, t.id)).toBe(0)
    expect((await entries(app, t.id)).length).toBe(6)
    // The tutor's history shows the refund.
    const h = await t.c.api.get('/tutor/wallet/history')
    expect(h.json.data.items.map((i) => i.kind)).toContain('charge_reversal')
  })

  test("Fondy's own partial refund, replayed ×10 at once, reverses exactly its amount once; then the rest", async () => {
    const t = await tutor(app)
    const { id, reference } = await paidThrough(app, t, 'fondy', 'wallet', { sum: 100 })
    const n = fake.refundNotification('fondy', reference, 3_000)
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(app, '/api/payments/fondy/notify', n)))
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(await balance(app, t.id)).toBe(7_000)
    expect(await paymentRow(app, id)).toMatchObject({ status: 'paid', refunded_minor: 3_000 })
    const all = fake.refundNotification('fondy', reference, 10_000)
    await Promise.all(Array.from({ length: 10 }, () => post(app, '/api/payments/fondy/notify', all)))
    expect(await balance(app, t.id)).toBe(0)
    expect(await entries(app, t.id)).toEqual([
      ['top_up', 10_000],
      ['refund', -3_000],
      ['refund', -7_000],
    ])
    expect(await paymentRow(app, id)).toMatchObject({ status: 'refunded', refunded_minor: 10_000 })
  })

  test('20 concurrent refund requests never give back more than was paid', async () => {
    const t = await tutor(app)
    const orderId = await orderOf(t.id)
    const { id, reference } = await paidThrough(app, t, 'fondy', 'order', { order_id: orderId })
    const staff = await staffClient(app, 1)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refund(staff, { payment_id: id, amount_minor: 3_000, reason: 'race' })),
    )
    const ok = answers.filter((a) => a.status === 200).length
    expect(answers.filter((a) => a.status !== 200 && a.status !== 409)).toEqual([])
    expect(ok).toBe(6) // 6 × 30.00 of 200.00; a seventh would exceed it
    expect(fake.find('fondy', reference).refunds?.reduce((a, b) => a + b, 0)).toBe(18_000)
    expect(await paymentRow(app, id)).toMatchObject({ refunded_minor: 18_000, status: 'paid' })
    const refunds = await app.services.db
      .selectFrom('wallet_entries')
      .select(sql<string>`sum(amount_minor)`.as('s'))
      .where('tutor_id', '=', t.id)
      .where('kind', '=', 'refund')
      .executeTakeFirstOrThrow()
    expect(Number(refunds.s)).toBe(-18_000)
  })

  test('who may refund: statuses 1 and 2; a top-up already spent and an unpaid payment are 409', async () => {
    const t = await tutor(app)
    const { id } = await paidThrough(app, t, 'fondy', 'wallet', { sum: 50 })
    expect((await refund(await staffClient(app, 3), { payment_id: id, reason: 'x' })).status).toBe(403)
    expect((await refund(await staffClient(app, 1), { payment_id: id, reason: '' })).status).toBe(422)
    const orderId = await orderOf(t.id)
    await app.services.db.updateTable('orders').set({ fee_minor: 5_000 }).where('id', '=', orderId).execute()
    expect((await t.c.api.post('/tutor/order/pay_from_wallet', { order_id: orderId })).status).toBe(200)
    const spent = await refund(await staffClient(app, 2), { payment_id: id, reason: 'x' })
    expect(spent.status).toBe(409)
    expect(spent.json.message).toBeTruthy()
    const pending = await t.c.raw.post('/tutor/payments/fondy/wallet', { sum: 5 })
    const pendingId = (pending.json.data as { payment_id: number }).payment_id
    expect((await refund(await staffClient(app, 2), { payment_id: pendingId, reason: 'x' })).status).toBe(409)
  })

  test('the local bank: a refunded TOP placement ends it', async () => {
    const t = await tutor(app)
    await app.services.db.updateTable('tutors').set({ work_online: true }).where('id', '=', t.id).execute()
    await app.services.db
      .insertInto('tutor_subjects')
      .values({ tutor_id: t.id, lesson_id: ref.lessons.math, description: '', sort: 0 })
      .execute()
    const r = await t.c.raw.post('/tutor/payments/local/top', { lesson_id: ref.lessons.math, days: 7 })
    const id = (r.json.data as { payment_id: number }).payment_id
    const p = await paymentRow(app, id)
    const n = localNotification(FAKE_KEYS.local.secret, {
      paymentId: p.reference,
      status: 'paid',
      amountMinor: Number(p.amount_minor),
      currency: 'UAH',
    })
    expect((await post(app, '/api/payments/local/notify', n)).status).toBe(200)
    const paid = await paymentRow(app, id)
    expect(paid.outcome).toBe('top_bought')
    const done = await refund(await staffClient(app, 1), { payment_id: id, reason: 'slot mistake' })
    expect(done.json.data).toMatchObject({ status: 'confirmed', payment_status: 'refunded' })
    const top = await app.services.db
      .selectFrom('tops')
      .select(sql<boolean>`ends_at <= now()`.as('ended'))
      .where('id', '=', paid.top_id!)
      .executeTakeFirstOrThrow()
    expect(top.ended).toBe(true)
  })
})

describe('pl: Przelewy24 in PLN', () => {
  const app = useTestApp({ site: 'pl' })
  beforeAll(() => useFakeProviders(app))

  test('offered first; start, notify (verified), partial and full refund through transaction/refund', async () => {
    const t = await tutor(app)
    expect((await t.c.api.get('/tutor/wallet/history')).json.data.providers).toEqual(['przelewy', 'stripe', 'local'])
    expect((await t.c.raw.post('/tutor/payments/liqpay/wallet', { sum: 10 })).status).toBe(404)
    const { id, reference } = await paidThrough(app, t, 'przelewy', 'wallet', { sum: '80.00' })
    expect(await paymentRow(app, id)).toMatchObject({ currency: 'PLN', amount_minor: 8_000 })
    expect(fake.find('przelewy', reference).verified).toBe(true)
    const staff = await staffClient(app, 1)
    expect((await refund(staff, { payment_id: id, amount_minor: 2_500, reason: 'partial' })).json.data).toMatchObject({
      status: 'confirmed',
      refunded_minor: 2_500,
    })
    expect(await balance(app, t.id)).toBe(5_500)
    expect((await refund(staff, { payment_id: id, reason: 'rest' })).json.data).toMatchObject({
      payment_status: 'refunded',
    })
    expect(fake.find('przelewy', reference).refunds).toEqual([2_500, 5_500])
    expect(await balance(app, t.id)).toBe(0)
  })
})

describe('us: Stripe and Revolut', () => {
  const app = useTestApp({ site: 'us' })
  beforeAll(() => useFakeProviders(app))

  test('Revolut: start, notify, refund through the order refund call', async () => {
    const t = await tutor(app)
    expect((await t.c.api.get('/tutor/wallet/history')).json.data.providers).toEqual(['stripe', 'revolut', 'local'])
    const { id, reference } = await paidThrough(app, t, 'revolut', 'wallet', { sum: '25.00' })
    const staff = await staffClient(app, 2)
    const done = await refund(staff, { payment_id: id, amount_minor: 1_000, reason: 'goodwill' })
    expect(done.json.data).toMatchObject({ status: 'confirmed', refunded_minor: 1_000, payment_status: 'paid' })
    expect(fake.find('revolut', reference).refunds).toEqual([1_000])
    expect(await balance(app, t.id)).toBe(1_500)
  })

  test('Stripe: a partial charge.refunded is accepted (200) and reversed once across 10 replays; staff refund the rest', async () => {
    const t = await tutor(app)
    const { id, reference } = await paidThrough(app, t, 'stripe', 'wallet', { sum: '19.99' })
    const n = fake.refundNotification('stripe', reference, 500)
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(app, '/api/payments/stripe/notify', n)))
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(await balance(app, t.id)).toBe(1_499)
    expect(await paymentRow(app, id)).toMatchObject({ status: 'paid', refunded_minor: 500 })
    const rest = await refund(await staffClient(app, 1), { payment_id: id, reason: 'rest' })
    expect(rest.json.data).toMatchObject({ amount_minor: 1_499, payment_status: 'refunded' })
    expect(fake.find('stripe', reference).refundedMinor).toBe(1_999)
    // Stripe then reports the whole amount refunded: nothing more is reversed.
    const whole = fake.refundNotification('stripe', reference, 1_999)
    expect((await post(app, '/api/payments/stripe/notify', whole)).status).toBe(200)
    expect(await balance(app, t.id)).toBe(0)
    expect(await entries(app, t.id)).toEqual([
      ['top_up', 1_999],
      ['refund', -500],
      ['refund', -1_499],
    ])
  })
})

describe('us: the staff money view', () => {
  const app = useTestApp({ site: 'us' })
  beforeAll(() => useFakeProviders(app))

  test('payments with filters, totals per currency and takings per day by provider; status 3 may not', async () => {
    const t = await tutor(app)
    const a = await paidThrough(app, t, 'stripe', 'wallet', { sum: '10.00' })
    await paidThrough(app, t, 'revolut', 'wallet', { sum: '5.00' })
    await t.c.raw.post('/tutor/payments/stripe/wallet', { sum: '7.00' }) // left pending
    const staff = await staffClient(app, 2)
    await refund(staff, { payment_id: a.id, amount_minor: 250, reason: 'partial' })
    const all = await staff.raw.get('/admin/payments/get')
    expect(all.status).toBe(200)
    expect((all.json.data as { total: number }).total).toBe(3)
    const stripePaid = (await staff.raw.get('/admin/payments/get?provider=stripe&status=paid')).json.data as {
      items: { id: number; refunded_minor: number }[]
    }
    expect(stripePaid.items.map((i) => [i.id, i.refunded_minor])).toEqual([[a.id, 250]])
    const s = (await staff.raw.get('/admin/payments/summary')).json.data as {
      totals: unknown[]
      days: { provider: string; paid_minor: number }[]
    }
    expect(s.totals).toEqual([{ currency: 'USD', paid_minor: 1_500, refunded_minor: 250, net_minor: 1_250, count: 2 }])
    expect(s.days.map((d) => [d.provider, d.paid_minor])).toEqual([
      ['revolut', 500],
      ['stripe', 1_000],
    ])
    expect((await (await staffClient(app, 3)).raw.get('/admin/payments/get')).status).toBe(403)
  })

  test("another edition's payments by the edition filter; the export is every matching payment as CSV or XLSX", async () => {
    const t = await tutor(app)
    const a = await paidThrough(app, t, 'stripe', 'wallet', { sum: '12.34' })
    const staff = await staffClient(app, 2)
    await refund(staff, { payment_id: a.id, amount_minor: 34, reason: 'partial' })
    const mine = (await staff.raw.get('/admin/payments/get?provider=stripe&status=paid')).json.data as {
      items: Record<string, unknown>[]
    }
    const row = mine.items.find((i) => i.id === a.id)!
    expect(row).toMatchObject({ edition: 'us', tutor_id: t.id, refunded_minor: 34, pending_refund_minor: 0 })
    expect(row.tutor_name).toBeString()
    expect(row.provider_payment_id).toBeString()
    // Staff accounts serve every edition: ua has none of these payments; an unknown edition is a 422.
    expect(((await staff.raw.get('/admin/payments/get?edition=ua')).json.data as { total: number }).total).toBe(0)
    expect((await staff.raw.get('/admin/payments/get?edition=xx')).status).toBe(422)

    const csv = await staff.raw.get('/admin/payments/export?format=csv&provider=stripe&status=paid')
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-disposition')).toContain('payments.csv')
    const lines = csv.text.trim().split('\n')
    expect(lines[0]).toStartWith('ID,Edition,')
    const line = lines.find((l) => l.startsWith(`${a.id},`))!
    expect(line).toContain(',stripe,')
    expect(line).toContain(',wallet,paid,12.34,0.34,USD')
    const cookie = [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const xlsx = await fetch(`${app.url}/admin/payments/export?provider=stripe`, { headers: { cookie } })
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml')
    const { default: ExcelJS } = await import('exceljs')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load((await xlsx.arrayBuffer()) as never)
    const ids = book.getWorksheet('Payments')!.getColumn(1).values.slice(2)
    expect(ids).toContain(a.id)
    expect((await (await staffClient(app, 3)).raw.get('/admin/payments/export')).status).toBe(403)
  })
})

describe('es: Solidgate answers "processing", its webhook confirms', () => {
  const app = useTestApp({ site: 'es' })
  beforeAll(() => useFakeProviders(app))

  test('the refund stays pending until the refunded webhook; the ledger moves only then, once', async () => {
    const t = await tutor(app)
    expect((await t.c.api.get('/tutor/wallet/history')).json.data.providers).toEqual(['solidgate', 'stripe', 'local'])
    const { id, reference } = await paidThrough(app, t, 'solidgate', 'wallet', { sum: '40.00' })
    const asked = await refund(await staffClient(app, 1), { payment_id: id, amount_minor: 1_500, reason: 'partial' })
    expect(asked.json.data).toMatchObject({ status: 'pending', refunded_minor: 0 })
    expect(await balance(app, t.id)).toBe(4_000)
    // A second request cannot reserve what the pending one holds.
    expect((await refund(await staffClient(app, 1), { payment_id: id, amount_minor: 2_501, reason: 'x' })).status).toBe(
      409,
    )
    for (let i = 0; i < 10; i++) {
      const n = fake.notification('solidgate', reference)
      expect((await post(app, '/api/payments/solidgate/notify', n)).status).toBe(200)
    }
    expect(await balance(app, t.id)).toBe(2_500)
    const rows = await app.services.db
      .selectFrom('payment_refunds')
      .select(['status', 'source', 'amount_minor'])
      .where('payment_id', '=', id)
      .execute()
    expect(rows.map((r) => [r.status, r.source, Number(r.amount_minor)])).toEqual([['confirmed', 'staff', 1_500]])
  })
})
