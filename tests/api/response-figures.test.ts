// How a tutor answers personal requests feeds the ranking (server/domain/orders/response-figures.ts):
// the median minutes to an answer, the share answered (an unanswered request counts once 24 hours
// old), requests ignored for 48 hours, within 90 days; kept on the tutor and shown in "why here".
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { refreshListings } from '../../server/domain/catalogue/listings'
import { sweepResponseFigures } from '../../server/domain/orders/response-figures'
import { Client, type TestApp, makePerson, signedIn, startTestApp } from '../helpers/app'
import { type Ref, referenceFixture } from '../helpers/catalogue'
import { makeOrder } from '../helpers/orders'

let app: TestApp
let ref: Ref
let tutorId: number
let tc: Client

beforeAll(async () => {
  app = await startTestApp()
  ref = await referenceFixture(app.services.db)
  const p = await makePerson(app, { tutor: true })
  tutorId = p.tutorId!
  tc = await signedIn(app, { tutor: p.email })
  // Listed online for mathematics, so the catalogue card shows the figures.
  const db = app.services.db
  await db
    .insertInto('tutor_subjects')
    .values({ tutor_id: tutorId, lesson_id: ref.lessons.math, description: '', sort: 0 })
    .execute()
  await db
    .updateTable('tutors')
    .set({ published: true, active: true, work_online: true })
    .where('id', '=', tutorId)
    .execute()
  await refreshListings(db, [tutorId])
})
afterAll(() => app.close())

/** A personal request to the tutor, offered `minutesAgo` minutes ago. */
async function personalRequest(minutesAgo: number) {
  const { orderId } = await makeOrder(app, {
    kind: 'personal',
    personal_tutor_id: tutorId,
    lesson_id: ref.lessons.math,
    location_online: true,
  })
  await app.services.db
    .updateTable('order_tutors')
    .set({ created_at: sql<Date>`now() - make_interval(mins => ${minutesAgo})` })
    .where('order_id', '=', orderId)
    .where('tutor_id', '=', tutorId)
    .execute()
  return orderId
}

const figures = () =>
  app.services.db
    .selectFrom('tutors')
    .select(['response_minutes', 'response_rate', 'ignored_requests'])
    .where('id', '=', tutorId)
    .executeTakeFirstOrThrow()

async function whyHere() {
  const res = await new Client(app.url).api.get('/client/tutors?lesson=matematyka&online=1')
  const card = res.json.data.items.find((i: { id: number }) => i.id === tutorId)
  expect(card).toBeDefined()
  return Object.fromEntries(card!.why.parts.map((p: { reason: string; points: number }) => [p.reason, p.points]))
}

describe('response figures', () => {
  test('an answer sets the response time and rate at once, and the card shows them', async () => {
    const first = await personalRequest(30)
    expect((await tc.api.post('/tutor/order/respond_personal', { order_id: first })).status).toBe(200)
    expect(await figures()).toEqual({ response_minutes: 30, response_rate: 1, ignored_requests: 0 })
    // 30 minutes is bucket 3 (docs/product.md#9-business-constants-and-limits): 15 − 3 × 3 = 6 points; all answered: 10
    // points.
    expect(await whyHere()).toMatchObject({ response_time: 6, response_rate: 10 })
  })

  test('a request left unanswered for 48 hours is ignored and lowers the rate once the sweep sees it age', async () => {
    await personalRequest(72 * 60)
    // Nothing changes until the sweep: no action touched the tutor.
    expect((await figures()).ignored_requests).toBe(0)
    expect(await sweepResponseFigures(app.services.db, new Date(Date.now() - 25 * 3_600_000))).toBeGreaterThanOrEqual(1)
    expect(await figures()).toEqual({ response_minutes: 30, response_rate: 0.5, ignored_requests: 1 })
    expect(await whyHere()).toMatchObject({ response_rate: 5, ignored_requests: -5 })
  })

  test('a declined request is an answer; a fresh unanswered one does not count yet; the median is taken', async () => {
    const declined = await personalRequest(120)
    expect(
      (
        await tc.api.post('/tutor/order/set_refused_reason', {
          order_id: declined,
          refused_reason: 'Немає вільного часу',
        })
      ).status,
    ).toBe(200)
    await personalRequest(10) // under 24 hours and unanswered: neither answered nor counted
    const f = await figures()
    expect(f).toMatchObject({ response_minutes: 75, ignored_requests: 1 })
    expect(f.response_rate).toBeCloseTo(2 / 3, 5)
  })

  test('requests older than 90 days leave the figures', async () => {
    await app.services.db
      .updateTable('order_tutors')
      .set({ created_at: sql<Date>`now() - interval '91 days'` })
      .where('tutor_id', '=', tutorId)
      .where('response', 'is', null)
      .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute()
    await sweepResponseFigures(app.services.db, new Date(Date.now() - 2 * 86_400_000))
    const f = await figures()
    expect(f).toMatchObject({ response_minutes: 75, ignored_requests: 0 })
    expect(f.response_rate).toBe(1)
  })
})
