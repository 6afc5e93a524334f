// Fondy on the vectors of docs/payments.md#fondy--hutko (key `test`; vectors 1 and 2 are Fondy's own).
import { describe, expect, test } from 'bun:test'
import type { NotificationResult } from '../../server/integrations/payments/provider'
import { FondyProvider, fondySignature, fondySignatureString } from '../../server/integrations/payments/fondy'

const cfg = { merchantId: '1396424', secret: 'test', apiUrl: 'https://pay.fondy.eu' }

const CALLBACK = {
  order_id: 'ord-42',
  merchant_id: 1396424,
  amount: '15050',
  currency: 'UAH',
  order_status: 'approved',
  response_status: 'success',
  payment_id: 805243692,
  masked_card: '444455XXXXXX6666',
  rectoken: '',
  actual_amount: 15050,
  actual_currency: 'UAH',
  sender_email: '',
  tran_type: 'purchase',
  signature: 'x',
  response_signature_string: 'y',
}
const GOOD = '0d29b2100d4cba33008041b067196e1c5dd88591'

const json = (o: object) => ({
  headers: new Headers({ 'content-type': 'application/json' }),
  body: new TextEncoder().encode(JSON.stringify(o)),
})
const formBody = (o: Record<string, unknown>) => ({
  headers: new Headers({ 'content-type': 'application/x-www-form-urlencoded' }),
  body: new TextEncoder().encode(new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString()),
})

describe('Fondy signature', () => {
  test('vector 1 (docs)', () => {
    const p = { order_id: 'test123456', order_desc: 'test order', currency: 'USD', amount: 125, merchant_id: 1396424 }
    expect(fondySignatureString('test', p)).toBe('test|125|USD|1396424|test order|test123456')
    expect(fondySignature('test', p)).toBe('df38818facfbfd79953fa847667dac73a1291127')
  })

  test('vector 2 (docs)', () => {
    const p = {
      server_callback_url: 'http://myshop/callback/',
      order_id: 'TestOrder2',
      currency: 'USD',
      merchant_id: 1396424,
      order_desc: 'Test payment',
      amount: 1000,
    }
    expect(fondySignatureString('test', p)).toBe(
      'test|1000|USD|1396424|Test payment|TestOrder2|http://myshop/callback/',
    )
    expect(fondySignature('test', p)).toBe('91ea7da493a8367410fe3d7f877fb5e0ed666490')
  })

  test('vector 3: empty fields, signature and response_signature_string left out; "0" kept', () => {
    expect(fondySignatureString('test', CALLBACK)).toBe(
      'test|15050|UAH|15050|UAH|444455XXXXXX6666|1396424|ord-42|approved|805243692|success|purchase',
    )
    expect(fondySignature('test', CALLBACK)).toBe(GOOD)
    expect(fondySignatureString('k', { a: '0', b: '', c: null })).toBe('k|0')
  })
})

describe('Fondy callback', () => {
  const p = new FondyProvider(cfg)

  test('vector 3 as JSON and as form fields: paid, minor units, dedupe key', async () => {
    const expected: NotificationResult = {
      ok: true,
      event: {
        providerEventId: 'fondy:805243692:approved',
        paymentId: 'ord-42',
        providerPaymentId: '805243692',
        status: 'paid',
        amountMinor: 15050,
        currency: 'UAH',
        cardMask: '444455XXXXXX6666',
      },
      ack: { status: 200, body: 'OK', contentType: 'text/plain; charset=utf-8' },
    }
    expect(await p.verifyNotification(json({ ...CALLBACK, signature: GOOD }))).toEqual(expected)
    expect(await p.verifyNotification(formBody({ ...CALLBACK, signature: GOOD }))).toEqual(expected)
  })

  test('tampered amount, wrong key, no signature, another merchant: refused', async () => {
    expect(await p.verifyNotification(json({ ...CALLBACK, amount: 15000, signature: GOOD }))).toMatchObject({
      ok: false,
      reason: 'bad_signature',
      ack: { status: 400 },
    })
    expect(
      await new FondyProvider({ ...cfg, secret: 'other' }).verifyNotification(json({ ...CALLBACK, signature: GOOD })),
    ).toMatchObject({ ok: false, reason: 'bad_signature' })
    const { signature: _, ...unsigned } = CALLBACK
    expect(await p.verifyNotification(json(unsigned))).toMatchObject({ ok: false, reason: 'malformed' })
    const foreign = { ...CALLBACK, merchant_id: 1700002 }
    expect(await p.verifyNotification(json({ ...foreign, signature: fondySignature('test', foreign) }))).toMatchObject({
      ok: false,
      reason: 'unknown_merchant',
    })
  })

  test('rectoken becomes the card token; reversed is a refund; declined failed', async () => {
    const at = async (extra: object) => {
      const o = { ...CALLBACK, ...extra }
      const r = await p.verifyNotification(json({ ...o, signature: fondySignature('test', o) }))
      return r.ok ? r.event : r.reason
    }
    expect(await at({ rectoken: 'a1b2c3' })).toMatchObject({ cardToken: 'a1b2c3', status: 'paid' })
    expect(await at({ order_status: 'reversed', reversal_amount: 15050 })).toMatchObject({
      status: 'refunded',
      providerEventId: 'fondy:805243692:reversed:15050',
      refundedMinor: 15050,
    })
    expect(await at({ order_status: 'declined' })).toMatchObject({ status: 'failed' })
    expect(await at({ order_status: 'processing' })).toMatchObject({ status: 'pending' })
  })

  test('amount check against the stored payment', async () => {
    const r = await p.verifyNotification(json({ ...CALLBACK, signature: GOOD }), {
      expected: async () => ({ amountMinor: 15051, currency: 'UAH' }),
    })
    expect(r).toMatchObject({ ok: false, reason: 'mismatch' })
  })
})
