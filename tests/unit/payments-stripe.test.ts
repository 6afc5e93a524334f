// Stripe on the vector of docs/payments.md#stripe.
import { describe, expect, test } from 'bun:test'
import {
  parseStripeSignature,
  StripeProvider,
  stripeForm,
  stripeSignature,
} from '../../server/integrations/payments/stripe'

const SECRET = 'whsec_test_5WbX5kEWLlfzsGNjH64I8lOOqUB6e8FH'
const T = 1735689600
const BODY =
  '{"id":"evt_test_1","object":"event","type":"checkout.session.completed","data":{"object":{"id":"cs_test_1","amount_total":15050,"currency":"eur","client_reference_id":"ord-42","payment_status":"paid"}}}'
const V1 = '37099bf8d659e084bf94bac0039143cd8604f9c14e1593cd9d1041d7528bbf9b'
const NOW = T * 1000 + 10_000

const p = new StripeProvider({ secretKey: 'sk_test_x', webhookSecret: SECRET, apiUrl: 'http://127.0.0.1:9' })
const req = (signature: string, body = BODY) => ({
  headers: new Headers({ 'stripe-signature': signature }),
  body: new TextEncoder().encode(body),
})

describe('Stripe-Signature', () => {
  test('the vector: hex HMAC-SHA256 over "t.raw_body"', () => {
    expect(stripeSignature(SECRET, T, new TextEncoder().encode(BODY))).toBe(V1)
    expect(parseStripeSignature(`t=${T},v1=aa,v0=bb,v1=cc`)).toEqual({ t: T, v1: ['aa', 'cc'] })
    expect(parseStripeSignature('v1=aa')).toBeNull()
  })

  test('the vector verifies: paid, minor units, currency upper-cased, event id as dedupe key; 2xx JSON ack', async () => {
    expect(await p.verifyNotification(req(`t=${T},v1=${V1}`), { now: NOW })).toEqual({
      ok: true,
      event: {
        providerEventId: 'stripe:evt_test_1',
        paymentId: 'ord-42',
        providerPaymentId: 'cs_test_1',
        status: 'paid',
        amountMinor: 15050,
        currency: 'EUR',
      },
      ack: { status: 200, body: '{"received":true}', contentType: 'application/json' },
    })
  })

  test('rotation: any v1 may match', async () => {
    expect(await p.verifyNotification(req(`t=${T},v1=deadbeef,v1=${V1}`), { now: NOW })).toMatchObject({ ok: true })
  })

  test('stale (301 s either way), tampered body, wrong secret, missing header: refused with 400', async () => {
    expect(await p.verifyNotification(req(`t=${T},v1=${V1}`), { now: 1735689901 * 1000 })).toMatchObject({
      ok: false,
      reason: 'stale',
      ack: { status: 400 },
    })
    expect(await p.verifyNotification(req(`t=${T},v1=${V1}`), { now: (T - 301) * 1000 })).toMatchObject({
      ok: false,
      reason: 'stale',
    })
    expect(await p.verifyNotification(req(`t=${T},v1=${V1}`), { now: (T + 300) * 1000 })).toMatchObject({ ok: true })
    expect(
      await p.verifyNotification(req(`t=${T},v1=${V1}`, BODY.replace('{"id"', '{ "id"')), { now: NOW }),
    ).toMatchObject({ ok: false, reason: 'bad_signature' })
    expect(await p.verifyNotification(req(`t=${T + 1},v1=${V1}`), { now: NOW })).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    })
    const other = new StripeProvider({ secretKey: 'sk', webhookSecret: 'whsec_other', apiUrl: 'x' })
    expect(await other.verifyNotification(req(`t=${T},v1=${V1}`), { now: NOW })).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    })
    expect(
      await p.verifyNotification({ headers: new Headers(), body: new TextEncoder().encode(BODY) }, { now: NOW }),
    ).toMatchObject({ ok: false, reason: 'malformed' })
  })

  test('event types: async success/failure, refunds; others verified and ignored', async () => {
    const signed = async (evt: object) => {
      const body = JSON.stringify(evt)
      const r = await p.verifyNotification(
        req(`t=${T},v1=${stripeSignature(SECRET, T, new TextEncoder().encode(body))}`, body),
        { now: NOW },
      )
      return r.ok ? r.event : r.reason
    }
    const session = {
      id: 'cs_1',
      amount_total: 999,
      currency: 'mxn',
      client_reference_id: 'p-9',
      payment_status: 'unpaid',
    }
    expect(await signed({ id: 'evt_a', type: 'checkout.session.completed', data: { object: session } })).toMatchObject({
      status: 'pending',
      currency: 'MXN',
    })
    expect(
      await signed({ id: 'evt_b', type: 'checkout.session.async_payment_succeeded', data: { object: session } }),
    ).toMatchObject({ status: 'paid', amountMinor: 999 })
    expect(
      await signed({ id: 'evt_c', type: 'checkout.session.async_payment_failed', data: { object: session } }),
    ).toMatchObject({ status: 'failed' })
    expect(
      await signed({
        id: 'evt_d',
        type: 'charge.refunded',
        data: {
          object: {
            id: 'ch_1',
            payment_intent: 'pi_1',
            amount: 999,
            amount_refunded: 999,
            currency: 'mxn',
            metadata: { paymentRef: 'p-9' },
          },
        },
      }),
    ).toMatchObject({
      status: 'refunded',
      providerEventId: 'stripe:evt_d',
      providerPaymentId: 'pi_1',
      refundedMinor: 999,
    })
    expect(await signed({ id: 'evt_e', type: 'customer.created', data: { object: {} } })).toBeNull()
  })
})

describe('Stripe request encoding', () => {
  test('nested params flatten to Stripe form keys; amounts stay minor units', () => {
    const f = stripeForm({
      line_items: { 0: { price_data: { currency: 'eur', unit_amount: 15050 }, quantity: 1 } },
      metadata: { paymentRef: 'ord-42' },
      skip: undefined,
    })
    expect(f.toString()).toBe(
      'line_items%5B0%5D%5Bprice_data%5D%5Bcurrency%5D=eur&line_items%5B0%5D%5Bprice_data%5D%5Bunit_amount%5D=15050&line_items%5B0%5D%5Bquantity%5D=1&metadata%5BpaymentRef%5D=ord-42',
    )
  })
})
