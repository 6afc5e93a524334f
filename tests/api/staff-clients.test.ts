// Staff: clients (docs/api.md#admin-clients). The list, password set, the blacklist (no sign-in, no client
// calls, sessions revoked) and merging two profiles: everything that references the merged client
// moves, including tables the merge code has never heard of, and nothing is lost.
import { beforeAll, describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { clientReferences } from '../../server/domain/people/merge'
import { Client, PASSWORD, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { makeTutor, referenceFixture } from '../helpers/catalogue'

const app = useTestApp()
let s1: Client
let staff1: { id: number; email: string }
beforeAll(async () => {
  staff1 = await makeStaff(app, 1)
  s1 = await signedIn(app, { staff: staff1.email })
})

const roleOf = async (c: Client) => (await c.api.get('/tutor/auth/role/get')).json.auth

describe('permissions', () => {
  test('status 2 and 4 manage clients; status 3, tutors and clients may not', async () => {
    const p = await makePerson(app, { client: true, tutor: true })
    expect((await new Client(app.url).api.post('/admin/clients', { page: 1 })).status).toBe(401)
    expect((await (await signedIn(app, { client: p.email })).api.post('/admin/clients', { page: 1 })).status).toBe(403)
    const s3 = await signedIn(app, { staff: (await makeStaff(app, 3)).email })
    expect((await s3.api.post('/admin/clients', { page: 1 })).status).toBe(403)
    expect((await s3.api.post('/admin/client/blacklist/add', { client_id: p.clientId })).status).toBe(403)
    const s2 = await signedIn(app, { staff: (await makeStaff(app, 2)).email })
    expect((await s2.api.post('/admin/clients', { page: 1 })).status).toBe(200)
    const s4 = await signedIn(app, { staff: (await makeStaff(app, 4)).email })
    expect(
      (await s4.api.get(`/admin/client/merge_profiles?client_id=${p.clientId}&client_id2=${p.clientId}`)).status,
    ).toBe(422)
  })
})

describe('list', () => {
  test('text (name, e-mail, phone, id), blacklisted, paging', async () => {
    const a = await makePerson(app, { client: true })
    const b = await makePerson(app, { client: true, tutor: true })
    await app.services.db.updateTable('clients').set({ blacklisted: true }).where('id', '=', b.clientId!).execute()
    const list = async (filters: Record<string, unknown>, page = 1) =>
      (await s1.api.post('/admin/clients', { page, filters })).json.data
    expect((await list({ text: a.email })).items.map((i) => i.id)).toEqual([a.clientId!])
    expect((await list({ text: b.phone })).items[0]).toMatchObject({
      id: b.clientId,
      blacklisted: 1,
      tutor_id: b.tutorId,
      email: b.email,
      phone: b.phone,
    })
    expect((await list({ text: b.email, blacklisted: 0 })).total).toBe(0)
    const blacklisted = await list({ blacklisted: 1 })
    expect(blacklisted.items.every((i: { blacklisted: number }) => i.blacklisted === 1)).toBe(true)
    expect((await list({ text: String(a.clientId) })).items.map((i) => i.id)).toContain(a.clientId!)
    for (let i = 0; i < 21; i++) await makePerson(app, { client: true })
    const all = await list({})
    expect(all.items).toHaveLength(20)
    expect(all.total).toBeGreaterThanOrEqual(23)
    expect((await list({}, 2)).page).toBe(2)
  })
})

describe('password', () => {
  test('staff set a client password: the client signs in with it; old sessions end', async () => {
    const p = await makePerson(app, { client: true })
    const c = await signedIn(app, { client: p.email })
    expect(
      (await s1.api.post('/admin/client/profile/password/set', { client_id: p.clientId, password: 'x' })).status,
    ).toBe(422)
    expect(
      (await s1.api.post('/admin/client/profile/password/set', { client_id: p.clientId, password: 'client-new-pass' }))
        .status,
    ).toBe(200)
    expect((await roleOf(c)).client).toBe(false)
    expect(
      (await new Client(app.url).api.post('/client/auth/login', { login: p.email, password: 'client-new-pass' }))
        .status,
    ).toBe(200)
    expect(
      (await s1.api.post('/admin/client/profile/password/set', { client_id: 99999999, password: 'client-new-pass' }))
        .status,
    ).toBe(404)
  })
})

describe('blacklist', () => {
  test('a blacklisted client is signed out and can neither sign in (password, code) nor call client procedures', async () => {
    const p = await makePerson(app, { client: true })
    const c = await signedIn(app, { client: p.email })
    expect((await roleOf(c)).client).toBe(true)
    const add = await s1.api.post('/admin/client/blacklist/add', { client_id: p.clientId })
    expect(add.json).toEqual({ status: 'success', data: { client_id: p.clientId!, blacklisted: 1 } })
    // The live session ended at once.
    expect((await roleOf(c)).client).toBe(false)
    expect((await c.api.post('/client/auth/logout')).status).toBe(401)
    // No way back in.
    expect(
      (await new Client(app.url).raw.post('/client/auth/login', { login: p.email, password: PASSWORD })).json,
    ).toEqual({ status: 'fail', error: 'forbidden' })
    expect((await new Client(app.url).api.post('/client/auth/get_auth_code', { login: p.email })).status).toBe(403)
    // A session made by other means (say, before the change reached it) is refused by every client call.
    const { createSession } = await import('../../server/domain/auth/sessions')
    const sid = await createSession(app.services.db, {
      personId: p.personId,
      staffId: null,
      currentRole: 'client',
      ip: '127.0.0.1',
      userAgent: 't',
    })
    const { loadIdentity } = await import('../../server/domain/auth/sessions')
    const { createCaller } = await import('../../server/routers/app')
    const { SessionCookie } = await import('../../server/trpc/context')
    const identity = await loadIdentity(app.services.db, sid)
    const caller = createCaller({
      ...app.services,
      requestId: 't',
      ip: '127.0.0.1',
      userAgent: 't',
      secure: false,
      locale: 'ua',
      origin: app.url,
      identity,
      session: new SessionCookie(app.services.tokens, new Headers(), false),
    })
    await expect(caller.auth.client.logout()).rejects.toMatchObject({ code: 'FORBIDDEN' })
    // Twice is a state error; removing restores sign-in.
    expect((await s1.api.post('/admin/client/blacklist/add', { client_id: p.clientId })).status).toBe(409)
    expect((await s1.api.post('/admin/client/blacklist/remove', { client_id: p.clientId })).json.data).toEqual({
      client_id: p.clientId!,
      blacklisted: 0,
    })
    expect((await s1.api.post('/admin/client/blacklist/remove', { client_id: p.clientId })).status).toBe(409)
    expect(
      (await new Client(app.url).api.post('/client/auth/login', { login: p.email, password: PASSWORD })).status,
    ).toBe(200)
    // Audited with the staff member.
    const audit = await app.services.db
      .selectFrom('audit_log')
      .select(['action', 'actor_kind', 'actor_id'])
      .where('entity', '=', 'client')
      .where('entity_id', '=', p.clientId!)
      .where('action', 'like', 'client.blacklist%')
      .orderBy('id')
      .execute()
    expect(audit).toEqual([
      { action: 'client.blacklist_add', actor_kind: 'staff', actor_id: staff1.id },
      { action: 'client.blacklist_remove', actor_kind: 'staff', actor_id: staff1.id },
    ])
  })
})

describe('merge', () => {
  test('every client reference is found in the live schema', async () => {
    const refs = (await clientReferences(app.services.db)).map((r) => `${r.table}.${r.column}`)
    expect(refs).toEqual(
      expect.arrayContaining(['reviews.client_id', 'auth_codes.client_id', 'clients.merged_into_client_id']),
    )
  })

  test('preview, then merge: reviews, codes and rows of tables added later move; contacts follow; nothing is lost', async () => {
    const db = app.services.db
    const ref = await referenceFixture(db, `m${Date.now() % 100000}`)
    const tutorId = await makeTutor(db, { subjects: [{ lesson: ref.lessons.math }], online: true })
    // Two profiles of one human: one by e-mail, one by phone (as code sign-in creates them).
    const keptRes = await new Client(app.url).api.post('/client/auth/get_auth_code', {
      login: `merge.${Date.now()}@example.com`,
    })
    const phone = `050${String(Date.now()).slice(-7)}`
    const mergedRes = await new Client(app.url).api.post('/client/auth/get_auth_code', { login: phone })
    const kept: number = keptRes.json.data.client_id
    const merged: number = mergedRes.json.data.client_id
    await db
      .insertInto('reviews')
      .values([
        { tutor_id: tutorId, client_id: merged, client_name: 'Оля', mark: 5, text: 'a' },
        { tutor_id: tutorId, client_id: merged, client_name: 'Оля', mark: 4, text: 'b' },
        { tutor_id: tutorId, client_id: kept, client_name: 'Оля', mark: 3, text: 'c' },
      ])
      .execute()
    // Tables the merge code does not know: one with a foreign key under another name, one with a bare client_id.
    await sql`create table merge_probe_orders (id serial primary key, buyer_client_id integer references clients(id))`.execute(
      db,
    )
    await sql`create table merge_probe_chats (id serial primary key, client_id integer)`.execute(db)
    await sql`insert into merge_probe_orders (buyer_client_id) values (${merged}), (${merged}), (${kept})`.execute(db)
    await sql`insert into merge_probe_chats (client_id) values (${merged})`.execute(db)
    // A client merged earlier into the merged one ends up pointing at the kept one.
    const older = await makePerson(app, { client: true })
    await db
      .updateTable('clients')
      .set({ merged_into_client_id: merged, deleted_at: sql`now()` })
      .where('id', '=', older.clientId!)
      .execute()
    await db.updateTable('clients').set({ blacklisted: true }).where('id', '=', merged).execute()

    const countRefs = async (id: number) => {
      const n = async (q: string) => Number((await sql<{ n: number }>`${sql.raw(q)}`.execute(db)).rows[0]!.n)
      return {
        reviews: await n(`select count(*)::int as n from reviews where client_id = ${id}`),
        codes: await n(`select count(*)::int as n from auth_codes where client_id = ${id}`),
        orders: await n(`select count(*)::int as n from merge_probe_orders where buyer_client_id = ${id}`),
        chats: await n(`select count(*)::int as n from merge_probe_chats where client_id = ${id}`),
        merged_in: await n(`select count(*)::int as n from clients where merged_into_client_id = ${id}`),
      }
    }
    const keptBefore = await countRefs(kept)
    const mergedBefore = await countRefs(merged)

    const preview = await s1.api.get(`/admin/client/merge_profiles?client_id=${kept}&client_id2=${merged}`)
    expect(preview.status).toBe(200)
    expect(preview.json.data.client).toMatchObject({ id: kept, phone: null })
    expect(preview.json.data.client2).toMatchObject({ id: merged, phone, email: null, blacklisted: 1 })
    expect(preview.json.data.moves).toEqual(
      expect.arrayContaining([
        { table: 'reviews', column: 'client_id', rows: 2 },
        { table: 'auth_codes', column: 'client_id', rows: 1 },
        { table: 'merge_probe_orders', column: 'buyer_client_id', rows: 2 },
        { table: 'merge_probe_chats', column: 'client_id', rows: 1 },
        { table: 'clients', column: 'merged_into_client_id', rows: 1 },
      ]),
    )
    expect(preview.json.data).toMatchObject({ contacts_moved: ['phone'], blacklisted_after: 1, allowed: true })
    // The preview changed nothing.
    expect(await countRefs(merged)).toEqual(mergedBefore)

    const res = await s1.api.post('/admin/client/merge', { client_id: kept, client_id2: merged })
    expect(res.status).toBe(200)
    expect(res.json.data).toMatchObject({
      client_id: kept,
      client_id2: merged,
      moved: {
        'reviews.client_id': 2,
        'auth_codes.client_id': 1,
        'merge_probe_orders.buyer_client_id': 2,
        'merge_probe_chats.client_id': 1,
        'clients.merged_into_client_id': 1,
      },
      contacts_moved: ['phone'],
      blacklisted: 1,
    })
    // Nothing lost: every reference now points at the kept client.
    expect(await countRefs(merged)).toEqual({ reviews: 0, codes: 0, orders: 0, chats: 0, merged_in: 0 })
    const keptAfter = await countRefs(kept)
    expect(keptAfter).toEqual({
      reviews: keptBefore.reviews + mergedBefore.reviews,
      codes: keptBefore.codes + mergedBefore.codes,
      orders: keptBefore.orders + mergedBefore.orders,
      chats: keptBefore.chats + mergedBefore.chats,
      // the older client, and the merged one itself
      merged_in: keptBefore.merged_in + mergedBefore.merged_in + 1,
    })
    // The merged profile is soft-deleted and points at the kept one; the kept one has the phone and the blacklist.
    const mergedRow = await db
      .selectFrom('clients')
      .select(['deleted_at', 'merged_into_client_id'])
      .where('id', '=', merged)
      .executeTakeFirstOrThrow()
    expect(mergedRow.merged_into_client_id).toBe(kept)
    expect(mergedRow.deleted_at).not.toBeNull()
    const keptView = (await s1.api.post('/admin/clients', { filters: { text: phone } })).json.data.items
    expect(keptView).toEqual([expect.objectContaining({ id: kept, phone, blacklisted: 1 })])
    // Audited on both profiles with the staff member.
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'actor_id'])
      .where('action', 'in', ['client.merge', 'client.merged_into'])
      .where('entity_id', 'in', [kept, merged])
      .orderBy('id')
      .execute()
    expect(audit).toEqual([
      { action: 'client.merge', entity_id: kept, actor_id: staff1.id },
      { action: 'client.merged_into', entity_id: merged, actor_id: staff1.id },
    ])
    // Once: the merged profile is gone now.
    expect((await s1.api.post('/admin/client/merge', { client_id: kept, client_id2: merged })).status).toBe(409)
    expect((await s1.api.post('/admin/client/merge', { client_id: kept, client_id2: 99999999 })).status).toBe(404)
    expect((await s1.api.post('/admin/client/merge', { client_id: kept, client_id2: kept })).status).toBe(422)
    await sql`drop table merge_probe_orders`.execute(db)
    await sql`drop table merge_probe_chats`.execute(db)
  })

  test('after a merge the human signs in with either contact into the kept profile', async () => {
    const a = await makePerson(app, { client: true })
    // A second profile made by phone only.
    const phone = `067${String(Date.now()).slice(-7)}`
    const b = (await new Client(app.url).api.post('/client/auth/get_auth_code', { login: phone })).json.data.client_id
    await app.services.db.updateTable('people').set({ phone: null }).where('id', '=', a.personId).execute()
    await s1.api.post('/admin/client/merge', { client_id: a.clientId, client_id2: b })
    const code = await app.services.db
      .selectFrom('outbox')
      .select('id')
      .where('recipient', '=', `+38${phone}`)
      .execute()
    expect(code.length).toBe(1)
    // The phone now belongs to the kept person: the password sign-in by phone lands on the kept client.
    const byPhone = await new Client(app.url).api.post('/client/auth/login', { login: phone, password: PASSWORD })
    expect(byPhone.status).toBe(200)
    expect(byPhone.json.auth.client_info).toMatchObject({ id: a.clientId })
  })

  test('a merged person who is also a tutor keeps their contacts and sessions', async () => {
    const kept = await makePerson(app, { client: true })
    const other = await makePerson(app, { client: true, tutor: true })
    const tutor = await signedIn(app, { tutor: other.email })
    const res = await s1.api.post('/admin/client/merge', { client_id: kept.clientId, client_id2: other.clientId })
    expect(res.json.data.contacts_moved).toEqual([])
    expect(await roleOf(tutor)).toMatchObject({ tutor: true, client: false })
    const person = await app.services.db
      .selectFrom('people')
      .select(['email', 'phone'])
      .where('id', '=', other.personId)
      .executeTakeFirstOrThrow()
    expect(person).toEqual({ email: other.email, phone: other.phone })
  })
})
