// The money loop: payments started against each provider's local fake,
// notifications verified over the raw bytes and credited exactly once, order fees and TOP placements
// paid through a provider or from the wallet, saved cards, and the wallet under concurrency. Only SQL
// both PostgreSQL and PGlite speak; no timing assumptions beyond waitFor.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import Stripe from 'stripe'
import { type SelectQueryBuilder, sql } from 'kysely'
import type { DB } from '../../db/types'
import { OrderStatus } from '../../common/order-status'
import { createPaymentProviders } from '../../server/integrations/payments'
import { localNotification } from '../../server/integrations/payments/local'
import { paymentConfigFromEnv } from '../../server/integrations/payments/provider'
import { staffAddMoney } from '../../server/domain/people/wallet'
import { walletBalance } from '../../server/domain/people/wallet'
import { systemScope } from '../../server/domain/shared/scope'
import { type TestApp, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { type Ref, referenceFixture } from '../helpers/catalogue'
import { makeOrder } from '../helpers/orders'
import { FAKE_KEYS, type PaymentFake, startPaymentFake } from '../helpers/payment-fakes'

const FEE = 20_000 // 200.00 of the edition's currency: the default fee of the test editions

let fake: PaymentFake
beforeAll(() => {
  fake = startPaymentFake()
})
afterAll(() => fake.stop())

/** Points the app's providers at the fake (every request reads services.payments). */
function useFakeProviders(app: TestApp) {
  const config = paymentConfigFromEnv(fake.env, { production: false })
  app.services.payments = { config, providers: createPaymentProviders(config) }
}

async function tutor(app: TestApp, o: { online?: boolean; lesson?: number; city?: number } = {}) {
  const p = await makePerson(app, { tutor: true })
  const db = app.services.db
  if (o.online) await db.updateTable('tutors').set({ work_online: true }).where('id', '=', p.tutorId!).execute()
  if (o.lesson)
    await db
      .insertInto('tutor_subjects')
      .values({ tutor_id: p.tutorId!, lesson_id: o.lesson, description: '', sort: 0 })
      .execute()
  if (o.city)
    await db.insertInto('tutor_places').values({ tutor_id: p.tutorId!, kind: 'home', city_id: o.city }).execute()
  return { id: p.tutorId!, c: await signedIn(app, { tutor: p.email }) }
}

const paymentRow = (app: TestApp, id: number) =>
  app.services.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const balance = (app: TestApp, tutorId: number) =>
  walletBalance(app.services.db, tutorId, app.services.edition.currency)
type Counted = 'payment_events' | 'wallet_entries' | 'payment_cards' | 'tops'
const count = async <T extends Counted>(
  app: TestApp,
  table: T,
  where: (q: SelectQueryBuilder<DB, T, object>) => SelectQueryBuilder<DB, T, object>,
) =>
  (
    await where(app.services.db.selectFrom(table) as unknown as SelectQueryBuilder<DB, T, object>)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n
const staffAdd = (app: TestApp, tutorId: number, minor: number) =>
  staffAddMoney(systemScope(app.services.db, app.services.edition, { actor: { kind: 'staff', id: null } }), {
    tutor_id: tutorId,
    sum_minor: minor,
  })

function postRaw(app: TestApp, path: string, n: { body: string; headers: Record<string, string> }) {
  return fetch(app.url + path, { method: 'POST', headers: n.headers, body: n.body })
}

async function orderWaiting(app: TestApp, ref: Ref, tutorId: number) {
  const { orderId } = await makeOrder(app, {
    status: OrderStatus.WaitingForPay,
    tutor_id: tutorId,
    lesson_id: ref.lessons.math,
    city_id: ref.cities.kyiv,
  })
  return orderId
}

describe('payments (ua: liqpay and local)', () => {
  const app = useTestApp()
  let ref: Ref
  beforeAll(async () => {
    useFakeProviders(app)
    ref = await referenceFixture(app.services.db)
    await app.services.db
      // The edition's default fee (the migration made one): this test's amount.
      .updateTable('order_fees')
      .set({ fee_minor: FEE })
      .where('edition', '=', 'ua')
      .where('rate_id', 'is', null)
      .execute()
  })

  /** Starts a local payment and returns its row and the notification the bank page would send. */
  async function startLocal(
    c: Awaited<ReturnType<typeof tutor>>['c'],
    path: string,
    body: Record<string, unknown>,
    saveCard = false,
  ) {
    const r = await c.raw.post(path, body)
    expect(r.status).toBe(200)
    const data = r.json.data as { payment_id: number; method: string; url: string }
    const p = await paymentRow(app, data.payment_id)
    const note = (
      over: Partial<{ amountMinor: number; currency: string; status: 'paid' | 'failed' }> = {},
      nowSeconds?: number,
    ) =>
      localNotification(
        FAKE_KEYS.local.secret,
        {
          paymentId: p.reference,
          status: 'paid',
          amountMinor: Number(p.amount_minor),
          currency: p.currency,
          saveCard,
          ...over,
        },
        nowSeconds,
      )
    return { data, p, note }
  }

  test('wallet history lists the providers of the edition; others are 404', async () => {
    const t = await tutor(app)
    const h = await t.c.api.get('/tutor/wallet/history')
    expect(h.status).toBe(200)
    expect(h.json.data).toMatchObject({
      balance: '0.00',
      balance_minor: 0,
      currency: 'UAH',
      items: [],
      total: 0,
      providers: ['liqpay', 'fondy', 'local'],
    })
    expect((await t.c.raw.post('/tutor/payments/stripe/wallet', { sum: 10 })).status).toBe(404)
    expect((await t.c.raw.post('/tutor/payments/przelewy/wallet', { sum: 10 })).status).toBe(404)
    expect((await t.c.raw.post('/tutor/payments/bogus/wallet', { sum: 10 })).status).toBe(404)
    expect((await fetch(`${app.url}/api/payments/stripe/notify`, { method: 'POST', body: '{}' })).status).toBe(404)
    expect((await t.c.raw.post('/tutor/payments/local/wallet', { sum: '-5' })).status).toBe(422)
  })

  test('local: a top-up is credited once, even when its notification is replayed 100 times at once', async () => {
    const t = await tutor(app)
    const { data, p, note } = await startLocal(t.c, '/tutor/payments/local/wallet', { sum: '150.50' })
    expect(data.method).toBe('redirect')
    expect(data.url.startsWith(`/pay/local/${encodeURIComponent(p.reference)}?`)).toBe(true)
    expect(p).toMatchObject({
      status: 'pending',
      amount_minor: 15050,
      currency: 'UAH',
      purpose: 'wallet',
      tutor_id: t.id,
    })
    const n = note()
    const answers = await Promise.all(Array.from({ length: 100 }, () => postRaw(app, '/api/payments/local/notify', n)))
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200))
    expect(await balance(app, t.id)).toBe(15050)
    expect(await count(app, 'payment_events', (q) => q.where('payment_id', '=', p.id))).toBe(1)
    expect(await count(app, 'wallet_entries', (q) => q.where('tutor_id', '=', t.id))).toBe(1)
    expect((await paymentRow(app, p.id)).status).toBe('paid')
    const s = await t.c.api.post('/tutor/payments/get_status', { payment_id: p.id })
    expect(s.json.data).toMatchObject({
      payment_id: p.id,
      status: 'paid',
      amount: '150.50',
      currency: 'UAH',
      outcome: 'credited',
    })
    const h = await t.c.api.get('/tutor/wallet/history')
    expect(h.json.data).toMatchObject({ balance: '150.50', balance_minor: 15050, total: 1 })
    // A provider payment's entry names its payment (the invoice's key, GET /tutor/billing_data/get_invoice_file?payment_id).
    expect(h.json.data.items[0]).toMatchObject({
      amount_minor: 15050,
      kind: 'top_up',
      reference: `payment:${p.id}`,
      payment_id: p.id,
    })
  })

  test("local bank page: shows its signed query; Pay sends the server's own signed notification; an altered query is 404", async () => {
    const t = await tutor(app)
    const { data, p } = await startLocal(t.c, '/tutor/payments/local/wallet', { sum: 42 })
    const url = new URL(data.url, app.url)
    const input = { payment_ref: p.reference, query: url.search.slice(1) }
    const shown = await t.c.api.get(`/api/payments/local/page?${new URLSearchParams(input)}`)
    expect(shown.status).toBe(200)
    expect(shown.json.data).toMatchObject({
      payment_ref: p.reference,
      amount_minor: 4200,
      currency: 'UAH',
      save_card: false,
    })
    expect(shown.json.data.return_url).toBe(`${app.url}/wallet/payment?payment_id=${p.id}`)
    // The buyer comes back in the language they paid in: a start from the Russian pages returns to /ru/….
    const ru = await startLocal(t.c, '/tutor/payments/local/wallet?lang=ru', { sum: 42 })
    const ruUrl = new URL(ru.data.url, app.url)
    const ruShown = await t.c.api.get(
      `/api/payments/local/page?${new URLSearchParams({ payment_ref: ru.p.reference, query: ruUrl.search.slice(1) })}`,
    )
    expect(ruShown.json.data.return_url).toBe(`${app.url}/ru/wallet/payment?payment_id=${ru.p.id}`)
    const altered = { ...input, query: input.query.replace('amount=4200', 'amount=1') }
    expect((await t.c.api.get(`/api/payments/local/page?${new URLSearchParams(altered)}`)).status).toBe(404)
    expect((await t.c.api.post('/api/payments/local/press', { ...altered, outcome: 'paid' })).status).toBe(404)
    expect(await balance(app, t.id)).toBe(0)
    const pressed = await t.c.api.post('/api/payments/local/press', { ...input, outcome: 'paid' })
    expect(pressed.json.data).toMatchObject({ accepted: true, outcome: 'credited' })
    expect((await t.c.api.post('/api/payments/local/press', { ...input, outcome: 'paid' })).json.data).toMatchObject({
      accepted: true,
      outcome: 'duplicate',
    })
    expect(await balance(app, t.id)).toBe(4200)
  })

  test('a bad signature, a stale timestamp, a wrong amount or currency change nothing', async () => {
    const t = await tutor(app)
    const { p, note } = await startLocal(t.c, '/tutor/payments/local/wallet', { sum: 100 })
    const good = note()
    const tampered = { ...good, body: good.body.replace('"amountMinor":10000', '"amountMinor":99999900') }
    expect(tampered.body).not.toBe(good.body)
    const forged = {
      ...good,
      headers: {
        ...good.headers,
        'local-signature': good.headers['local-signature']!.replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`),
      },
    }
    const stale = note({}, Math.floor(Date.now() / 1000) - 3600)
    const wrongAmount = note({ amountMinor: 9_999 })
    const wrongCurrency = note({ currency: 'USD' })
    for (const bad of [tampered, forged, stale, wrongAmount, wrongCurrency]) {
      const r = await postRaw(app, '/api/payments/local/notify', bad)
      expect(r.status).toBeGreaterThanOrEqual(400)
    }
    expect(await count(app, 'payment_events', (q) => q.where('payment_id', '=', p.id))).toBe(0)
    expect(await balance(app, t.id)).toBe(0)
    expect((await paymentRow(app, p.id)).status).toBe('pending')
    // The genuine one still works afterwards.
    expect((await postRaw(app, '/api/payments/local/notify', good)).status).toBe(200)
    expect(await balance(app, t.id)).toBe(10000)
  })

  test('a declined payment credits nothing; a refund reverses the credit through a new entry', async () => {
    const t = await tutor(app)
    const declined = await startLocal(t.c, '/tutor/payments/local/wallet', { sum: 30 })
    expect((await postRaw(app, '/api/payments/local/notify', declined.note({ status: 'failed' }))).status).toBe(200)
    expect((await paymentRow(app, declined.p.id)).status).toBe('failed')
    expect(await balance(app, t.id)).toBe(0)
    const paid = await startLocal(t.c, '/tutor/payments/local/wallet', { sum: 30 })
    await postRaw(app, '/api/payments/local/notify', paid.note())
    expect(await balance(app, t.id)).toBe(3000)
    const refund = localNotification(FAKE_KEYS.local.secret, {
      paymentId: paid.p.reference,
      status: 'refunded',
      amountMinor: 3000,
      currency: 'UAH',
    })
    expect((await postRaw(app, '/api/payments/local/notify', refund)).status).toBe(200)
    expect((await paymentRow(app, paid.p.id)).status).toBe('refunded')
    const kinds = await app.services.db
      .selectFrom('wallet_entries')
      .select(['amount_minor', 'kind'])
      .where('tutor_id', '=', t.id)
      .orderBy('id')
      .execute()
    expect(kinds.map((e) => [Number(e.amount_minor), e.kind])).toEqual([
      [3000, 'top_up'],
      [-3000, 'refund'],
    ])
    expect(await balance(app, t.id)).toBe(0)
  })

  test('liqpay: a form to the checkout; its signed callback pays the order (status 7) with the ledger entries', async () => {
    const t = await tutor(app)
    const orderId = await orderWaiting(app, ref, t.id)
    const r = await t.c.raw.post('/tutor/payments/liqpay/order', { order_id: orderId })
    expect(r.status).toBe(200)
    const data = r.json.data as { payment_id: number; method: string; url: string; fields: Record<string, string> }
    expect(data.method).toBe('form')
    expect(data.url).toBe(`${fake.origin}/liqpay/api/3/checkout`)
    expect(Object.keys(data.fields).sort()).toEqual(['data', 'signature'])
    // The buyer's browser posts the form to LiqPay (here: the fake records the checkout).
    const form = await fetch(data.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(data.fields).toString(),
    })
    expect(form.status).toBe(200)
    const p = await paymentRow(app, data.payment_id)
    expect(Number(p.amount_minor)).toBe(FEE)
    fake.pay('liqpay', p.reference)
    const ack = await fake.notify('liqpay', p.reference)
    expect(ack.status).toBe(200)
    const order = await app.services.db
      .selectFrom('orders')
      .select(['status', 'paid_at', 'payment_data'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(order.status).toBe(OrderStatus.Paid)
    expect(order.paid_at).not.toBeNull()
    // The same record as staff's set_paid writes: whole units and minor units.
    expect(order.payment_data).toMatchObject({
      amount: FEE / 100,
      amount_minor: FEE,
      currency: 'UAH',
      method: 'liqpay',
      payment_id: p.id,
    })
    const entries = await app.services.db
      .selectFrom('wallet_entries')
      .select(['amount_minor', 'kind'])
      .where('tutor_id', '=', t.id)
      .orderBy('id')
      .execute()
    expect(entries.map((e) => [Number(e.amount_minor), e.kind])).toEqual([
      [FEE, 'top_up'],
      [-FEE, 'order_fee'],
    ])
    expect(await balance(app, t.id)).toBe(0)
    const events = await app.services.db
      .selectFrom('order_events')
      .select(['action', 'to_status'])
      .where('order_id', '=', orderId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(events).toEqual({ action: 'pay', to_status: OrderStatus.Paid })
    expect((await paymentRow(app, p.id)).outcome).toBe('order_paid')
  })

  test('an order paid in two tabs is paid once; the second payment stays on the wallet', async () => {
    const t = await tutor(app)
    const orderId = await orderWaiting(app, ref, t.id)
    const first = await startLocal(t.c, '/tutor/payments/local/order', { order_id: orderId })
    const second = await startLocal(t.c, '/tutor/payments/local/order', { order_id: orderId })
    const [a, b] = await Promise.all([
      postRaw(app, '/api/payments/local/notify', first.note()),
      postRaw(app, '/api/payments/local/notify', second.note()),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(
      await count(app, 'wallet_entries', (q) => q.where('tutor_id', '=', t.id).where('kind', '=', 'order_fee')),
    ).toBe(1)
    expect(await balance(app, t.id)).toBe(FEE)
    const outcomes = [(await paymentRow(app, first.p.id)).outcome, (await paymentRow(app, second.p.id)).outcome].sort()
    expect(outcomes).toEqual(['credited', 'order_paid'])
  })

  test('staff see how the fee was paid in the order: provider attempts and the wallet charge', async () => {
    const t = await tutor(app)
    const staff = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
    const orderId = await orderWaiting(app, ref, t.id)
    const fresh = (await staff.api.get(`/admin/order/get?id=${orderId}`)).json.data
    expect(fresh.fee_payments).toEqual({ attempts: [], charges: [] })
    const declined = await startLocal(t.c, '/tutor/payments/local/order', { order_id: orderId })
    await postRaw(app, '/api/payments/local/notify', declined.note({ status: 'failed' }))
    const paid = await startLocal(t.c, '/tutor/payments/local/order', { order_id: orderId })
    expect((await postRaw(app, '/api/payments/local/notify', paid.note())).status).toBe(200)
    const got = (await staff.api.get(`/admin/order/get?id=${orderId}`)).json.data
    expect(got.status).toBe(OrderStatus.Paid)
    expect(
      got.fee_payments.attempts.map((a) => [a.payment_id, a.provider, a.status, a.amount_minor, a.tutor_id]),
    ).toEqual([
      [declined.p.id, 'local', 'failed', FEE, t.id],
      [paid.p.id, 'local', 'paid', FEE, t.id],
    ])
    expect(got.fee_payments.attempts[1]!.paid_at).not.toBeNull()
    expect(got.fee_payments.charges).toMatchObject([
      { tutor_id: t.id, amount_minor: FEE, currency: 'UAH', by: 'system' },
    ])
  })

  test('pay_from_wallet: the order is paid from the balance; short of money is 409 with nothing changed', async () => {
    const t = await tutor(app)
    const orderId = await orderWaiting(app, ref, t.id)
    const poor = await t.c.api.post('/tutor/order/pay_from_wallet', { order_id: orderId })
    expect(poor.status).toBe(409)
    await staffAdd(app, t.id, FEE + 500)
    const r = await t.c.api.post('/tutor/order/pay_from_wallet', { order_id: orderId })
    expect(r.status).toBe(200)
    expect(r.json.data).toMatchObject({ id: orderId, status: OrderStatus.Paid, fee_minor: FEE })
    expect(await balance(app, t.id)).toBe(500)
    expect((await t.c.api.post('/tutor/order/pay_from_wallet', { order_id: orderId })).status).toBe(409)
    expect(await balance(app, t.id)).toBe(500)
    // Entries that are no provider payment name none (no invoice of ours for them).
    const h = await t.c.api.get('/tutor/wallet/history')
    expect(h.json.data.items.map((i) => [i.kind, i.payment_id])).toEqual([
      ['order_fee', null],
      ['staff_add', null],
    ])
  })

  test('saved cards: kept after a payment that asked, shown by mask only, charged, deleted', async () => {
    const t = await tutor(app)
    const orderId = await orderWaiting(app, ref, t.id)
    const { note } = await startLocal(t.c, '/tutor/payments/local/order', { order_id: orderId, save_token: 1 }, true)
    expect((await postRaw(app, '/api/payments/local/notify', note())).status).toBe(200)
    const cards = await t.c.api.post('/tutor/payments/get_cards')
    expect(cards.status).toBe(200)
    expect(cards.json.data.items).toHaveLength(1)
    const card = cards.json.data.items[0]!
    expect(card).toEqual({ id: card.id, provider: 'local', mask: '**** 4242', created_at: card.created_at })
    expect(JSON.stringify(cards.json)).not.toContain('local_tok_')
    const charged = await t.c.raw.post('/tutor/payments/local/card/wallet', { card_id: card.id, sum: 25 })
    expect(charged.status).toBe(200)
    expect(charged.json.data).toMatchObject({ status: 'paid' })
    expect(await balance(app, t.id)).toBe(2500)
    expect((await t.c.api.post('/tutor/payments/delete_payment_card', { card_id: card.id })).status).toBe(200)
    expect((await t.c.api.post('/tutor/payments/get_cards')).json.data.items).toEqual([])
    expect((await t.c.raw.post('/tutor/payments/local/card/wallet', { card_id: card.id, sum: 25 })).status).toBe(404)
  })

  test("another tutor's payment, order and card are 404", async () => {
    const owner = await tutor(app)
    const other = await tutor(app)
    const orderId = await orderWaiting(app, ref, owner.id)
    const { p, note } = await startLocal(
      owner.c,
      '/tutor/payments/local/order',
      { order_id: orderId, save_token: 1 },
      true,
    )
    await postRaw(app, '/api/payments/local/notify', note())
    const cardId = (await owner.c.api.post('/tutor/payments/get_cards')).json.data.items[0]!.id
    const otherOrder = await orderWaiting(app, ref, owner.id)
    await staffAdd(app, other.id, 10 * FEE)
    expect((await other.c.api.post('/tutor/payments/get_status', { payment_id: p.id })).status).toBe(404)
    expect((await other.c.api.post('/tutor/order/pay_from_wallet', { order_id: otherOrder })).status).toBe(404)
    expect((await other.c.raw.post('/tutor/payments/local/order', { order_id: otherOrder })).status).toBe(404)
    expect((await other.c.api.post('/tutor/payments/delete_payment_card', { card_id: cardId })).status).toBe(404)
    expect((await other.c.raw.post('/tutor/payments/local/card/wallet', { card_id: cardId, sum: 10 })).status).toBe(404)
    expect(await balance(app, other.id)).toBe(10 * FEE)
    expect(
      (
        await app.services.db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', otherOrder)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe(OrderStatus.WaitingForPay)
  })

  test('TOP: offers for the subjects and places; bought from the wallet and through a provider', async () => {
    const t = await tutor(app, { lesson: ref.lessons.math, city: ref.cities.kyiv, online: true })
    const got = await t.c.api.get('/tutor/top/get')
    expect(got.status).toBe(200)
    expect(got.json.data.items).toEqual([])
    expect(got.json.data.offers).toContainEqual({
      lesson_id: ref.lessons.math,
      city_id: ref.cities.kyiv,
      days: 7,
      price: '150.00',
      price_minor: 15000,
      currency: 'UAH',
    })
    expect(got.json.data.offers).toContainEqual({
      lesson_id: ref.lessons.math,
      city_id: null,
      days: 30,
      price: '500.00',
      price_minor: 50000,
      currency: 'UAH',
    })
    expect(
      (
        await t.c.api.post('/tutor/top/pay_from_wallet', {
          lesson_id: ref.lessons.math,
          city_id: ref.cities.kyiv,
          days: 7,
        })
      ).status,
    ).toBe(409)
    expect(
      (
        await t.c.api.post('/tutor/top/pay_from_wallet', {
          lesson_id: ref.lessons.english,
          city_id: ref.cities.kyiv,
          days: 7,
        })
      ).status,
    ).toBe(422)
    await staffAdd(app, t.id, 20_000)
    const bought = await t.c.api.post('/tutor/top/pay_from_wallet', {
      lesson_id: ref.lessons.math,
      city_id: ref.cities.kyiv,
      days: 7,
    })
    expect(bought.status).toBe(200)
    expect(bought.json.data).toMatchObject({
      lesson_id: ref.lessons.math,
      city_id: ref.cities.kyiv,
      active: true,
      paid_amount: 15000,
    })
    expect(await balance(app, t.id)).toBe(5000)
    const { p, note } = await startLocal(t.c, '/tutor/payments/local/top', { lesson_id: ref.lessons.math, days: 14 })
    expect(Number(p.amount_minor)).toBe(27000)
    expect((await postRaw(app, '/api/payments/local/notify', note())).status).toBe(200)
    const paid = await paymentRow(app, p.id)
    expect(paid.outcome).toBe('top_bought')
    expect(await balance(app, t.id)).toBe(5000)
    const after = await t.c.api.get('/tutor/top/get')
    expect(after.json.data.items.map((i) => [i.city_id, i.paid_amount]).sort()).toEqual(
      [
        [ref.cities.kyiv, 15000],
        [null, 27000],
      ].sort(),
    )
  })

  test('1,000 concurrent pay_from_wallet calls (orders and TOPs, ten tutors): no double spend, the ledger sums to the balances', async () => {
    const TUTORS = 10
    const ORDERS = 5
    const START = 3 * FEE + 3 * 15_000
    const tutors = []
    for (let i = 0; i < TUTORS; i++) {
      const t = await tutor(app, { lesson: ref.lessons.english, online: true })
      const orders = []
      for (let j = 0; j < ORDERS; j++) orders.push(await orderWaiting(app, ref, t.id))
      await staffAdd(app, t.id, START)
      tutors.push({ ...t, orders })
    }
    const calls = tutors.flatMap((t) => [
      ...Array.from({ length: 50 }, (_, k) => ({
        t,
        kind: 'order' as const,
        run: () => t.c.api.post('/tutor/order/pay_from_wallet', { order_id: t.orders[k % ORDERS]! }),
      })),
      ...Array.from({ length: 50 }, () => ({
        t,
        kind: 'top' as const,
        run: () => t.c.api.post('/tutor/top/pay_from_wallet', { lesson_id: ref.lessons.english, days: 7 }),
      })),
    ])
    expect(calls).toHaveLength(1000)
    const results = await Promise.all(calls.map(async (c) => ({ ...c, status: (await c.run()).status })))
    expect(results.filter((r) => r.status !== 200 && r.status !== 409)).toEqual([])
    for (const t of tutors) {
      const mine = results.filter((r) => r.t === t)
      const paidOrders = mine.filter((r) => r.kind === 'order' && r.status === 200).length
      const tops = mine.filter((r) => r.kind === 'top' && r.status === 200).length
      const fees = await count(app, 'wallet_entries', (q) =>
        q.where('tutor_id', '=', t.id).where('kind', '=', 'order_fee'),
      )
      const paidRows = await app.services.db
        .selectFrom('orders')
        .select('id')
        .where('id', 'in', t.orders)
        .where('status', '=', OrderStatus.Paid)
        .execute()
      expect(fees).toBe(paidOrders)
      expect(paidRows.length).toBe(paidOrders)
      expect(paidOrders).toBeLessThanOrEqual(ORDERS)
      expect(await count(app, 'tops', (q) => q.where('tutor_id', '=', t.id))).toBe(tops)
      expect(
        await count(app, 'wallet_entries', (q) => q.where('tutor_id', '=', t.id).where('kind', '=', 'top_placement')),
      ).toBe(tops)
      const b = await balance(app, t.id)
      expect(b).toBeGreaterThanOrEqual(0)
      expect(b).toBe(START - paidOrders * FEE - tops * 15_000)
      // An order left unpaid was refused for want of money, and the balance only went down since.
      expect(b < FEE || paidOrders === ORDERS).toBe(true)
    }
  }, 180_000)
})

describe('payments (us: stripe)', () => {
  const app = useTestApp({ site: 'us' })
  beforeAll(() => useFakeProviders(app))

  test('stripe: a Checkout session to redirect to; its signed webhook credits once', async () => {
    const t = await tutor(app)
    const r = await t.c.raw.post('/tutor/payments/stripe/wallet', { sum: '19.99' })
    expect(r.status).toBe(200)
    const data = r.json.data as { payment_id: number; method: string; url: string }
    expect(data.method).toBe('redirect')
    expect(data.url.startsWith(`${fake.origin}/stripe/pay/cs_test_`)).toBe(true)
    expect((await t.c.raw.post('/tutor/payments/liqpay/wallet', { sum: 5 })).status).toBe(404)
    const p = await paymentRow(app, data.payment_id)
    expect(p).toMatchObject({ amount_minor: 1999, currency: 'USD', provider: 'stripe' })
    fake.pay('stripe', p.reference)
    const n = fake.notification('stripe', p.reference)
    const answers = await Promise.all(Array.from({ length: 10 }, () => postRaw(app, '/api/payments/stripe/notify', n)))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(await balance(app, t.id)).toBe(1999)
    const stale = fake.notification('stripe', p.reference, Date.now() - 3_600_000)
    expect((await postRaw(app, '/api/payments/stripe/notify', stale)).status).toBeGreaterThanOrEqual(400)
    expect(await count(app, 'payment_events', (q) => q.where('payment_id', '=', p.id))).toBe(1)
  })

  test("stripe: a webhook signed by Stripe's own SDK is accepted; a wrong secret or a stale timestamp is not", async () => {
    const stripe = new Stripe('sk_test_not_used_for_signing')
    const t = await tutor(app)
    const r = await t.c.raw.post('/tutor/payments/stripe/wallet', { sum: '12.50' })
    const p = await paymentRow(app, (r.json.data as { payment_id: number }).payment_id)
    fake.pay('stripe', p.reference)
    const { body, headers } = fake.notification('stripe', p.reference)
    const signedWith = async (opts: { secret: string; timestamp?: number }) =>
      postRaw(app, '/api/payments/stripe/notify', {
        body,
        headers: {
          'content-type': headers['content-type']!,
          // The SDK sees Bun as a non-Node runtime: its SubtleCrypto provider signs asynchronously only.
          'stripe-signature': await stripe.webhooks.generateTestHeaderStringAsync({ payload: body, ...opts }),
        },
      })
    expect((await signedWith({ secret: 'whsec_someone_else' })).status).toBeGreaterThanOrEqual(400)
    const stale = Math.floor(Date.now() / 1000) - 3600
    expect(
      (await signedWith({ secret: FAKE_KEYS.stripe.webhookSecret, timestamp: stale })).status,
    ).toBeGreaterThanOrEqual(400)
    expect(await balance(app, t.id)).toBe(0)
    expect((await signedWith({ secret: FAKE_KEYS.stripe.webhookSecret })).status).toBe(200)
    expect(await balance(app, t.id)).toBe(1250)
  })
})
