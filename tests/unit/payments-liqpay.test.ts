// LiqPay on the vectors of docs/payments.md#liqpay.
import { describe, expect, test } from 'bun:test'
import { LiqpayProvider, liqpaySignature } from '../../server/integrations/payments/liqpay'
import { majorToMinor, minorToMajor, type LiqpayConfig } from '../../server/integrations/payments/provider'

const KEY = 'a4825234f4bae72a0be04eafe9e8e2bada209255'
const cfg: LiqpayConfig = {
  publicKey: 'i00000000',
  privateKey: KEY,
  apiUrl: 'https://www.liqpay.ua',
  sandbox: false,
  signature: 'sha1',
}
const CHECKOUT_DATA =
  'eyJ2ZXJzaW9uIjozLCJwdWJsaWNfa2V5IjoiaTAwMDAwMDAwIiwiYWN0aW9uIjoicGF5IiwiYW1vdW50IjoiMTUwLjUwIiwiY3VycmVuY3kiOiJVQUgiLCJkZXNjcmlwdGlvbiI6Ik9yZGVyIDQyIiwib3JkZXJfaWQiOiJvcmQtNDIiLCJyZXN1bHRfdXJsIjoiaHR0cHM6Ly9leGFtcGxlLmNvbS9wYXkvcmV0dXJuIiwic2VydmVyX3VybCI6Imh0dHBzOi8vZXhhbXBsZS5jb20vcGF5L2xpcXBheS9jYWxsYmFjayJ9'
const CALLBACK_DATA =
  'eyJwYXltZW50X2lkIjoyMzQ1Njc4OTAxLCJhY3Rpb24iOiJwYXkiLCJzdGF0dXMiOiJzdWNjZXNzIiwidmVyc2lvbiI6MywidHlwZSI6ImJ1eSIsInB1YmxpY19rZXkiOiJpMDAwMDAwMDAiLCJvcmRlcl9pZCI6Im9yZC00MiIsImRlc2NyaXB0aW9uIjoiT3JkZXIgNDIiLCJhbW91bnQiOjE1MC41LCJjdXJyZW5jeSI6IlVBSCIsInRyYW5zYWN0aW9uX2lkIjoyMzQ1Njc4OTAxfQ=='
const CALLBACK_SIG = 'dR8OQHYZjp6U/nUfxBGC/3MpE+w='

const form = (fields: Record<string, string>) => ({
  headers: new Headers({ 'content-type': 'application/x-www-form-urlencoded' }),
  body: new TextEncoder().encode(new URLSearchParams(fields).toString()),
})

describe('LiqPay signature', () => {
  test('checkout vector: sha1 and the sha3-256 variant', () => {
    expect(liqpaySignature(KEY, CHECKOUT_DATA)).toBe('yuUy2ICoXqxX0F+23TZxe+WVu54=')
    expect(liqpaySignature(KEY, CHECKOUT_DATA, 'sha3-256')).toBe('b+hrtLpngbP+IY/Awhz4eLGpjl6Y7OW4i1QQb/3j13E=')
  })

  test('start builds the published form: amount in major units as a string', async () => {
    const p = new LiqpayProvider(cfg)
    const r = await p.start({
      paymentId: 'ord-42',
      amountMinor: 15050,
      currency: 'UAH',
      description: 'Order 42',
      returnUrl: 'https://example.com/pay/return',
      notifyUrl: 'https://example.com/pay/liqpay/callback',
    })
    expect(r).toEqual({
      method: 'form',
      url: 'https://www.liqpay.ua/api/3/checkout',
      fields: { data: CHECKOUT_DATA, signature: 'yuUy2ICoXqxX0F+23TZxe+WVu54=' },
    })
  })

  test('save card asks for a token', async () => {
    const r = await new LiqpayProvider(cfg).start({
      paymentId: 'p1',
      amountMinor: 100,
      currency: 'UAH',
      description: 'd',
      returnUrl: 'r',
      notifyUrl: 'n',
      saveCard: true,
      customer: { id: 'u7' },
    })
    const json = JSON.parse(Buffer.from(r.fields!.data!, 'base64').toString()) as Record<string, unknown>
    expect(json).toMatchObject({ amount: '1.00', recurringbytoken: '1', customer: 'u7' })
  })
})

describe('LiqPay callback', () => {
  const p = new LiqpayProvider(cfg)

  test('the published callback verifies and normalises to minor units', async () => {
    expect(liqpaySignature(KEY, CALLBACK_DATA)).toBe(CALLBACK_SIG)
    const r = await p.verifyNotification(form({ data: CALLBACK_DATA, signature: CALLBACK_SIG }))
    expect(r).toEqual({
      ok: true,
      event: {
        providerEventId: 'liqpay:2345678901:success',
        paymentId: 'ord-42',
        providerPaymentId: '2345678901',
        status: 'paid',
        amountMinor: 15050,
        currency: 'UAH',
      },
      ack: { status: 200, body: 'OK', contentType: 'text/plain; charset=utf-8' },
    })
  })

  test('tampered data, a wrong key, a missing field: refused with 400', async () => {
    const tampered = Buffer.from(Buffer.from(CALLBACK_DATA, 'base64').toString().replace('150.5', '1.5')).toString(
      'base64',
    )
    expect(tampered).not.toBe(CALLBACK_DATA)
    expect(await p.verifyNotification(form({ data: tampered, signature: CALLBACK_SIG }))).toMatchObject({
      ok: false,
      reason: 'bad_signature',
      ack: { status: 400 },
    })
    const other = new LiqpayProvider({ ...cfg, privateKey: 'another-private-key' })
    expect(await other.verifyNotification(form({ data: CALLBACK_DATA, signature: CALLBACK_SIG }))).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    })
    expect(await p.verifyNotification(form({ data: CALLBACK_DATA }))).toMatchObject({ ok: false, reason: 'malformed' })
  })

  test('another merchant’s correctly signed callback is refused', async () => {
    const json = {
      payment_id: 1,
      status: 'success',
      public_key: 'i99999999',
      order_id: 'ord-42',
      amount: 150.5,
      currency: 'UAH',
    }
    const signed = p.sign(json)
    expect(await p.verifyNotification(form(signed))).toMatchObject({ ok: false, reason: 'unknown_merchant' })
  })

  test('amount and currency are checked against the stored payment when given', async () => {
    const fields = { data: CALLBACK_DATA, signature: CALLBACK_SIG }
    expect(
      await p.verifyNotification(form(fields), { expected: async () => ({ amountMinor: 15000, currency: 'UAH' }) }),
    ).toMatchObject({ ok: false, reason: 'mismatch' })
    expect(
      await p.verifyNotification(form(fields), { expected: async () => ({ amountMinor: 15050, currency: 'USD' }) }),
    ).toMatchObject({ ok: false, reason: 'mismatch' })
    expect(await p.verifyNotification(form(fields), { expected: async () => null })).toMatchObject({
      ok: false,
      reason: 'unknown_payment',
    })
    expect(
      await p.verifyNotification(form(fields), { expected: async () => ({ amountMinor: 15050, currency: 'UAH' }) }),
    ).toMatchObject({ ok: true })
  })

  test('statuses: sandbox is paid only for a sandbox merchant, reversed is a refund, wait_accept pending', async () => {
    const at = async (prov: LiqpayProvider, status: string) => {
      const r = await prov.verifyNotification(
        form(
          prov.sign({ payment_id: 5, status, public_key: 'i00000000', order_id: 'o', amount: '1.5', currency: 'uah' }),
        ),
      )
      return r.ok ? r.event?.status : r.reason
    }
    expect(await at(p, 'sandbox')).toBe('failed')
    expect(await at(new LiqpayProvider({ ...cfg, sandbox: true }), 'sandbox')).toBe('paid')
    expect(await at(p, 'reversed')).toBe('refunded')
    expect(await at(p, 'wait_accept')).toBe('pending')
    expect(await at(p, '3ds_verify')).toBe('pending')
    expect(await at(p, 'failure')).toBe('failed')
  })
})

describe('amounts at the edge', () => {
  test('integer maths both ways, exact or null', () => {
    expect(minorToMajor(15050, 'UAH')).toBe('150.50')
    expect(minorToMajor(5, 'EUR')).toBe('0.05')
    expect(minorToMajor(500, 'JPY')).toBe('500')
    expect(minorToMajor(1234, 'KWD')).toBe('1.234')
    expect(majorToMinor(150.5, 'UAH')).toBe(15050)
    expect(majorToMinor('150.50', 'UAH')).toBe(15050)
    expect(majorToMinor('0.07', 'UAH')).toBe(7)
    expect(majorToMinor(0.1 + 0.2, 'UAH')).toBeNull() // 0.30000000000000004 is not an amount
    expect(majorToMinor('150.505', 'UAH')).toBeNull()
    expect(majorToMinor('500', 'JPY')).toBe(500)
    expect(majorToMinor('1e3', 'UAH')).toBeNull()
  })
})
