// LiqPay merchants (docs/api.md#admin-merchants): the staff list, get, create, save and
// delete; the private key encrypted at rest and never sent back; one active merchant per edition; the
// active merchant's keys win over PAY_LIQPAY_* to start a LiqPay payment and to check its notification.
import { describe, expect, test } from 'bun:test'
import { createPaymentProviders } from '../../server/integrations/payments'
import { liqpayEncode, liqpaySignature } from '../../server/integrations/payments/liqpay'
import { paymentConfigFromEnv } from '../../server/integrations/payments/provider'
import { decryptSecret, merchantCipherKey } from '../../server/domain/money/merchants'
import { walletBalance } from '../../server/domain/people/wallet'
import { Client, makePerson, makeStaff, signedIn, useTestApp, type TestApp } from '../helpers/app'
import { fieldErrors } from '../helpers/api'

const ENV_KEYS = { publicKey: 'sandbox_i_env_public_1', privateKey: 'sandbox_env_private_key_1' }
const MERCHANT = {
  name: 'Школа А',
  public_key: 'sandbox_i_merchant_77',
  private_key: 'merchant_private_key_77',
  edition: 'ua' as const,
  active: true,
}

async function staff(app: TestApp, status: 1 | 2 | 3 | 4) {
  return signedIn(app, { staff: (await makeStaff(app, status)).email })
}

describe('merchants', () => {
  const app = useTestApp()

  test('access: the merchants area (staff 1, 3, 4); staff 2, tutors, clients and anonymous refused', async () => {
    for (const status of [1, 3, 4] as const)
      expect(
        (await (await staff(app, status)).api.post('/admin/liqpay_merchants/get', { page: 1, filters: {} })).status,
      ).toBe(200)
    expect((await (await staff(app, 2)).api.post('/admin/liqpay_merchants/get', { page: 1, filters: {} })).status).toBe(
      403,
    )
    const tutor = await makePerson(app, { tutor: true })
    expect(
      (
        await (
          await signedIn(app, { tutor: tutor.email })
        ).api.post('/admin/liqpay_merchant/create', { merchant: MERCHANT })
      ).status,
    ).toBe(403)
    expect((await new Client(app.url).api.post('/admin/liqpay_merchant/create', { merchant: MERCHANT })).status).toBe(
      401,
    )
  })

  test('create, get, list, save, delete; the private key is encrypted at rest and never answered; changes audited', async () => {
    const s = await staff(app, 1)
    const created = await s.api.post('/admin/liqpay_merchant/create', { merchant: { ...MERCHANT, active: false } })
    expect(created.status).toBe(200)
    expect(created.text).not.toContain(MERCHANT.private_key)
    const m = created.json.data
    expect(m).toMatchObject({
      name: 'Школа А',
      public_key: MERCHANT.public_key,
      edition: 'ua',
      active: false,
      private_key_set: true,
    })
    expect(Object.keys(m)).not.toContain('private_key')

    const row = await app.services.db
      .selectFrom('liqpay_merchants')
      .selectAll()
      .where('id', '=', m.merchant_id)
      .executeTakeFirstOrThrow()
    expect(row.private_key_enc).not.toContain(MERCHANT.private_key)
    expect(Buffer.from(row.private_key_enc, 'base64url').toString('latin1')).not.toContain(MERCHANT.private_key)
    expect(decryptSecret(merchantCipherKey(app.services.env), row.private_key_enc)).toBe(MERCHANT.private_key)
    // Sealed again with a fresh IV: the same key never gives the same text.
    const again = await s.api.post('/admin/liqpay_merchant/create', {
      merchant: { ...MERCHANT, name: 'Школа Б', active: false },
    })
    const row2 = await app.services.db
      .selectFrom('liqpay_merchants')
      .select('private_key_enc')
      .where('id', '=', again.json.data.merchant_id)
      .executeTakeFirstOrThrow()
    expect(row2.private_key_enc).not.toBe(row.private_key_enc)

    const got = await s.api.get(`/admin/liqpay_merchant/get?merchant_id=${m.merchant_id}`)
    expect(got.json.data).toEqual(m)
    expect(got.text).not.toContain(MERCHANT.private_key)

    const list = await s.api.post('/admin/liqpay_merchants/get', { page: 1, filters: { text_search: 'Школа А' } })
    expect(list.json.data).toMatchObject({ total: 1, page: 1 })
    expect(list.json.data.items.map((x) => x.merchant_id)).toEqual([m.merchant_id])
    expect(list.text).not.toContain(MERCHANT.private_key)

    // Save without a private key keeps it; with one replaces it.
    const saved = await s.api.post('/admin/liqpay_merchant/save', {
      merchant_id: m.merchant_id,
      merchant: { name: 'Школа А2', public_key: MERCHANT.public_key, edition: 'ua', active: false },
    })
    expect(saved.json.data).toMatchObject({ name: 'Школа А2', private_key_set: true })
    const kept = await app.services.db
      .selectFrom('liqpay_merchants')
      .select('private_key_enc')
      .where('id', '=', m.merchant_id)
      .executeTakeFirstOrThrow()
    expect(decryptSecret(merchantCipherKey(app.services.env), kept.private_key_enc)).toBe(MERCHANT.private_key)
    await s.api.post('/admin/liqpay_merchant/save', {
      merchant: {
        merchant_id: m.merchant_id,
        name: 'Школа А2',
        public_key: MERCHANT.public_key,
        private_key: 'replaced_private_key_1',
        edition: 'ua',
        active: false,
      },
    })
    const replaced = await app.services.db
      .selectFrom('liqpay_merchants')
      .select('private_key_enc')
      .where('id', '=', m.merchant_id)
      .executeTakeFirstOrThrow()
    expect(decryptSecret(merchantCipherKey(app.services.env), replaced.private_key_enc)).toBe('replaced_private_key_1')

    expect((await s.api.post('/admin/liqpay_merchant/delete', { merchant_id: m.merchant_id })).json.data).toEqual({
      deleted: true,
    })
    expect((await s.api.get(`/admin/liqpay_merchant/get?merchant_id=${m.merchant_id}`)).status).toBe(404)
    expect((await s.api.post('/admin/liqpay_merchant/delete', { merchant_id: m.merchant_id })).status).toBe(404)

    const log = await app.services.db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('entity', '=', 'liqpay_merchant')
      .where('entity_id', '=', m.merchant_id)
      .orderBy('id')
      .execute()
    expect(log.map((a) => a.action)).toEqual(['merchant.create', 'merchant.save', 'merchant.save', 'merchant.delete'])
    expect(JSON.stringify(log)).not.toContain('private_key_77')
    expect(JSON.stringify(log)).not.toContain('replaced_private_key_1')
  })

  test('invalid input is a 422 naming the fields', async () => {
    const s = await staff(app, 1)
    const r = await s.raw.post('/admin/liqpay_merchant/create', {
      merchant: { name: '', public_key: 'bad key!', edition: 'xx', active: true },
    })
    expect(r.status).toBe(422)
    expect(Object.keys(fieldErrors(r.json)).sort()).toEqual([
      'merchant.edition',
      'merchant.name',
      'merchant.private_key',
      'merchant.public_key',
    ])
    expect(
      (
        await s.raw.post('/admin/liqpay_merchant/save', {
          merchant: { name: 'x', public_key: MERCHANT.public_key, edition: 'ua' },
        })
      ).status,
    ).toBe(422)
  })

  test('one active merchant per edition: activating another switches the first off', async () => {
    const s = await staff(app, 4)
    const a = (await s.api.post('/admin/liqpay_merchant/create', { merchant: { ...MERCHANT, name: 'A' } })).json.data
    const b = (
      await s.api.post('/admin/liqpay_merchant/create', {
        merchant: { ...MERCHANT, name: 'B', public_key: 'sandbox_i_merchant_88' },
      })
    ).json.data
    expect(b.active).toBe(true)
    expect((await s.api.get(`/admin/liqpay_merchant/get?merchant_id=${a.merchant_id}`)).json.data.active).toBe(false)
    const pl = (
      await s.api.post('/admin/liqpay_merchant/create', { merchant: { ...MERCHANT, name: 'PL', edition: 'pl' } })
    ).json.data
    expect(pl.active).toBe(true)
    expect((await s.api.get(`/admin/liqpay_merchant/get?merchant_id=${b.merchant_id}`)).json.data.active).toBe(true)
    const active = await s.api.post('/admin/liqpay_merchants/get', {
      page: 1,
      filters: { edition: 'ua', active: true },
    })
    expect(active.json.data.items.map((x) => x.merchant_id)).toEqual([b.merchant_id])
    for (const id of [a.merchant_id, b.merchant_id, pl.merchant_id])
      await s.api.post('/admin/liqpay_merchant/delete', { merchant_id: id })
  })
})

describe('the active merchant wins over PAY_LIQPAY_*', () => {
  const app = useTestApp()

  function envLiqpay() {
    const config = paymentConfigFromEnv(
      {
        PAY_LIQPAY_PUBLIC_KEY: ENV_KEYS.publicKey,
        PAY_LIQPAY_PRIVATE_KEY: ENV_KEYS.privateKey,
        PAY_LIQPAY_API_URL: 'http://127.0.0.1:9/liqpay',
      },
      { production: false },
    )
    app.services.payments = { config, providers: createPaymentProviders(config) }
  }

  function notification(
    keys: { publicKey: string; privateKey: string },
    p: { reference: string; amount: string },
    paymentId: number,
  ) {
    const data = liqpayEncode({
      payment_id: paymentId,
      action: 'pay',
      status: 'success',
      version: 3,
      type: 'buy',
      public_key: keys.publicKey,
      order_id: p.reference,
      amount: Number(p.amount),
      currency: 'UAH',
    })
    return new URLSearchParams({ data, signature: liqpaySignature(keys.privateKey, data) }).toString()
  }
  const notify = (body: string) =>
    fetch(`${app.url}/api/payments/liqpay/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    })

  test('start and notification use the merchant; the env keys are refused while it is active, accepted again once it is not', async () => {
    envLiqpay()
    const person = await makePerson(app, { tutor: true })
    const c = await signedIn(app, { tutor: person.email })
    const tutorId = person.tutorId!
    const balance = () => walletBalance(app.services.db, tutorId, 'UAH')

    // Without a merchant: the env keys.
    const before = await c.raw.post('/tutor/payments/liqpay/wallet', { sum: 100 })
    expect(before.status).toBe(200)
    const beforeFields = (before.json.data as { fields: { data: string } }).fields
    expect(JSON.parse(Buffer.from(beforeFields.data, 'base64').toString()).public_key).toBe(ENV_KEYS.publicKey)

    const s = await staff(app, 1)
    const m = (await s.api.post('/admin/liqpay_merchant/create', { merchant: MERCHANT })).json.data
    const started = await c.raw.post('/tutor/payments/liqpay/wallet', { sum: 150 })
    expect(started.status).toBe(200)
    const d = started.json.data as { payment_id: number; method: string; fields: { data: string; signature: string } }
    expect(d.method).toBe('form')
    const params = JSON.parse(Buffer.from(d.fields.data, 'base64').toString())
    expect(params.public_key).toBe(MERCHANT.public_key)
    expect(d.fields.signature).toBe(liqpaySignature(MERCHANT.private_key, d.fields.data))
    const p = await app.services.db
      .selectFrom('payments')
      .select(['reference', 'status'])
      .where('id', '=', d.payment_id)
      .executeTakeFirstOrThrow()

    // Signed with the env key: refused, nothing changes.
    const refused = await notify(notification(ENV_KEYS, { reference: p.reference, amount: '150' }, 5001))
    expect(refused.status).toBe(400)
    expect(
      (
        await app.services.db
          .selectFrom('payments')
          .select('status')
          .where('id', '=', d.payment_id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('pending')
    expect(await balance()).toBe(0)
    // The env's private key with the merchant's public key: still refused.
    expect(
      (
        await notify(
          notification(
            { publicKey: MERCHANT.public_key, privateKey: ENV_KEYS.privateKey },
            { reference: p.reference, amount: '150' },
            5001,
          ),
        )
      ).status,
    ).toBe(400)

    // Signed with the merchant's key: accepted and credited.
    const ok = await notify(
      notification(
        { publicKey: MERCHANT.public_key, privateKey: MERCHANT.private_key },
        { reference: p.reference, amount: '150' },
        5002,
      ),
    )
    expect(ok.status).toBe(200)
    expect(
      (
        await app.services.db
          .selectFrom('payments')
          .select('status')
          .where('id', '=', d.payment_id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('paid')
    expect(await balance()).toBe(15_000)

    // Switched off: the env keys again.
    await s.api.post('/admin/liqpay_merchant/save', {
      merchant_id: m.merchant_id,
      merchant: { ...MERCHANT, private_key: '', active: false },
    })
    const after = await c.raw.post('/tutor/payments/liqpay/wallet', { sum: 100 })
    expect(
      JSON.parse(Buffer.from((after.json.data as { fields: { data: string } }).fields.data, 'base64').toString())
        .public_key,
    ).toBe(ENV_KEYS.publicKey)
  })

  test('with no PAY_LIQPAY_* at all, an active merchant makes LiqPay offered', async () => {
    const config = paymentConfigFromEnv({}, { production: false })
    app.services.payments = { config, providers: createPaymentProviders(config) }
    const person = await makePerson(app, { tutor: true })
    const c = await signedIn(app, { tutor: person.email })
    await app.services.db.deleteFrom('liqpay_merchants').execute()
    expect((await c.raw.post('/tutor/payments/liqpay/wallet', { sum: 100 })).status).toBe(404)
    const s = await staff(app, 1)
    await s.api.post('/admin/liqpay_merchant/create', { merchant: MERCHANT })
    const r = await c.raw.post('/tutor/payments/liqpay/wallet', { sum: 100 })
    expect(r.status).toBe(200)
    expect((await c.api.get('/tutor/wallet/history')).json.data.providers).toContain('liqpay')

    // A private key that no longer opens (the key changed): LiqPay is not offered at all, rather than
    // falling back to other keys.
    await app.services.db
      .updateTable('liqpay_merchants')
      .set({ private_key_enc: Buffer.from('x'.repeat(40)).toString('base64url') })
      .execute()
    expect((await c.raw.post('/tutor/payments/liqpay/wallet', { sum: 100 })).status).toBe(404)
    expect((await c.api.get('/tutor/wallet/history')).json.data.providers).not.toContain('liqpay')
  })
})
