// The client account (docs/api.md#client-sign-in-and-settings): generate_password, settings, the additional e-mail
// subscription, terms, profile delete (soft; sessions end; the person's tutor role untouched).
import { describe, expect, test } from 'bun:test'
import { Client, PASSWORD, makePerson, signedIn, useTestApp } from '../helpers/app'
import { fieldErrors } from '../helpers/api'

const app = useTestApp()

const db = () => app.services.db
async function audited(action: string, entityId: number) {
  return !!(await db()
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', action)
    .where('entity_id', '=', entityId)
    .executeTakeFirst())
}
async function clientSignedIn(roles: { tutor?: boolean } = {}) {
  const p = await makePerson(app, { client: true, ...roles })
  return { ...p, clientId: p.clientId!, c: await signedIn(app, { client: p.email }) }
}

describe('generate_password', () => {
  test('a strong password goes by e-mail, only its hash is kept, and it signs in', async () => {
    const me = await clientSignedIn()
    const res = await me.c.api.post('/client/auth/generate_password')
    expect(res.status).toBe(200)
    expect(res.json.data).toEqual({ sent: true, channel: 'email' })
    const mail = await db()
      .selectFrom('outbox')
      .select(['body', 'channel'])
      .where('recipient', '=', me.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const password = mail.body.match(/: ([A-Za-z0-9]{16})\./)![1]!
    expect(res.text).not.toContain(password)
    const person = await db()
      .selectFrom('people')
      .select('password_hash')
      .where('id', '=', me.personId)
      .executeTakeFirstOrThrow()
    expect(person.password_hash).not.toContain(password)
    expect((await new Client(app.url).api.post('/client/auth/login', { login: me.email, password })).status).toBe(200)
    expect(
      (await new Client(app.url).api.post('/client/auth/login', { login: me.email, password: PASSWORD })).status,
    ).toBe(401)
    expect(await audited('client.generate_password', me.clientId)).toBe(true)
  })

  test('a client without an e-mail gets it by SMS', async () => {
    const me = await clientSignedIn()
    await db().updateTable('people').set({ email: null }).where('id', '=', me.personId).execute()
    expect((await me.c.api.post('/client/auth/generate_password')).json.data).toEqual({ sent: true, channel: 'sms' })
    const sms = await db()
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', `+38${me.phone}`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const password = sms.body.match(/: ([A-Za-z0-9]{16})$/)![1]!
    expect((await new Client(app.url).api.post('/client/auth/login', { login: me.phone, password })).status).toBe(200)
  })

  test('at most 3 in 15 minutes; a tutor or anonymous may not', async () => {
    const me = await clientSignedIn()
    for (let i = 0; i < 3; i++) expect((await me.c.api.post('/client/auth/generate_password')).status).toBe(200)
    expect((await me.c.api.post('/client/auth/generate_password')).status).toBe(429)
    expect((await new Client(app.url).api.post('/client/auth/generate_password')).status).toBe(401)
    const tutor = await makePerson(app, { tutor: true })
    expect(
      (await (await signedIn(app, { tutor: tutor.email })).api.post('/client/auth/generate_password')).status,
    ).toBe(403)
  })
})

describe('settings, subscription, terms', () => {
  test('settings get', async () => {
    const me = await clientSignedIn()
    expect((await me.c.api.get('/client/settings/get')).json.data).toEqual({
      email: me.email,
      email_confirmed: false,
      phone: me.phone,
      phone_confirmed: false,
      additional_email: null,
      additional_email_subscribed: false,
      terms_confirmed: false,
      has_password: true,
    })
  })

  test('additional e-mail subscription: a valid address is stored; a bad one is 422 on email', async () => {
    const me = await clientSignedIn()
    const bad = await me.c.api.post('/client/additional_email_subscription/subscribe', { email: 'not-an-email' })
    expect(bad.status).toBe(422)
    expect(Object.keys(fieldErrors(bad.json))).toEqual(['email'])
    expect(
      (await me.c.api.post('/client/additional_email_subscription/subscribe', { email: 'Second@Example.com' })).json
        .data,
    ).toEqual({ additional_email: 'second@example.com' })
    expect((await me.c.api.get('/client/settings/get')).json.data).toMatchObject({
      additional_email: 'second@example.com',
      additional_email_subscribed: true,
    })
    expect(await audited('client.additional_email_subscribe', me.clientId)).toBe(true)
  })

  test('terms confirm needs confirmation_terms true', async () => {
    const me = await clientSignedIn()
    for (const body of [{}, { confirmation_terms: false }, { confirmation_terms: '0' }]) {
      const res = await me.c.raw.post('/client/terms/confirm', body)
      expect(res.status).toBe(422)
      expect(Object.keys(fieldErrors(res.json))).toEqual(['confirmation_terms'])
    }
    const ok = await me.c.api.post('/client/terms/confirm', { confirmation_terms: 1 })
    expect(ok.status).toBe(200)
    expect(ok.json.data.terms_confirmed_at).toBeTruthy()
    expect((await me.c.api.get('/client/settings/get')).json.data.terms_confirmed).toBe(true)
    expect(await audited('client.terms_confirm', me.clientId)).toBe(true)
  })
})

describe('profile delete', () => {
  test('soft-deletes the client, ends every session; sign-in as a client is refused', async () => {
    const me = await clientSignedIn()
    const other = await signedIn(app, { client: me.email })
    const res = await me.c.api.post('/client/profile/delete')
    expect(res.status).toBe(200)
    expect(res.json.auth).toMatchObject({ client: false, tutor: false })
    const row = await db()
      .selectFrom('clients')
      .select('deleted_at')
      .where('id', '=', me.clientId)
      .executeTakeFirstOrThrow()
    expect(row.deleted_at).not.toBeNull()
    expect((await me.c.api.get('/client/settings/get')).status).toBe(401)
    expect((await other.api.get('/client/settings/get')).status).toBe(401)
    expect(
      (await new Client(app.url).api.post('/client/auth/login', { login: me.email, password: PASSWORD })).status,
    ).toBe(401)
    expect((await new Client(app.url).api.post('/client/auth/get_auth_code', { login: me.email })).status).toBe(403)
    expect(await audited('client.profile_delete', me.clientId)).toBe(true)
  })

  test("the person's tutor role is untouched", async () => {
    const me = await clientSignedIn({ tutor: true })
    expect((await me.c.api.post('/client/profile/delete')).status).toBe(200)
    const tutor = await db()
      .selectFrom('tutors')
      .select(['deleted_at', 'active'])
      .where('id', '=', me.tutorId!)
      .executeTakeFirstOrThrow()
    expect(tutor).toEqual({ deleted_at: null, active: true })
    const c = new Client(app.url)
    const login = await c.api.post('/tutor/login', { login: me.email, password: PASSWORD })
    expect(login.status).toBe(200)
    expect(login.json.auth).toMatchObject({ tutor: true, client: false })
    expect((await c.api.get('/tutor/settings/get')).status).toBe(200)
  })
})
