// Revolut Merchant on the vectors of docs/payments.md#revolut-merchant.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { RevolutProvider, revolutSignature } from '../../server/integrations/payments/revolut'

const SECRET = 'wsk_r59a4HfWVAKycbCaNO1RvgCJec02gRd8'
const TS = '1683650202360'
const BODY =
  '{"event": "ORDER_COMPLETED","order_id": "9fc01989-3f61-4484-a5d9-ffe768531be9","merchant_order_ext_ref": "Test #3928"}'
const SIG = 'v1=281b1f1aebe9357b7b128fd6a3aae0fe202c901add4ce75e6d038e498871d7fd'
const BODY2 =
  '{"data":{"id":"645a7696-22f3-aa47-9c74-cbae0449cc46","new_state":"completed","old_state":"pending","request_id":"app_charges-9f5d5eb3-1e06-46c5-b1c0-3914763e0bcb"},"event":"TransactionStateChanged","timestamp":"2023-05-09T16:36:38.028960Z"}'
const enc = (s: string) => new TextEncoder().encode(s)
const NOW = Number(TS) + 1000

describe('Revolut-Signature', () => {
  test('both published vectors: v1=hex(HMAC-SHA256("v1.ts.raw_body")), spaces in the body kept', () => {
    expect(revolutSignature(SECRET, TS, enc(BODY))).toBe(SIG)
    expect(revolutSignature(SECRET, TS, enc(BODY2))).toBe(
      'v1=bca326fb378d0da7f7c490ad584a8106bab9723d8d9cdd0d50b4c5b3be3837c0',
    )
    expect(revolutSignature(SECRET, TS, enc(BODY.replaceAll('": "', '":"')))).not.toBe(SIG)
  })
})

describe('Revolut webhook', () => {
  // Stands in for GET /api/orders/{id}: the webhook body has no amount, the order does.
  let server: ReturnType<typeof Bun.serve>
  let p: RevolutProvider
  const order = {
    id: '9fc01989-3f61-4484-a5d9-ffe768531be9',
    state: 'COMPLETED',
    amount: 15050,
    currency: 'EUR',
    merchant_order_data: { reference: 'ord-42' },
  }
  beforeAll(() => {
    server = Bun.serve({
      port: 0,
      fetch(req) {
        if (req.headers.get('authorization') !== 'Bearer sk_test') return new Response('{}', { status: 401 })
        if (!req.headers.get('revolut-api-version')) return new Response('{}', { status: 400 })
        if (new URL(req.url).pathname === `/api/orders/${order.id}`) return Response.json(order)
        return new Response('{}', { status: 404 })
      },
    })
    p = new RevolutProvider({
      secretKey: 'sk_test',
      webhookSecrets: [SECRET],
      apiUrl: `http://127.0.0.1:${server.port}`,
      apiVersion: '2024-09-01',
    })
  })
  afterAll(() => server.stop(true))

  const req = (signature: string, body = BODY, ts = TS) => ({
    headers: new Headers({ 'revolut-request-timestamp': ts, 'revolut-signature': signature }),
    body: enc(body),
  })

  test('the vector verifies; amount and state come from the fetched order', async () => {
    expect(await p.verifyNotification(req(SIG), { now: NOW })).toEqual({
      ok: true,
      event: {
        providerEventId: 'revolut:9fc01989-3f61-4484-a5d9-ffe768531be9:ORDER_COMPLETED',
        paymentId: 'ord-42',
        providerPaymentId: order.id,
        status: 'paid',
        amountMinor: 15050,
        currency: 'EUR',
      },
      ack: { status: 200, body: 'OK', contentType: 'text/plain; charset=utf-8' },
    })
  })

  test('rotation: several v1 in the header, or several secrets configured', async () => {
    expect(await p.verifyNotification(req(`v1=deadbeef,${SIG}`), { now: NOW })).toMatchObject({ ok: true })
    const rotated = new RevolutProvider({
      secretKey: 'sk_test',
      webhookSecrets: ['wsk_new', SECRET],
      apiUrl: `http://127.0.0.1:${server.port}`,
      apiVersion: '2024-09-01',
    })
    expect(await rotated.verifyNotification(req(SIG), { now: NOW })).toMatchObject({ ok: true })
  })

  test('stale (5 min + 1 s), tampered body, changed timestamp, wrong secret, no headers: refused', async () => {
    expect(await p.verifyNotification(req(SIG), { now: Number(TS) + 301_000 })).toMatchObject({
      ok: false,
      reason: 'stale',
      ack: { status: 400 },
    })
    expect(await p.verifyNotification(req(SIG, BODY.replace('Test #3928', 'Test #3929')), { now: NOW })).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    })
    expect(await p.verifyNotification(req(SIG, BODY, '1683650202361'), { now: NOW })).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    })
    const other = new RevolutProvider({
      secretKey: 'sk_test',
      webhookSecrets: ['wsk_other'],
      apiUrl: 'http://127.0.0.1:9',
      apiVersion: 'x',
    })
    expect(await other.verifyNotification(req(SIG), { now: NOW })).toMatchObject({ ok: false, reason: 'bad_signature' })
    expect(await p.verifyNotification({ headers: new Headers(), body: enc(BODY) }, { now: NOW })).toMatchObject({
      ok: false,
      reason: 'malformed',
    })
  })

  test('mismatch against the stored payment; an unreachable order is not verified (Revolut retries)', async () => {
    expect(
      await p.verifyNotification(req(SIG), {
        now: NOW,
        expected: async () => ({ amountMinor: 15050, currency: 'GBP' }),
      }),
    ).toMatchObject({ ok: false, reason: 'mismatch' })
    const body = '{"event":"ORDER_COMPLETED","order_id":"unknown"}'
    expect(await p.verifyNotification(req(revolutSignature(SECRET, TS, enc(body)), body), { now: NOW })).toMatchObject({
      ok: false,
      reason: 'not_verified',
      ack: { status: 502 },
    })
  })
})
