// Solidgate on the vectors of docs/payments.md#solidgate.
import { describe, expect, test } from 'bun:test'
import { createHmac } from 'node:crypto'
import {
  SolidgateProvider,
  solidgateSignature,
  solidgateSignatureV2,
} from '../../server/integrations/payments/solidgate'

const API_BODY = '{"order_id":"ord-42","amount":15050,"currency":"EUR","order_description":"Order 42"}'
const API_HEX =
  '6b2c77867e62a0f07bdf47e1ad248edd1a0961bf140b5539a35aceaf6aedf0482ed6a7a2a45335b834fd29fc5127fc577632404e4e26a2a895fbdc29a02718a3'
const API_SIG =
  'NmIyYzc3ODY3ZTYyYTBmMDdiZGY0N2UxYWQyNDhlZGQxYTA5NjFiZjE0MGI1NTM5YTM1YWNlYWY2YWVkZjA0ODJlZDZhN2EyYTQ1MzM1YjgzNGZkMjlmYzUxMjdmYzU3NzYzMjQwNGU0ZTI2YTJhODk1ZmJkYzI5YTAyNzE4YTM='
const WH_BODY = '{"order":{"order_id":"ord-42","amount":15050,"currency":"EUR","status":"approved"}}'
const WH_SIG =
  'OThhZjc0NWY4YzQ5MjY2MTI1YTk2N2E1ZGQ3MTY2ZGYzMGEzYmY0MmFiODY3ZWRmMTlhNTdhOGNjNGI2ZDAyMTJlZmY2OWMwOGZmMmVlZTExZmQ2MjY1NTk2MGJlMTViZWZiNWFiZWFiNmYxNjVlYmZkNGRkNGViYTc4MjkzODQ='
const enc = (s: string) => new TextEncoder().encode(s)

const cfg = {
  publicKey: 'api_pk_test_7b197',
  secretKey: 'api_sk_test_2f3e8',
  webhookPublicKey: 'wh_pk_test_1a2b',
  webhookSecretKey: 'wh_sk_test_3c4d',
  apiUrl: '',
}
const p = new SolidgateProvider(cfg)
const req = (headers: Record<string, string>, body = WH_BODY) => ({ headers: new Headers(headers), body: enc(body) })

describe('Solidgate signature', () => {
  test('API request vector: base64 of the 128-char hex HMAC-SHA512 (172 chars)', () => {
    const hex = createHmac('sha512', cfg.secretKey)
      .update(cfg.publicKey + API_BODY + cfg.publicKey)
      .digest('hex')
    expect(hex).toBe(API_HEX)
    expect(solidgateSignature(cfg.publicKey, cfg.secretKey, API_BODY)).toBe(API_SIG)
    expect(API_SIG.length).toBe(172)
  })

  test('base64 of the raw digest (88 chars) is the wrong form and does not verify', async () => {
    const wrong = createHmac('sha512', cfg.webhookSecretKey)
      .update(cfg.webhookPublicKey + WH_BODY + cfg.webhookPublicKey)
      .digest('base64')
    expect(wrong.length).toBe(88)
    expect(await p.verifyNotification(req({ merchant: cfg.webhookPublicKey, signature: wrong }))).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    })
  })

  test('webhook v2 vector (raw-digest interpretation, unconfirmed)', () => {
    expect(solidgateSignatureV2('whsec_endpoint_test', enc(WH_BODY))).toBe(
      'HwovwUALFr4L/2J49OBLShAMhmwRgrdhlw+YDOBUIg0=',
    )
  })
})

describe('Solidgate webhook', () => {
  test('v1 vector verifies with the webhook pair: paid, minor units, fallback dedupe key', async () => {
    expect(solidgateSignature(cfg.webhookPublicKey, cfg.webhookSecretKey, WH_BODY)).toBe(WH_SIG)
    expect(await p.verifyNotification(req({ merchant: cfg.webhookPublicKey, signature: WH_SIG }))).toEqual({
      ok: true,
      event: {
        providerEventId: 'solidgate:ord-42:approved',
        paymentId: 'ord-42',
        status: 'paid',
        amountMinor: 15050,
        currency: 'EUR',
      },
      ack: { status: 200, body: 'OK', contentType: 'text/plain; charset=utf-8' },
    })
    expect(
      await p.verifyNotification(
        req({ merchant: cfg.webhookPublicKey, signature: WH_SIG, 'solidgate-event-id': 'e-77' }),
      ),
    ).toMatchObject({ ok: true, event: { providerEventId: 'solidgate:e-77' } })
  })

  test('another merchant header, the API pair instead of the webhook pair, a tampered body: refused', async () => {
    expect(await p.verifyNotification(req({ merchant: 'wh_pk_other', signature: WH_SIG }))).toMatchObject({
      ok: false,
      reason: 'unknown_merchant',
      ack: { status: 400 },
    })
    const apiSigned = solidgateSignature(cfg.publicKey, cfg.secretKey, WH_BODY)
    expect(await p.verifyNotification(req({ merchant: cfg.webhookPublicKey, signature: apiSigned }))).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    })
    expect(
      await p.verifyNotification(
        req({ merchant: cfg.webhookPublicKey, signature: WH_SIG }, WH_BODY.replace('15050', '15051')),
      ),
    ).toMatchObject({ ok: false, reason: 'bad_signature' })
    expect(await p.verifyNotification(req({ merchant: cfg.webhookPublicKey }))).toMatchObject({
      ok: false,
      reason: 'malformed',
    })
  })

  test('v2 (no merchant header) verifies with the webhook secret', async () => {
    const v2 = new SolidgateProvider({ ...cfg, webhookSecretKey: 'whsec_endpoint_test' })
    expect(
      await v2.verifyNotification(req({ signature: 'HwovwUALFr4L/2J49OBLShAMhmwRgrdhlw+YDOBUIg0=' })),
    ).toMatchObject({ ok: true, event: { status: 'paid' } })
    expect(
      await p.verifyNotification(req({ signature: 'HwovwUALFr4L/2J49OBLShAMhmwRgrdhlw+YDOBUIg0=' })),
    ).toMatchObject({ ok: false, reason: 'bad_signature' })
  })

  test('statuses and the card token of the transactions', async () => {
    const at = async (o: object) => {
      const body = JSON.stringify(o)
      const r = await p.verifyNotification(
        req(
          {
            merchant: cfg.webhookPublicKey,
            signature: solidgateSignature(cfg.webhookPublicKey, cfg.webhookSecretKey, body),
          },
          body,
        ),
      )
      return r.ok ? r.event : r.reason
    }
    const order = { order_id: 'o1', amount: 999, currency: 'mxn' }
    expect(await at({ order: { ...order, status: 'refunded' } })).toMatchObject({ status: 'refunded', currency: 'MXN' })
    expect(await at({ order: { ...order, status: 'declined' } })).toMatchObject({ status: 'failed' })
    expect(await at({ order: { ...order, status: 'processing' } })).toMatchObject({ status: 'pending' })
    expect(
      await at({
        order: { ...order, status: 'approved' },
        transactions: { t1: { card: { number: '411111XXXXXX1111', card_token: { token: 'tok-abc' } } } },
      }),
    ).toMatchObject({ status: 'paid', cardToken: 'tok-abc', cardMask: '411111XXXXXX1111' })
    expect(await at({ order: { ...order, amount: '999', status: 'approved' } })).toBe('malformed')
  })
})
