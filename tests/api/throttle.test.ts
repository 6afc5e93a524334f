// Contract: repeated failed sign-ins are answered 429 — after 10 failures in 15 minutes for one
// account, and after 100 from one IP.
import { expect, test } from 'bun:test'
import { sql } from 'kysely'
import { Client, PASSWORD, makePerson, makeStaff, useTestApp } from '../helpers/app'

const app = useTestApp()

test('the 11th attempt on one account is 429, even with the right password', async () => {
  const staff = await makeStaff(app, 1)
  const c = new Client(app.url)
  for (let i = 0; i < 10; i++)
    expect((await c.api.post('/admin/login', { email: staff.email, password: 'wrong-password' })).status).toBe(401)
  const res = await c.raw.post('/admin/login', { email: staff.email, password: PASSWORD })
  expect(res.status).toBe(429)
  expect(res.json).toEqual({ status: 'fail', error: 'rate_limited' })
  // Another account from the same IP is not affected yet.
  const other = await makeStaff(app, 1)
  expect((await c.api.post('/admin/login', { email: other.email, password: PASSWORD })).status).toBe(200)
})

test('failures older than 15 minutes no longer count', async () => {
  const p = await makePerson(app, { tutor: true })
  const c = new Client(app.url)
  for (let i = 0; i < 10; i++) await c.api.post('/tutor/login', { login: p.email, password: 'wrong-password' })
  expect((await c.api.post('/tutor/login', { login: p.email, password: PASSWORD })).status).toBe(429)
  await app.services.db.updateTable('auth_failures').set({ created_at: sql`now() - interval '16 minutes'` }).execute()
  expect((await c.api.post('/tutor/login', { login: p.email, password: PASSWORD })).status).toBe(200)
})

test('100 failures from one IP block every account from it', async () => {
  await app.services.db.deleteFrom('auth_failures').execute()
  const c = new Client(app.url)
  for (let i = 0; i < 100; i++)
    await c.api.post('/client/auth/login', { login: `nobody${i}@example.com`, password: 'wrong-password' })
  const p = await makePerson(app, { client: true })
  const res = await c.api.post('/client/auth/login', { login: p.email, password: PASSWORD })
  expect(res.status).toBe(429)
})
