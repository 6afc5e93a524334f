// One set of TOP rules (server/domain/catalogue/top-rules.ts) for both ways a placement is made:
// what a tutor is offered is what staff may place for it, a slot it may not hold is refused with the
// same 422 either way, and staff placements and purchases share one cap per slot.
import { beforeAll, describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { staffAddMoney, walletBalance } from '../../server/domain/people/wallet'
import { systemScope } from '../../server/domain/shared/scope'
import { fieldErrors } from '../helpers/api'
import { type Client, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { type Ref, makeTutor, referenceFixture } from '../helpers/catalogue'

const app = useTestApp()
let ref: Ref
let staff: Client
beforeAll(async () => {
  ref = await referenceFixture(app.services.db)
  staff = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
})

const period = (days = 30) => ({
  starts_at: new Date(Date.now() - 60_000).toISOString(),
  ends_at: new Date(Date.now() + days * 86400_000).toISOString(),
})

/** A tutor who can sign in, teaching `lessons` in `city` (travel) and online, with `money` minor units in the wallet. */
async function tutor(o: { lessons: number[]; city: number; money: number }) {
  const db = app.services.db
  const p = await makePerson(app, { tutor: true })
  const id = p.tutorId!
  await db
    .updateTable('tutors')
    .set({ work_online: true, work_travel: true, published: true, active: true })
    .where('id', '=', id)
    .execute()
  for (const [i, lesson] of o.lessons.entries())
    await db
      .insertInto('tutor_subjects')
      .values({ tutor_id: id, lesson_id: lesson, description: '', sort: i })
      .execute()
  await db.insertInto('tutor_places').values({ tutor_id: id, kind: 'travel', city_id: o.city }).execute()
  if (o.money)
    await staffAddMoney(systemScope(db, app.services.edition, { actor: { kind: 'staff', id: null } }), {
      tutor_id: id,
      sum_minor: o.money,
    })
  return { id, c: await signedIn(app, { tutor: p.email }) }
}

const balance = (id: number) => walletBalance(app.services.db, id, app.services.edition.currency)
const topCount = async (id: number) =>
  (
    await app.services.db
      .selectFrom('tops')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('tutor_id', '=', id)
      .executeTakeFirstOrThrow()
  ).n

describe('TOP rules shared by staff placements and purchases', () => {
  test('the offers are the slots the tutor may hold, at the edition price; others are the same 422 both ways', async () => {
    const t = await tutor({ lessons: [ref.lessons.math, ref.lessons.english], city: ref.cities.kyiv, money: 100_000 })
    const offers = (await t.c.api.get('/tutor/top/get')).json.data.offers
    const slots = [...new Set(offers.map((o) => `${o.lesson_id}:${o.city_id}`))].sort()
    expect(slots).toEqual(
      [
        `${ref.lessons.english}:${ref.cities.kyiv}`,
        `${ref.lessons.english}:null`,
        `${ref.lessons.math}:${ref.cities.kyiv}`,
        `${ref.lessons.math}:null`,
      ].sort(),
    )
    // ua prices (UAH 150 / 270 / 500), whole units and minor units agreeing.
    expect(
      offers
        .filter((o) => o.lesson_id === ref.lessons.math && o.city_id === null)
        .map((o) => [o.days, o.price, o.price_minor, o.currency]),
    ).toEqual([
      [7, '150.00', 15_000, 'UAH'],
      [14, '270.00', 27_000, 'UAH'],
      [30, '500.00', 50_000, 'UAH'],
    ])

    // A city without a place of the tutor: city_id refused by staff and by the purchase alike.
    const staffElsewhere = await staff.api.post('/admin/top/create', {
      tutor_id: t.id,
      lesson_id: ref.lessons.math,
      city_id: ref.cities.lviv,
      ...period(),
    })
    const boughtElsewhere = await t.c.api.post('/tutor/top/pay_from_wallet', {
      lesson_id: ref.lessons.math,
      city_id: ref.cities.lviv,
      days: 7,
    })
    expect([staffElsewhere.status, boughtElsewhere.status]).toEqual([422, 422])
    expect(Object.keys(fieldErrors(staffElsewhere.json))).toEqual(['city_id'])
    expect(Object.keys(fieldErrors(boughtElsewhere.json))).toEqual(['city_id'])
    // An offered slot: staff may place it, and the tutor may buy it.
    expect(
      (
        await staff.api.post('/admin/top/create', {
          tutor_id: t.id,
          lesson_id: ref.lessons.english,
          city_id: ref.cities.kyiv,
          ...period(),
        })
      ).status,
    ).toBe(200)
    expect(
      (await t.c.api.post('/tutor/top/pay_from_wallet', { lesson_id: ref.lessons.math, city_id: null, days: 7 }))
        .status,
    ).toBe(200)
    expect(await balance(t.id)).toBe(100_000 - 15_000)
    // A bought placement starts at once: the catalogue marks it without waiting for the sweep.
    const online = (await t.c.api.get('/client/tutors?lesson=matematyka&online=1')).json.data.items
    expect(online.find((i) => i.id === t.id)).toMatchObject({ is_top: true })
  })

  test('one cap per slot: staff placements fill it for buyers, and a purchase counts against staff', async () => {
    const db = app.services.db
    const lesson = ref.lessons.english
    const city = ref.cities.lviv
    const placed: number[] = []
    for (let i = 0; i < 10; i++) {
      const other = await makeTutor(db, { subjects: [{ lesson }], places: [{ kind: 'travel', city }] })
      const res = await staff.api.post('/admin/top/create', {
        tutor_id: other,
        lesson_id: lesson,
        city_id: city,
        ...period(),
      })
      expect(res.status).toBe(200)
      placed.push(res.json.data.id)
    }
    const buyer = await tutor({ lessons: [lesson], city, money: 50_000 })
    const full = await buyer.c.api.post('/tutor/top/pay_from_wallet', { lesson_id: lesson, city_id: city, days: 14 })
    expect(full.status).toBe(409)
    expect(full.json.error).toBe('wrong_status')
    expect([await balance(buyer.id), await topCount(buyer.id)]).toEqual([50_000, 0])

    // One staff placement removed: the tutor buys the freed place, and then staff cannot add an 11th.
    expect((await staff.api.post('/admin/top/delete', { id: placed[0]! })).status).toBe(200)
    const bought = await buyer.c.api.post('/tutor/top/pay_from_wallet', { lesson_id: lesson, city_id: city, days: 14 })
    expect(bought.status).toBe(200)
    expect([await balance(buyer.id), await topCount(buyer.id)]).toEqual([50_000 - 27_000, 1])
    const late = await makeTutor(db, { subjects: [{ lesson }], places: [{ kind: 'travel', city }] })
    expect(
      (await staff.api.post('/admin/top/create', { tutor_id: late, lesson_id: lesson, city_id: city, ...period() }))
        .status,
    ).toBe(409)
  })
})
