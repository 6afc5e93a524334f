// Reference data over the documented REST paths: staff CRUD for cities, districts, subdistricts,
// lessons and levels (docs/api.md#admin-reference-data), the rules (alias, names, parent, references), the
// panel areas by staff status, the public reads (docs/api.md#public-reads, #other-public-calls) and the demo seed.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { jsonb } from '../../db/jsonb'
import { REFERENCE, seedReference } from '../../db/seed/reference'
import { EDITIONS, EDITION_CODES } from '../../common/editions'
import { aliasProblem, checkNames } from '../../server/domain/reference/reference'
import { Client, type TestApp, makePerson, makeStaff, signedIn, startTestApp } from '../helpers/app'
import { type HttpAnswer, type RestReply, fieldErrors } from '../helpers/api'
import { testDb } from '../helpers/db'

let app: TestApp
let s1: Client
let s3: Client
let s2: Client
beforeAll(async () => {
  app = await startTestApp()
  s1 = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
  s3 = await signedIn(app, { staff: (await makeStaff(app, 3)).email })
  s2 = await signedIn(app, { staff: (await makeStaff(app, 2)).email })
})
afterAll(() => app.close())

/** The data of a successful answer (typed for calls made through `api`). */
const ok = <J extends { status: string; data?: unknown }>(res: { status: number; json: J; text: string }) => {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status} ${res.text}`)
  expect(res.json.status).toBe('success')
  return res.json.data as NonNullable<J['data']>
}
const names = (ua: string, ru?: string, en?: string) => ({ ua, ...(ru ? { ru } : {}), ...(en ? { en } : {}) })

async function newCity(alias: string, extra: Record<string, unknown> = {}) {
  return ok(
    await s1.api.post('/admin/city/create', {
      city: JSON.stringify({ alias, names: names(`Місто ${alias}`, `Город ${alias}`), ...extra }),
    }),
  )
}
async function newDistrict(cityId: number, alias: string, extra: Record<string, unknown> = {}) {
  return ok(
    await s1.api.post('/admin/district/create', {
      district: { alias, city_id: cityId, names: names(`Район ${alias}`), ...extra },
    }),
  )
}
async function newLesson(alias: string, extra: Record<string, unknown> = {}) {
  return ok(
    await s1.api.post('/admin/lesson/create', {
      lesson: { alias, names: names(`Предмет ${alias}`, `Предмет ru ${alias}`, `Subject ${alias}`), ...extra },
    }),
  )
}
async function auditActions(entity: string, id: number) {
  const rows = await app.services.db
    .selectFrom('audit_log')
    .select('action')
    .where('entity', '=', entity)
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute()
  return rows.map((r) => r.action)
}

describe('cities', () => {
  test('create with JSON text and with an object, get, save (id as query or inside), audited', async () => {
    const created = await newCity('rivne', { sort: 5, text: 'Обласний центр' })
    expect(created).toMatchObject({
      alias: 'rivne',
      name: 'Місто rivne',
      names: { ua: 'Місто rivne', ru: 'Город rivne' },
      active: true,
      popular: false,
      sort: 5,
      region_id: null,
      text: 'Обласний центр',
    })
    expect(created.id).toBeGreaterThan(0)

    const region = await app.services.db
      .insertInto('regions')
      .values({ edition: 'ua', alias: 'rivnenska', names: jsonb({ ua: 'Рівненська' }) })
      .returning('id')
      .executeTakeFirstOrThrow()
    const asObject = ok(
      await s1.api.post('/admin/city/create', {
        city: { alias: 'lutsk', names: { ua: 'Луцьк', en: 'Lutsk' }, popular: 1, region_id: region.id },
      }),
    )
    expect(asObject).toMatchObject({
      alias: 'lutsk',
      popular: true,
      region_id: region.id,
      names: { ua: 'Луцьк', en: 'Lutsk' },
    })

    // The name follows ?lang, falling back to the default locale.
    expect(ok(await s1.api.get(`/admin/city/get?city_id=${asObject.id}`))).toMatchObject({
      id: asObject.id,
      name: 'Луцьк',
    })
    expect(ok(await s1.api.get(`/admin/city/get?city_id=${asObject.id}&lang=en`)).name).toBe('Lutsk')
    expect(ok(await s1.api.get(`/admin/city/get?city_id=${asObject.id}&lang=ru`)).name).toBe('Луцьк')

    const saved = ok(
      await s1.api.post(`/admin/city/save?city_id=${created.id}`, {
        city: JSON.stringify({ names: { ua: 'Рівне', ru: 'Ровно', en: 'Rivne' }, sort: 7 }),
      }),
    )
    expect(saved).toMatchObject({ id: created.id, alias: 'rivne', name: 'Рівне', sort: 7, text: 'Обласний центр' })
    const inside = ok(
      await s1.api.post('/admin/city/save', { city: { ...saved, name: 'ignored', region_id: region.id } }),
    )
    expect(inside).toMatchObject({ id: created.id, name: 'Рівне', region_id: region.id })
    // A save that changes nothing writes nothing.
    ok(await s1.api.post('/admin/city/save', { city: inside }))
    expect(await auditActions('city', created.id)).toEqual(['city.create', 'city.save', 'city.save'])

    // Form posts work too (names as JSON text, flags as 0/1).
    const form = (await s1.request('POST', '/admin/city/save', {
      form: { city: JSON.stringify({ id: created.id, active: 0 }) },
    })) as HttpAnswer<RestReply<'/admin/city/save'>>
    expect(ok(form).active).toBe(false)

    expect((await s1.api.post('/admin/city/save', { city: { sort: 1 } })).json).toMatchObject({
      status: 'fail',
      error: { city_id: [expect.any(String)] },
    })
    expect((await s1.api.post(`/admin/city/save?city_id=${created.id}`, { city: { id: asObject.id } })).status).toBe(
      422,
    )
    expect((await s1.raw.get('/admin/city/get?city_id=999999')).json).toEqual({ status: 'fail', error: 'not_found' })
  })

  test('list: 20 a page with total, filters text (name in any locale or alias), active, region_id', async () => {
    for (let i = 0; i < 23; i++) await newCity(`listcity-${i}`, { sort: 1000 + i, active: i % 2 === 0 })
    const p1 = ok(await s1.api.post('/admin/cities', { page: 1, filters: { text: 'listcity' } }))
    expect(p1.total).toBe(23)
    expect(p1.items).toHaveLength(20)
    expect(p1.page).toBe(1)
    const p2 = ok(await s1.api.get('/admin/cities?page=2&filters[text]=listcity'))
    expect(p2.items.map((c) => c.alias)).toEqual(['listcity-20', 'listcity-21', 'listcity-22'])
    const byRussianName = ok(
      await s1.api.post('/admin/cities', { filters: JSON.stringify({ text: 'Город listcity-1' }) }),
    )
    expect(byRussianName.items.map((c) => c.alias).sort()).toEqual([
      'listcity-1',
      'listcity-10',
      'listcity-11',
      'listcity-12',
      'listcity-13',
      'listcity-14',
      'listcity-15',
      'listcity-16',
      'listcity-17',
      'listcity-18',
      'listcity-19',
    ])
    const inactive = ok(await s1.api.post('/admin/cities', { filters: { text: 'listcity', active: 0 } }))
    expect(inactive.total).toBe(11)
    expect(inactive.items.every((c) => c.active === false)).toBe(true)
    expect(ok(await s1.api.post('/admin/cities', { filters: { text: '100%_' } })).total).toBe(0)
    const lutsk = ok(await s1.api.post('/admin/cities', { filters: { text: 'lutsk' } })).items[0]!
    const inRegion = ok(await s1.api.post('/admin/cities', { filters: { region_id: lutsk.region_id } }))
    expect(inRegion.items.map((c) => c.alias).sort()).toEqual(['lutsk', 'rivne'])
    expect(inRegion.items[0]!.parent_name).toBe('Рівненська')
  })

  test('change_checkout sets active or popular to 0/1; another field or value is a 422', async () => {
    const city = await newCity('checkout-city')
    expect(ok(await s1.api.post(`/admin/city/change_checkout?city_id=${city.id}&field=popular&value=1`)).popular).toBe(
      true,
    )
    expect(ok(await s1.api.post(`/admin/city/change_checkout?city_id=${city.id}&field=active&value=0`)).active).toBe(
      false,
    )
    expect(
      ok(await s1.api.post('/admin/city/change_checkout', { city_id: city.id, field: 'active', value: 1 })).active,
    ).toBe(true)
    const school = await s1.raw.post(`/admin/city/change_checkout?city_id=${city.id}&field=school&value=1`)
    expect(school.status).toBe(422)
    expect(Object.keys(fieldErrors(school.json))).toEqual(['field'])
    expect(
      Object.keys(
        fieldErrors((await s1.raw.post(`/admin/city/change_checkout?city_id=${city.id}&field=alias&value=1`)).json),
      ),
    ).toEqual(['field'])
    expect(
      Object.keys(
        fieldErrors((await s1.raw.post(`/admin/city/change_checkout?city_id=${city.id}&field=active&value=5`)).json),
      ),
    ).toEqual(['value'])
    expect(await auditActions('city', city.id)).toEqual([
      'city.create',
      'city.change_checkout',
      'city.change_checkout',
      'city.change_checkout',
    ])
  })

  test('delete is refused (409) while districts or tutor places use the city, then deletes', async () => {
    const city = await newCity('delete-city')
    const district = await newDistrict(city.id, 'centr')
    expect(await s1.api.post(`/admin/city/delete?city_id=${city.id}`)).toMatchObject({
      status: 409,
      json: { status: 'fail', error: 'wrong_status' },
    })
    ok(await s1.api.post(`/admin/district/delete?district_id=${district.id}`))
    const tutor = await makePerson(app, { tutor: true })
    const place = await app.services.db
      .insertInto('tutor_places')
      .values({ tutor_id: tutor.tutorId!, kind: 'home', city_id: city.id })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect((await s1.api.post(`/admin/city/delete?city_id=${city.id}`)).status).toBe(409)
    await app.services.db.deleteFrom('tutor_places').where('id', '=', place.id).execute()
    expect(ok(await s1.api.post(`/admin/city/delete?city_id=${city.id}`))).toEqual({ id: city.id })
    expect((await s1.api.get(`/admin/city/get?city_id=${city.id}`)).status).toBe(404)
    expect(await auditActions('city', city.id)).toEqual(['city.create', 'city.delete'])
    expect((await s1.api.post(`/admin/city/delete?city_id=${city.id}`)).status).toBe(404)
  })
})

describe('rules', () => {
  test('an alias is a lowercase latin slug, unique per edition; a duplicate is a 422 on alias', async () => {
    await newCity('ternopil')
    const dup = await s1.raw.post('/admin/city/create', { city: { alias: 'ternopil', names: { ua: 'Тернопіль 2' } } })
    expect(dup.status).toBe(422)
    expect(dup.json).toEqual({ status: 'fail', error: { alias: ['Вже зареєстровано'] } })
    // Case and spaces around are forgiven; anything else is refused.
    expect(
      (await s1.api.post('/admin/city/create', { city: { alias: ' Ternopil ', names: { ua: 'Т' } } })).json.error,
    ).toHaveProperty('alias')
    for (const bad of ['київ', 'bad alias', 'a--b', '-a', 'a_b', '']) {
      const res = await s1.api.post('/admin/city/create', { city: { alias: bad, names: { ua: 'Погане' } } })
      expect(res.status).toBe(422)
      expect(Object.keys(fieldErrors(res.json))).toEqual(['alias'])
    }
    expect(
      ok(await s1.api.post('/admin/city/create', { city: { alias: 'Chernivtsi', names: { ua: 'Чернівці' } } })).alias,
    ).toBe('chernivtsi')
    // Renaming onto a taken alias is refused too.
    const other = await newCity('ternopil-2')
    expect(
      (await s1.api.post('/admin/city/save', { city: { id: other.id, alias: 'ternopil' } })).json.error,
    ).toHaveProperty('alias')
    // The same alias in another edition is another row, invisible here.
    const pl = await app.services.db
      .insertInto('cities')
      .values({ edition: 'pl', alias: 'krakow', names: jsonb({ pl: 'Kraków' }) })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(
      ok(await s1.api.post('/admin/city/create', { city: { alias: 'krakow', names: { ua: 'Краків' } } })).alias,
    ).toBe('krakow')
    expect((await s1.api.get(`/admin/city/get?city_id=${pl.id}`)).status).toBe(404)
    expect(ok(await s1.api.post('/admin/cities', { filters: { text: 'krakow' } })).total).toBe(1)
    // A subject may share an alias with a city.
    expect(
      ok(await s1.api.post('/admin/lesson/create', { lesson: { alias: 'ternopil', names: { ua: 'Предмет' } } })).alias,
    ).toBe('ternopil')
  })

  test('racing creates of one alias: one wins, the others get the same 422 on alias', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        s1.raw.post('/admin/lesson/create', { lesson: { alias: 'race-lesson', names: { ua: `Гонка ${i}` } } }),
      ),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    for (const r of results.filter((r) => r.status !== 200))
      expect(r.json).toEqual({ status: 'fail', error: { alias: ['Вже зареєстровано'] } })
  })

  test('names must hold the edition default locale; unknown locales are refused (422 on names)', async () => {
    const noDefault = await s1.api.post('/admin/city/create', {
      city: { alias: 'no-default', names: { ru: 'Без', en: 'Without' } },
    })
    expect(noDefault.status).toBe(422)
    expect(Object.keys(fieldErrors(noDefault.json))).toEqual(['names'])
    expect(fieldErrors(noDefault.json).names).toEqual(["Обов'язкове поле"])
    expect(
      (await s1.api.post('/admin/city/create?lang=en', { city: { alias: 'no-default', names: { ua: '  ' } } })).json
        .error,
    ).toEqual({ names: ['Required field'] })
    expect(
      Object.keys(fieldErrors((await s1.raw.post('/admin/city/create', { city: { alias: 'no-names' } })).json)),
    ).toEqual(['names'])
    expect(
      Object.keys(
        fieldErrors(
          (await s1.raw.post('/admin/city/create', { city: { alias: 'de-name', names: { ua: 'Так', de: 'Ja' } } }))
            .json,
        ),
      ),
    ).toEqual(['names'])
    const city = await newCity('names-city')
    expect(
      (await s1.api.post('/admin/city/save', { city: { id: city.id, names: { en: 'Only English' } } })).json.error,
    ).toHaveProperty('names')
    // Names arrive as JSON text from forms too.
    const viaForm = (await s1.request('POST', '/admin/city/create', {
      form: { city: JSON.stringify({ alias: 'form-city', names: JSON.stringify({ ua: 'Форма' }) }) },
    })) as HttpAnswer<RestReply<'/admin/city/create'>>
    expect(ok(viaForm).names).toEqual({ ua: 'Форма' })
  })

  test('the parent must exist in this edition (422); the entity body must be JSON', async () => {
    expect(
      Object.keys(
        fieldErrors(
          (await s1.api.post('/admin/district/create', { district: { alias: 'x', names: { ua: 'Х' } } })).json,
        ),
      ),
    ).toEqual(['city_id'])
    expect(
      Object.keys(
        fieldErrors(
          (
            await s1.api.post('/admin/district/create', {
              district: { alias: 'x', city_id: 999999, names: { ua: 'Х' } },
            })
          ).json,
        ),
      ),
    ).toEqual(['city_id'])
    const pl = await app.services.db
      .insertInto('cities')
      .values({ edition: 'pl', alias: 'gdansk', names: jsonb({ pl: 'Gdańsk' }) })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(
      (await s1.api.post('/admin/district/create', { district: { alias: 'x', city_id: pl.id, names: { ua: 'Х' } } }))
        .status,
    ).toBe(422)
    expect(
      Object.keys(
        fieldErrors(
          (await s1.api.post('/admin/level/create', { level: { alias: 'x', lesson_id: 999999, names: { ua: 'Х' } } }))
            .json,
        ),
      ),
    ).toEqual(['lesson_id'])
    expect(
      Object.keys(
        fieldErrors(
          (await s1.api.post('/admin/city/create', { city: { alias: 'x', region_id: 999999, names: { ua: 'Х' } } }))
            .json,
        ),
      ),
    ).toEqual(['region_id'])
    expect((await s1.raw.post('/admin/city/create', { city: '{not json' })).status).toBe(422)
    expect((await s1.raw.post('/admin/city/create', {})).status).toBe(422)
  })
})

describe('districts and subdistricts', () => {
  test('CRUD, alias unique per city, list by city, subdistricts block deletion', async () => {
    const a = await newCity('district-city-a')
    const b = await newCity('district-city-b')
    const d = await newDistrict(a.id, 'center', { sort: 2, text: 'Старе місто' })
    expect(d).toMatchObject({ alias: 'center', city_id: a.id, active: true, sort: 2, text: 'Старе місто' })
    expect(d).not.toHaveProperty('popular')
    expect(
      (
        await s1.api.post('/admin/district/create', {
          district: { alias: 'center', city_id: a.id, names: { ua: 'Ще' } },
        })
      ).json.error,
    ).toHaveProperty('alias')
    const sameAliasElsewhere = await newDistrict(b.id, 'center')
    await newDistrict(a.id, 'north')
    expect(ok(await s1.api.get(`/admin/district/get?district_id=${d.id}`))).toMatchObject({
      id: d.id,
      name: 'Район center',
    })
    const list = ok(await s1.api.post('/admin/districts', { filters: { city_id: a.id } }))
    expect(list.items.map((x) => x.alias)).toEqual(['north', 'center'])
    expect(list.items[0]!.parent_name).toBe('Місто district-city-a')
    // Moving a district to a city that has the alias is refused; to another city it goes.
    expect(
      (await s1.api.post('/admin/district/save', { district: { id: sameAliasElsewhere.id, city_id: a.id } })).json
        .error,
    ).toHaveProperty('alias')
    expect(
      ok(await s1.api.post(`/admin/district/change_checkout?district_id=${d.id}&field=active&value=0`)).active,
    ).toBe(false)
    expect(
      (await s1.raw.post(`/admin/district/change_checkout?district_id=${d.id}&field=popular&value=1`)).status,
    ).toBe(422)

    const sub = ok(
      await s1.api.post('/admin/subdistrict/create', {
        subdistrict: JSON.stringify({ alias: 'old-town', district_id: d.id, names: { ua: 'Старе місто' } }),
      }),
    )
    expect(sub).toMatchObject({ alias: 'old-town', district_id: d.id, city_id: a.id, active: true })
    expect(ok(await s1.api.get(`/admin/subdistrict/get?subdistrict_id=${sub.id}`)).name).toBe('Старе місто')
    expect(ok(await s1.api.post('/admin/subdistricts', { filters: { district_id: d.id } })).total).toBe(1)
    expect(ok(await s1.api.post('/admin/subdistricts', { filters: { city_id: a.id } })).items[0]!.parent_name).toBe(
      'Район center',
    )
    expect(ok(await s1.api.post('/admin/subdistricts', { filters: { city_id: b.id } })).total).toBe(0)
    expect(
      ok(await s1.api.post('/admin/subdistrict/save', { subdistrict_id: sub.id, subdistrict: { sort: 3 } })).sort,
    ).toBe(3)
    expect(
      ok(await s1.api.post(`/admin/subdistrict/change_checkout?subdistrict_id=${sub.id}&field=active&value=0`)).active,
    ).toBe(false)

    expect((await s1.api.post(`/admin/district/delete?district_id=${d.id}`)).status).toBe(409)
    const tutor = await makePerson(app, { tutor: true })
    await app.services.db
      .insertInto('tutor_places')
      .values({ tutor_id: tutor.tutorId!, kind: 'travel', city_id: a.id, district_id: d.id, subdistrict_id: sub.id })
      .execute()
    expect((await s1.raw.post(`/admin/subdistrict/delete?subdistrict_id=${sub.id}`)).json).toEqual({
      status: 'fail',
      error: 'wrong_status',
    })
    await app.services.db.deleteFrom('tutor_places').where('tutor_id', '=', tutor.tutorId!).execute()
    ok(await s1.api.post(`/admin/subdistrict/delete?subdistrict_id=${sub.id}`))
    ok(await s1.api.post(`/admin/district/delete?district_id=${d.id}`))
    expect(await auditActions('subdistrict', sub.id)).toEqual([
      'subdistrict.create',
      'subdistrict.save',
      'subdistrict.change_checkout',
      'subdistrict.delete',
    ])
  })
})

describe('lessons and levels', () => {
  test('CRUD with popular and school flags; levels, tutor subjects and reviews block deletion', async () => {
    const lesson = await newLesson('astronomy', { school: true, sort: 3 })
    expect(lesson).toMatchObject({ alias: 'astronomy', school: true, popular: false, active: true, sort: 3 })
    expect(
      ok(await s1.api.post(`/admin/lesson/change_checkout?lesson_id=${lesson.id}&field=popular&value=1`)).popular,
    ).toBe(true)
    expect(
      ok(await s1.api.post(`/admin/lesson/change_checkout?lesson_id=${lesson.id}&field=school&value=0`)).school,
    ).toBe(false)
    expect(ok(await s1.api.post('/admin/lesson/save', { lesson: { id: lesson.id, text: 'Про зорі' } })).text).toBe(
      'Про зорі',
    )

    const level = ok(
      await s1.api.post('/admin/level/create', {
        level: JSON.stringify({
          alias: 'beginner',
          lesson_id: lesson.id,
          names: { ua: 'Початковий', en: 'Beginner' },
          sort: 1,
        }),
      }),
    )
    expect(level).toMatchObject({ alias: 'beginner', lesson_id: lesson.id, name: 'Початковий', sort: 1 })
    expect(level).not.toHaveProperty('text')
    const other = await newLesson('astrophysics')
    ok(
      await s1.api.post('/admin/level/create', {
        level: { alias: 'beginner', lesson_id: other.id, names: { ua: 'Початковий' } },
      }),
    )
    expect(
      (
        await s1.api.post('/admin/level/create', {
          level: { alias: 'beginner', lesson_id: lesson.id, names: { ua: 'Ще' } },
        })
      ).json.error,
    ).toHaveProperty('alias')
    expect(
      ok(await s1.api.get(`/admin/levels?filters[lesson_id]=${lesson.id}`)).items.map((l) => l.parent_name),
    ).toEqual(['Предмет astronomy'])
    expect(ok(await s1.api.get(`/admin/level/get?level_id=${level.id}&lang=en`)).name).toBe('Beginner')
    expect(ok(await s1.api.post(`/admin/level/change_checkout?level_id=${level.id}&field=active&value=0`)).active).toBe(
      false,
    )

    expect((await s1.api.post(`/admin/lesson/delete?lesson_id=${lesson.id}`)).status).toBe(409)
    const tutor = await makePerson(app, { tutor: true })
    const review = await app.services.db
      .insertInto('reviews')
      .values({ tutor_id: tutor.tutorId!, lesson_id: lesson.id, level_id: level.id, mark: 5 })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect((await s1.api.post(`/admin/level/delete?level_id=${level.id}`)).status).toBe(409)
    await app.services.db.deleteFrom('reviews').where('id', '=', review.id).execute()
    ok(await s1.api.post(`/admin/level/delete?level_id=${level.id}`))
    await app.services.db
      .insertInto('tutor_subjects')
      .values({ tutor_id: tutor.tutorId!, lesson_id: lesson.id })
      .execute()
    expect((await s1.api.post(`/admin/lesson/delete?lesson_id=${lesson.id}`)).status).toBe(409)
    await app.services.db.deleteFrom('tutor_subjects').where('tutor_id', '=', tutor.tutorId!).execute()
    ok(await s1.api.post(`/admin/lesson/delete?lesson_id=${lesson.id}`))
    expect(await auditActions('level', level.id)).toEqual(['level.create', 'level.change_checkout', 'level.delete'])
    const lessonsList = ok(await s1.api.post('/admin/lessons', { page: 1, filters: { text: 'astro' } }))
    expect(lessonsList.items.map((l) => l.alias)).toEqual(['astrophysics'])
  })
})

describe('panel areas', () => {
  test('status 3 may keep cities, lessons and levels; status 2 is refused (403)', async () => {
    const city = ok(
      await s3.api.post('/admin/city/create', { city: { alias: 'status3-city', names: { ua: 'Місто' } } }),
    )
    const lesson = ok(
      await s3.api.post('/admin/lesson/create', { lesson: { alias: 'status3-lesson', names: { ua: 'Предмет' } } }),
    )
    ok(
      await s3.api.post('/admin/level/create', {
        level: { alias: 'status3-level', lesson_id: lesson.id, names: { ua: 'Рівень' } },
      }),
    )
    ok(
      await s3.api.post('/admin/district/create', {
        district: { alias: 'status3-district', city_id: city.id, names: { ua: 'Район' } },
      }),
    )
    ok(await s3.api.get('/admin/subdistricts'))
    for (const path of [
      '/admin/cities',
      '/admin/districts',
      '/admin/subdistricts',
      '/admin/lessons',
      '/admin/levels',
      `/admin/city/get?city_id=${city.id}`,
      `/admin/lesson/get?lesson_id=${lesson.id}`,
    ]) {
      const res = path.includes('/get') ? await s2.raw.get(path) : await s2.raw.post(path, { page: 1 })
      expect([path, res.status, res.json]).toEqual([path, 403, { status: 'fail', error: 'forbidden' }])
    }
    expect(
      (await s2.api.post('/admin/city/create', { city: { alias: 'status2-city', names: { ua: 'Ні' } } })).status,
    ).toBe(403)
    expect(
      (await s2.api.post(`/admin/lesson/change_checkout?lesson_id=${lesson.id}&field=active&value=0`)).status,
    ).toBe(403)
    expect((await s2.api.post(`/admin/city/delete?city_id=${city.id}`)).status).toBe(403)
    const anonymous = await new Client(app.url).api.get('/admin/lessons')
    expect(anonymous.status).toBe(401)
  })

  test('documented methods: get is GET, writes are POST, lists take both', async () => {
    expect((await s1.raw.post('/admin/city/get?city_id=1')).status).toBe(405)
    expect((await s1.raw.get('/admin/city/create')).status).toBe(405)
    expect((await s1.api.get('/admin/lessons?page=1')).status).toBe(200)
    expect((await s1.api.post('/admin/lessons', { page: 1 })).status).toBe(200)
  })
})

describe('public reads (pl edition, seeded)', () => {
  let pl: TestApp
  let staff: Client
  let anon: Client
  beforeAll(async () => {
    pl = await startTestApp({ site: 'pl' })
    await seedReference(pl.services.db, EDITIONS.pl)
    staff = await signedIn(pl, { staff: (await makeStaff(pl, 1)).email })
    anon = new Client(pl.url)
  })
  afterAll(() => pl.close())

  const id = async (table: 'cities' | 'lessons', alias: string) =>
    (
      await pl.services.db
        .selectFrom(table)
        .select('id')
        .where('alias', '=', alias)
        .where('edition', '=', 'pl')
        .executeTakeFirstOrThrow()
    ).id

  test('all_cities and all_subjects: active rows only, in the requested language, by sort then name', async () => {
    const cities = ok(await anon.api.get('/client/all_cities'))
    expect(cities.map((c) => c.alias)).toEqual(REFERENCE.pl.cities.map((c) => c.alias))
    expect(cities[0]).toEqual({
      value: 'warszawa',
      alias: 'warszawa',
      link: '/korepetycje/',
      text: 'Warszawa',
      id: expect.any(Number),
    })
    ok(await staff.api.post(`/admin/city/change_checkout?city_id=${await id('cities', 'lodz')}&field=active&value=0`))
    const en = ok(await anon.api.get('/client/all_cities/?lang=en'))
    expect(en.map((c) => c.text)).toEqual(['Warsaw', 'Krakow', 'Wroclaw', 'Poznan', 'Gdansk', 'Szczecin', 'Lublin'])
    expect(en[0]!.link).toBe('/en/korepetycje/')

    const subjects = ok(await anon.api.get('/client/all_subjects?lang=pl'))
    expect(subjects[0]).toEqual({
      value: 'matematyka',
      alias: 'matematyka',
      link: '/korepetycje/matematyka/',
      text: 'Matematyka',
      id: expect.any(Number),
    })
    expect(subjects).toHaveLength(14)
    ok(
      await staff.api.post(
        `/admin/lesson/change_checkout?lesson_id=${await id('lessons', 'rysunek')}&field=active&value=0`,
      ),
    )
    // Equal sort: by name in the language's order.
    ok(await staff.api.post('/admin/lesson/save', { lesson: { id: await id('lessons', 'muzyka'), sort: 10 } }))
    const after = ok(await anon.api.get('/client/all_subjects?lang=en'))
    expect(after.map((s) => s.alias)).not.toContain('rysunek')
    expect(after.slice(0, 2).map((s) => s.text)).toEqual(['Mathematics', 'Music'])

    const school = ok(await anon.api.get('/client/school_lessons?lang=en'))
    expect(school.map((s) => s.alias)).toEqual(['matematyka', 'angielski'])
  })

  test('all_districts and city_districts: the city tree with active subdistricts; unknown city 404', async () => {
    const warszawa = await id('cities', 'warszawa')
    const districts = ok(await anon.api.get(`/client/all_districts?city_id=${warszawa}`))
    const mokotow = districts.find((d) => d.alias === 'mokotow')!
    expect(mokotow).toMatchObject({ value: 'mokotow', text: 'Mokotów', district: true, link: '/korepetycje/' })
    expect(mokotow.subdistricts!.map((s) => s.alias).sort()).toEqual(['sadyba', 'sluzew', 'stary-mokotow'])
    expect(districts.map((d) => d.text)).toEqual(
      [...districts.map((d) => d.text)].sort((a: string, b: string) => a.localeCompare(b, 'pl')),
    )
    const sub = await pl.services.db
      .selectFrom('subdistricts')
      .select('id')
      .where('alias', '=', 'sadyba')
      .executeTakeFirstOrThrow()
    ok(await staff.api.post(`/admin/subdistrict/change_checkout?subdistrict_id=${sub.id}&field=active&value=0`))
    const tree = ok(await anon.api.get(`/api/resources/city_districts?city_id=${warszawa}&lang=en`))
    const srodmiescie = tree.find((d) => d.alias === 'srodmiescie')!
    expect(srodmiescie).toMatchObject({
      name: 'Śródmieście',
      city_id: warszawa,
      active: true,
      text: '',
      region_id: expect.any(Number),
    })
    expect(srodmiescie.subdistricts!.find((s) => s.alias === 'stare-miasto')!.name).toBe('Old Town')
    expect(tree.find((d) => d.alias === 'mokotow')!.subdistricts!.map((s) => s.alias)).not.toContain('sadyba')
    expect((await anon.api.get('/client/all_districts?city_id=999999')).status).toBe(404)
    expect((await anon.api.get(`/client/all_districts?city_id=${await id('cities', 'lodz')}`)).status).toBe(404) // inactive
    expect((await anon.raw.get('/client/all_districts')).status).toBe(422)
  })

  test('regions and cities?region_id', async () => {
    const regions = ok(await anon.api.get('/api/resources/regions?lang=en'))
    expect(regions[0]).toEqual({ id: expect.any(Number), alias: 'mazowieckie', name: 'Masovian' })
    const cities = ok(await anon.api.get(`/api/resources/cities?region_id=${regions[0]!.id}`))
    expect(cities).toEqual([
      {
        id: expect.any(Number),
        name: 'Warszawa',
        region_id: regions[0]!.id,
        active: true,
        alias: 'warszawa',
        text: '',
      },
    ])
    expect(ok(await anon.api.get('/api/resources/cities')).length).toBeGreaterThanOrEqual(7)
  })

  test('all_tags and all_tags_online: subjects with listed tutor counts, paged', async () => {
    const math = await id('lessons', 'matematyka')
    const english = await id('lessons', 'angielski')
    await pl.services.db
      .insertInto('catalogue_listings')
      .values([
        { lesson_id: math, city_id: -1, tutor_id: 1, rank_points: 1 },
        { lesson_id: math, city_id: -1, tutor_id: 2, rank_points: 1 },
        { lesson_id: english, city_id: 0, tutor_id: 1, rank_points: 1 },
        { lesson_id: math, city_id: await id('cities', 'warszawa'), tutor_id: 1, rank_points: 1 },
      ])
      .execute()
    const tags = ok(await anon.api.get('/client/all_tags?page=1'))
    expect(tags.total).toBe(13)
    expect(tags.page).toBe(1)
    expect(tags.items.find((t) => t.alias === 'matematyka')).toMatchObject({
      count: 2,
      link: '/korepetycje/matematyka/',
      text: 'Matematyka',
    })
    expect(tags.items.find((t) => t.alias === 'angielski')!.count).toBe(0)
    const online = ok(await anon.api.get('/client/all_tags_online?lang=en'))
    expect(online.items.find((t) => t.alias === 'angielski')).toMatchObject({
      count: 1,
      link: '/en/korepetycje-online/angielski/',
      text: 'English',
    })
    expect(ok(await anon.api.get('/client/all_tags?page=2')).items).toEqual([])
  })

  test('tutor_profile: subjects with levels, cities with districts and subdistricts, rates', async () => {
    const all = ok(await anon.api.get('/api/resources/tutor_profile?lang=en'))
    const english = all.lessons!.find((l) => l.alias === 'angielski')!
    expect(english.name).toBe('English')
    expect(english.levels.map((l) => l.alias)).toEqual([
      'beginner',
      'elementary',
      'intermediate',
      'upper-intermediate',
      'advanced',
    ])
    expect(all.lessons!.find((l) => l.alias === 'matematyka')!.levels.map((l) => l.alias)).toContain('matura')
    const warszawa = all.cities!.find((c) => c.alias === 'warszawa')!
    expect(warszawa.districts.length).toBeGreaterThanOrEqual(10)
    expect(warszawa.districts.find((d) => d.alias === 'praga-poludnie')!.subdistricts.map((s) => s.name)).toContain(
      'Saska Kępa',
    )
    expect(all.rates).toHaveLength(5)
    expect(all.rates![0]).toEqual({ id: expect.any(Number), name: 'up to 60 PLN', min_price: 0, max_price: 60 })
    const onlyRates = ok(await anon.api.get('/api/resources/tutor_profile?types=rates'))
    expect(Object.keys(onlyRates)).toEqual(['rates'])
    expect(onlyRates.rates![4]!.name).toBe('od 160 zł')
    expect((await anon.raw.get('/api/resources/tutor_profile?types=planets')).status).toBe(422)
  })
})

describe('demo seed', () => {
  test('seedReference: real cities with districts, localized names, valid aliases, subjects with levels, rates', async () => {
    const h = await testDb()
    try {
      for (const code of EDITION_CODES) await seedReference(h.db, EDITIONS[code])
      const withDistricts = async (code: string) =>
        h.db
          .selectFrom('cities')
          .innerJoin('districts', 'districts.city_id', 'cities.id')
          .select(['cities.alias', (eb) => eb.fn.countAll<number>().as('n')])
          .where('cities.edition', '=', code)
          .groupBy('cities.alias')
          .having((eb) => eb.fn.countAll(), '>=', 4)
          .execute()
      const ua = await withDistricts('ua')
      expect(ua.length).toBeGreaterThanOrEqual(5)
      expect(ua.map((c) => c.alias)).toEqual(expect.arrayContaining(['kyiv', 'kharkiv', 'odesa', 'dnipro', 'lviv']))
      expect((await withDistricts('pl')).map((c) => c.alias)).toEqual(
        expect.arrayContaining(['warszawa', 'krakow', 'lodz', 'wroclaw', 'poznan']),
      )
      for (const code of EDITION_CODES) {
        const ed = EDITIONS[code]
        const data = REFERENCE[code]
        expect(data.cities.length).toBeGreaterThanOrEqual(3)
        expect((await withDistricts(code)).length).toBeGreaterThanOrEqual(3)
        expect(data.lessons.length).toBeGreaterThanOrEqual(12)
        const popular = data.lessons.filter((l) => l.popular).length
        expect(popular >= 5 && popular <= 6).toBe(true)
        expect(data.lessons.filter((l) => l.school)).toHaveLength(2)
        expect(data.rates).toHaveLength(5)
        // Every row passes the API's own rules and names every locale of the edition.
        const all = [
          ...data.regions,
          ...data.cities,
          ...data.cities.flatMap((c) => c.districts),
          ...data.cities.flatMap((c) => c.districts.flatMap((d) => d.subdistricts)),
          ...data.lessons,
          ...Object.values(data.levels).flat(),
          ...data.rates.map((r) => ({ alias: 'rate', names: r.names })),
        ]
        for (const row of all) {
          expect([code, row.alias, aliasProblem(row.alias)]).toEqual([code, row.alias, null])
          expect(checkNames(row.names, ed).problem).toBeNull()
          expect(Object.keys(row.names).sort()).toEqual([...ed.locales].sort())
        }
      }
      expect(
        REFERENCE.ua.cities.find((c) => c.alias === 'kyiv')!.districts.some((d) => d.subdistricts.length > 0),
      ).toBe(true)
      expect(
        REFERENCE.pl.cities.find((c) => c.alias === 'warszawa')!.districts.some((d) => d.subdistricts.length > 0),
      ).toBe(true)
      expect(REFERENCE.ua.lessons.map((l) => l.alias)).toContain('ukrainian')
      expect(REFERENCE.ua.lessons.map((l) => l.alias)).not.toContain('polish')
      expect(REFERENCE.pl.lessons.map((l) => l.alias)).toContain('polski')
      expect(REFERENCE.pl.lessons.map((l) => l.alias)).not.toContain('ukrainian')
      const kyivNames = await h.db
        .selectFrom('cities')
        .select('names')
        .where('alias', '=', 'kyiv')
        .executeTakeFirstOrThrow()
      expect(kyivNames.names).toEqual({ ua: 'Київ', ru: 'Киев', en: 'Kyiv' })
      const levels = await h.db
        .selectFrom('levels')
        .innerJoin('lessons', 'lessons.id', 'levels.lesson_id')
        .select(['levels.alias'])
        .where('lessons.edition', '=', 'ua')
        .where('lessons.alias', '=', 'mathematics')
        .orderBy('levels.sort')
        .execute()
      expect(levels.map((l) => l.alias)).toEqual([
        'grades-1-4',
        'grades-5-9',
        'grades-10-11',
        'nmt',
        'university',
        'adults',
      ])
    } finally {
      await h.close()
    }
  })
})
