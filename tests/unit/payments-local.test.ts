// The local provider on the vector of docs/payments.md.
import { describe, expect, test } from 'bun:test'
import {
  LocalProvider,
  localNotification,
  localSignatureHeader,
  readLocalPage,
} from '../../server/integrations/payments/local'

const SECRET = 'local-dev-secret'
const T = 1735689600
const BODY = '{"eventId":"loc_evt_1","paymentRef":"ord-42","status":"paid","amountMinor":15050,"currency":"UAH"}'
const HEADER = 't=1735689600,v1=f1595759e3adb2333b2640802a53444fdbd4a2bf784457936231f904e450b9f2'
const NOW = T * 1000 + 5_000
const p = new LocalProvider({ secret: SECRET, pagePath: '/pay/local' })
const req = (sig: string, body = BODY) => ({
  headers: new Headers({ 'local-signature': sig }),
  body: new TextEncoder().encode(body),
})

describe('Local-Signature', () => {
  test('the vector', async () => {
    expect(localSignatureHeader(SECRET, T, BODY)).toBe(HEADER)
    expect(await p.verifyNotification(req(HEADER), { now: NOW })).toEqual({
      ok: true,
      event: {
        providerEventId: 'local:loc_evt_1',
        paymentId: 'ord-42',
        status: 'paid',
        amountMinor: 15050,
        currency: 'UAH',
      },
      ack: { status: 200, body: 'OK', contentType: 'text/plain; charset=utf-8' },
    })
  })

  test('rotation; stale, tampered, wrong secret, no header: refused', async () => {
    expect(await p.verifyNotification(req(`t=${T},v1=00,${HEADER.split(',')[1]}`), { now: NOW })).toMatchObject({
      ok: true,
    })
    expect(await p.verifyNotification(req(HEADER), { now: (T + 301) * 1000 })).toMatchObject({
      ok: false,
      reason: 'stale',
      ack: { status: 400 },
    })
    expect(await p.verifyNotification(req(HEADER, BODY.replace('15050', '15051')), { now: NOW })).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    })
    expect(
      await new LocalProvider({ secret: 'other', pagePath: '/pay/local' }).verifyNotification(req(HEADER), {
        now: NOW,
      }),
    ).toMatchObject({ ok: false, reason: 'bad_signature' })
    expect(
      await p.verifyNotification({ headers: new Headers(), body: new TextEncoder().encode(BODY) }, { now: NOW }),
    ).toMatchObject({ ok: false, reason: 'malformed' })
  })
})

describe('the bank page and its notifications', () => {
  const input = {
    paymentId: 'pay-7-1',
    amountMinor: 15050,
    currency: 'UAH',
    description: 'Top-up',
    returnUrl: '/wallet/return?p=pay-7-1',
    notifyUrl: '/api/payments/local/notify',
    saveCard: true,
  }

  test('start points at our own page with signed fields; altering them breaks the signature', async () => {
    const r = await p.start(input)
    expect(r.method).toBe('redirect')
    const url = new URL(r.url, 'http://site')
    expect(url.pathname).toBe('/pay/local/pay-7-1')
    expect(readLocalPage(SECRET, 'pay-7-1', url.searchParams)).toEqual({
      paymentId: 'pay-7-1',
      amountMinor: 15050,
      currency: 'UAH',
      description: 'Top-up',
      returnUrl: '/wallet/return?p=pay-7-1',
      saveCard: true,
    })
    const altered = new URLSearchParams(url.searchParams)
    altered.set('amount', '1')
    expect(readLocalPage(SECRET, 'pay-7-1', altered)).toBeNull()
    expect(readLocalPage(SECRET, 'pay-7-2', url.searchParams)).toBeNull()
  })

  test('Pay with save card: a signed notification with the local card token; Pay twice is one event', async () => {
    const n = localNotification(
      SECRET,
      { paymentId: 'pay-7-1', status: 'paid', amountMinor: 15050, currency: 'UAH', saveCard: true },
      T,
    )
    const r = await p.verifyNotification(
      { headers: new Headers(n.headers), body: new TextEncoder().encode(n.body) },
      { now: NOW, expected: async () => ({ amountMinor: 15050, currency: 'UAH' }) },
    )
    expect(r).toMatchObject({
      ok: true,
      event: {
        providerEventId: 'local:pay-7-1:paid',
        status: 'paid',
        cardToken: 'local_tok_pay-7-1',
        cardMask: '**** 4242',
      },
    })
    const again = localNotification(
      SECRET,
      { paymentId: 'pay-7-1', status: 'paid', amountMinor: 15050, currency: 'UAH', saveCard: true },
      T + 3,
    )
    expect(JSON.parse(again.body).eventId).toBe('pay-7-1:paid')
    const declined = localNotification(
      SECRET,
      { paymentId: 'pay-7-1', status: 'failed', amountMinor: 15050, currency: 'UAH', saveCard: true },
      T,
    )
    expect(
      await p.verifyNotification(
        { headers: new Headers(declined.headers), body: new TextEncoder().encode(declined.body) },
        { now: NOW },
      ),
    ).toMatchObject({ ok: true, event: { status: 'failed' } })
    expect(JSON.parse(declined.body).cardToken).toBeUndefined()
  })

  test('saved cards: local_tok_decline fails, local_tok_3ds wants the buyer (start falls back to the page)', async () => {
    const charge = (token: string) =>
      p.chargeSavedCard({ paymentId: 'p2', token, amountMinor: 100, currency: 'UAH', description: 'd' })
    expect(await charge('local_tok_pay-7-1')).toMatchObject({ status: 'paid' })
    expect(await charge('local_tok_decline')).toMatchObject({ status: 'failed' })
    expect(await charge('local_tok_3ds')).toMatchObject({ status: 'requires_customer' })
    expect(await charge('tok_from_elsewhere')).toMatchObject({ status: 'failed' })
    expect(await p.start({ ...input, cardToken: 'local_tok_x' })).toMatchObject({
      method: 'redirect',
      url: input.returnUrl,
      charge: { status: 'paid' },
    })
    expect((await p.start({ ...input, cardToken: 'local_tok_3ds' })).url).toStartWith('/pay/local/pay-7-1?')
  })
})
