// Nothing goes missing in the tutor's order tabs: every cell of docs/domain.md#order-states table
// "Which tab holds an order, by status and the tutor's relation to it" is checked against
// GET /tutor/orders/{category}. The relation is written as the order tables hold it (order_tutors
// role and response, orders.tutor_id), every status 1–8; all orders allow online lessons only, so
// a `new` order is also in `new_online` and never in `new_offline`.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { TUTOR_CATEGORIES, type TutorCategory } from '../../server/domain/orders/tutor-orders'
import { type Client, type TestApp, makePerson, signedIn, startTestApp } from '../helpers/app'
import { makeOrder } from '../helpers/orders'

type Relation = 'personal' | 'potential' | 'responded' | 'refused' | 'appointed' | 'removed'
const STATUSES = [1, 2, 3, 4, 5, 6, 7, 8] as const

/** The table of docs/domain.md ("The tutor's order tabs"); null: the cell cannot be reached (an untaken order appointed to me). */
function expectedTabs(relation: Relation, status: number): TutorCategory[] | null {
  const untaken = status <= 3
  switch (relation) {
    case 'personal':
      return status <= 2 ? ['new', 'new_personal', 'new_online'] : []
    case 'potential':
      return status === 3 ? ['new', 'new_potential', 'new_online'] : []
    case 'responded':
      return untaken ? ['my'] : []
    case 'refused':
      return []
    case 'appointed':
      if (untaken) return null
      return status <= 6 ? ['my', 'active'] : ['my', 'archive']
    case 'removed':
      return ['archive']
  }
}

let app: TestApp
let tc: Client
const cells: { relation: Relation; status: number; orderId: number; tabs: TutorCategory[] }[] = []

beforeAll(async () => {
  app = await startTestApp()
  const db = app.services.db
  const me = await makePerson(app, { tutor: true })
  const other = await makePerson(app, { tutor: true })
  tc = await signedIn(app, { tutor: me.email })
  for (const relation of ['personal', 'potential', 'responded', 'refused', 'appointed', 'removed'] as const)
    for (const status of STATUSES) {
      const tabs = expectedTabs(relation, status)
      if (!tabs) continue
      const { orderId } = await makeOrder(app, { location_online: true })
      // A taken order (4–8) is another tutor's unless it is appointed to me.
      const tutorId = status >= 4 ? (relation === 'appointed' ? me.tutorId! : other.tutorId!) : null
      await db
        .updateTable('orders')
        .set({ status, tutor_id: tutorId, personal_tutor_id: relation === 'personal' ? me.tutorId! : null })
        .where('id', '=', orderId)
        .execute()
      const role = relation === 'responded' || relation === 'refused' ? 'personal' : relation
      const response = relation === 'responded' ? 'responded' : relation === 'refused' ? 'refused' : null
      await db
        .insertInto('order_tutors')
        .values({
          order_id: orderId,
          tutor_id: me.tutorId!,
          role,
          response,
          refused_reason: relation === 'refused' ? 'busy' : null,
        })
        .execute()
      cells.push({ relation, status, orderId, tabs })
    }
})
afterAll(() => app.close())

test('every status × relation is in the tabs docs/domain.md names, and in no other', async () => {
  const inTab = new Map<TutorCategory, Set<number>>()
  for (const category of TUTOR_CATEGORIES) {
    const all: number[] = []
    for (let page = 1; ; page++) {
      const res = await tc.api.get(`/tutor/orders/${category}?page=${page}`)
      expect(res.status).toBe(200)
      all.push(...(res.json.data.items as { id: number }[]).map((i) => i.id))
      if (all.length >= res.json.data.total) break
    }
    inTab.set(category, new Set(all))
  }
  const actual = cells.map((c) => ({
    cell: `${c.relation} in ${c.status}`,
    tabs: TUTOR_CATEGORIES.filter((t) => inTab.get(t)!.has(c.orderId)).sort(),
  }))
  const expected = cells.map((c) => ({ cell: `${c.relation} in ${c.status}`, tabs: [...c.tabs].sort() }))
  expect(actual).toEqual(expected)
})
