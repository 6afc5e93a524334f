// Przelewy24 on the vectors of docs/payments.md#przelewy24 (crc 0123456789abcdef, merchantId = posId = 11111).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import {
  p24NotificationSign,
  p24RegisterSign,
  p24VerifySign,
  PrzelewyProvider,
} from '../../server/integrations/payments/przelewy'

const CRC = '0123456789abcdef'
const NOTIFICATION = {
  merchantId: 11111,
  posId: 11111,
  sessionId: 'ord-42',
  amount: 15050,
  originAmount: 15050,
  currency: 'PLN',
  orderId: 300000001,
  methodId: 25,
  statement: 'Zamówienie/42',
}
const NOTIFICATION_SIGN =
  'aef7bdecb6e806da13ac666d3ecb8238a00ab18d9bbae155802dda71bcc9b796a3c9bb7645290b73260865e3bf478f96'

describe('P24 signs', () => {
  test('register and verify vectors', () => {
    expect(p24RegisterSign('ord-42', 11111, 15050, 'PLN', CRC)).toBe(
      '5dbd46dd9b04995c832b94511c54073d573b7285d9458860788f5a10a9f4a5df52416a8a278809a9d47a34b0ae1f0d99',
    )
    expect(p24VerifySign('ord-42', 300000001, 15050, 'PLN', CRC)).toBe(
      '12020b227dfaf3bf3a1a94a68d113ad4ef63fc7d8487db2813d358eb09893841a039d44bc7e5bddcd65a94b6aa58b40f',
    )
  })

  test('notification vector: UTF-8 "ó" and "/" unescaped; the escaped form is the published wrong value', () => {
    expect(p24NotificationSign(NOTIFICATION, CRC)).toBe(NOTIFICATION_SIGN)
    const escaped = JSON.stringify({ ...NOTIFICATION, crc: CRC })
      .replace('ó', '\\u00f3')
      .replace('/', '\\/')
    expect(createHash('sha384').update(escaped).digest('hex')).toBe(
      '2097cf770af2fa2d8233bce4090e620c0421b1975b8a024b1b225843b61ad789cfe13529543366588439568f3dd9dfe2',
    )
    expect(p24NotificationSign(NOTIFICATION, CRC)).not.toBe(
      '2097cf770af2fa2d8233bce4090e620c0421b1975b8a024b1b225843b61ad789cfe13529543366588439568f3dd9dfe2',
    )
  })

  test('reordered keys or numbers as strings sign differently', () => {
    const reordered = createHash('sha384')
      .update(JSON.stringify({ merchantId: 11111, sessionId: 'ord-42', amount: 15050, currency: 'PLN', crc: CRC }))
      .digest('hex')
    expect(reordered).not.toBe(p24RegisterSign('ord-42', 11111, 15050, 'PLN', CRC))
    const stringy = createHash('sha384')
      .update(JSON.stringify({ sessionId: 'ord-42', merchantId: '11111', amount: '15050', currency: 'PLN', crc: CRC }))
      .digest('hex')
    expect(stringy).not.toBe(p24RegisterSign('ord-42', 11111, 15050, 'PLN', CRC))
  })
})

describe('P24 notification', () => {
  // A stand-in for transaction/verify: checks Basic auth and the verify sign, records the call.
  const verifyCalls: unknown[] = []
  let server: ReturnType<typeof Bun.serve>
  let p: PrzelewyProvider
  beforeAll(() => {
    server = Bun.serve({
      port: 0,
      async fetch(req) {
        const url = new URL(req.url)
        if (req.headers.get('authorization') !== `Basic ${btoa('11111:api-key')}`)
          return new Response('{"error":"auth"}', { status: 401 })
        if (req.method === 'PUT' && url.pathname === '/api/v1/transaction/verify') {
          const b = (await req.json()) as {
            sessionId: string
            orderId: number
            amount: number
            currency: string
            sign: string
          }
          verifyCalls.push(b)
          const ok = b.sign === p24VerifySign(b.sessionId, b.orderId, b.amount, b.currency, CRC)
          return Response.json(
            ok ? { data: { status: 'success' }, responseCode: 0 } : { error: 'Incorrect sign', code: 400 },
            { status: ok ? 200 : 400 },
          )
        }
        return new Response('not found', { status: 404 })
      },
    })
    p = new PrzelewyProvider({
      merchantId: 11111,
      posId: 11111,
      apiKey: 'api-key',
      crc: CRC,
      apiUrl: `http://127.0.0.1:${server.port}`,
    })
  })
  afterAll(() => server.stop(true))

  const req = (o: object) => ({
    headers: new Headers({ 'content-type': 'application/json' }),
    body: new TextEncoder().encode(JSON.stringify(o)),
  })

  test('the vector verifies, calls transaction/verify, and is paid in grosze', async () => {
    verifyCalls.length = 0
    const r = await p.verifyNotification(req({ ...NOTIFICATION, sign: NOTIFICATION_SIGN }))
    expect(r).toEqual({
      ok: true,
      event: {
        providerEventId: 'p24:300000001',
        paymentId: 'ord-42',
        providerPaymentId: '300000001',
        status: 'paid',
        amountMinor: 15050,
        currency: 'PLN',
      },
      ack: { status: 200, body: 'OK', contentType: 'text/plain; charset=utf-8' },
    })
    expect(verifyCalls).toEqual([
      {
        merchantId: 11111,
        posId: 11111,
        sessionId: 'ord-42',
        amount: 15050,
        currency: 'PLN',
        orderId: 300000001,
        sign: '12020b227dfaf3bf3a1a94a68d113ad4ef63fc7d8487db2813d358eb09893841a039d44bc7e5bddcd65a94b6aa58b40f',
      },
    ])
  })

  test('tampered amount, wrong crc, numbers as strings, another merchant: refused without a verify call', async () => {
    verifyCalls.length = 0
    expect(await p.verifyNotification(req({ ...NOTIFICATION, amount: 15000, sign: NOTIFICATION_SIGN }))).toMatchObject({
      ok: false,
      reason: 'bad_signature',
      ack: { status: 400 },
    })
    const wrongCrc = new PrzelewyProvider({
      merchantId: 11111,
      posId: 11111,
      apiKey: 'api-key',
      crc: 'fedcba9876543210',
      apiUrl: 'http://127.0.0.1:9',
    })
    expect(await wrongCrc.verifyNotification(req({ ...NOTIFICATION, sign: NOTIFICATION_SIGN }))).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    })
    expect(
      await p.verifyNotification(req({ ...NOTIFICATION, amount: '15050', sign: NOTIFICATION_SIGN })),
    ).toMatchObject({ ok: false, reason: 'malformed' })
    const foreign = { ...NOTIFICATION, merchantId: 22222, posId: 22222 }
    expect(await p.verifyNotification(req({ ...foreign, sign: p24NotificationSign(foreign, CRC) }))).toMatchObject({
      ok: false,
      reason: 'unknown_merchant',
    })
    expect(
      await p.verifyNotification(req({ ...NOTIFICATION, sign: NOTIFICATION_SIGN }), {
        expected: async () => ({ amountMinor: 15050, currency: 'EUR' }),
      }),
    ).toMatchObject({ ok: false, reason: 'mismatch' })
    expect(verifyCalls).toEqual([])
  })

  test('a failed verify call is not money: refused, and P24 will re-send', async () => {
    const down = new PrzelewyProvider({
      merchantId: 11111,
      posId: 11111,
      apiKey: 'wrong-key',
      crc: CRC,
      apiUrl: `http://127.0.0.1:${server.port}`,
    })
    expect(await down.verifyNotification(req({ ...NOTIFICATION, sign: NOTIFICATION_SIGN }))).toMatchObject({
      ok: false,
      reason: 'not_verified',
      ack: { status: 502 },
    })
  })
})
