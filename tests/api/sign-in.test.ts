import { describe, expect, test } from 'bun:test'
import { Client, PASSWORD, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { fieldErrors } from '../helpers/api'

const app = useTestApp()

describe('sign-in and sessions', () => {
  test('role/get answers all false for anonymous', async () => {
    const res = await new Client(app.url).api.get('/tutor/auth/role/get')
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      status: 'success',
      data: null,
      auth: {
        admin: false,
        client: false,
        tutor: false,
        current_role: '',
        tutor_info: false,
        client_info: false,
        admin_info: false,
        impersonating: false,
      },
    })
  })

  test('staff login sets an HttpOnly SameSite=Lax cookie and answers auth', async () => {
    const staff = await makeStaff(app, 1)
    const c = new Client(app.url)
    const res = await c.api.post('/admin/login', { email: staff.email, password: PASSWORD })
    expect(res.status).toBe(200)
    expect(res.json.status).toBe('success')
    expect(res.json.auth.admin).toBe(true)
    expect(res.json.auth.admin_info).toMatchObject({ admin_id: staff.id, status: 1 })
    const cookie = res.headers.getSetCookie()[0]!
    expect(cookie).toMatch(/^sid=/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).not.toMatch(/Secure/i)
    const desk = await c.api.get('/admin/desktop')
    expect(desk.status).toBe(200)
  })

  test('every sign-in issues a new token and the old session stops working', async () => {
    const staff = await makeStaff(app, 1)
    const c = await signedIn(app, { staff: staff.email })
    const first = c.cookies.get('sid')
    const old = new Client(app.url)
    old.cookies.set('sid', first!)
    await c.api.post('/admin/login', { email: staff.email, password: PASSWORD })
    expect(c.cookies.get('sid')).not.toBe(first)
    expect((await old.api.get('/admin/desktop')).status).toBe(401)
    expect((await c.api.get('/admin/desktop')).status).toBe(200)
  })

  test('logout ends the session on the server, not only in the browser', async () => {
    const staff = await makeStaff(app, 2)
    const c = await signedIn(app, { staff: staff.email })
    const token = c.cookies.get('sid')!
    const out = await c.api.post('/admin/logout')
    expect(out.status).toBe(200)
    expect(out.json.auth.admin).toBe(false)
    const replay = new Client(app.url)
    replay.cookies.set('sid', token)
    expect((await replay.api.get('/admin/desktop')).status).toBe(401)
  })

  test('removing a staff member ends their sessions at once', async () => {
    const staff = await makeStaff(app, 1)
    const c = await signedIn(app, { staff: staff.email })
    await app.services.db.updateTable('staff').set({ deleted_at: new Date() }).where('id', '=', staff.id).execute()
    expect((await c.api.get('/admin/desktop')).status).toBe(401)
  })

  test('a forged or tampered token is anonymous', async () => {
    const staff = await makeStaff(app, 1)
    const c = await signedIn(app, { staff: staff.email })
    const token = c.cookies.get('sid')!
    c.cookies.set('sid', `${token.slice(0, -3)}abc`)
    expect((await c.api.get('/admin/desktop')).status).toBe(401)
  })

  test('tutor login by e-mail and by phone, logout', async () => {
    const p = await makePerson(app, { tutor: true })
    const byMail = await new Client(app.url).api.post('/tutor/login', { login: p.email, password: PASSWORD })
    expect(byMail.json.auth).toMatchObject({ tutor: true, current_role: 'tutor' })
    const c = new Client(app.url)
    const byPhone = await c.api.post('/tutor/login', { login: `+38${p.phone}`, password: PASSWORD })
    expect(byPhone.status).toBe(200)
    const out = await c.api.post('/tutor/logout')
    expect(out.json.auth.tutor).toBe(false)
    expect((await c.api.get('/tutor/auth/role/get')).json.auth.tutor).toBe(false)
  })

  test('client login refuses a tutor-only person, and wrong passwords', async () => {
    const tutorOnly = await makePerson(app, { tutor: true })
    const res = await new Client(app.url).api.post('/client/auth/login', { login: tutorOnly.email, password: PASSWORD })
    expect(res.status).toBe(401)
    const client = await makePerson(app, { client: true })
    const wrong = await new Client(app.url).api.post('/client/auth/login', {
      login: client.email,
      password: 'nope-nope-nope',
    })
    expect(wrong.status).toBe(401)
    expect(wrong.json.status).toBe('fail')
  })

  test('a blacklisted client cannot sign in', async () => {
    const p = await makePerson(app, { client: true })
    await app.services.db.updateTable('clients').set({ blacklisted: true }).where('id', '=', p.clientId!).execute()
    const res = await new Client(app.url).raw.post('/client/auth/login', { login: p.email, password: PASSWORD })
    expect(res.status).toBe(403)
    expect(res.json).toEqual({ status: 'fail', error: 'forbidden' })
  })

  test('one person holds both roles and switches current_role', async () => {
    const p = await makePerson(app, { tutor: true, client: true })
    const c = await signedIn(app, { tutor: p.email })
    expect((await c.api.get('/tutor/auth/role/get')).json.auth).toMatchObject({
      tutor: true,
      client: true,
      current_role: 'tutor',
    })
    const set = await c.api.post('/tutor/auth/role/set?role=client')
    expect(set.status).toBe(200)
    expect(set.json.auth.current_role).toBe('client')
    expect((await c.api.get('/tutor/auth/role/get')).json.auth.current_role).toBe('client')
    expect((await c.raw.post('/tutor/auth/role/set?role=admin')).status).toBe(422)
  })

  test('a person without the client role cannot switch to it', async () => {
    const p = await makePerson(app, { tutor: true })
    const c = await signedIn(app, { tutor: p.email })
    const res = await c.api.post('/tutor/auth/role/set?role=client')
    expect(res.status).toBe(422)
    expect(fieldErrors(res.json).role).toHaveLength(1)
  })

  test('a staff sign-in beside a tutor sign-in keeps both; staff logout keeps the tutor', async () => {
    const p = await makePerson(app, { tutor: true })
    const staff = await makeStaff(app, 1)
    const c = await signedIn(app, { tutor: p.email })
    const both = await c.api.post('/admin/login', { email: staff.email, password: PASSWORD })
    expect(both.json.auth).toMatchObject({ admin: true, tutor: true })
    const out = await c.api.post('/admin/logout')
    expect(out.json.auth).toMatchObject({ admin: false, tutor: true })
  })

  test('tutor registration signs in, refuses a taken e-mail and a bad phone (422 phone)', async () => {
    const c = new Client(app.url)
    const ok = await c.api.post('/tutor/register', {
      name: 'Іван Франко',
      email: 'ivan.franko@example.com',
      phone: '+38 (050) 111-22-33',
      password: 'long-enough-pass',
      accept_terms: true,
    })
    expect(ok.status).toBe(200)
    expect(ok.json.auth).toMatchObject({ tutor: true, current_role: 'tutor' })
    expect(ok.json.data).not.toBeNull()
    expect(ok.json.data!.tutor_id).toBeGreaterThan(0)
    const person = await app.services.db
      .selectFrom('people')
      .select(['phone', 'password_hash'])
      .where('email', '=', 'ivan.franko@example.com')
      .executeTakeFirstOrThrow()
    expect(person.phone).toBe('0501112233')
    expect(person.password_hash).toStartWith('$argon2id$')

    const taken = await new Client(app.url).api.post('/tutor/register', {
      name: 'Інший',
      email: 'IVAN.franko@example.com',
      phone: '0509998877',
      password: 'long-enough-pass',
      accept_terms: true,
    })
    expect(taken.status).toBe(422)
    expect(Object.keys(fieldErrors(taken.json))).toEqual(['email'])

    const badPhone = await new Client(app.url).api.post('/tutor/register', {
      name: 'Марія',
      email: 'maria@example.com',
      phone: '12345',
      password: 'long-enough-pass',
      accept_terms: true,
    })
    expect(badPhone.status).toBe(422)
    expect(fieldErrors(badPhone.json).phone).toEqual(['Номер має містити 10 цифр'])
  })
})
