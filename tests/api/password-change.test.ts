// Changing a password while signed in with one (contract: "needs current_password
// beside the new password, and ends the user's other sessions") on every path: /tutor/profile/password/set
// and the profile editor. Staff setting a tutor's password through the editor end all the tutor's sessions.
import { describe, expect, test } from 'bun:test'
import { PAIR_LIMIT } from '../../server/domain/auth/throttle'
import { Client, PASSWORD, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { fieldErrors } from '../helpers/api'

const app = useTestApp()

async function tutorWithTwoSessions() {
  const p = await makePerson(app, { tutor: true })
  return { ...p, c: await signedIn(app, { tutor: p.email }), other: await signedIn(app, { tutor: p.email }) }
}
const signsIn = async (login: string, password: string) =>
  (await new Client(app.url).api.post('/tutor/login', { login, password })).status === 200
const setPassword = (c: Client, body: Record<string, string>) => c.raw.post('/tutor/profile/password/set', body)
const saveProfile = (c: Client, tutor: Record<string, string>) => c.raw.post('/tutor/profile/save', { tutor })

describe.each([
  [
    '/tutor/profile/password/set',
    (c: Client, extra: Record<string, string>) => setPassword(c, { password: 'changed-pass-1', ...extra }),
  ],
  [
    'the profile editor',
    (c: Client, extra: Record<string, string>) =>
      saveProfile(c, { password: 'changed-pass-1', confirm_password: 'changed-pass-1', ...extra }),
  ],
] as const)('%s', (_, change) => {
  test('without the current password, or with a wrong one: 422 on current_password, nothing changes', async () => {
    const t = await tutorWithTwoSessions()
    const missing = await change(t.c, {})
    expect(missing.status).toBe(422)
    expect(Object.keys(fieldErrors(missing.json))).toEqual(['current_password'])
    const wrong = await change(t.c, { current_password: 'not-my-password' })
    expect(wrong.status).toBe(422)
    expect(fieldErrors(wrong.json)).toEqual({ current_password: ['Невірний пароль'] })
    expect(await signsIn(t.email, PASSWORD)).toBe(true)
    expect((await t.other.api.get('/tutor/settings/get')).status).toBe(200)
  })

  test('with the current password: changed, this session stays, every other one ends', async () => {
    const t = await tutorWithTwoSessions()
    expect((await change(t.c, { current_password: PASSWORD })).status).toBe(200)
    expect((await t.c.api.get('/tutor/settings/get')).status).toBe(200)
    expect((await t.other.api.get('/tutor/settings/get')).status).toBe(401)
    expect(await signsIn(t.email, 'changed-pass-1')).toBe(true)
    expect(await signsIn(t.email, PASSWORD)).toBe(false)
  })
})

test('guessing the current password through a session is throttled like a sign-in', async () => {
  const t = await tutorWithTwoSessions()
  for (let i = 0; i < PAIR_LIMIT; i++)
    expect((await setPassword(t.c, { password: 'changed-pass-1', current_password: `guess-${i}` })).status).toBe(422)
  expect((await setPassword(t.c, { password: 'changed-pass-1', current_password: PASSWORD })).status).toBe(429)
})

test('an account without a password (signed up by code or OpenID) sets one without current_password', async () => {
  const t = await tutorWithTwoSessions()
  await app.services.db.updateTable('people').set({ password_hash: null }).where('id', '=', t.personId).execute()
  expect((await setPassword(t.c, { password: 'first-pass-1' })).status).toBe(200)
  expect((await t.other.api.get('/tutor/settings/get')).status).toBe(401)
  expect(await signsIn(t.email, 'first-pass-1')).toBe(true)
})

test("staff setting a tutor's password in the profile editor end every session of the tutor", async () => {
  const t = await tutorWithTwoSessions()
  const staff = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
  const res = await staff.api.post('/admin/tutor/profile/save', {
    tutor_id: t.tutorId,
    tutor: { password: 'by-staff-pass', confirm_password: 'by-staff-pass' },
  })
  expect(res.status).toBe(200)
  expect((await t.c.api.get('/tutor/settings/get')).status).toBe(401)
  expect((await t.other.api.get('/tutor/settings/get')).status).toBe(401)
  expect((await staff.api.get(`/admin/tutor/profile/get?id=${t.tutorId}`)).status).toBe(200)
  expect(await signsIn(t.email, 'by-staff-pass')).toBe(true)
})

test("a client's generated password (sent to their own e-mail) ends their other sessions; this one stays", async () => {
  const p = await makePerson(app, { client: true })
  const c = await signedIn(app, { client: p.email })
  const other = await signedIn(app, { client: p.email })
  expect((await c.api.post('/client/auth/generate_password')).status).toBe(200)
  expect((await c.api.get('/client/settings/get')).status).toBe(200)
  expect((await other.api.get('/client/settings/get')).status).toBe(401)
})
