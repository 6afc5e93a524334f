// Paths the API spells as the spec does: the tutor rules resource, the telephony calls under the
// telephony prefix (beside the short spellings), and the news list by POST as well as GET.
import { describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { OrderStatus } from '../../common/order-status'
import { AVATAR_MAX_SIDE } from '../../server/domain/tutors/avatar'
import { makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { makeOrder } from '../helpers/orders'

const app = useTestApp()

async function staff(status: 1 | 2 | 3 | 4) {
  const s = await makeStaff(app, status)
  return { id: s.id, c: await signedIn(app, { staff: s.email }) }
}

describe('GET /admin/resources/tutor_rules', () => {
  test('the statuses, toggles, limits and points table the server enforces; staff of the tutors area only', async () => {
    const s = await staff(1)
    const res = await s.c.api.get('/admin/resources/tutor_rules')
    expect(res.status).toBe(200)
    const data = res.json.data
    expect(data.statuses).toEqual({ new: 1, published: 2, school: 6 })
    expect(data.toggles).toContain('potential_school_tutor')
    expect(data.avatar.max_side).toBe(AVATAR_MAX_SIDE)
    expect(data.ranking.find((r: { reason: string }) => r.reason === 'photo')).toEqual({ reason: 'photo', max: 10 })
    const tutor = await makePerson(app, { tutor: true })
    expect((await (await signedIn(app, { tutor: tutor.email })).api.get('/admin/resources/tutor_rules')).status).toBe(
      403,
    )
  })
})

describe('telephony under /admin/telephony/', () => {
  test('income/delete and call/outcome_* answer there as under the short paths', async () => {
    const s = await staff(1)
    const tutor = await makePerson(app, { tutor: true })
    const order = await makeOrder(app, { status: OrderStatus.Appointed, tutor_id: tutor.tutorId! })
    const toClient = await s.c.api.post('/admin/telephony/call/outcome_new', {
      order_id: order.orderId,
      recipient: 'client',
      recipient_id: order.clientId!,
    })
    expect(toClient.status).toBe(200)
    expect(toClient.json.data).toMatchObject({ direction: 'out', recipient: 'client', order_id: order.orderId })
    const direct = await s.c.api.post('/admin/telephony/call/outcome_call_to_tutor', { tutor_id: tutor.tutorId! })
    expect(direct.status).toBe(200)
    expect(direct.json.data).toMatchObject({ direction: 'out', recipient: 'tutor', recipient_id: tutor.tutorId })

    const income = await app.services.db
      .insertInto('calls')
      .values({ edition: 'ua', direction: 'in', provider: 'local', from_number: '+380671234567', status: 'completed' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const back = await s.c.api.post('/admin/telephony/call/outcome_to_income', { call_id: income.id })
    expect(back.status).toBe(200)
    expect(back.json.data).toMatchObject({ direction: 'out', income_call_id: income.id })
    const del = await s.c.api.post(`/admin/telephony/income/delete?id=${income.id}`)
    expect(del.status).toBe(200)
    expect(del.json.data).toEqual({ deleted: true })
    // Deleted: both spellings now say so.
    expect((await s.c.api.post(`/admin/telephony/income/delete?id=${income.id}`)).status).toBe(404)
    expect((await s.c.api.post(`/admin/income/delete?id=${income.id}`)).status).toBe(404)
  })
})

describe('/admin/news/get', () => {
  test('answers POST with the same list as GET', async () => {
    const s = await staff(1)
    await app.services.db
      .insertInto('news')
      .values({ edition: 'ua', alias: 'spec-post', titles: sql`'{"ua":"Новина"}'::jsonb` })
      .execute()
    const byGet = await s.c.api.get('/admin/news/get?page=1')
    const byPost = await s.c.api.post('/admin/news/get', { page: 1 })
    expect(byGet.status).toBe(200)
    expect(byPost.status).toBe(200)
    expect(byPost.json.data).toEqual(byGet.json.data)
    expect(byPost.json.data.items.map((n: { alias: string }) => n.alias)).toContain('spec-post')
  })
})
