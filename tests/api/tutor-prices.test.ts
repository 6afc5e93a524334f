// Tutors set their own price per subject and lesson duration (tRPC tutor.prices and
// admin.tutorPrices): validation (422 on the field), the band following the price, cards, the
// profile and its JSON-LD offers, the catalogue's price filter and sort, the page cache, subjects
// dropped by a profile save, and the seed hook.
import { beforeAll, describe, expect, test } from 'bun:test'
import { seedTutorPrices } from '../../db/seed/tutor-prices'
import { EDITIONS } from '../../common/editions'
import { Client, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { type Ref, makeTutor, referenceFixture } from '../helpers/catalogue'
import type { TrpcReply } from '../helpers/api'

const app = useTestApp({ pages: true })
let ref: Ref
beforeAll(async () => {
  ref = await referenceFixture(app.services.db)
})

const db = () => app.services.db
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!))
const setPrices = (c: Client, input: object) => c.request('POST', '/trpc/tutor.prices.set', { json: input })
/** The field errors in a tRPC-over-HTTP failure (the contract's envelope rides in error.data). */
const fields = (res: { json: unknown }) =>
  (res.json as { error: { data: { envelope: { error: Record<string, string[]> } } } }).error.data.envelope.error

/** A signed-in tutor listed in Lviv (home) and online, teaching maths and English. */
async function listedTutor(name: string) {
  const p = await makePerson(app, { tutor: true })
  const tutorId = p.tutorId!
  await db()
    .updateTable('tutors')
    .set({ name, published: true, active: true, work_home: true, work_online: true })
    .where('id', '=', tutorId)
    .execute()
  await db()
    .insertInto('tutor_subjects')
    .values([
      { tutor_id: tutorId, lesson_id: ref.lessons.math, sort: 0 },
      { tutor_id: tutorId, lesson_id: ref.lessons.english, sort: 1 },
    ])
    .execute()
  await db()
    .insertInto('tutor_places')
    .values({ tutor_id: tutorId, kind: 'home', city_id: ref.cities.lviv, district_id: null })
    .execute()
  return { tutorId, c: await signedIn(app, { tutor: p.email }) }
}

describe('setting prices', () => {
  test('the tutor sets prices per subject and duration; the band and the catalogue follow', async () => {
    const { tutorId, c } = await listedTutor('Ірина Ціна')
    const res = await setPrices(c, {
      currency: 'UAH',
      prices: { [ref.lessons.math]: { 45: '320', 60: 450, 90: '640.50' }, [ref.lessons.english]: { 60: '700' } },
    })
    expect(res.status).toBe(200)
    const saved = (res.json as TrpcReply<'tutor.prices.set'>).result.data
    expect(saved.by_subject).toEqual({
      [ref.lessons.math]: { 45: 32000, 60: 45000, 90: 64050 },
      [ref.lessons.english]: { 60: 70000 },
    })
    expect(saved.currency).toBe('UAH')
    expect(
      ((await c.raw.get('/trpc/tutor.prices.get')).json as TrpcReply<'tutor.prices.get'>).result.data.by_subject,
    ).toEqual(saved.by_subject)

    // The tutor's band and price come from the cheapest hour (450: the 300–600 band).
    const tutor = await db()
      .selectFrom('tutors')
      .select(['price', 'rate_id'])
      .where('id', '=', tutorId)
      .executeTakeFirstOrThrow()
    expect(tutor).toEqual({ price: 450, rate_id: ref.rates.mid })
    // Each listing carries its subject's hour price (minor units) and the band it falls in.
    const listings = await db()
      .selectFrom('catalogue_listings')
      .select(['lesson_id', 'price', 'rate_id'])
      .where('tutor_id', '=', tutorId)
      .where('city_id', '=', ref.cities.lviv)
      .orderBy('lesson_id')
      .execute()
    expect(listings).toEqual(
      [
        { lesson_id: ref.lessons.math, price: 45000, rate_id: ref.rates.mid },
        { lesson_id: ref.lessons.english, price: 70000, rate_id: ref.rates.high },
      ].sort((a, b) => a.lesson_id - b.lesson_id),
    )
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', '=', 'tutor.prices_set')
      .where('entity_id', '=', tutorId)
      .execute()
    expect(audit).toHaveLength(1)

    // Saving again replaces the list: English left out loses its price.
    expect((await setPrices(c, { prices: { [ref.lessons.math]: { 60: 500 } } })).status).toBe(200)
    const rows = await db()
      .selectFrom('tutor_prices')
      .select(['lesson_id', 'minutes', 'price_minor', 'currency'])
      .where('tutor_id', '=', tutorId)
      .execute()
    expect(rows).toEqual([{ lesson_id: ref.lessons.math, minutes: 60, price_minor: 50000, currency: 'UAH' }])
  })

  test('422 on the field: not positive, too high, three decimals, an unknown duration, a subject not taught, another currency, no hour price', async () => {
    const { tutorId, c } = await listedTutor('Петро Перевірка')
    const m = ref.lessons.math
    const cases: [object, string][] = [
      [{ prices: { [m]: { 60: '0' } } }, `prices.${m}.60`],
      [{ prices: { [m]: { 60: -100 } } }, `prices.${m}.60`],
      [{ prices: { [m]: { 60: '20001' } } }, `prices.${m}.60`],
      [{ prices: { [m]: { 60: '10.123' } } }, `prices.${m}.60`],
      [{ prices: { [m]: { 60: 'abc' } } }, `prices.${m}.60`],
      [{ prices: { [m]: { 30: 200, 60: 300 } } }, `prices.${m}.30`],
      [{ prices: { 999999: { 60: 300 } } }, 'prices.999999'],
      [{ prices: { [m]: { 60: 300 } }, currency: 'USD' }, 'currency'],
      [{ prices: { [m]: { 45: 300 } } }, `prices.${m}.60`],
    ]
    for (const [input, field] of cases) {
      const res = await setPrices(c, input)
      expect(res.status, JSON.stringify(input)).toBe(422)
      expect(Object.keys(fields(res)), JSON.stringify(input)).toContain(field)
    }
    expect(await db().selectFrom('tutor_prices').select('minutes').where('tutor_id', '=', tutorId).execute()).toEqual(
      [],
    )
    // An empty price removes that duration; the highest sane price is accepted.
    expect((await setPrices(c, { prices: { [m]: { 45: '', 60: '20000', 90: null } } })).status).toBe(200)
  })

  test("only tutors set their own; staff of the tutors area set anyone's; others are refused", async () => {
    const { tutorId } = await listedTutor('Семен Штат')
    expect((await setPrices(new Client(app.url), { prices: {} })).status).toBe(401)
    const client = await makePerson(app, { client: true })
    expect((await setPrices(await signedIn(app, { client: client.email }), { prices: {} })).status).toBe(403)
    const content = await signedIn(app, { staff: (await makeStaff(app, 3)).email })
    expect(
      (await content.request('POST', '/trpc/admin.tutorPrices.set', { json: { tutor_id: tutorId, prices: {} } }))
        .status,
    ).toBe(403)
    const manager = await signedIn(app, { staff: (await makeStaff(app, 2)).email })
    const res = await manager.request('POST', '/trpc/admin.tutorPrices.set', {
      json: { tutor_id: tutorId, prices: { [ref.lessons.english]: { 60: 380 } } },
    })
    expect(res.status).toBe(200)
    const got = await manager.raw.get(
      `/trpc/admin.tutorPrices.get?input=${encodeURIComponent(JSON.stringify({ tutor_id: tutorId }))}`,
    )
    expect((got.json as TrpcReply<'admin.tutorPrices.get'>).result.data.by_subject).toEqual({
      [ref.lessons.english]: { 60: 38000 },
    })
    expect(
      (await manager.request('POST', '/trpc/admin.tutorPrices.set', { json: { tutor_id: 999999, prices: {} } })).status,
    ).toBe(404)
  })

  test('a profile save that drops a subject drops its prices; the band follows', async () => {
    const { tutorId, c } = await listedTutor('Дана Скорочена')
    await setPrices(c, { prices: { [ref.lessons.math]: { 60: 250 }, [ref.lessons.english]: { 60: 650 } } })
    expect(
      (await db().selectFrom('tutors').select('rate_id').where('id', '=', tutorId).executeTakeFirstOrThrow()).rate_id,
    ).toBe(ref.rates.low)
    const save = await c.api.post('/tutor/profile/save', { tutor: { subjects: [{ subject_id: ref.lessons.english }] } })
    expect(save.status).toBe(200)
    expect(
      await db()
        .selectFrom('tutor_prices')
        .select(['lesson_id', 'price_minor'])
        .where('tutor_id', '=', tutorId)
        .execute(),
    ).toEqual([{ lesson_id: ref.lessons.english, price_minor: 65000 }])
    expect(
      await db().selectFrom('tutors').select(['price', 'rate_id']).where('id', '=', tutorId).executeTakeFirstOrThrow(),
    ).toEqual({ price: 650, rate_id: ref.rates.high })
  })
})

describe('what visitors see', () => {
  test("cards show the catalogue subject's hour price; the profile every duration; JSON-LD offers price and currency", async () => {
    const { tutorId, c } = await listedTutor('Олена Показ')
    await setPrices(c, {
      prices: { [ref.lessons.math]: { 45: 300, 60: 400 }, [ref.lessons.english]: { 60: 550, 90: 800 } },
    })
    const anon = new Client(app.url)
    const card = async (lesson: string) =>
      (await anon.api.get(`/client/tutors?lesson=${lesson}&city=lviv`)).json.data.items.find((i) => i.id === tutorId)
    expect((await card('matematyka'))?.price).toEqual({
      amount_minor: 40000,
      currency: 'UAH',
      minutes: 60,
      lesson_id: ref.lessons.math,
    })
    expect((await card('anglijska'))?.price).toEqual({
      amount_minor: 55000,
      currency: 'UAH',
      minutes: 60,
      lesson_id: ref.lessons.english,
    })

    const profile = (await anon.api.get(`/client/tutor/get?id=${tutorId}`)).json.data
    expect(profile.price).toMatchObject({ amount_minor: 40000, minutes: 60 })
    expect(profile.lessons.map((l) => [l.id, l.prices])).toEqual([
      [
        ref.lessons.math,
        [
          { minutes: 45, amount_minor: 30000 },
          { minutes: 60, amount_minor: 40000 },
        ],
      ],
      [
        ref.lessons.english,
        [
          { minutes: 60, amount_minor: 55000 },
          { minutes: 90, amount_minor: 80000 },
        ],
      ],
    ])

    const res = await fetch(`${app.url}/user-${tutorId}/`)
    const html = await res.text()
    expect(res.status).toBe(200)
    expect(html).toContain('400 ₴ / 60 хв')
    const service = jsonLd(html).find((j) => j['@type'] === 'Service')
    expect(service.provider).toMatchObject({ '@type': 'Person', name: 'Олена Показ' })
    expect(service.offers).toEqual([
      expect.objectContaining({ '@type': 'Offer', price: '300.00', priceCurrency: 'UAH', name: 'Математика, 45 min' }),
      expect.objectContaining({ price: '400.00', priceCurrency: 'UAH', name: 'Математика, 60 min' }),
      expect.objectContaining({ price: '550.00', priceCurrency: 'UAH', name: 'Англійська мова, 60 min' }),
      expect.objectContaining({ price: '800.00', priceCurrency: 'UAH', name: 'Англійська мова, 90 min' }),
    ])
    // Without prices there is no offer at all.
    const bare = await makeTutor(db(), { subjects: [{ lesson: ref.lessons.math }], online: true })
    expect(jsonLd(await (await fetch(`${app.url}/user-${bare}/`)).text()).some((j) => j['@type'] === 'Service')).toBe(
      false,
    )
  })

  test('status 6 school tutors show the school base rates per level, not their own price', async () => {
    const id = await makeTutor(db(), {
      name: 'Школа Тест',
      status: 6,
      subjects: [{ lesson: ref.lessons.english }],
      online: true,
      price: 999,
    })
    const html = await (await fetch(`${app.url}/user-${id}/`)).text()
    const rates = EDITIONS.ua.schoolRates!
    expect(html).toContain(`${rates.base[0]}–${rates.base[1]} ₴`)
    expect(html).toContain('Базовий рівень')
    expect(html).toContain('Поглиблений рівень')
    expect(html).toContain(`${rates.advanced[0]}–${rates.advanced[1]} ₴`)
  })

  test("the price filter and sort use each tutor's price for the catalogue's subject, and pages kept in memory follow a change", async () => {
    // Online English only, so earlier tests' tutors stay out: three tutors, cheap and dear per subject.
    const make = (name: string, math: number, english: number) =>
      makeTutor(db(), {
        name,
        subjects: [{ lesson: ref.lessons.math }, { lesson: ref.lessons.english }],
        online: true,
        prices: { [ref.lessons.math]: { 60: math }, [ref.lessons.english]: { 60: english } },
      })
    const x = await make('X', 200, 900)
    const y = await make('Y', 500, 100)
    const z = await make('Z', 800, 450)
    const anon = new Client(app.url)
    const ids = async (q: string) => {
      const items = (await anon.api.get(`/client/tutors?online=1&${q}`)).json.data.items as { id: number }[]
      return items.map((i) => i.id).filter((id) => [x, y, z].includes(id))
    }
    expect(await ids('lesson=matematyka&sort=price')).toEqual([x, y, z])
    expect(await ids('lesson=anglijska&sort=price')).toEqual([y, z, x])
    expect(await ids('lesson=anglijska&sort=price_desc')).toEqual([x, z, y])
    expect(await ids('lesson=matematyka&price_min=300&price_max=600')).toEqual([y])
    expect(await ids('lesson=anglijska&price_min=300&price_max=600')).toEqual([z])
    // The band filter takes the band each subject's price falls in.
    expect(await ids(`lesson=anglijska&rate_id=${ref.rates.low}&sort=price`)).toEqual([y])
    expect(await ids(`lesson=matematyka&rate_id=${ref.rates.low}&sort=price`)).toEqual([x])

    // A new price moves the tutor on the (kept) sorted page at once.
    const staff = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
    const set = await staff.request('POST', '/trpc/admin.tutorPrices.set', {
      json: { tutor_id: x, prices: { [ref.lessons.math]: { 60: 50 }, [ref.lessons.english]: { 60: 50 } } },
    })
    expect(set.status).toBe(200)
    expect(await ids('lesson=anglijska&sort=price')).toEqual([x, y, z])
    expect(await ids('lesson=matematyka&price_min=300&price_max=600')).toEqual([y])
  })
})

describe('seed hook', () => {
  test('tutors without prices get deterministic ones from their band; priced ones keep theirs', async () => {
    const ed = EDITIONS.ua
    const inBand = await makeTutor(db(), {
      subjects: [{ lesson: ref.lessons.math }, { lesson: ref.lessons.english }],
      online: true,
      rate: ref.rates.mid,
    })
    const withOld = await makeTutor(db(), { subjects: [{ lesson: ref.lessons.math }], online: true })
    await db().updateTable('tutors').set({ price: 275 }).where('id', '=', withOld).execute()
    const own = await makeTutor(db(), {
      subjects: [{ lesson: ref.lessons.math }],
      online: true,
      prices: { [ref.lessons.math]: { 60: 333 } },
    })
    const priced = await seedTutorPrices(db(), ed, [inBand, withOld, own])
    expect(priced.sort()).toEqual([inBand, withOld].sort())
    const hour = async (id: number) =>
      (
        await db()
          .selectFrom('tutor_prices')
          .select(['lesson_id', 'price_minor'])
          .where('tutor_id', '=', id)
          .where('minutes', '=', 60)
          .orderBy('lesson_id')
          .execute()
      ).map((r) => r.price_minor)
    const band = await hour(inBand)
    expect(band).toHaveLength(2)
    for (const minor of band) expect(minor >= 30000 && minor < 60000).toBe(true)
    expect(await hour(withOld)).toEqual([27500])
    expect(await hour(own)).toEqual([33300])
    expect(
      (await db().selectFrom('tutors').select('rate_id').where('id', '=', withOld).executeTakeFirstOrThrow()).rate_id,
    ).toBe(ref.rates.low)
    // Deterministic and idempotent: a second run adds nothing.
    expect(await seedTutorPrices(db(), ed, [inBand, withOld, own])).toEqual([])
  })
})
