// Contract: get_auth_code sends a one-time code to the e-mail or phone (creating the client on first
// use) and answers data.client_id; login_by_code signs in with it; repeated failures are 429.
// Codes expire in 10 minutes and survive 5 wrong tries. ?ak= links sign a client in.
import { describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { issueClientLink } from '../../server/domain/auth/client-sign-in'
import { Client, makePerson, useTestApp } from '../helpers/app'
import { fieldErrors } from '../helpers/api'

const app = useTestApp()

async function lastCodeTo(recipient: string): Promise<string> {
  const row = await app.services.db
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  return row.body.match(/\b(\d{6})\b/)![1]!
}

describe('client sign-in by code', () => {
  test('a new e-mail creates the client, gets a code by e-mail, signs in with it once', async () => {
    const c = new Client(app.url)
    const res = await c.api.post('/client/auth/get_auth_code', { login: 'New.Client@Example.com' })
    expect(res.status).toBe(200)
    const clientId = res.json.data.client_id
    expect(clientId).toBeGreaterThan(0)
    const code = await lastCodeTo('new.client@example.com')
    const login = await c.api.post(`/client/auth/login_by_code?client_id=${clientId}&auth_code=${code}`)
    expect(login.status).toBe(200)
    expect(login.json.auth).toMatchObject({ client: true, current_role: 'client', client_info: { id: clientId } })
    const person = await app.services.db
      .selectFrom('people')
      .select('email_confirmed_at')
      .where('email', '=', 'new.client@example.com')
      .executeTakeFirstOrThrow()
    expect(person.email_confirmed_at).not.toBeNull()
    // Used once: a replay fails.
    expect(
      (await new Client(app.url).api.post(`/client/auth/login_by_code?client_id=${clientId}&auth_code=${code}`)).status,
    ).toBe(401)
  })

  test('a phone login gets the code by SMS with the edition prefix; an existing client is reused', async () => {
    const first = await new Client(app.url).api.post('/client/auth/get_auth_code', { login: '+380671112233' })
    const again = await new Client(app.url).api.post('/client/auth/get_auth_code', { login: '067 111 22 33' })
    expect(again.json.data.client_id).toBe(first.json.data.client_id)
    const sms = await app.services.db
      .selectFrom('outbox')
      .select(['channel', 'recipient'])
      .where('recipient', '=', '+380671112233')
      .execute()
    expect(sms.length).toBe(2)
    expect(sms[0]!.channel).toBe('sms')
    // Only the newest code works.
    const code = await lastCodeTo('+380671112233')
    expect(
      (
        await new Client(app.url).api.post('/client/auth/login_by_code', {
          client_id: first.json.data.client_id,
          auth_code: code,
        })
      ).status,
    ).toBe(200)
  })

  test('an existing tutor gets the client role too', async () => {
    const tutor = await makePerson(app, { tutor: true })
    const res = await new Client(app.url).api.post('/client/auth/get_auth_code', { login: tutor.email })
    const code = await lastCodeTo(tutor.email)
    const c = new Client(app.url)
    const login = await c.api.post('/client/auth/login_by_code', {
      client_id: res.json.data.client_id,
      auth_code: code,
    })
    expect(login.json.auth).toMatchObject({ client: true, tutor: true, current_role: 'client' })
  })

  test('a bad login is a 422 on login', async () => {
    const res = await new Client(app.url).api.post('/client/auth/get_auth_code', { login: '12' })
    expect(res.status).toBe(422)
    expect(Object.keys(fieldErrors(res.json))).toEqual(['login'])
  })

  test('the code expires after 10 minutes', async () => {
    const res = await new Client(app.url).api.post('/client/auth/get_auth_code', { login: 'late@example.com' })
    const code = await lastCodeTo('late@example.com')
    await app.services.db
      .updateTable('auth_codes')
      .set({ created_at: sql`now() - interval '11 minutes'`, expires_at: sql`now() - interval '1 minute'` })
      .execute()
    expect(
      (
        await new Client(app.url).api.post('/client/auth/login_by_code', {
          client_id: res.json.data.client_id,
          auth_code: code,
        })
      ).status,
    ).toBe(401)
  })

  test('after 5 wrong tries the code is dead and further tries are 429', async () => {
    const res = await new Client(app.url).api.post('/client/auth/get_auth_code', { login: 'guess@example.com' })
    const id = res.json.data.client_id
    const code = await lastCodeTo('guess@example.com')
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++)
      expect(
        (await new Client(app.url).api.post('/client/auth/login_by_code', { client_id: id, auth_code: wrong })).status,
      ).toBe(401)
    const sixth = await new Client(app.url).api.post('/client/auth/login_by_code', { client_id: id, auth_code: code })
    expect(sixth.status).toBe(429)
    expect(sixth.json.error).toBe('rate_limited')
  })

  test('sending codes to one login is limited (SMS bombing)', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (await new Client(app.url).api.post('/client/auth/get_auth_code', { login: 'flood@example.com' })).status,
      ).toBe(200)
    expect(
      (await new Client(app.url).api.post('/client/auth/get_auth_code', { login: 'flood@example.com' })).status,
    ).toBe(429)
  })

  test('a blacklisted client gets no code', async () => {
    const p = await makePerson(app, { client: true })
    await app.services.db.updateTable('clients').set({ blacklisted: true }).where('id', '=', p.clientId!).execute()
    expect((await new Client(app.url).api.post('/client/auth/get_auth_code', { login: p.email })).status).toBe(403)
  })
})

describe('client sign-in by link token (?ak=)', () => {
  test('a live token signs in; a wrong or expired one does not', async () => {
    const p = await makePerson(app, { client: true })
    const token = await issueClientLink(app.services.db, p.clientId!)
    const c = new Client(app.url)
    const ok = await c.api.post('/client/auth/login_by_token', { auth_token: token })
    expect(ok.status).toBe(200)
    expect(ok.json.auth.client_info).toMatchObject({ id: p.clientId })
    expect(
      (await new Client(app.url).api.post('/client/auth/login_by_token', { auth_token: `${token}x` })).status,
    ).toBe(401)
    await app.services.db
      .updateTable('auth_codes')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('purpose', '=', 'client_link')
      .execute()
    expect((await new Client(app.url).api.post('/client/auth/login_by_token', { auth_token: token })).status).toBe(401)
  })
})

describe('tutor e-mail confirmation', () => {
  test('registration sends a confirmation link; the code confirms once; a bad code is refused', async () => {
    const c = new Client(app.url)
    await c.api.post('/tutor/register', {
      name: 'Леся Українка',
      email: 'lesya@example.com',
      phone: '0631234567',
      password: 'long-enough-pass',
      accept_terms: true,
    })
    const mail = await app.services.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('recipient', '=', 'lesya@example.com')
      .where('body', 'like', '%confirmation_code=%')
      .executeTakeFirstOrThrow()
    const code = mail.body.match(/confirmation_code=([\w-]+)/)![1]!
    expect(mail.body).toContain(`${app.url}/profile/?confirmation_code=`)
    const bad = await new Client(app.url).raw.post('/tutor/email/confirm?confirmation_code=nope')
    expect(bad.status).toBe(400)
    expect(bad.json.status).toBe('fail')
    const ok = await new Client(app.url).api.post(`/tutor/email/confirm?confirmation_code=${code}`)
    expect(ok.json).toEqual({ status: 'success', data: { confirmed: true } })
    const person = await app.services.db
      .selectFrom('people')
      .select('email_confirmed_at')
      .where('email', '=', 'lesya@example.com')
      .executeTakeFirstOrThrow()
    expect(person.email_confirmed_at).not.toBeNull()
    expect((await new Client(app.url).api.post(`/tutor/email/confirm?confirmation_code=${code}`)).status).toBe(400)
    // Already confirmed: resend sends nothing.
    expect((await c.api.post('/tutor/email/resend')).json.data).toEqual({ sent: false })
  })
})

describe('after staff merge two client profiles', () => {
  test('a code sent to the merged-away e-mail signs in as the kept client', async () => {
    const { makeStaff, signedIn } = await import('../helpers/app')
    const kept = await makePerson(app, { client: true })
    const gone = await makePerson(app, { client: true })
    const staff = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
    expect(
      (await staff.api.post('/admin/client/merge', { client_id: kept.clientId, client_id2: gone.clientId })).status,
    ).toBe(200)
    const res = await new Client(app.url).api.post('/client/auth/get_auth_code', { login: gone.email })
    expect(res.json.data.client_id).toBe(kept.clientId!)
    const code = await lastCodeTo(gone.email)
    const login = await new Client(app.url).api.post('/client/auth/login_by_code', {
      client_id: kept.clientId,
      auth_code: code,
    })
    expect(login.json.auth.client_info).toMatchObject({ id: kept.clientId })
  })
})
