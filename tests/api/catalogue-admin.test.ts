// Staff: TOP placement with its caps, SEO texts per filter combination, page metatags, core files.
import { beforeAll, describe, expect, test } from 'bun:test'
import { Client, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { fieldErrors } from '../helpers/api'
import { type Ref, makeTutor, referenceFixture } from '../helpers/catalogue'

const app = useTestApp()
let ref: Ref
let s1: Client
beforeAll(async () => {
  ref = await referenceFixture(app.services.db)
  s1 = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
})

const period = (days = 30) => ({
  starts_at: new Date(Date.now() - 60_000).toISOString(),
  ends_at: new Date(Date.now() + days * 86400_000).toISOString(),
})

describe('TOP placement', () => {
  test('create ({data:{input}}), list, get, save, delete; the catalogue marks it at once', async () => {
    const tutor = await makeTutor(app.services.db, {
      subjects: [{ lesson: ref.lessons.math }],
      places: [{ kind: 'home', city: ref.cities.lviv }],
    })
    const created = await s1.api.post('/admin/top/create', {
      data: {
        input: {
          tutor_id: tutor,
          lesson_id: ref.lessons.math,
          city_id: ref.cities.lviv,
          ...period(),
          paid_amount: 500,
        },
      },
    })
    expect(created.status).toBe(200)
    const id = created.json.data.id
    const card = (await s1.api.get('/client/tutors?lesson=matematyka&city=lviv')).json.data.items.find(
      (i) => i.id === tutor,
    )
    expect(card).toBeDefined()
    expect(card!.is_top).toBe(true)
    expect((await s1.api.get(`/admin/top/get/?id=${id}`)).json.data).toMatchObject({
      id,
      tutor_id: tutor,
      active: true,
      paid_amount: 500,
    })
    expect((await s1.api.post('/admin/tops', { page: 1, filters: { tutor_id: tutor } })).json.data.total).toBe(1)
    const saved = await s1.api.post('/admin/top/save', {
      id,
      tutor_id: tutor,
      lesson_id: ref.lessons.math,
      city_id: ref.cities.lviv,
      ...period(60),
      paid_amount: 900,
    })
    expect(saved.status).toBe(200)
    expect((await s1.api.post('/admin/top/delete', { id })).json.data).toEqual({ deleted: true })
    const after = (await s1.api.get('/client/tutors?lesson=matematyka&city=lviv')).json.data.items.find(
      (i) => i.id === tutor,
    )
    expect(after).toBeDefined()
    expect(after!.is_top).toBe(false)
  })

  test('the 11th TOP in a city and subject is refused with 409; a tutor not teaching there is a 422', async () => {
    const db = app.services.db
    for (let i = 0; i < 10; i++) {
      const tutor = await makeTutor(db, {
        subjects: [{ lesson: ref.lessons.english }],
        places: [{ kind: 'travel', city: ref.cities.kyiv }],
      })
      expect(
        (
          await s1.api.post('/admin/top/create', {
            tutor_id: tutor,
            lesson_id: ref.lessons.english,
            city_id: ref.cities.kyiv,
            ...period(),
          })
        ).status,
      ).toBe(200)
    }
    const eleventh = await makeTutor(db, {
      subjects: [{ lesson: ref.lessons.english }],
      places: [{ kind: 'travel', city: ref.cities.kyiv }],
    })
    const res = await s1.api.post('/admin/top/create', {
      tutor_id: eleventh,
      lesson_id: ref.lessons.english,
      city_id: ref.cities.kyiv,
      ...period(),
    })
    expect(res.status).toBe(409)
    expect(res.json.error).toBe('wrong_status')
    const elsewhere = await s1.api.post('/admin/top/create', {
      tutor_id: eleventh,
      lesson_id: ref.lessons.english,
      city_id: ref.cities.lviv,
      ...period(),
    })
    expect(elsewhere.status).toBe(422)
    expect(Object.keys(fieldErrors(elsewhere.json))).toEqual(['city_id'])
  })

  test('status 3 staff may not manage tops (403)', async () => {
    const s3 = await signedIn(app, { staff: (await makeStaff(app, 3)).email })
    expect((await s3.api.post('/admin/tops', { page: 1 })).status).toBe(403)
  })
})

describe('SEO', () => {
  test('a staff text for a combination replaces the generated metatags', async () => {
    const chosen = JSON.stringify({ lesson: 'matematyka', city: 'kyiv' })
    const before = (await s1.api.get('/client/seo_tag?lesson=matematyka&city=kyiv')).json.data
    expect(before.h2text_id).toBeNull()
    const created = await s1.api.post('/admin/seo/tutors/h2text/create', {
      chosen_filters: chosen,
      catalog_metatags: { locale: 'ua', h1: 'Математика в Києві', title: 'T', metad: 'D', h2text: '<p>Текст</p>' },
    })
    expect(created.status).toBe(200)
    const id = created.json.data.h2text_id
    expect((await s1.api.get(`/client/seo_tag?lesson=matematyka&city=kyiv`)).json.data).toMatchObject({
      h1: 'Математика в Києві',
      title: 'T',
      metad: 'D',
      h2text_id: id,
    })
    expect(
      (await s1.api.get(`/admin/seo/tutors/h2texts?chosen_filters=${encodeURIComponent(chosen)}`)).json.data,
    ).toHaveLength(1)
    // A second text for the same combination and locale is refused.
    expect(
      (
        await s1.api.post('/admin/seo/tutors/h2text/create', {
          chosen_filters: chosen,
          catalog_metatags: { locale: 'ua', h1: 'x' },
        })
      ).status,
    ).toBe(422)
    await s1.api.post('/admin/seo/tutors/h2text/save', {
      h2text_id: id,
      catalog_metatags: JSON.stringify({ h1: 'Нове', title: 'T2', metad: 'D2', h2text: '' }),
    })
    expect((await s1.api.get(`/client/seo_tag?lesson=matematyka&city=kyiv`)).json.data.h1).toBe('Нове')
    await s1.api.post(`/admin/seo/tutors/h2text/delete?h2text_id=${id}`)
    expect((await s1.api.get(`/client/seo_tag?lesson=matematyka&city=kyiv`)).json.data.h1).toBe(before.h1)
    // Unknown slugs in chosen_filters are a 422.
    expect(
      (
        await s1.api.post('/admin/seo/tutors/h2text/create', {
          chosen_filters: { lesson: 'nope' },
          catalog_metatags: { locale: 'ua' },
        })
      ).status,
    ).toBe(422)
  })

  test('page metatags CRUD and core files', async () => {
    const created = await s1.api.post('/admin/seo/page/metatags/create', {
      page_metatags: { path: '/', locale: 'ua', title: 'Головна', description: 'Опис', h1: '' },
    })
    const id = created.json.data.seo_page_metatags_id
    expect((await s1.api.get(`/admin/seo/page/metatags/get?seo_page_metatags_id=${id}`)).json.data).toMatchObject({
      path: '/',
      title: 'Головна',
    })
    expect(
      (await s1.api.post('/admin/seo/page/metatags/create', { page_metatags: { path: '/', locale: 'ua' } })).status,
    ).toBe(422)
    await s1.api.post('/admin/seo/page/metatags/save', {
      seo_page_metatags_id: id,
      page_metatags: { path: '/', locale: 'ua', title: 'Нова', description: '' },
    })
    expect((await s1.api.post('/admin/seo/pages/metatags/get', { page: 1 })).json.data.items[0]?.title).toBe('Нова')
    await s1.api.post(`/admin/seo/page/metatags/delete?seo_page_metatags_id=${id}`)
    expect((await s1.api.get(`/admin/seo/page/metatags/get?seo_page_metatags_id=${id}`)).status).toBe(404)

    expect((await s1.api.get('/admin/seo/core_files/get')).json.data).toEqual({ robots_txt: null })
    await s1.api.post('/admin/seo/core_files/save', { seo_resources: { robots_txt: 'User-agent: *\nDisallow: /\n' } })
    expect((await s1.api.get('/admin/seo/core_files/get')).json.data.robots_txt).toContain('Disallow: /')
  })
})

describe('sitemap and robots', () => {
  test('sitemap.xml indexes pages, catalogue slots with tutors, and public profiles; robots.txt is staff-editable', async () => {
    const c = new Client(app.url)
    const index = await c.raw.get('/sitemap.xml')
    expect(index.headers.get('content-type')).toContain('application/xml')
    expect(index.text).toContain('/sitemap-catalogue.xml')
    const catalogue = (await c.raw.get('/sitemap-catalogue.xml')).text
    expect(catalogue).toContain(`${app.url}/tutors/matematyka/lviv/`)
    expect(catalogue).toContain(`${app.url}/ru/tutors/matematyka/lviv/`)
    const tutors = (await c.raw.get('/sitemap-tutors-1.xml')).text
    const [some] = await app.services.db
      .selectFrom('tutors')
      .select('id')
      .where('published', '=', true)
      .limit(1)
      .execute()
    expect(tutors).toContain(`/user-${some!.id}/`)
    expect((await c.raw.get('/robots.txt')).text).toContain('Disallow: /')
  })
})
