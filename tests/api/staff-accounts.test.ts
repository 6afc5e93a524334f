// Staff accounts (docs/api.md#admin-staff-accounts-and-session): create, get, save, delete (sessions end at once),
// list, change_checkout, the schedule, permissions by staff status, and impersonation with its audit and the
// way back.
import { beforeAll, describe, expect, test } from 'bun:test'
import { Client, PASSWORD, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { fieldErrors } from '../helpers/api'

const app = useTestApp()
let s1: Client
let staff1: { id: number; email: string }
beforeAll(async () => {
  staff1 = await makeStaff(app, 1)
  s1 = await signedIn(app, { staff: staff1.email })
})

let seq = 0
const newEmail = () => `acc-${process.pid}-${Date.now() % 100000}-${seq++}@example.com`
const q = (admin: unknown) => encodeURIComponent(JSON.stringify(admin))
const roleOf = async (c: Client) => (await c.api.get('/tutor/auth/role/get')).json.auth

describe('accounts', () => {
  test('create (?admin=JSON), get, save, list with filters, change_checkout', async () => {
    const email = newEmail()
    const created = await s1.api.post(
      `/admin/create?admin=${q({ name: 'Олена', email: email.toUpperCase(), password: 'staff-pass-123', status: 2 })}`,
    )
    expect(created.status).toBe(200)
    const id = created.json.data.admin_id
    expect(created.json.data).toMatchObject({ name: 'Олена', email, status: 2, checkout: 0 })
    // The new account signs in with its password.
    const own = new Client(app.url)
    expect((await own.api.post('/admin/login', { email, password: 'staff-pass-123' })).status).toBe(200)
    expect((await s1.api.get(`/admin/get?admin_id=${id}`)).json.data).toMatchObject({
      admin_id: id,
      name: 'Олена',
      email,
      status: 2,
      checkout: 0,
    })
    // An e-mail already taken (case-insensitively) is a 422 on admin.email.
    const dup = await s1.api.post('/admin/create', {
      admin: JSON.stringify({ name: 'X', email, password: 'staff-pass-123', status: 3 }),
    })
    expect(dup.status).toBe(422)
    expect(Object.keys(fieldErrors(dup.json))).toEqual(['email'])
    const bad = await s1.api.post('/admin/create', { admin: { name: '', email: 'nope', password: '1', status: 9 } })
    expect(Object.keys(fieldErrors(bad.json)).sort()).toEqual([
      'admin.email',
      'admin.name',
      'admin.password',
      'admin.status',
    ])
    // Save: fields by JSON text; the id inside or beside it.
    const saved = await s1.api.post(`/admin/save?admin=${q({ admin_id: id, name: 'Олена К.', status: 3 })}`)
    expect(saved.json.data).toMatchObject({ admin_id: id, name: 'Олена К.', status: 3 })
    expect((await s1.api.post('/admin/save', { admin_id: id, admin: { checkout: 1 } })).json.data.checkout).toBe(1)
    expect((await s1.api.post('/admin/save', { admin: { name: 'No id' } })).status).toBe(422)
    expect((await s1.api.post('/admin/save', { admin: { admin_id: 99999999, name: 'x' } })).status).toBe(404)
    // The status change applies to the live session at once (status 3 has no clients area).
    expect((await own.api.post('/admin/clients', { page: 1 })).status).toBe(403)
    // change_checkout {admin_id, value}.
    expect((await s1.api.post('/admin/change_checkout', { admin_id: id, value: 0 })).json.data).toEqual({
      admin_id: id,
      checkout: 0,
    })
    expect((await s1.api.post('/admin/change_checkout', { admin_id: id, value: 7 })).status).toBe(422)
    // List with filters.
    const list = (await s1.api.post('/admin/admins', { page: 1, filters: { text: 'Олена К' } })).json.data
    expect(list.items).toEqual([expect.objectContaining({ admin_id: id, status: 3, checkout: 0 })])
    expect((await s1.api.post('/admin/admins', { filters: { text: email, status: 2 } })).json.data.total).toBe(0)
    expect(
      (await s1.api.post('/admin/admins', { filters: JSON.stringify({ text: email, checkout: 0 }) })).json.data.total,
    ).toBe(1)
    // Audited.
    const actions = await app.services.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity', '=', 'staff')
      .where('entity_id', '=', id)
      .where('action', '<>', 'staff.login')
      .orderBy('id')
      .execute()
    expect(actions.map((a) => a.action)).toEqual(['staff.create', 'staff.save', 'staff.save', 'staff.change_checkout'])
    expect(actions.every((a) => a.actor_id === staff1.id)).toBe(true)
  })

  test("a new password through save ends that account's sessions", async () => {
    const s = await makeStaff(app, 2)
    const c = await signedIn(app, { staff: s.email })
    expect((await s1.api.post('/admin/save', { admin: { admin_id: s.id, password: 'another-pass-9' } })).status).toBe(
      200,
    )
    expect((await c.api.get('/admin/desktop')).status).toBe(401)
    expect(
      (await new Client(app.url).api.post('/admin/login', { email: s.email, password: 'another-pass-9' })).status,
    ).toBe(200)
  })

  test('delete: soft; the sessions end at once, also those opened by impersonation', async () => {
    const s = await makeStaff(app, 4)
    const c = await signedIn(app, { staff: s.email })
    expect((await c.api.get('/admin/desktop')).status).toBe(200)
    const p = await makePerson(app, { tutor: true })
    const acting = await signedIn(app, { staff: s.email })
    expect((await acting.api.post(`/admin/authorize/tutor?id=${p.tutorId}`)).status).toBe(200)
    expect((await roleOf(acting)).tutor).toBe(true)
    expect((await s1.api.post(`/admin/delete?admin_id=${s.id}`)).json).toEqual({
      status: 'success',
      data: { admin_id: s.id, deleted: true },
    })
    expect((await c.api.get('/admin/desktop')).status).toBe(401)
    expect((await roleOf(acting)).tutor).toBe(false)
    expect((await new Client(app.url).api.post('/admin/login', { email: s.email, password: PASSWORD })).status).toBe(
      401,
    )
    expect((await s1.api.get(`/admin/get?admin_id=${s.id}`)).status).toBe(404)
    expect((await s1.api.post(`/admin/delete?admin_id=${s.id}`)).status).toBe(404)
    const row = await app.services.db
      .selectFrom('staff')
      .select('deleted_at')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow()
    expect(row.deleted_at).not.toBeNull()
  })

  test('permissions by status: 2 and 3 may not manage accounts; 4 may not touch status 1; nobody deletes or demotes themselves', async () => {
    for (const status of [2, 3] as const) {
      const c = await signedIn(app, { staff: (await makeStaff(app, status)).email })
      expect((await c.api.post('/admin/admins', { page: 1 })).status).toBe(403)
      expect(
        (
          await c.api.post(
            `/admin/create?admin=${q({ name: 'X', email: newEmail(), password: 'staff-pass-123', status: 3 })}`,
          )
        ).status,
      ).toBe(403)
      expect((await c.api.post(`/admin/delete?admin_id=${staff1.id}`)).status).toBe(403)
    }
    const s4 = await makeStaff(app, 4)
    const c4 = await signedIn(app, { staff: s4.email })
    expect(
      (
        await c4.api.post(
          `/admin/create?admin=${q({ name: 'Top', email: newEmail(), password: 'staff-pass-123', status: 1 })}`,
        )
      ).status,
    ).toBe(403)
    const made = await c4.api.post(
      `/admin/create?admin=${q({ name: 'Two', email: newEmail(), password: 'staff-pass-123', status: 2 })}`,
    )
    expect(made.status).toBe(200)
    expect((await c4.api.post('/admin/save', { admin: { admin_id: made.json.data.admin_id, status: 1 } })).status).toBe(
      403,
    )
    expect((await c4.api.post('/admin/save', { admin: { admin_id: staff1.id, name: 'Renamed' } })).status).toBe(403)
    expect((await c4.api.post(`/admin/delete?admin_id=${staff1.id}`)).status).toBe(403)
    expect((await c4.api.post('/admin/change_checkout', { admin_id: staff1.id, value: 1 })).status).toBe(403)
    expect((await c4.api.post(`/admin/delete?admin_id=${made.json.data.admin_id}`)).status).toBe(200)
    expect((await c4.api.post(`/admin/delete?admin_id=${s4.id}`)).status).toBe(409)
    expect((await c4.api.post('/admin/save', { admin: { admin_id: s4.id, status: 2 } })).status).toBe(409)
    expect((await c4.api.post('/admin/save', { admin: { admin_id: s4.id, name: 'Me' } })).status).toBe(200)
    expect((await s1.api.post(`/admin/delete?admin_id=${staff1.id}`)).status).toBe(409)
  })
})

describe('schedule', () => {
  test('get and save (JSON text); area schedule: status 1 and 4, not 2 or 3', async () => {
    expect((await s1.api.get('/admin/admins/schedule/get')).json.data).toEqual({
      schedule: null,
      updated_at: null,
      updated_by: null,
    })
    const schedule = { '2026-12-01': [{ admin_id: staff1.id, from: '09:00', to: '18:00' }] }
    const saved = await s1.api.post('/admin/admins/schedule/save', { schedule: JSON.stringify(schedule) })
    expect(saved.status).toBe(200)
    const got = (await s1.api.get('/admin/admins/schedule/get')).json.data
    expect(got.schedule).toEqual(schedule)
    expect(got.updated_by).toEqual({ admin_id: staff1.id, name: 'Staff 1' })
    expect(typeof got.updated_at).toBe('string')
    // An object works too; JSON that is not an object or list, or no JSON, is a 422.
    expect((await s1.api.post('/admin/admins/schedule/save', { schedule: { week: [] } })).status).toBe(200)
    expect((await s1.api.post('/admin/admins/schedule/save', { schedule: '{not json' })).status).toBe(422)
    expect((await s1.api.post('/admin/admins/schedule/save', { schedule: '42' })).status).toBe(422)
    expect((await s1.api.post('/admin/admins/schedule/save', { schedule: { big: 'x'.repeat(100_001) } })).status).toBe(
      422,
    )
    const s4 = await signedIn(app, { staff: (await makeStaff(app, 4)).email })
    expect((await s4.api.get('/admin/admins/schedule/get')).json.data.schedule).toEqual({ week: [] })
    for (const status of [2, 3] as const) {
      const c = await signedIn(app, { staff: (await makeStaff(app, status)).email })
      expect((await c.api.get('/admin/admins/schedule/get')).status).toBe(403)
      expect((await c.api.post('/admin/admins/schedule/save', { schedule: '[]' })).status).toBe(403)
    }
  })
})

describe('impersonation', () => {
  const audits = (action: string, entity: string, id: number) =>
    app.services.db
      .selectFrom('audit_log')
      .select(['actor_kind', 'actor_id', 'on_behalf_of_staff_id', 'entity', 'entity_id'])
      .where('action', '=', action)
      .where('entity', '=', entity)
      .where('entity_id', '=', id)
      .execute()

  test('staff act as a tutor and return; both steps audited with the acting staff member', async () => {
    const p = await makePerson(app, { tutor: true, client: true })
    const s = await makeStaff(app, 1)
    const c = await signedIn(app, { staff: s.email })
    const res = await c.api.post(`/admin/authorize/tutor?id=${p.tutorId}`)
    expect(res.status).toBe(200)
    expect(res.json.auth).toMatchObject({
      tutor: true,
      current_role: 'tutor',
      admin: false,
      impersonating: true,
      tutor_info: { id: p.tutorId },
    })
    expect(res.json.data).toEqual({ impersonating: true })
    // The browser is now the tutor, not staff.
    expect((await roleOf(c)).impersonating).toBe(true)
    expect((await c.api.get('/admin/desktop')).status).toBe(403)
    // The new session names the impersonator and lasts at most 2 hours.
    const session = await app.services.db
      .selectFrom('sessions')
      .select(['impersonator_staff_id', 'staff_id', 'person_id', 'expires_at'])
      .where('impersonator_staff_id', '=', s.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow()
    expect(session).toMatchObject({ impersonator_staff_id: s.id, staff_id: null, person_id: p.personId })
    expect(session.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(2 * 3600_000 + 60_000)
    expect(await audits('staff.impersonate', 'tutor', p.tutorId!)).toEqual([
      { actor_kind: 'staff', actor_id: s.id, on_behalf_of_staff_id: null, entity: 'tutor', entity_id: p.tutorId },
    ])
    // The tutor's activity log shows who did it.
    const log = (await s1.api.get(`/admin/tutor/get_log_activities?tutor_id=${p.tutorId}`)).json.data.items
    expect(log[0]).toMatchObject({ action: 'staff.impersonate', actor: { kind: 'staff', id: s.id, name: 'Staff 1' } })
    // The way back.
    const back = await c.api.post('/admin/authorize/return')
    expect(back.status).toBe(200)
    expect(back.json.auth).toMatchObject({
      admin: true,
      tutor: false,
      impersonating: false,
      admin_info: { admin_id: s.id },
    })
    expect((await c.api.get('/admin/desktop')).status).toBe(200)
    expect(await audits('staff.impersonate_return', 'tutor', p.tutorId!)).toHaveLength(1)
    // Not impersonating any more: return again is a state error.
    expect((await c.api.post('/admin/authorize/return')).status).toBe(409)
    expect((await new Client(app.url).api.post('/admin/authorize/return')).status).toBe(401)
  })

  test('as a client, and as another admin; status 4 may not become status 1; no impersonation inside one', async () => {
    const p = await makePerson(app, { client: true })
    const s4 = await makeStaff(app, 4)
    const c4 = await signedIn(app, { staff: s4.email })
    const asClient = await c4.api.post(`/admin/authorize/client?id=${p.clientId}`)
    expect(asClient.json.auth).toMatchObject({ client: true, current_role: 'client', impersonating: true })
    expect((await c4.api.post('/admin/authorize/return')).json.auth.admin).toBe(true)
    expect(await audits('staff.impersonate', 'client', p.clientId!)).toEqual([
      { actor_kind: 'staff', actor_id: s4.id, on_behalf_of_staff_id: null, entity: 'client', entity_id: p.clientId },
    ])

    // Status 4 → status 1: refused; → status 2: fine, with status 2's powers only.
    expect((await c4.raw.post(`/admin/authorize/admin?id=${staff1.id}`)).json).toEqual({
      status: 'fail',
      error: 'forbidden',
    })
    const s2 = await makeStaff(app, 2)
    const asAdmin = await c4.api.post(`/admin/authorize/admin?id=${s2.id}`)
    expect(asAdmin.json.auth).toMatchObject({
      admin: true,
      impersonating: true,
      admin_info: { admin_id: s2.id, status: 2 },
    })
    expect((await c4.api.post('/admin/admins', { page: 1 })).status).toBe(403)
    expect((await c4.api.post('/admin/tutors', { page: 1 })).status).toBe(200)
    await c4.api.post('/admin/authorize/return')
    expect((await c4.api.post('/admin/admins', { page: 1 })).status).toBe(200)

    // Status 1 may act as status 4; from there no further impersonation.
    const c1 = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
    expect((await c1.api.post(`/admin/authorize/admin?id=${s4.id}`)).status).toBe(200)
    expect((await c1.api.post(`/admin/authorize/client?id=${p.clientId}`)).status).toBe(409)
    await c1.api.post('/admin/authorize/return')
    // Yourself, someone missing or deleted: refused.
    expect((await c4.api.post(`/admin/authorize/admin?id=${s4.id}`)).status).toBe(409)
    expect((await c4.api.post('/admin/authorize/tutor?id=99999999')).status).toBe(404)
    const gone = await makePerson(app, { tutor: true })
    await s1.api.post('/admin/tutor/delete', { tutor_id: gone.tutorId })
    expect((await c4.api.post(`/admin/authorize/tutor?id=${gone.tutorId}`)).status).toBe(404)
  })

  test('status 2 and 3 may not impersonate', async () => {
    const p = await makePerson(app, { tutor: true, client: true })
    for (const status of [2, 3] as const) {
      const c = await signedIn(app, { staff: (await makeStaff(app, status)).email })
      expect((await c.api.post(`/admin/authorize/tutor?id=${p.tutorId}`)).status).toBe(403)
      expect((await c.api.post(`/admin/authorize/client?id=${p.clientId}`)).status).toBe(403)
      expect((await c.api.post(`/admin/authorize/admin?id=${staff1.id}`)).status).toBe(403)
      expect((await c.api.get('/admin/desktop')).status).toBe(200)
    }
    expect(
      (await (await signedIn(app, { tutor: p.email })).api.post(`/admin/authorize/client?id=${p.clientId}`)).status,
    ).toBe(403)
  })
})
