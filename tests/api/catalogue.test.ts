// Listing rules, TOP caps, filters, sort orders, pagination, g_bot, and the profile reads.
import { beforeAll, describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { jsonb } from '../../db/jsonb'
import { clearAliasCache } from '../../server/domain/catalogue/aliases'
import { refreshListings, sweepTops } from '../../server/domain/catalogue/listings'
import { Client, useTestApp } from '../helpers/app'
import { type Ref, addTop, makeTutor, referenceFixture } from '../helpers/catalogue'

const app = useTestApp()
let ref: Ref
let c: Client
beforeAll(async () => {
  ref = await referenceFixture(app.services.db)
  c = new Client(app.url)
})

const ids = (res: { json: { data: { items: { id: number }[] } } }) => res.json.data.items.map((i) => i.id)

describe('what is listed', () => {
  test('published, active, not deleted, with a subject and a place; or online', async () => {
    const db = app.services.db
    const math = [{ lesson: ref.lessons.math }]
    const inLviv = [{ kind: 'home' as const, city: ref.cities.lviv }]
    const listed = await makeTutor(db, { subjects: math, places: inLviv })
    const unpublished = await makeTutor(db, { subjects: math, places: inLviv, published: false })
    const inactive = await makeTutor(db, { subjects: math, places: inLviv, active: false })
    const deleted = await makeTutor(db, { subjects: math, places: inLviv, deleted: true })
    const noSubject = await makeTutor(db, { places: inLviv })
    const noPlace = await makeTutor(db, { subjects: math })
    const onlineOnly = await makeTutor(db, { subjects: math, online: true })

    const lviv = ids(await c.api.get('/client/tutors?lesson=matematyka&city=lviv'))
    expect(lviv).toContain(listed)
    for (const hidden of [unpublished, inactive, deleted, noSubject, noPlace, onlineOnly])
      expect(lviv).not.toContain(hidden)
    const online = ids(await c.api.get('/client/tutors?lesson=matematyka&online=1'))
    expect(online).toContain(onlineOnly)
    expect(online).not.toContain(listed)
    // Any city: every offline tutor of the subject.
    expect(ids(await c.api.get('/client/tutors?lesson=matematyka'))).toContain(listed)

    // Unpublishing a listed tutor removes them once the listing is rebuilt (as every staff action does).
    await db.updateTable('tutors').set({ published: false }).where('id', '=', listed).execute()
    await refreshListings(db, [listed])
    expect(ids(await c.api.get('/client/tutors?lesson=matematyka&city=lviv'))).not.toContain(listed)
  })

  test('an unknown subject, city, district or level slug is 404', async () => {
    for (const q of [
      'lesson=nope',
      'lesson=matematyka&city=atlantis',
      'lesson=matematyka&city=kyiv&district=sykhiv',
      'lesson=matematyka&level=b2',
      '',
    ]) {
      const res = await c.raw.get(`/client/tutors?${q}`)
      expect(res.status).toBe(404)
      expect(res.json).toEqual({ status: 'fail', error: 'not_found' })
    }
  })
})

describe('TOP placement', () => {
  test('at most 10 per city and subject offline, always marked; the rest rank normally', async () => {
    const db = app.services.db
    const tutors: number[] = []
    for (let i = 0; i < 12; i++) {
      const id = await makeTutor(db, {
        subjects: [{ lesson: ref.lessons.english }],
        places: [{ kind: 'travel', city: ref.cities.kyiv }],
      })
      await addTop(db, { tutor: id, lesson: ref.lessons.english, city: ref.cities.kyiv, startedMinutesAgo: 100 - i })
      tutors.push(id)
    }
    const plain = await makeTutor(db, {
      subjects: [{ lesson: ref.lessons.english }],
      places: [{ kind: 'travel', city: ref.cities.kyiv }],
      reviewCount: 20,
      reviewAvg: 5,
      avatar: true,
    })
    const res = await c.api.get('/client/tutors?lesson=anglijska&city=kyiv')
    const items = res.json.data.items as { id: number; is_top: boolean; why: { top: boolean } }[]
    const top = items.filter((i) => i.is_top)
    expect(top.map((i) => i.id)).toEqual(tutors.slice(0, 10))
    expect(top.every((i) => i.why.top)).toBe(true)
    // TOP first, then by points: the strong plain tutor comes right after the TOP block.
    expect(items[10]!.id).toBe(plain)
  })

  test('at most 20 per subject online', async () => {
    const db = app.services.db
    const tutors: number[] = []
    for (let i = 0; i < 22; i++) {
      const id = await makeTutor(db, { subjects: [{ lesson: ref.lessons.english }], online: true })
      await addTop(db, { tutor: id, lesson: ref.lessons.english, city: null, startedMinutesAgo: 100 - i })
      tutors.push(id)
    }
    const res = await c.api.get('/client/tutors?lesson=anglijska&online=1')
    expect(res.json.data.items.filter((i) => i.is_top).map((i) => i.id)).toEqual(tutors.slice(0, 20))
  })

  test('an ended TOP period stops counting after the sweep, and the next in line moves in', async () => {
    const db = app.services.db
    const first = await db
      .selectFrom('tops')
      .select(['id', 'tutor_id'])
      .where('city_id', 'is', null)
      .orderBy('starts_at')
      .executeTakeFirstOrThrow()
    const since = new Date(Date.now() - 1000)
    await db
      .updateTable('tops')
      .set({ ends_at: sql`now() - interval '1 millisecond'` })
      .where('id', '=', first.id)
      .execute()
    await sweepTops(db, since)
    const res = await c.api.get('/client/tutors?lesson=anglijska&online=1')
    const top = res.json.data.items.filter((i) => i.is_top).map((i) => i.id)
    expect(top).toHaveLength(20)
    expect(top).not.toContain(first.tutor_id)
  })
})

describe('filters, sorting and pages', () => {
  let a: number, b: number, d: number
  beforeAll(async () => {
    const db = app.services.db
    const city = ref.cities.lviv
    a = await makeTutor(db, {
      name: 'A',
      subjects: [{ lesson: ref.lessons.math, levels: [ref.levels.school] }],
      places: [{ kind: 'home', city, district: ref.districts.sykhiv }],
      price: 250,
      rate: ref.rates.low,
      reviewCount: 3,
      reviewAvg: 4.9,
    })
    b = await makeTutor(db, {
      name: 'B',
      subjects: [{ lesson: ref.lessons.math, levels: [ref.levels.exam] }],
      places: [{ kind: 'home', city }],
      price: 700,
      rate: ref.rates.high,
      reviewCount: 12,
      reviewAvg: 4.2,
    })
    d = await makeTutor(db, {
      name: 'D',
      subjects: [{ lesson: ref.lessons.math, levels: [ref.levels.school, ref.levels.exam] }],
      places: [{ kind: 'travel', city }],
      price: 450,
      rate: ref.rates.mid,
      reviewCount: 0,
      avatar: true,
      description: 'x'.repeat(300),
    })
  })

  const q = (s: string) => c.api.get(`/client/tutors?lesson=matematyka&city=lviv&${s}`).then(ids)
  const only = (list: number[]) => list.filter((i) => [a, b, d].includes(i))

  test('district, level, price band and price range', async () => {
    expect(only(await q('district=sykhiv'))).toEqual([a])
    expect(only(await q('level=nmt')).sort()).toEqual([b, d].sort())
    expect(only(await q(`rate_id=${ref.rates.mid}`))).toEqual([d])
    expect(only(await q('price_min=300&price_max=800')).sort()).toEqual([b, d].sort())
  })

  test('sort by price both ways, by rating and by review count', async () => {
    expect(only(await q('sort=price'))).toEqual([a, d, b])
    expect(only(await q('sort=price_desc'))).toEqual([b, d, a])
    expect(only(await q('sort=rating'))).toEqual([a, b, d])
    expect(only(await q('sort=reviews'))).toEqual([b, a, d])
  })

  test('ranking order follows the documented points, and each card explains its place', async () => {
    const res = await c.api.get('/client/tutors?lesson=matematyka&city=lviv')
    const cards = (
      res.json.data.items as { id: number; why: { points: number; parts: { reason: string; points: number }[] } }[]
    ).filter((i) => [a, b, d].includes(i.id))
    for (const card of cards) expect(card.why.parts.reduce((s, p) => s + p.points, 0)).toBe(card.why.points)
    const points = cards.map((x) => x.why.points)
    expect(points).toEqual([...points].sort((x, y) => y - x))
    const dCard = cards.find((x) => x.id === d)!
    expect(dCard.why.parts.map((p) => p.reason).sort()).toEqual(['description', 'photo'])
  })

  test('the `query` parameter as JSON text works like plain parameters, and g_bot gets the same data', async () => {
    const plain = await c.api.get('/client/tutors?lesson=matematyka&city=lviv&sort=price')
    const json = await c.api.get(
      `/client/tutors?query=${encodeURIComponent(JSON.stringify({ lesson: 'matematyka', city: 'lviv', sort: 'price' }))}`,
    )
    const bot = await c.api.get('/client/tutors?lesson=matematyka&city=lviv&sort=price&g_bot=1')
    expect(json.json).toEqual(plain.json)
    expect(bot.json).toEqual(plain.json)
  })

  test('pages of 20 with total and pages', async () => {
    const db = app.services.db
    for (let i = 0; i < 23; i++)
      await makeTutor(db, {
        subjects: [{ lesson: ref.lessons.math }],
        places: [{ kind: 'home', city: ref.cities.kyiv, district: ref.districts.obolon }],
      })
    const p1 = await c.api.get('/client/tutors?lesson=matematyka&city=kyiv&district=obolon')
    const p2 = await c.api.get('/client/tutors?lesson=matematyka&city=kyiv&district=obolon&page=2')
    expect(p1.json.data).toMatchObject({ total: 23, pages: 2, page: 1, per_page: 20 })
    expect(p1.json.data.items).toHaveLength(20)
    expect(p2.json.data.items).toHaveLength(3)
    expect(new Set([...ids(p1), ...ids(p2)]).size).toBe(23)
    expect(p1.json.data.path).toBe('/tutors/matematyka/kyiv/obolon/')
  })

  test('unfiltered pages carry the slot total on every page, past the last one and for an empty slot', async () => {
    const db = app.services.db
    const before = (await c.api.get('/client/tutors?lesson=matematyka&city=kyiv')).json.data.total as number
    for (let i = 0; i < 21; i++)
      await makeTutor(db, {
        subjects: [{ lesson: ref.lessons.math }],
        places: [{ kind: 'home', city: ref.cities.kyiv }],
      })
    const total = before + 21
    const pages = Math.ceil(total / 20)
    const p1 = await c.api.get('/client/tutors?lesson=matematyka&city=kyiv')
    const last = await c.api.get(`/client/tutors?lesson=matematyka&city=kyiv&page=${pages}`)
    const past = await c.api.get(`/client/tutors?lesson=matematyka&city=kyiv&page=${pages + 1}`)
    expect(p1.json.data).toMatchObject({ total, pages, page: 1 })
    expect(last.json.data).toMatchObject({ total, pages, page: pages })
    expect(last.json.data.items).toHaveLength(total - (pages - 1) * 20)
    expect(past.json.data).toMatchObject({ total, pages, items: [] })
    // A subject nobody teaches yet: no slot row at all.
    await db
      .insertInto('lessons')
      .values({ edition: 'ua', alias: 'khimiia', names: jsonb({ ua: 'Хімія' }) })
      .execute()
    clearAliasCache()
    const empty = await c.api.get('/client/tutors?lesson=khimiia&online=1')
    expect(empty.json.data).toMatchObject({ total: 0, pages: 1, items: [] })
  })

  test('every page of every sort is the next slice of one order (the keys are paged before the tutors are read)', async () => {
    const db = app.services.db
    const kyiv = ref.cities.kyiv
    const orders = {
      rank: sql`is_top desc, rank_points desc, tutor_id`,
      price: sql`price asc nulls last, tutor_id`,
      price_desc: sql`price desc nulls last, tutor_id`,
      rating: sql`rating desc, review_count desc, tutor_id`,
      reviews: sql`review_count desc, rating desc, tutor_id`,
    }
    for (const [sort, order] of Object.entries(orders)) {
      const expected = (
        await sql<{ tutor_id: number }>`select tutor_id from catalogue_listings
          where lesson_id = ${ref.lessons.math} and city_id = ${kyiv} order by ${order}`.execute(db)
      ).rows.map((r) => r.tutor_id)
      expect(expected.length).toBeGreaterThan(40)
      const seen: number[] = []
      for (let page = 1; page <= Math.ceil(expected.length / 20); page++)
        seen.push(...ids(await c.api.get(`/client/tutors?lesson=matematyka&city=kyiv&sort=${sort}&page=${page}`)))
      expect({ sort, ids: seen }).toEqual({ sort, ids: expected })
    }
  })

  test('cards carry the list-item fields of the spec', async () => {
    const res = await c.api.get('/client/tutors?lesson=matematyka&city=lviv&district=sykhiv')
    const card = res.json.data.items.find((i) => i.id === a)
    expect(card).toMatchObject({
      id: a,
      name: 'A',
      full_name: 'A',
      rate_id: ref.rates.low,
      rate: { id: ref.rates.low, name: 'до 300' },
      price: { amount_minor: 25000, currency: 'UAH', minutes: 60, lesson_id: ref.lessons.math },
      lessons: [
        {
          id: ref.lessons.math,
          name: 'Математика',
          levels: [{ id: ref.levels.school, name: 'Шкільна програма' }],
          prices: [{ minutes: 60, amount_minor: 25000 }],
        },
      ],
      lesson_levels: { [ref.lessons.math]: [ref.levels.school] },
      locations_home: [
        { city: { id: ref.cities.lviv, name: 'Львів' }, districts: [{ id: ref.districts.sykhiv, name: 'Сихів' }] },
      ],
      locations_travel: [],
      university: { name: '' },
      rating: 4.9,
      review_count: 3,
    })
  })
})

describe('school tutors', () => {
  test('status 6 shows the edition school base rate', async () => {
    const id = await makeTutor(app.services.db, {
      subjects: [{ lesson: ref.lessons.english }],
      online: true,
      status: 6,
    })
    const res = await c.api.get(`/client/tutor/get?id=${id}`)
    expect(res.json.data.school_rates).toEqual({ base: [268, 368], advanced: [288, 398] })
  })
})

describe('tutor profile reads', () => {
  test('a public tutor answers; unpublished, inactive or deleted ones are 404', async () => {
    const db = app.services.db
    const base = {
      subjects: [{ lesson: ref.lessons.math }],
      places: [{ kind: 'home' as const, city: ref.cities.kyiv }],
    }
    const pub = await makeTutor(db, { ...base, name: 'Олег Публічний', university: 'КНУ' })
    const res = await c.api.get(`/client/tutor/get?id=${pub}&lang=ua`)
    expect(res.json.data).toMatchObject({ id: pub, name: 'Олег Публічний', university: { name: 'КНУ' } })
    for (const hidden of [{ published: false }, { active: false }, { deleted: true }]) {
      const id = await makeTutor(db, { ...base, ...hidden })
      expect((await c.api.get(`/client/tutor/get?id=${id}`)).status).toBe(404)
      expect((await c.api.get(`/client/tutor_data_for_order_form?id=${id}`)).status).toBe(404)
    }
    const form = await c.api.get(`/client/tutor_data_for_order_form?id=${pub}`)
    expect(form.json.data.lessons).toEqual([{ id: ref.lessons.math, name: 'Математика', levels: [] }])
  })

  test('reviews: published only, 10 by default, filter by subject and level, newest first', async () => {
    const db = app.services.db
    const id = await makeTutor(db, {
      subjects: [{ lesson: ref.lessons.math }, { lesson: ref.lessons.english }],
      online: true,
    })
    for (let i = 0; i < 14; i++)
      await db
        .insertInto('reviews')
        .values({
          tutor_id: id,
          lesson_id: i < 12 ? ref.lessons.math : ref.lessons.english,
          level_id: i === 0 ? ref.levels.exam : null,
          mark: 5,
          text: `r${i}`,
          client_name: 'Клієнт',
          created_at: sql`now() - make_interval(mins => ${100 - i})`,
        })
        .execute()
    await db.insertInto('reviews').values({ tutor_id: id, mark: 1, text: 'hidden', status: 2 }).execute()
    const all = await c.api.post('/client/tutor/reviews', { tutor_id: id, lang: 'ua' })
    expect(all.json.data.items).toHaveLength(10)
    expect(all.json.data.total).toBe(14)
    expect(all.json.data.items[0]!.review_text).toBe('r13')
    expect(all.json.data.items.some((r) => r.review_text === 'hidden')).toBe(false)
    expect(
      (await c.api.post('/client/tutor/reviews', { tutor_id: id, lesson_id: ref.lessons.english })).json.data.total,
    ).toBe(2)
    expect(
      (
        await c.api.post('/client/tutor/reviews', {
          tutor_id: id,
          lesson_id: ref.lessons.math,
          level_id: ref.levels.exam,
        })
      ).json.data.total,
    ).toBe(1)
    expect((await c.api.post('/client/tutor/reviews', { tutor_id: id, limit: 3 })).json.data.items).toHaveLength(3)
  })

  test('viewed tutors: public ones only, in the order given', async () => {
    const db = app.services.db
    const x = await makeTutor(db, { subjects: [{ lesson: ref.lessons.math }], online: true })
    const y = await makeTutor(db, { subjects: [{ lesson: ref.lessons.math }], online: true })
    const hidden = await makeTutor(db, { subjects: [{ lesson: ref.lessons.math }], online: true, published: false })
    expect(ids(await c.api.get(`/client/tutors/viewed?ids=${y},${hidden},${x}`))).toEqual([y, x])
  })

  test('main page: popular subjects with links, top tutors (at most 10), latest reviews', async () => {
    const res = await c.api.get('/client/main_page?lang=ua')
    const data = res.json.data
    expect(data.popular_subjects.map((s) => s.alias)).toEqual(['matematyka', 'anglijska'])
    expect(data.popular_subjects[0]!.link).toBe('/tutors/matematyka/kyiv/')
    expect(data.top_tutors.length).toBe(10)
    expect(data.latest_reviews.length).toBeGreaterThan(0)
    expect(data.latest_reviews[0]).toHaveProperty('tutor_avg_review_rate')
  })

  test('seo_tag: generated metatags for the combination', async () => {
    const res = await c.api.get('/client/seo_tag?lesson=matematyka&city=kyiv&lang=ua')
    expect(res.json.data.h1).toBe('Репетитори: Математика — Київ')
    expect(res.json.data.title).toContain('Математика')
  })
})

describe('slot counts', () => {
  test('the kept per-slot totals equal the listed rows after every kind of change, concurrent ones included', async () => {
    const db = app.services.db
    const ids: number[] = []
    for (let i = 0; i < 6; i++)
      ids.push(
        await makeTutor(db, {
          subjects: [{ lesson: ref.lessons.math }, { lesson: ref.lessons.english }],
          places: [{ kind: 'home', city: ref.cities.lviv }],
          online: i % 2 === 0,
        }),
      )
    await db.updateTable('tutors').set({ published: false }).where('id', 'in', ids.slice(0, 2)).execute()
    await Promise.all(ids.map((id) => db.transaction().execute((trx) => refreshListings(trx, [id]))))
    const actual = await db
      .selectFrom('catalogue_listings')
      .select(['lesson_id', 'city_id', sql<number>`count(*)::int`.as('n')])
      .groupBy(['lesson_id', 'city_id'])
      .execute()
    const kept = await db
      .selectFrom('catalogue_slot_counts')
      .select(['lesson_id', 'city_id', 'n'])
      .where('n', '<>', 0)
      .execute()
    const key = (r: { lesson_id: number; city_id: number; n: number }) => `${r.lesson_id}:${r.city_id}:${r.n}`
    expect(kept.map(key).sort()).toEqual(actual.map(key).sort())
    // And the unfiltered API total reads it.
    const lvivMath = actual.find((r) => r.lesson_id === ref.lessons.math && r.city_id === ref.cities.lviv)!
    expect((await c.api.get('/client/tutors?lesson=matematyka&city=lviv')).json.data.total).toBe(lvivMath.n)
  })
})

describe('descriptions', () => {
  test('cards carry the start of a long description, the profile all of it; points count the whole', async () => {
    const long = 'Пояснюю просто. '.repeat(60)
    const id = await makeTutor(app.services.db, {
      subjects: [{ lesson: ref.lessons.english }],
      online: true,
      description: long,
    })
    const card = (await c.api.get(`/client/tutors/viewed?ids=${id}`)).json.data.items[0]!
    expect(card.description).toBe(long.slice(0, 400))
    expect(card.why.parts).toContainEqual({ reason: 'description', points: 10 })
    expect((await c.api.get(`/client/tutor/get?id=${id}`)).json.data.description).toBe(long)
  })
})

describe('catalogue pages kept in memory (page-cache.ts)', () => {
  const page = '/client/tutors?lesson=matematyka&city=ternopil-cache'

  test('a page is answered from memory while its slot is unchanged, and is current after any rebuild in the slot', async () => {
    const db = app.services.db
    await db
      .insertInto('cities')
      .values({ edition: 'ua', alias: 'ternopil-cache', names: jsonb({ ua: 'Тернопіль' }) })
      .execute()
    clearAliasCache()
    const city = (
      await db.selectFrom('cities').select('id').where('alias', '=', 'ternopil-cache').executeTakeFirstOrThrow()
    ).id
    const here = [{ kind: 'home' as const, city }]
    const a = await makeTutor(db, {
      name: 'Марта Стара',
      subjects: [{ lesson: ref.lessons.math }],
      places: here,
      price: 300,
    })
    const b = await makeTutor(db, { subjects: [{ lesson: ref.lessons.math }], places: here, price: 500 })

    // Same slot, same version: the very same answer comes back (no query ran for it).
    const { searchCatalogue } = await import('../../server/domain/catalogue/search')
    const q = { lesson: 'matematyka', city: 'ternopil-cache', sort: 'rank' as const, page: 1 }
    const first = await searchCatalogue({ db, locale: 'ua', edition: app.services.edition }, q)
    expect(await searchCatalogue({ db, locale: 'ua', edition: app.services.edition }, q)).toBe(first)
    expect(first.items.map((i) => i.name)).toContain('Марта Стара')

    // A card changes without the slot's count changing (a rename): the next answer has it.
    await db.updateTable('tutors').set({ name: 'Марта Нова' }).where('id', '=', a).execute()
    await refreshListings(db, [a])
    const renamed = await c.api.get(page)
    expect(renamed.json.data.items.map((i) => i.name)).toEqual(expect.arrayContaining(['Марта Нова']))
    expect(JSON.stringify(renamed.json)).not.toContain('Марта Стара')
    expect(await searchCatalogue({ db, locale: 'ua', edition: app.services.edition }, q)).not.toBe(first)

    // The order follows a change of price at once (filtered and sorted pages are kept apart, each current).
    const byPrice = async () => ids(await c.api.get(`${page}&sort=price`))
    expect(await byPrice()).toEqual([a, b])
    await db.updateTable('tutor_prices').set({ price_minor: 90000 }).where('tutor_id', '=', a).execute()
    await refreshListings(db, [a])
    expect(await byPrice()).toEqual([b, a])
    expect(ids(await c.api.get(`${page}&price_max=600`))).toEqual([b])

    // Leaving the catalogue, and TOP placement, show at once too.
    await db.updateTable('tutors').set({ published: false }).where('id', '=', b).execute()
    await refreshListings(db, [b])
    expect((await c.api.get(page)).json.data).toMatchObject({ total: 1, items: [{ id: a, is_top: false }] })
    await addTop(db, { tutor: a, lesson: ref.lessons.math, city })
    expect((await c.api.get(page)).json.data.items[0]).toMatchObject({ id: a, is_top: true })
  })

  test('another language or page of the same slot is a page of its own', async () => {
    const ua = await c.api.get(page)
    const en = await c.api.get(`${page}&lang=en`)
    expect(ua.json.data.filters.lesson!.name).toBe('Математика')
    expect(en.json.data.filters.lesson!.name).toBe('matematyka')
    expect((await c.api.get(`${page}&page=2`)).json.data).toMatchObject({ page: 2, items: [] })
  })
})

describe('the catalogue answer is exactly its schema (production sends it unparsed: server/trpc/sync-output.ts)', () => {
  test('what searchCatalogue builds equals its schema parse: nothing stripped, converted or missing', async () => {
    const db = app.services.db
    const { searchCatalogue } = await import('../../server/domain/catalogue/search')
    const { ZCatalogueAnswer } = await import('../../common/schemas/public/catalogue.schema')
    const city = ref.cities.lviv
    // Every optional part of a card filled: avatar, rate, levels, districts, home and travel, a TOP, reviews.
    const full = await makeTutor(db, {
      name: 'Повна Картка',
      subjects: [{ lesson: ref.lessons.math, levels: [ref.levels.school, ref.levels.exam], description: 'Алгебра' }],
      places: [
        { kind: 'home', city, district: ref.districts.sykhiv },
        { kind: 'travel', city },
      ],
      online: true,
      price: 450,
      rate: ref.rates.mid,
      reviewCount: 4,
      reviewAvg: 4.75,
      avatar: true,
      description: 'x'.repeat(500),
      university: 'ЛНУ',
    })
    await addTop(db, { tutor: full, lesson: ref.lessons.math, city })
    await refreshListings(db, [full])
    const answer = await searchCatalogue(
      { db, locale: 'ua', edition: app.services.edition },
      { lesson: 'matematyka', city: 'lviv', sort: 'rank', page: 1 },
    )
    const card = answer.items.find((i) => i.id === full)!
    expect(card.avatar).not.toBeNull()
    expect(card.rate).not.toBeNull()
    expect(card.is_top).toBe(true)
    expect(card.locations_travel.length).toBe(1)
    expect(JSON.parse(JSON.stringify(ZCatalogueAnswer.parse(answer)))).toEqual(JSON.parse(JSON.stringify(answer)))
    expect(Object.keys(ZCatalogueAnswer.parse(answer).items[0]!).sort()).toEqual(Object.keys(answer.items[0]!).sort())
  })
})
