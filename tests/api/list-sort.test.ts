// The staff lists' sortable columns: `sort` (the list's column key) and `dir`
// (asc | desc) order the rows both ways with the id as the tiebreak, the default order stays as it
// was, and an unknown key or direction is the field's 422 — over REST and over tRPC.
import { beforeAll, describe, expect, test } from 'bun:test'
import { OrderStatus } from '../../common/order-status'
import { fieldErrors, type TrpcReply } from '../helpers/api'
import { type Client, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { makeOrder } from '../helpers/orders'

const app = useTestApp()
let staff: Client
const db = () => app.services.db
const tag = `Srt${Date.now() % 1_000_000}`

beforeAll(async () => {
  staff = await signedIn(app, { staff: (await makeStaff(app, 2)).email })
})

/** Three people, one after the other (ids ascending). */
async function makeThree(roles: { tutor?: boolean; client?: boolean }) {
  const made = []
  for (let i = 0; i < 3; i++) made.push(await makePerson(app, roles))
  return made
}

/** Both ways: asc gives `asc`, desc gives it reversed. */
async function expectBothWays(get: (dir: 'asc' | 'desc') => Promise<number[]>, asc: number[]) {
  expect(await get('asc')).toEqual(asc)
  expect(await get('desc')).toEqual([...asc].reverse())
}

describe('tutors', () => {
  test('id, name, email and status, both ways; the default stays newest id first', async () => {
    const made = await makeThree({ tutor: true })
    const [a, b, c] = made.map((m) => m.tutorId!) as [number, number, number]
    // Names, e-mails and statuses in three different orders.
    const rows = [
      {
        id: a,
        person: made[0]!.personId,
        name: `${tag} Charlie`,
        email: `${tag.toLowerCase()}-b@example.com`,
        status: 2,
      },
      {
        id: b,
        person: made[1]!.personId,
        name: `${tag} Alpha`,
        email: `${tag.toLowerCase()}-c@example.com`,
        status: 6,
      },
      {
        id: c,
        person: made[2]!.personId,
        name: `${tag} Bravo`,
        email: `${tag.toLowerCase()}-a@example.com`,
        status: 1,
      },
    ]
    for (const r of rows) {
      await db().updateTable('tutors').set({ name: r.name, status: r.status }).where('id', '=', r.id).execute()
      await db().updateTable('people').set({ email: r.email }).where('id', '=', r.person).execute()
    }
    const list = async (extra: object) =>
      (await staff.api.post('/admin/tutors', { page: 1, filters: { text: tag }, ...extra })).json.data.items.map(
        (i) => i.id,
      )
    expect(await list({})).toEqual([c, b, a])
    await expectBothWays((dir) => list({ sort: 'id', dir }), [a, b, c])
    await expectBothWays((dir) => list({ sort: 'name', dir }), [b, c, a])
    await expectBothWays((dir) => list({ sort: 'email', dir }), [c, a, b])
    await expectBothWays((dir) => list({ sort: 'status', dir }), [c, a, b])
    // A key without a direction: descending, like the default order.
    expect(await list({ sort: 'name' })).toEqual([a, c, b])
  })

  test('equal values keep a stable order by id, so pages do not repeat rows', async () => {
    const made = await makeThree({ tutor: true })
    const ids = made.map((m) => m.tutorId!)
    await db()
      .updateTable('tutors')
      .set({ name: `${tag} Same` })
      .where('id', 'in', ids)
      .execute()
    const list = async (dir: 'asc' | 'desc') =>
      (
        await staff.api.post('/admin/tutors', { page: 1, filters: { text: `${tag} Same` }, sort: 'name', dir })
      ).json.data.items.map((i) => i.id)
    await expectBothWays(
      list,
      [...ids].sort((x, y) => x - y),
    )
  })
})

describe('clients', () => {
  test('id, name, email and created, both ways', async () => {
    const made = await makeThree({ client: true })
    const [a, b, c] = made.map((m) => m.clientId!) as [number, number, number]
    const rows = [
      {
        id: a,
        person: made[0]!.personId,
        name: `${tag} Bravo`,
        email: `${tag.toLowerCase()}-k-c@example.com`,
        created: '2026-03-01T10:00:00Z',
      },
      {
        id: b,
        person: made[1]!.personId,
        name: `${tag} Charlie`,
        email: `${tag.toLowerCase()}-k-a@example.com`,
        created: '2026-01-01T10:00:00Z',
      },
      {
        id: c,
        person: made[2]!.personId,
        name: `${tag} Alpha`,
        email: `${tag.toLowerCase()}-k-b@example.com`,
        created: '2026-02-01T10:00:00Z',
      },
    ]
    for (const r of rows) {
      await db()
        .updateTable('clients')
        .set({ name: r.name, created_at: new Date(r.created) })
        .where('id', '=', r.id)
        .execute()
      await db().updateTable('people').set({ email: r.email }).where('id', '=', r.person).execute()
    }
    const list = async (extra: object) =>
      (await staff.api.post('/admin/clients', { page: 1, filters: { text: tag }, ...extra })).json.data.items.map(
        (i) => i.id,
      )
    expect(await list({})).toEqual([c, b, a])
    await expectBothWays((dir) => list({ sort: 'id', dir }), [a, b, c])
    await expectBothWays((dir) => list({ sort: 'name', dir }), [c, a, b])
    await expectBothWays((dir) => list({ sort: 'email', dir }), [b, c, a])
    await expectBothWays((dir) => list({ sort: 'created', dir }), [b, c, a])
  })
})

describe('orders', () => {
  test('created, id, status and client, both ways; dir wins over sort_dir; the default stays newest first', async () => {
    const a = (await makeOrder(app, { client_name: `${tag} Bravo`, status: OrderStatus.Processing })).orderId
    const b = (await makeOrder(app, { client_name: `${tag} Charlie`, status: OrderStatus.New })).orderId
    const c = (await makeOrder(app, { client_name: `${tag} Alpha`, status: OrderStatus.Lost })).orderId
    const created = { [a]: '2026-01-05T10:00:00Z', [b]: '2026-01-03T10:00:00Z', [c]: '2026-01-04T10:00:00Z' }
    for (const [id, at] of Object.entries(created))
      await db()
        .updateTable('orders')
        .set({ created_at: new Date(at) })
        .where('id', '=', Number(id))
        .execute()
    const list = async (extra: object) =>
      (await staff.api.post('/admin/orders', { page: 1, filters: { text_search: tag }, ...extra })).json.data.items.map(
        (i) => i.id,
      )
    expect(await list({})).toEqual([a, c, b])
    expect(await list({ sort_dir: 'asc' })).toEqual([b, c, a])
    await expectBothWays((dir) => list({ sort: 'created', dir }), [b, c, a])
    await expectBothWays((dir) => list({ sort: 'id', dir }), [a, b, c])
    await expectBothWays((dir) => list({ sort: 'status', dir }), [b, a, c])
    await expectBothWays((dir) => list({ sort: 'client', dir }), [c, a, b])
    expect(await list({ sort: 'id', dir: 'asc', sort_dir: 'desc' })).toEqual([a, b, c])
  })
})

describe('site reviews', () => {
  test('id, name, mark, status and created, both ways (GET with query parameters)', async () => {
    const at = (d: string) => new Date(`2026-02-${d}T10:00:00Z`)
    const rows = [
      { name: `${tag} Bravo`, text: 'x', mark: 5, status: 2, created_at: at('03') },
      { name: `${tag} Charlie`, text: 'x', mark: 3, status: 0, created_at: at('01') },
      { name: `${tag} Alpha`, text: 'x', mark: 4, status: 1, created_at: at('02') },
    ]
    const ids: number[] = []
    for (const r of rows)
      ids.push((await db().insertInto('site_reviews').values(r).returning('id').executeTakeFirstOrThrow()).id)
    const [a, b, c] = ids as [number, number, number]
    const admin = await signedIn(app, { staff: (await makeStaff(app, 1)).email }) // the reviews area
    const list = async (q: string) => {
      const data = (await admin.api.get(`/admin/site_reviews/get?page=1${q}`)).json.data
      expect(data.total).toBeLessThanOrEqual(20) // every row on the page: the order is the whole list's
      return data.items.map((i) => i.id).filter((id) => ids.includes(id))
    }
    expect(await list('')).toEqual([c, b, a])
    await expectBothWays((dir) => list(`&sort=id&dir=${dir}`), [a, b, c])
    await expectBothWays((dir) => list(`&sort=name&dir=${dir}`), [c, a, b])
    await expectBothWays((dir) => list(`&sort=mark&dir=${dir}`), [b, c, a])
    await expectBothWays((dir) => list(`&sort=status&dir=${dir}`), [b, c, a])
    await expectBothWays((dir) => list(`&sort=created&dir=${dir}`), [b, c, a])
    const bad = await admin.raw.get('/admin/site_reviews/get?page=1&sort=text')
    expect(bad.status).toBe(422)
    expect(Object.keys(fieldErrors(bad.json))).toEqual(['sort'])
  })
})

describe('bad input', () => {
  const cases = [
    ['/admin/tutors', 'admin.tutors.list'],
    ['/admin/clients', 'admin.clients.list'],
    ['/admin/orders', 'admin.orders.list'],
  ] as const
  for (const [path, procedure] of cases) {
    test(`${path}: an unknown sort key or direction is a 422 on the field (REST and tRPC)`, async () => {
      const bad = await staff.raw.post(path, { page: 1, sort: 'password_hash', dir: 'asc' })
      expect(bad.status).toBe(422)
      expect(bad.json.status).toBe('fail')
      expect(Object.keys(fieldErrors(bad.json))).toEqual(['sort'])
      const badDir = await staff.raw.post(path, { page: 1, sort: 'id', dir: 'sideways' })
      expect(badDir.status).toBe(422)
      expect(Object.keys(fieldErrors(badDir.json))).toEqual(['dir'])
      const trpc = await staff.raw.get(
        `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ page: 1, sort: 'nope' }))}`,
      )
      expect(trpc.status).toBe(422)
      // Blank values are "not given": the default order.
      const blank = await staff.raw.post(path, { page: 1, sort: '', dir: '' })
      expect(blank.status).toBe(200)
    })
  }
  test('the tRPC answer is the same rows as REST', async () => {
    const rest = (await staff.api.post('/admin/clients', { page: 1, sort: 'name', dir: 'asc' })).json.data.items.map(
      (i) => i.id,
    )
    const got = await staff.raw.get(
      `/trpc/admin.clients.list?input=${encodeURIComponent(JSON.stringify({ page: 1, sort: 'name', dir: 'asc' }))}`,
    )
    expect((got.json as unknown as TrpcReply<'admin.clients.list'>).result.data.items.map((i) => i.id)).toEqual(rest)
  })
})
