// The tutor account (docs/api.md#tutor-sign-in-and-account): password reset by code (expiry, tries, single use,
// sessions ended, no account enumeration, throttling), password set, phone by the edition's rule with
// an SMS code, terms, indicators and verification, settings, privacy with the data ZIP and deletion
// requests, rating, affiliate, set_prof. Every write is audited.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { unzipSync } from 'fflate'
import { sql } from 'kysely'
import { rank } from '../../server/domain/catalogue/ranking'
import { hashPassword } from '../../server/domain/auth/passwords'
import { fileStorage, keyOf, randomName } from '../../server/integrations/storage/storage'
import { Client, PASSWORD, type TestApp, makePerson, signedIn, startTestApp } from '../helpers/app'
import { addTop, makeTutor, referenceFixture, type Ref } from '../helpers/catalogue'
import { refreshListings } from '../../server/domain/catalogue/listings'
import { type RestReply, fieldErrors } from '../helpers/api'

let app: TestApp
let ref: Ref
beforeAll(async () => {
  app = await startTestApp()
  ref = await referenceFixture(app.services.db)
})
afterAll(() => app.close())

const db = () => app.services.db

async function outboxTo(recipient: string) {
  return db()
    .selectFrom('outbox')
    .select(['body', 'channel'])
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .execute()
}
async function lastCodeTo(recipient: string): Promise<string> {
  const [row] = await outboxTo(recipient)
  return row!.body.match(/\b(\d{6})\b/)![1]!
}
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000')
async function audited(action: string, entityId: number) {
  const row = await db()
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', action)
    .where('entity_id', '=', entityId)
    .executeTakeFirst()
  return !!row
}

/** A tutor with a password, signed in; optionally with a complete profile. */
async function tutorSignedIn(opts: { complete?: boolean } = {}) {
  const p = await makePerson(app, { tutor: true })
  if (opts.complete) {
    await db()
      .updateTable('tutors')
      .set({
        avatar_url: '/media/avatars/x.jpg',
        description: 'x'.repeat(120),
        work_online: true,
        published: true,
        active: true,
      })
      .where('id', '=', p.tutorId!)
      .execute()
    await db().insertInto('tutor_subjects').values({ tutor_id: p.tutorId!, lesson_id: ref.lessons.math }).execute()
    await db().updateTable('people').set({ email_confirmed_at: sql`now()` }).where('id', '=', p.personId).execute()
  }
  return { ...p, tutorId: p.tutorId!, c: await signedIn(app, { tutor: p.email }) }
}

describe('password reset by code', () => {
  test('a code goes by e-mail; check, reset, new password works, old fails, all sessions end, code single use', async () => {
    const t = await tutorSignedIn()
    const other = await signedIn(app, { tutor: t.email })
    const res = await new Client(app.url).api.post('/tutor/profile/password/get_reset_code', {
      login: t.email.toUpperCase(),
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ status: 'success', data: { sent: true } })
    const code = await lastCodeTo(t.email)
    expect(
      (
        await new Client(app.url).api.post('/tutor/profile/password/check_reset_code', {
          login: t.email,
          reset_code: code,
        })
      ).json.data,
    ).toEqual({ valid: true })
    const wrong = await new Client(app.url).api.post('/tutor/profile/password/check_reset_code', {
      login: t.email,
      reset_code: wrongOf(code),
    })
    expect(wrong.status).toBe(422)
    expect(Object.keys(fieldErrors(wrong.json))).toEqual(['reset_code'])
    const reset = await new Client(app.url).api.post('/tutor/profile/password/reset', {
      login: t.email,
      reset_code: code,
      password: 'brand-new-pass-1',
    })
    expect(reset.status).toBe(200)
    // Every session of the person ended.
    expect((await t.c.api.get('/tutor/settings/get')).status).toBe(401)
    expect((await other.api.get('/tutor/settings/get')).status).toBe(401)
    expect((await new Client(app.url).api.post('/tutor/login', { login: t.email, password: PASSWORD })).status).toBe(
      401,
    )
    expect(
      (await new Client(app.url).api.post('/tutor/login', { login: t.email, password: 'brand-new-pass-1' })).status,
    ).toBe(200)
    // Single use.
    expect(
      (
        await new Client(app.url).api.post('/tutor/profile/password/reset', {
          login: t.email,
          reset_code: code,
          password: 'another-pass-12',
        })
      ).status,
    ).toBe(422)
    expect(await audited('tutor.password_reset', t.tutorId)).toBe(true)
  })

  test('a phone login gets the code by SMS with the edition prefix', async () => {
    const t = await tutorSignedIn()
    expect(
      (await new Client(app.url).api.post('/tutor/profile/password/get_reset_code', { login: `+38${t.phone}` })).status,
    ).toBe(200)
    const sms = await outboxTo(`+38${t.phone}`)
    expect(sms[0]!.channel).toBe('sms')
    const code = await lastCodeTo(`+38${t.phone}`)
    expect(
      (
        await new Client(app.url).api.post('/tutor/profile/password/reset', {
          login: t.phone,
          reset_code: code,
          password: 'sms-reset-pass-1',
        })
      ).status,
    ).toBe(200)
  })

  test('no account enumeration: an unknown login answers the same and nothing is sent', async () => {
    const known = await tutorSignedIn()
    const a = await new Client(app.url).api.post('/tutor/profile/password/get_reset_code', { login: known.email })
    const b = await new Client(app.url).api.post('/tutor/profile/password/get_reset_code', {
      login: 'nobody-here@example.com',
    })
    expect(b.status).toBe(a.status)
    expect(b.json).toEqual(a.json)
    expect((await outboxTo('nobody-here@example.com')).length).toBe(0)
    // A client-only person is not a tutor account either.
    const client = await makePerson(app, { client: true })
    const c = await new Client(app.url).api.post('/tutor/profile/password/get_reset_code', { login: client.email })
    expect(c.json).toEqual(a.json)
    expect((await outboxTo(client.email)).length).toBe(0)
    // Checking a code for an unknown login is the same 422.
    const check = await new Client(app.url).api.post('/tutor/profile/password/check_reset_code', {
      login: 'nobody-here@example.com',
      reset_code: '123456',
    })
    expect(check.status).toBe(422)
    expect(Object.keys(fieldErrors(check.json))).toEqual(['reset_code'])
  })

  test('a bad login is a 422 on login', async () => {
    const res = await new Client(app.url).api.post('/tutor/profile/password/get_reset_code', { login: '12' })
    expect(res.status).toBe(422)
    expect(Object.keys(fieldErrors(res.json))).toEqual(['login'])
  })

  test('the code expires after 30 minutes', async () => {
    const t = await tutorSignedIn()
    await new Client(app.url).api.post('/tutor/profile/password/get_reset_code', { login: t.email })
    const code = await lastCodeTo(t.email)
    const row = await db()
      .selectFrom('auth_codes')
      .select(sql<number>`extract(epoch from expires_at - created_at)::int`.as('s'))
      .where('person_id', '=', t.personId)
      .where('purpose', '=', 'password_reset')
      .executeTakeFirstOrThrow()
    expect(row.s).toBe(30 * 60)
    await db()
      .updateTable('auth_codes')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('person_id', '=', t.personId)
      .execute()
    expect(
      (
        await new Client(app.url).api.post('/tutor/profile/password/check_reset_code', {
          login: t.email,
          reset_code: code,
        })
      ).status,
    ).toBe(422)
    expect(
      (
        await new Client(app.url).api.post('/tutor/profile/password/reset', {
          login: t.email,
          reset_code: code,
          password: 'late-password-1',
        })
      ).status,
    ).toBe(422)
  })

  test('after 5 wrong tries the code is dead (429), for unknown logins too', async () => {
    const t = await tutorSignedIn()
    await new Client(app.url).api.post('/tutor/profile/password/get_reset_code', { login: t.email })
    const code = await lastCodeTo(t.email)
    for (let i = 0; i < 5; i++)
      expect(
        (
          await new Client(app.url).api.post('/tutor/profile/password/check_reset_code', {
            login: t.email,
            reset_code: wrongOf(code),
          })
        ).status,
      ).toBe(422)
    const sixth = await new Client(app.url).api.post('/tutor/profile/password/reset', {
      login: t.email,
      reset_code: code,
      password: 'too-late-pass-1',
    })
    expect(sixth.status).toBe(429)
    expect(sixth.json.error).toBe('rate_limited')
    for (let i = 0; i < 5; i++)
      expect(
        (
          await new Client(app.url).api.post('/tutor/profile/password/check_reset_code', {
            login: 'ghost@example.com',
            reset_code: '123456',
          })
        ).status,
      ).toBe(422)
    expect(
      (
        await new Client(app.url).api.post('/tutor/profile/password/check_reset_code', {
          login: 'ghost@example.com',
          reset_code: '123456',
        })
      ).status,
    ).toBe(429)
  })

  test('requests are throttled like sign-in, known login or not', async () => {
    const t = await tutorSignedIn()
    for (const login of [t.email, 'unknown-throttle@example.com']) {
      for (let i = 0; i < 10; i++)
        expect((await new Client(app.url).api.post('/tutor/profile/password/get_reset_code', { login })).status).toBe(
          200,
        )
      expect((await new Client(app.url).api.post('/tutor/profile/password/get_reset_code', { login })).status).toBe(429)
    }
    // At most 5 codes were sent in the window.
    expect((await outboxTo(t.email)).length).toBe(5)
  })
})

describe('password set', () => {
  test('needs 8 characters; sets the password and ends the other sessions only', async () => {
    const t = await tutorSignedIn()
    const other = await signedIn(app, { tutor: t.email })
    const short = await t.c.api.post('/tutor/profile/password/set?password=short')
    expect(short.status).toBe(422)
    expect(Object.keys(fieldErrors(short.json))).toEqual(['password'])
    expect(
      (await t.c.api.post('/tutor/profile/password/set?password=long-enough-1', { current_password: PASSWORD })).status,
    ).toBe(200)
    expect((await t.c.api.get('/tutor/settings/get')).status).toBe(200)
    expect((await other.api.get('/tutor/settings/get')).status).toBe(401)
    expect(
      (await new Client(app.url).api.post('/tutor/login', { login: t.email, password: 'long-enough-1' })).status,
    ).toBe(200)
    expect(await audited('tutor.password_set', t.tutorId)).toBe(true)
  })
  test('anonymous is 401, a client 403', async () => {
    expect((await new Client(app.url).api.post('/tutor/profile/password/set?password=long-enough-1')).status).toBe(401)
    const client = await makePerson(app, { client: true })
    expect(
      (
        await (
          await signedIn(app, { client: client.email })
        ).api.post('/tutor/profile/password/set?password=long-enough-1')
      ).status,
    ).toBe(403)
  })
})

describe('phone', () => {
  test('set sends a code by SMS and clears the confirmation; confirm with tries; resend', async () => {
    const t = await tutorSignedIn()
    await db().updateTable('people').set({ phone_confirmed_at: sql`now()` }).where('id', '=', t.personId).execute()
    const phone = `063${String(t.personId).padStart(7, '0')}`
    const set = await t.c.api.post('/tutor/profile/phone/set', { phone: `+38${phone}` })
    expect(set.status).toBe(200)
    expect(set.json.data).toEqual({ phone, phone_confirmed: false })
    const person = await db()
      .selectFrom('people')
      .select(['phone', 'phone_confirmed_at'])
      .where('id', '=', t.personId)
      .executeTakeFirstOrThrow()
    expect(person).toEqual({ phone, phone_confirmed_at: null })
    const code = await lastCodeTo(`+38${phone}`)
    const wrong = await t.c.api.post('/tutor/profile/phone/confirm', { code: wrongOf(code) })
    expect(wrong.status).toBe(422)
    expect(Object.keys(fieldErrors(wrong.json))).toEqual(['code'])
    expect((await t.c.api.post('/tutor/profile/phone/resend_code')).status).toBe(200)
    const fresh = await lastCodeTo(`+38${phone}`)
    expect((await t.c.api.post('/tutor/profile/phone/confirm', { code: fresh })).status).toBe(200)
    expect((await t.c.api.get('/tutor/settings/get')).json.data).toMatchObject({ phone, phone_confirmed: true })
    // Confirmed: resending and setting the same phone again are state errors.
    expect((await t.c.api.post('/tutor/profile/phone/resend_code')).status).toBe(409)
    expect((await t.c.api.post('/tutor/profile/phone/set', { phone })).status).toBe(409)
    expect(await audited('tutor.phone_set', t.tutorId)).toBe(true)
    expect(await audited('tutor.phone_confirm', t.tutorId)).toBe(true)
  })

  test('5 wrong codes → 429', async () => {
    const t = await tutorSignedIn()
    const phone = `066${String(t.personId).padStart(7, '0')}`
    await t.c.api.post('/tutor/profile/phone/set', { phone })
    const code = await lastCodeTo(`+38${phone}`)
    for (let i = 0; i < 5; i++)
      expect((await t.c.api.post('/tutor/profile/phone/confirm', { code: wrongOf(code) })).status).toBe(422)
    expect((await t.c.api.post('/tutor/profile/phone/confirm', { code })).status).toBe(429)
  })

  test('resend is throttled: 5 codes per 15 minutes', async () => {
    const t = await tutorSignedIn()
    const phone = `067${String(t.personId).padStart(7, '0')}`
    expect((await t.c.api.post('/tutor/profile/phone/set', { phone })).status).toBe(200)
    for (let i = 0; i < 4; i++) expect((await t.c.api.post('/tutor/profile/phone/resend_code')).status).toBe(200)
    const sixth = await t.c.api.post('/tutor/profile/phone/resend_code')
    expect(sixth.status).toBe(429)
    expect((await outboxTo(`+38${phone}`)).length).toBe(5)
  })

  test('the edition rule (ua: 10 digits) and uniqueness are 422 on phone', async () => {
    const t = await tutorSignedIn()
    for (const bad of ['12345', '06312345678', 'abc1234567', '']) {
      const res = await t.c.api.post('/tutor/profile/phone/set', { phone: bad })
      expect(res.status).toBe(422)
      expect(Object.keys(fieldErrors(res.json))).toEqual(['phone'])
    }
    const someone = await makePerson(app, { client: true })
    const taken = await t.c.api.post('/tutor/profile/phone/set', { phone: someone.phone })
    expect(taken.status).toBe(422)
    expect(Object.keys(fieldErrors(taken.json))).toEqual(['phone'])
  })

  test('the pl edition takes 9 digits with +48', async () => {
    const pl = await startTestApp({ site: 'pl' })
    try {
      const p = await makePerson(pl, { tutor: true })
      const c = await signedIn(pl, { tutor: p.email })
      const ten = await c.api.post('/tutor/profile/phone/set', { phone: '0631234567' })
      expect(ten.status).toBe(422)
      expect(Object.keys(fieldErrors(ten.json))).toEqual(['phone'])
      expect((await c.api.post('/tutor/profile/phone/set', { phone: '+48 512 345 678' })).json.data).toEqual({
        phone: '512345678',
        phone_confirmed: false,
      })
      const sms = await pl.services.db
        .selectFrom('outbox')
        .select('channel')
        .where('recipient', '=', '+48512345678')
        .execute()
      expect(sms.map((s) => s.channel)).toEqual(['sms'])
    } finally {
      await pl.close()
    }
  })
})

describe('terms, settings', () => {
  test('terms confirm sets terms_confirmed_at once', async () => {
    const t = await tutorSignedIn()
    const first = await t.c.api.post('/tutor/terms/confirm')
    expect(first.status).toBe(200)
    const again = await t.c.api.post('/tutor/terms/confirm')
    expect(again.json.data.terms_confirmed_at).toBe(first.json.data.terms_confirmed_at)
    const row = await db()
      .selectFrom('tutors')
      .select('terms_confirmed_at')
      .where('id', '=', t.tutorId)
      .executeTakeFirstOrThrow()
    expect(row.terms_confirmed_at).not.toBeNull()
    expect(await audited('tutor.terms_confirm', t.tutorId)).toBe(true)
  })

  test('settings get and set_email_subscribe', async () => {
    const t = await tutorSignedIn()
    expect((await t.c.api.get('/tutor/settings/get')).json.data).toMatchObject({
      email_subscribe: true,
      email: t.email,
      phone: t.phone,
      terms_confirmed: false,
    })
    expect((await t.c.api.post('/tutor/settings/set_email_subscribe', { value: 0 })).json.data).toEqual({
      email_subscribe: false,
    })
    expect((await t.c.api.get('/tutor/settings/get')).json.data.email_subscribe).toBe(false)
    expect(
      (
        (await t.c.request('POST', '/tutor/settings/set_email_subscribe', { form: { value: 'true' } }))
          .json as RestReply<'/tutor/settings/set_email_subscribe'>
      ).data,
    ).toEqual({ email_subscribe: true })
    expect((await t.c.raw.post('/tutor/settings/set_email_subscribe', {})).status).toBe(422)
    expect(await audited('tutor.set_email_subscribe', t.tutorId)).toBe(true)
  })
})

describe('indicators and verification', () => {
  test('is_allow_verification needs avatar, subject, place or online, 100-character description, confirmed e-mail', async () => {
    const t = await tutorSignedIn()
    const bare = (await t.c.api.get('/tutor/profile/indicators/get')).json.data
    expect(bare.is_allow_verification).toBe(false)
    expect(bare.missing).toEqual(['avatar', 'subject', 'place', 'description', 'email_confirmed'])
    expect(typeof bare.lastUpdate).toBe('string')
    expect((await t.c.api.post('/tutor/profile/verified/confirm')).status).toBe(409)

    await db()
      .updateTable('tutors')
      .set({ avatar_url: '/media/avatars/a.jpg', description: 'd'.repeat(99), work_home: true })
      .where('id', '=', t.tutorId)
      .execute()
    await db().insertInto('tutor_subjects').values({ tutor_id: t.tutorId, lesson_id: ref.lessons.english }).execute()
    await db()
      .insertInto('tutor_places')
      .values({ tutor_id: t.tutorId, kind: 'home', city_id: ref.cities.kyiv })
      .execute()
    await db().updateTable('people').set({ email_confirmed_at: sql`now()` }).where('id', '=', t.personId).execute()
    expect((await t.c.api.get('/tutor/profile/indicators/get')).json.data.missing).toEqual(['description'])
    await db()
      .updateTable('tutors')
      .set({ description: 'd'.repeat(100) })
      .where('id', '=', t.tutorId)
      .execute()
    expect((await t.c.api.get('/tutor/profile/indicators/get')).json.data).toMatchObject({
      is_allow_verification: true,
      missing: [],
    })
    // A place counts only with its kind of work on.
    await db().updateTable('tutors').set({ work_home: false }).where('id', '=', t.tutorId).execute()
    expect((await t.c.api.get('/tutor/profile/indicators/get')).json.data.missing).toEqual(['place'])
  })

  test('verified get and confirm: 200 once when allowed, then 409', async () => {
    const t = await tutorSignedIn({ complete: true })
    expect((await t.c.api.get('/tutor/profile/verified/get')).json.data).toMatchObject({
      verified: false,
      verification_requested: false,
      is_allow_verification: true,
    })
    expect((await t.c.api.post('/tutor/profile/verified/confirm')).status).toBe(200)
    expect((await t.c.api.get('/tutor/profile/verified/get')).json.data).toMatchObject({ verification_requested: true })
    expect((await t.c.api.post('/tutor/profile/verified/confirm')).status).toBe(409)
    expect(await audited('tutor.verification_request', t.tutorId)).toBe(true)
  })
})

describe('privacy', () => {
  test('save and get (JSON text or object)', async () => {
    const t = await tutorSignedIn()
    expect((await t.c.api.get('/tutor/privacy/get')).json.data).toMatchObject({
      hide_phone: false,
      show_last_name: true,
      marketing_consent: false,
      delete_requested: false,
    })
    expect(
      (await t.c.api.post('/tutor/privacy/save', { tutor: JSON.stringify({ hide_phone: true, marketing_consent: 1 }) }))
        .status,
    ).toBe(200)
    expect((await t.c.api.post('/tutor/privacy/save', { tutor: { show_last_name: false } })).json.data).toMatchObject({
      hide_phone: true,
      show_last_name: false,
      marketing_consent: true,
    })
    expect((await t.c.raw.post('/tutor/privacy/save', { tutor: { hide_phone: 'maybe' } })).status).toBe(422)
    expect(await audited('tutor.privacy_save', t.tutorId)).toBe(true)
  })

  test('download_files: a ZIP with data.json and the uploaded documents', async () => {
    const t = await tutorSignedIn()
    const storage = fileStorage(app.services.env)
    const bytes = new TextEncoder().encode('%PDF-1.4 test document')
    const key = keyOf('documents', t.tutorId, randomName(), 'pdf')
    await storage.put(key, bytes, 'application/pdf')
    const doc = await db()
      .insertInto('tutor_documents')
      .values({
        tutor_id: t.tutorId,
        storage_key: key,
        original_name: 'diploma/../мій.pdf',
        mime: 'application/pdf',
        size: bytes.length,
        description: 'Diploma',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const res = await fetch(`${app.url}/tutor/privacy/download_files`, {
      headers: { cookie: [...t.c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('content-disposition')).toContain('attachment')
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
    const data = JSON.parse(new TextDecoder().decode(files['data.json']!))
    expect(data.profile).toMatchObject({ id: t.tutorId, email: t.email })
    expect(data.settings.email).toBe(t.email)
    expect(data.documents).toHaveLength(1)
    const path = data.documents[0].file as string
    expect(path).toBe(`documents/${doc.id}-diploma_.._мій.pdf`)
    expect(new TextDecoder().decode(files[path]!)).toBe('%PDF-1.4 test document')
    expect(await audited('tutor.data_download', t.tutorId)).toBe(true)
    // Only the owner: anonymous 401, a client 403.
    expect((await new Client(app.url).api.get('/tutor/privacy/download_files')).status).toBe(401)
  })

  test('delete_profile takes the tutor out of the catalogue; cancel brings it back; repeats are 409', async () => {
    const tutorId = await makeTutor(db(), { subjects: [{ lesson: ref.lessons.math }], online: true })
    const person = await db()
      .selectFrom('tutors')
      .innerJoin('people', 'people.id', 'tutors.person_id')
      .select(['people.id', 'people.email'])
      .where('tutors.id', '=', tutorId)
      .executeTakeFirstOrThrow()
    await db()
      .updateTable('people')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', person.id)
      .execute()
    const c = await signedIn(app, { tutor: person.email! })
    const listed = async () =>
      (await db().selectFrom('catalogue_listings').select('tutor_id').where('tutor_id', '=', tutorId).execute()).length
    expect(await listed()).toBeGreaterThan(0)
    const del = await c.api.post('/tutor/privacy/delete_profile')
    expect(del.status).toBe(200)
    expect(del.json.data.deletion_requested_at).toBeTruthy()
    expect(await listed()).toBe(0)
    expect((await c.api.get('/tutor/privacy/get')).json.data.delete_requested).toBe(true)
    expect((await c.api.post('/tutor/privacy/delete_profile')).status).toBe(409)
    expect((await c.api.post('/tutor/privacy/cancel_delete_profile')).status).toBe(200)
    expect(await listed()).toBeGreaterThan(0)
    expect((await c.api.post('/tutor/privacy/cancel_delete_profile')).status).toBe(409)
    expect(await audited('tutor.delete_request', tutorId)).toBe(true)
    expect(await audited('tutor.delete_request_cancel', tutorId)).toBe(true)
  })

  test('cancelling keeps a tutor staff had made inactive inactive', async () => {
    const t = await tutorSignedIn()
    await db().updateTable('tutors').set({ active: false }).where('id', '=', t.tutorId).execute()
    await t.c.api.post('/tutor/privacy/delete_profile')
    await t.c.api.post('/tutor/privacy/cancel_delete_profile')
    expect(
      (await db().selectFrom('tutors').select('active').where('id', '=', t.tutorId).executeTakeFirstOrThrow()).active,
    ).toBe(false)
  })
})

describe('rating, affiliate, set_prof', () => {
  test('rating is the catalogue ranking with its parts', async () => {
    const t = await tutorSignedIn({ complete: true })
    await db()
      .updateTable('tutors')
      .set({ review_count: 4, review_avg: 4.5, ignored_requests: 1 })
      .where('id', '=', t.tutorId)
      .execute()
    const data = (await t.c.api.get('/tutor/rating/get')).json.data
    const expected = rank({
      hasAvatar: true,
      hasSchedule: false,
      hasVideo: false,
      descriptionLength: 120,
      pointsFirstDiploma: 0,
      pointsSecondDiploma: 0,
      responseMinutes: null,
      responseRate: null,
      reviewCount: 4,
      reviewAvg: 4.5,
      ignoredRequests: 1,
    })
    expect(data.points).toBe(expected.points)
    expect(data.parts).toEqual(expected.parts)
    expect(data.parts.map((p) => p.reason)).toEqual([
      'photo',
      'description',
      'reviews',
      'review_marks',
      'ignored_requests',
    ])
  })

  test("the tutor's place in each slot is where the catalogue's default order shows them", async () => {
    const t = await tutorSignedIn({ complete: true })
    await db()
      .insertInto('tutor_places')
      .values({ tutor_id: t.tutorId, kind: 'home', city_id: ref.cities.lviv })
      .execute()
    await db().updateTable('tutors').set({ work_home: true }).where('id', '=', t.tutorId).execute()
    await refreshListings(db(), [t.tutorId])
    const lviv = [{ kind: 'home' as const, city: ref.cities.lviv }]
    const math = [{ lesson: ref.lessons.math }]
    // Ahead: one with more points, one in TOP with fewer; behind: one with fewer points.
    await makeTutor(db(), {
      subjects: math,
      places: lviv,
      avatar: true,
      description: 'x'.repeat(400),
      reviewCount: 9,
      reviewAvg: 5,
    })
    const top = await makeTutor(db(), { subjects: math, places: lviv })
    await addTop(db(), { tutor: top, lesson: ref.lessons.math, city: ref.cities.lviv })
    await makeTutor(db(), { subjects: math, places: lviv })
    const data = (await t.c.api.get('/tutor/rating/get')).json.data
    const slots: {
      kind: string
      city_id: number
      position: number
      total: number
      lesson: string
      city: string | null
    }[] = data.slots
    expect(slots.map((s) => s.kind).sort()).toEqual(['any_city', 'city', 'online'])
    const query = {
      city: 'lesson=matematyka&city=lviv',
      online: 'lesson=matematyka&online=1',
      any_city: 'lesson=matematyka',
    }
    for (const s of slots) {
      const page = (await t.c.api.get(`/client/tutors?${query[s.kind as keyof typeof query]}`)).json.data
      const ids: number[] = page.items.map((i: { id: number }) => i.id)
      expect([s.kind, s.position, s.total]).toEqual([s.kind, ids.indexOf(t.tutorId) + 1, page.total])
      expect(s.lesson).toBe('Математика')
    }
    const inLviv = slots.find((s) => s.kind === 'city')!
    expect(inLviv.city).toBe('Львів')
    expect(inLviv.position).toBe(3)
  })

  test('affiliate link and the count of tutors registered through it', async () => {
    const t = await tutorSignedIn()
    expect((await t.c.api.get('/tutor/affiliate/get')).json.data).toEqual({
      affiliate_link: `${app.url}/register?affiliate_id=${t.tutorId}`,
      registered: 0,
    })
    const reg = await new Client(app.url).api.post(`/tutor/register?affiliate_id=${t.tutorId}`, {
      name: 'Invited One',
      email: `invited-${t.tutorId}@example.com`,
      phone: `050${String(t.personId).padStart(7, '0')}`,
      password: 'invited-pass-1',
      accept_terms: true,
    })
    expect(reg.status).toBe(200)
    expect((await t.c.api.get('/tutor/affiliate/get')).json.data.registered).toBe(1)
  })

  test('set_prof: own profile only (another tutor_id is 403); the value from the list', async () => {
    const t = await tutorSignedIn()
    const other = await makePerson(app, { tutor: true })
    expect(
      (await t.c.api.post('/tutor/profile/set_prof', { tutor_id: t.tutorId, prof: 'school_teacher' })).json.data,
    ).toEqual({ tutor_id: t.tutorId, prof: 'school_teacher' })
    expect(
      (await db().selectFrom('tutors').select('prof').where('id', '=', t.tutorId).executeTakeFirstOrThrow()).prof,
    ).toBe('school_teacher')
    expect((await t.c.api.post('/tutor/profile/set_prof', { tutor_id: other.tutorId, prof: 'student' })).status).toBe(
      403,
    )
    const bad = await t.c.raw.post('/tutor/profile/set_prof', { tutor_id: t.tutorId, prof: 'astronaut' })
    expect(bad.status).toBe(422)
    expect(Object.keys(fieldErrors(bad.json))).toEqual(['prof'])
    expect((await t.c.api.post('/tutor/profile/set_prof', { tutor_id: t.tutorId, prof: '' })).json.data.prof).toBeNull()
    expect(await audited('tutor.set_prof', t.tutorId)).toBe(true)
  })
})
