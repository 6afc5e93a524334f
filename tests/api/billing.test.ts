// Billing data (docs/api.md#admin-tutors and #tutor-billing-data "Billing"): the tutor's get and
// multipart save with billing and address documents, the staff decision (approve, reject with a
// comment), staff clearing one field, who may read the documents, the edition's required fields and
// the 422s with field errors.
import { describe, expect, test } from 'bun:test'
import { Client, makePerson, makeStaff, signedIn, useTestApp, withTestApp, type TestApp } from '../helpers/app'
import { type HttpAnswer, type RestReply, fieldErrors } from '../helpers/api'
import { pngWithHeader } from '../helpers/images'

const enc = new TextEncoder()
const PDF = enc.encode('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')
const PNG = pngWithHeader(4, 4)
/** A valid Polish IBAN (mod-97 holds). */
const IBAN = 'PL61 1090 1014 0000 0712 1981 2874'

const DATA = {
  is_company: false,
  full_name: 'Олена Петренко',
  tax_id: '1234567890',
  address: 'вул. Хрещатик, 1',
  postal_code: '01001',
  city: 'Київ',
  country: 'Україна',
  iban: IBAN,
}

type File_ = { name: string; type: string; bytes: Uint8Array; kind?: 'billing' | 'address' }

function save(c: Client, data: unknown, files: File_[] = []) {
  const form = new FormData()
  form.append('billing_data', typeof data === 'string' ? data : JSON.stringify(data))
  for (const f of files)
    form.append(
      f.kind === 'address' ? 'new_address_documents[]' : 'new_billing_documents[]',
      new File([new Uint8Array(f.bytes)], f.name, { type: f.type }),
    )
  return c.request('POST', '/tutor/billing_data/save', { body: form }) as Promise<
    HttpAnswer<RestReply<'/tutor/billing_data/save'>>
  >
}

async function tutor(app: TestApp) {
  const p = await makePerson(app, { tutor: true })
  return { id: p.tutorId!, c: await signedIn(app, { tutor: p.email }) }
}
async function staff(app: TestApp, status: 1 | 2 | 3 | 4 = 2) {
  return signedIn(app, { staff: (await makeStaff(app, status)).email })
}
const audits = (app: TestApp, tutorId: number) =>
  app.services.db
    .selectFrom('audit_log')
    .select(['action', 'actor_kind', 'actor_id', 'data'])
    .where('entity', '=', 'tutor')
    .where('entity_id', '=', tutorId)
    .where('action', 'like', 'billing_data.%')
    .orderBy('id')
    .execute()

describe('billing data (ua)', () => {
  const app = useTestApp()

  test('a new tutor has none; the edition requires the full name only; no tax', async () => {
    const t = await tutor(app)
    const r = await t.c.api.get('/tutor/billing_data/get')
    expect(r.status).toBe(200)
    expect(r.json.data).toMatchObject({
      tutor_id: t.id,
      status: 'none',
      reject_comment: '',
      documents: [],
      required: ['full_name'],
      billing_data_required: false,
      tax_percent: 0,
    })
    expect(r.json.data.billing_data.full_name).toBe('')
    // Another language: the same answer; its 422s in that language.
    expect((await t.c.api.get('/tutor/billing_data/get?lang=ru')).json.data).toEqual(r.json.data)
    const form = new FormData()
    form.append('billing_data', JSON.stringify({ full_name: '' }))
    const ru = await t.c.request('POST', '/tutor/billing_data/save?lang=ru', { body: form })
    expect(ru.status).toBe(422)
    expect(fieldErrors(ru.json).full_name).toEqual(['Обязательное поле'])
  })

  test('access: anonymous 401, client and staff 403 on the tutor calls; staff without the tutors area 403 on the staff calls', async () => {
    const anon = new Client(app.url)
    expect((await anon.api.get('/tutor/billing_data/get')).status).toBe(401)
    expect((await save(anon, DATA)).status).toBe(401)
    const client = await makePerson(app, { client: true })
    const cc = await signedIn(app, { client: client.email })
    expect((await cc.api.get('/tutor/billing_data/get')).status).toBe(403)
    expect((await save(cc, DATA)).status).toBe(403)
    const s1 = await staff(app, 1)
    expect((await s1.api.get('/tutor/billing_data/get')).status).toBe(403)
    const t = await tutor(app)
    expect((await save(t.c, DATA)).status).toBe(200)
    const s3 = await staff(app, 3) // content staff: no tutors area
    expect(
      (await s3.api.post('/admin/tutor/billing_data/approve', { tutor_id: t.id, approve: true, reject_comment: '' }))
        .status,
    ).toBe(403)
    expect(
      (await s3.api.post('/admin/tutor/billing_data/clear_once_field', { tutor_id: t.id, field: 'iban' })).status,
    ).toBe(403)
    // A tutor cannot decide on their own data.
    expect((await t.c.raw.post('/admin/tutor/billing_data/approve', { tutor_id: t.id, approve: true })).status).toBe(
      403,
    )
    expect((await t.c.api.get('/tutor/billing_data/get')).json.data.status).toBe('pending')
  })

  test('save with both kinds of documents; the documents are read by the owner and staff only', async () => {
    const t = await tutor(app)
    const r = await save(t.c, DATA, [
      { name: 'passport.pdf', type: 'application/pdf', bytes: PDF },
      { name: 'рахунок.png', type: 'image/png', bytes: PNG, kind: 'address' },
    ])
    expect(r.status).toBe(200)
    const d = r.json.data
    expect(d.status).toBe('pending')
    expect(d.billing_data).toEqual({ ...DATA, company_name: '' })
    expect(d.documents.map((x) => [x.kind, x.name, x.mime])).toEqual([
      ['billing', 'passport.pdf', 'application/pdf'],
      ['address', 'рахунок.png', 'image/png'],
    ])
    expect((await t.c.api.get('/tutor/billing_data/get')).json.data).toEqual(d)

    const url = d.documents[0]!.url
    const own = await t.c.request('GET', url)
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toBe('application/pdf')
    expect(own.text.startsWith('%PDF-1.4')).toBe(true)
    expect((await (await staff(app, 2)).request('GET', url)).status).toBe(200)
    // Another tutor learns nothing, a client is refused, anonymous must sign in, content staff refused.
    expect((await (await tutor(app)).c.request('GET', url)).status).toBe(404)
    const client = await makePerson(app, { client: true })
    expect((await (await signedIn(app, { client: client.email })).request('GET', url)).status).toBe(403)
    expect((await new Client(app.url).request('GET', url)).status).toBe(401)
    expect((await (await staff(app, 3)).request('GET', url)).status).toBe(403)

    // Keeping only the address document removes the other.
    const kept = await save(t.c, { ...DATA, documents: [d.documents[1]!.id] })
    expect(kept.json.data.documents.map((x) => x.kind)).toEqual(['address'])
    expect((await t.c.request('GET', url)).status).toBe(404)
    // Another tutor's document id is not ours to keep.
    const other = await tutor(app)
    const otherSaved = await save(other.c, DATA, [{ name: 'a.pdf', type: 'application/pdf', bytes: PDF }])
    const refused = await save(t.c, { ...DATA, documents: [otherSaved.json.data.documents[0]!.id] })
    expect(refused.status).toBe(422)
    expect(Object.keys(fieldErrors(refused.json))).toEqual(['documents'])
  })

  test('invalid input is a 422 naming the fields; nothing is stored', async () => {
    const t = await tutor(app)
    const r = await save(t.c, { is_company: true, full_name: '', iban: 'UA00 1234', tax_id: '!', postal_code: 'x' }, [
      { name: 'virus.exe', type: 'application/pdf', bytes: enc.encode('MZ not a pdf') },
    ])
    expect(r.status).toBe(422)
    const errors = fieldErrors(r.json)
    expect(Object.keys(errors).sort()).toEqual([
      'company_name',
      'full_name',
      'iban',
      'new_billing_documents',
      'postal_code',
      'tax_id',
    ])
    expect(errors.full_name).toEqual(["Обов'язкове поле"])
    expect(errors.iban).toEqual(['Невірне значення'])
    expect(errors.new_billing_documents).toEqual(['virus.exe: only PDF, JPG and PNG files are accepted'])
    expect((await t.c.api.get('/tutor/billing_data/get')).json.data.status).toBe('none')
    expect(
      await app.services.db.selectFrom('billing_documents').select('id').where('tutor_id', '=', t.id).execute(),
    ).toEqual([])
    // billing_data missing is required; not JSON is a 400.
    const form = new FormData()
    const missing = await t.c.request('POST', '/tutor/billing_data/save', { body: form })
    expect(missing.status).toBe(422)
    expect(Object.keys(fieldErrors(missing.json))).toEqual(['billing_data'])
    expect((await save(t.c, '{not json')).status).toBe(400)
    // A company needs its name and tax id; with them it is accepted.
    const company = await save(t.c, { ...DATA, is_company: true, company_name: 'ТОВ Знання' })
    expect(company.status).toBe(200)
    expect(company.json.data.billing_data).toMatchObject({ is_company: true, company_name: 'ТОВ Знання' })
  })

  test('staff approve; a save of approved data goes back to pending; reject needs a comment; every decision is audited', async () => {
    const t = await tutor(app)
    const s = await staff(app, 2)
    // Nothing saved yet: nothing to decide.
    expect(
      (await s.api.post('/admin/tutor/billing_data/approve', { tutor_id: t.id, approve: true, reject_comment: '' }))
        .status,
    ).toBe(404)
    await save(t.c, DATA)
    const approved = await s.api.post('/admin/tutor/billing_data/approve', {
      tutor_id: t.id,
      approve: true,
      reject_comment: '',
    })
    expect(approved.status).toBe(200)
    expect(approved.json.data).toMatchObject({ status: 'approved', reject_comment: '' })
    expect(approved.json.data.decided_at).not.toBeNull()
    expect((await t.c.api.get('/tutor/billing_data/get')).json.data.status).toBe('approved')
    expect((await s.api.get(`/admin/tutor/billing_data/get?tutor_id=${t.id}`)).json.data.status).toBe('approved')

    const seen = (await s.api.get(`/admin/tutor/billing_data/get?tutor_id=${t.id}`)).json.data.updated_at!
    expect((await save(t.c, { ...DATA, city: 'Львів' })).json.data).toMatchObject({
      status: 'pending',
      decided_at: null,
    })
    // A decision about the data staff looked at before this save is refused (409), nothing changes.
    const stale = await s.api.post('/admin/tutor/billing_data/approve', {
      tutor_id: t.id,
      approve: true,
      reject_comment: '',
      updated_at: seen,
    })
    expect(stale.status).toBe(409)
    expect((await t.c.api.get('/tutor/billing_data/get')).json.data.status).toBe('pending')

    const noComment = await s.api.post('/admin/tutor/billing_data/approve', {
      tutor_id: t.id,
      approve: false,
      reject_comment: ' ',
    })
    expect(noComment.status).toBe(422)
    expect(Object.keys(fieldErrors(noComment.json))).toEqual(['reject_comment'])
    expect((await t.c.api.get('/tutor/billing_data/get')).json.data.status).toBe('pending')

    const rejected = await s.api.post('/admin/tutor/billing_data/approve', {
      tutor_id: t.id,
      approve: false,
      reject_comment: 'IBAN не збігається з ПІБ',
    })
    expect(rejected.json.data).toMatchObject({ status: 'rejected', reject_comment: 'IBAN не збігається з ПІБ' })
    expect((await t.c.api.get('/tutor/billing_data/get')).json.data).toMatchObject({
      status: 'rejected',
      reject_comment: 'IBAN не збігається з ПІБ',
    })
    // Saving again clears the comment.
    expect((await save(t.c, DATA)).json.data).toMatchObject({ status: 'pending', reject_comment: '' })

    const log = await audits(app, t.id)
    expect(log.map((a) => a.action)).toEqual([
      'billing_data.save',
      'billing_data.approve',
      'billing_data.save',
      'billing_data.reject',
      'billing_data.save',
    ])
    const staffRows = log.filter((a) => a.actor_kind === 'staff')
    expect(staffRows.length).toBe(2)
    expect(staffRows[1]!.data).toMatchObject({
      from: 'pending',
      to: 'rejected',
      reject_comment: 'IBAN не збігається з ПІБ',
    })
  })

  test('staff clear one field (or one kind of documents): the record is rejected until the tutor saves again', async () => {
    const t = await tutor(app)
    const s = await staff(app, 1)
    await save(t.c, DATA, [
      { name: 'a.pdf', type: 'application/pdf', bytes: PDF },
      { name: 'b.png', type: 'image/png', bytes: PNG, kind: 'address' },
    ])
    await s.api.post('/admin/tutor/billing_data/approve', { tutor_id: t.id, approve: true, reject_comment: '' })
    const cleared = await s.api.post('/admin/tutor/billing_data/clear_once_field', { tutor_id: t.id, field: 'iban' })
    expect(cleared.status).toBe(200)
    expect(cleared.json.data.billing_data).toEqual({ ...DATA, company_name: '', iban: '' })
    expect(cleared.json.data.status).toBe('rejected')
    const docs = await s.api.post('/admin/tutor/billing_data/clear_once_field', {
      tutor_id: t.id,
      field: 'address_documents',
    })
    expect(docs.json.data.documents.map((d) => d.kind)).toEqual(['billing'])
    const bad = await s.raw.post('/admin/tutor/billing_data/clear_once_field', { tutor_id: t.id, field: 'status' })
    expect(bad.status).toBe(422)
    expect(Object.keys(fieldErrors(bad.json))).toEqual(['field'])
    expect(
      (await s.raw.post('/admin/tutor/billing_data/clear_once_field', { tutor_id: 999999, field: 'iban' })).status,
    ).toBe(404)
    const log = await audits(app, t.id)
    expect(
      log.filter((a) => a.action === 'billing_data.clear_field').map((a) => (a.data as { field: string }).field),
    ).toEqual(['iban', 'address_documents'])
  })
})

test('pl: the billing-data edition requires the address, postal code, city, country and IBAN; invoices carry 23% tax', async () => {
  await withTestApp({ site: 'pl' }, async (app) => {
    const t = await tutor(app)
    const got = await t.c.api.get('/tutor/billing_data/get')
    expect(got.json.data).toMatchObject({
      required: ['full_name', 'address', 'postal_code', 'city', 'country', 'iban'],
      billing_data_required: true,
      tax_percent: 23,
    })
    const r = await save(t.c, { full_name: 'Anna Kowalska' })
    expect(r.status).toBe(422)
    expect(Object.keys(fieldErrors(r.json)).sort()).toEqual(['address', 'city', 'country', 'iban', 'postal_code'])
    const ok = await save(t.c, {
      full_name: 'Anna Kowalska',
      address: 'ul. Świętokrzyska 12',
      postal_code: '00-916',
      city: 'Warszawa',
      country: 'Polska',
      iban: IBAN,
    })
    expect(ok.status).toBe(200)
    expect(ok.json.data.billing_data.address).toBe('ul. Świętokrzyska 12')
  })
})
