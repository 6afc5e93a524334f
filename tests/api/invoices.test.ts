// Invoices: a PDF per paid payment, for the tutor
// (GET /tutor/billing_data/get_invoice_file?payment_id) and for staff (POST /admin/tutor/profile/get_invoice);
// only the tutor's own paid payments (others 404); the edition's site name, currency and tax.
import { describe, expect, test } from 'bun:test'
import { Client, makePerson, makeStaff, signedIn, useTestApp, withTestApp, type TestApp } from '../helpers/app'
import { pdfText } from '../helpers/pdf-text'

/** A payment as settling leaves it (the provider flow itself is tests/api/payments.test.ts'). */
async function payment(app: TestApp, tutorId: number, o: { amount: number; status?: 'paid' | 'pending' | 'failed' }) {
  const row = await app.services.db
    .insertInto('payments')
    .values({
      reference: `t-${crypto.randomUUID()}`,
      edition: app.services.edition.code,
      tutor_id: tutorId,
      provider: 'local',
      purpose: 'wallet',
      amount_minor: o.amount,
      currency: app.services.edition.currency,
      status: o.status ?? 'paid',
      paid_at: (o.status ?? 'paid') === 'paid' ? new Date('2026-11-20T10:00:00Z') : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

async function tutor(app: TestApp) {
  const p = await makePerson(app, { tutor: true })
  return { id: p.tutorId!, c: await signedIn(app, { tutor: p.email }) }
}

async function saveBilling(c: Client, data: Record<string, unknown>) {
  const form = new FormData()
  form.append('billing_data', JSON.stringify(data))
  const r = await c.request('POST', '/tutor/billing_data/save', { body: form })
  expect(r.status).toBe(200)
}

const bytesOf = async (c: Client, method: 'GET' | 'POST', path: string, json?: unknown) => {
  const res = await fetch(c.base + path, {
    method,
    headers: {
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
  })
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    bytes: new Uint8Array(await res.arrayBuffer()),
  }
}
/** The PDF's lines, with the non-breaking spaces of number formatting as plain ones. */
const lines = (pdf: Uint8Array) => pdfText(pdf).map((l) => l.replace(/\s/g, ' '))

describe('invoices (ua)', () => {
  const app = useTestApp()

  test("the tutor's paid payment: a PDF with the site, number, buyer, description and amount in hryvnias, no tax", async () => {
    const t = await tutor(app)
    await saveBilling(t.c, {
      full_name: 'Олена Петренко',
      tax_id: '1234567890',
      address: 'вул. Хрещатик, 1',
      city: 'Київ',
      postal_code: '01001',
    })
    const id = await payment(app, t.id, { amount: 20_050 })
    const r = await bytesOf(t.c, 'GET', `/tutor/billing_data/get_invoice_file?payment_id=${id}`)
    expect(r.status).toBe(200)
    expect(r.type).toBe('application/pdf')
    expect(r.disposition).toContain(`invoice-UA-2026-${String(id).padStart(6, '0')}.pdf`)
    expect(new TextDecoder().decode(r.bytes.subarray(0, 5))).toBe('%PDF-')
    const text = lines(r.bytes)
    expect(text).toContain('Tutors UA')
    expect(text).toContain(`Рахунок № UA/2026/${String(id).padStart(6, '0')}`)
    expect(text).toContain('Олена Петренко')
    expect(text).toContain('Податковий номер: 1234567890')
    expect(text).toContain('01001 Київ')
    expect(text).toContain('Поповнення гаманця')
    expect(text).toContain('Без податку')
    expect(text).toContain('Разом сплачено: 200,50 ₴')
    expect(text.some((l) => l.includes('Податок'))).toBe(false)

    // Staff of the tutors area get the same document.
    const s = await signedIn(app, { staff: (await makeStaff(app, 2)).email })
    const staff = await bytesOf(s, 'POST', '/admin/tutor/profile/get_invoice', { tutor_id: t.id, payment_id: id })
    expect(staff.status).toBe(200)
    expect(staff.type).toBe('application/pdf')
    expect(lines(staff.bytes)).toEqual(text)
  })

  test('without billing data the buyer is the tutor by name', async () => {
    const t = await tutor(app)
    const name = (
      await app.services.db.selectFrom('tutors').select('name').where('id', '=', t.id).executeTakeFirstOrThrow()
    ).name
    const id = await payment(app, t.id, { amount: 5_000 })
    const r = await bytesOf(t.c, 'GET', `/tutor/billing_data/get_invoice_file?payment_id=${id}`)
    expect(r.status).toBe(200)
    const text = lines(r.bytes)
    expect(text).toContain(name)
    expect(text).toContain('Разом сплачено: 50,00 ₴')
  })

  test("unpaid payments and other tutors' payments are 404; clients, anonymous and staff without the tutors area are refused", async () => {
    const t = await tutor(app)
    const other = await tutor(app)
    const pending = await payment(app, t.id, { amount: 1_000, status: 'pending' })
    const failed = await payment(app, t.id, { amount: 1_000, status: 'failed' })
    const others = await payment(app, other.id, { amount: 1_000 })
    for (const id of [pending, failed, others, 999_999]) {
      const r = await bytesOf(t.c, 'GET', `/tutor/billing_data/get_invoice_file?payment_id=${id}`)
      expect(r.status).toBe(404)
      expect(r.type).toContain('application/json')
    }
    // The other tutor's own is theirs.
    expect((await bytesOf(other.c, 'GET', `/tutor/billing_data/get_invoice_file?payment_id=${others}`)).status).toBe(
      200,
    )
    const s = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
    expect(
      (await bytesOf(s, 'POST', '/admin/tutor/profile/get_invoice', { tutor_id: t.id, payment_id: others })).status,
    ).toBe(404)
    expect(
      (await bytesOf(s, 'POST', '/admin/tutor/profile/get_invoice', { tutor_id: t.id, payment_id: pending })).status,
    ).toBe(404)
    const s3 = await signedIn(app, { staff: (await makeStaff(app, 3)).email })
    expect(
      (await bytesOf(s3, 'POST', '/admin/tutor/profile/get_invoice', { tutor_id: other.id, payment_id: others }))
        .status,
    ).toBe(403)
    expect(
      (await bytesOf(new Client(app.url), 'GET', `/tutor/billing_data/get_invoice_file?payment_id=${others}`)).status,
    ).toBe(401)
    const client = await makePerson(app, { client: true })
    expect(
      (
        await bytesOf(
          await signedIn(app, { client: client.email }),
          'GET',
          `/tutor/billing_data/get_invoice_file?payment_id=${others}`,
        )
      ).status,
    ).toBe(403)
  })
})

test('pl: Polish labels and letters, złoty, 23% VAT inside the paid amount', async () => {
  await withTestApp({ site: 'pl' }, async (app) => {
    const t = await tutor(app)
    await saveBilling(t.c, {
      is_company: true,
      full_name: 'Łukasz Żółć',
      company_name: 'Korepetycje Świętokrzyskie sp. z o.o.',
      tax_id: '5260250274',
      address: 'ul. Świętokrzyska 12',
      postal_code: '00-916',
      city: 'Warszawa',
      country: 'Polska',
      iban: 'PL61 1090 1014 0000 0712 1981 2874',
    })
    const id = await payment(app, t.id, { amount: 12_300 })
    const r = await bytesOf(t.c, 'GET', `/tutor/billing_data/get_invoice_file?payment_id=${id}`)
    expect(r.status).toBe(200)
    const text = lines(r.bytes)
    expect(text).toContain('Korepetycje')
    expect(text).toContain(`Faktura nr PL/2026/${String(id).padStart(6, '0')}`)
    expect(text).toContain('Korepetycje Świętokrzyskie sp. z o.o.')
    expect(text).toContain('Łukasz Żółć')
    expect(text).toContain('NIP: 5260250274')
    expect(text).toContain('Kwota netto: 100,00 zł')
    expect(text).toContain('VAT 23%: 23,00 zł')
    expect(text).toContain('Razem zapłacono: 123,00 zł')
  })
})
