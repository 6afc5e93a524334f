// Static pages (docs/api.md#admin-pages-reviews-videos-vacancies-site-blocks "Static pages",
// #public-reads `static_pages/get`; docs/contract.md#other-public-endpoints): the staff calls of the `static_pages`
// area (staff 1, 3 and 4), the seeded footer pages, change_status, the public read (inactive or unknown: 404), rich
// text sanitised on save and again on every read and render, and the server-rendered page.
import { jsonb } from '../../db/jsonb'
import { describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { Client, makePerson, makeStaff, signedIn, useTestApp, type TestApp } from '../helpers/app'
import { fieldErrors } from '../helpers/api'

const app = useTestApp({ pages: true })

async function staff(t: TestApp, status: 1 | 2 | 3 | 4) {
  return signedIn(t, { staff: (await makeStaff(t, status)).email })
}

const XSS =
  '<p>Hello</p><script>alert(1)</script><img src="https://example.com/a.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a><p onclick="alert(4)">ok</p>'
const expectInert = (html: string) => {
  expect(html).not.toContain('<script>alert')
  expect(html).not.toMatch(/onerror|onclick/i)
  expect(html).not.toContain('javascript:')
}

describe('static pages: staff calls', () => {
  test('access: the static_pages area (staff 1, 3, 4); staff 2 is 403, a tutor 403, anonymous 401', async () => {
    for (const status of [1, 3, 4] as const)
      expect(
        (await (await staff(app, status)).api.post('/admin/static_pages/index', { page: 1, filters: {} })).status,
      ).toBe(200)
    const s2 = await staff(app, 2)
    expect((await s2.api.post('/admin/static_pages/index', { page: 1, filters: {} })).status).toBe(403)
    expect(
      (await s2.api.post('/admin/static_pages/create', { static_page: { alias: 'x', titles: { ua: 'X' } } })).status,
    ).toBe(403)
    expect((await s2.api.post('/admin/static_pages/change_status', { id: 1 })).status).toBe(403)
    expect((await s2.api.get('/admin/resources/static_page_rules')).status).toBe(403)
    const tutor = await makePerson(app, { tutor: true })
    expect(
      (await (await signedIn(app, { tutor: tutor.email })).api.post('/admin/static_pages/delete', { id: 1 })).status,
    ).toBe(403)
    const anonymous = new Client(app.url)
    expect(
      (await anonymous.api.post('/admin/static_pages/create', { static_page: { alias: 'x', titles: { ua: 'X' } } }))
        .status,
    ).toBe(401)
    expect((await anonymous.api.get('/admin/static_pages/get?id=1')).status).toBe(401)
  })

  test('the footer pages are seeded for the edition, with a title in every language it serves', async () => {
    const s = await staff(app, 1)
    const list = await s.api.post('/admin/static_pages/index', { page: 1, filters: {} })
    expect(list.status).toBe(200)
    const aliases = list.json.data.items.map((p) => p.alias)
    for (const a of [
      'about',
      'contacts',
      'how-it-works',
      'faq',
      'oferta',
      'ofertaclient',
      'pp',
      'cookies',
      'materials',
      'popular',
    ])
      expect(aliases).toContain(a)
    for (const p of list.json.data.items) {
      expect(p.edition).toBe('ua')
      expect(Object.keys(p.titles).sort()).toEqual(['en', 'ru', 'ua'])
      expect(p.texts.ua!.length).toBeGreaterThan(100)
    }
    const faq = await new Client(app.url).api.get('/client/static_pages/get?alias=faq&lang=ru')
    expect(faq.json.data).toMatchObject({ alias: 'faq', locale: 'ru', title: 'Вопросы и ответы' })
    expect((await new Client(app.url).api.get('/client/static_pages/get?alias=faq&lang=ua')).json.data.title).toBe(
      'Питання та відповіді',
    )
  })

  test('rules describe the fields', async () => {
    const rules = await (await staff(app, 1)).api.get('/admin/resources/static_page_rules')
    expect(rules.status).toBe(200)
    expect(rules.json.data).toMatchObject({
      locales: ['ua', 'ru', 'en'],
      default_locale: 'ua',
      title: { required_in: 'ua' },
    })
    expect(rules.json.data.text.allowed_tags).not.toContain('script')
  })

  test('create, get, list, save, change_status, delete; changes audited', async () => {
    const s = await staff(app, 3)
    const created = await s.api.post('/admin/static_pages/create', {
      static_page: JSON.stringify({
        alias: 'delivery',
        titles: { ua: 'Доставка', en: 'Delivery' },
        texts: { ua: '<p>Текст</p>' },
        meta_descriptions: { ua: 'Опис' },
      }),
    })
    expect(created.status).toBe(200)
    const page = created.json.data
    expect(page).toMatchObject({
      alias: 'delivery',
      edition: 'ua',
      active: true,
      titles: { ua: 'Доставка', en: 'Delivery' },
      texts: { ua: '<p>Текст</p>' },
    })
    expect((await s.api.get(`/admin/static_pages/get?id=${page.id}`)).json.data).toEqual(page)
    const found = await s.api.post('/admin/static_pages/index', { page: 1, filters: { text_search: 'Доставка' } })
    expect(found.json.data.items.map((p) => p.id)).toEqual([page.id])

    // The spec's single fields fill the request's language; other languages stay.
    const saved = await s.api.post('/admin/static_pages/save?lang=en', {
      static_page: { id: page.id, alias: 'delivery', text: '<p>Shipping</p>', title: 'Shipping' },
    } as never)
    expect(saved.status).toBe(200)
    expect(saved.json.data.titles).toEqual({ ua: 'Доставка', en: 'Shipping' })
    expect(saved.json.data.texts).toEqual({ ua: '<p>Текст</p>', en: '<p>Shipping</p>' })

    const pub = new Client(app.url)
    expect((await pub.api.get('/client/static_pages/get?alias=delivery&lang=en')).json.data).toMatchObject({
      title: 'Shipping',
      text: '<p>Shipping</p>',
      meta_title: 'Shipping',
    })
    // Off: the public read is a 404; on again: 200.
    const off = await s.api.post('/admin/static_pages/change_status', { id: page.id })
    expect(off.json.data.active).toBe(false)
    expect((await pub.api.get('/client/static_pages/get?alias=delivery')).status).toBe(404)
    expect(
      (await s.api.post('/admin/static_pages/index', { page: 1, filters: { active: false } })).json.data.items.map(
        (p) => p.alias,
      ),
    ).toEqual(['delivery'])
    expect((await s.api.post('/admin/static_pages/change_status', { id: page.id })).json.data.active).toBe(true)
    expect((await pub.api.get('/client/static_pages/get?alias=delivery')).status).toBe(200)

    expect((await s.api.post('/admin/static_pages/delete', { id: page.id })).json.data).toEqual({ deleted: true })
    expect((await s.api.get(`/admin/static_pages/get?id=${page.id}`)).status).toBe(404)
    expect((await s.api.post('/admin/static_pages/delete', { id: page.id })).status).toBe(404)
    expect((await pub.api.get('/client/static_pages/get?alias=delivery')).status).toBe(404)

    const actions = await app.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'static_page')
      .where('entity_id', '=', page.id)
      .orderBy('id')
      .execute()
    expect(actions.map((a) => a.action)).toEqual([
      'static_page.create',
      'static_page.save',
      'static_page.change_status',
      'static_page.change_status',
      'static_page.delete',
    ])
  })

  test('refusals: a taken alias, a bad alias, no title in the default language, a language the edition does not serve', async () => {
    const s = await staff(app, 1)
    const taken = await s.api.post('/admin/static_pages/create', {
      static_page: { alias: 'faq', titles: { ua: 'Ще одна' } },
    })
    expect(taken.status).toBe(422)
    expect(fieldErrors(taken.json)).toHaveProperty('alias')
    const bad = await s.api.post('/admin/static_pages/create', {
      static_page: { alias: '../etc', titles: { ua: 'X' } },
    })
    expect([bad.status, fieldErrors(bad.json)]).toEqual([422, { alias: expect.anything() }])
    const untitled = await s.api.post('/admin/static_pages/create', {
      static_page: { alias: 'untitled', titles: { en: 'Only English' } },
    })
    expect(untitled.status).toBe(422)
    expect(Object.keys(fieldErrors(untitled.json))).toEqual(['titles.ua'])
    const polish = await s.api.post('/admin/static_pages/create', {
      static_page: { alias: 'polish', titles: { ua: 'Так', pl: 'Tak' } },
    })
    expect(polish.status).toBe(422)
    expect(fieldErrors(polish.json)).toHaveProperty('titles')
    // NUL inside the JSON text (past the request's own NUL check) is a field error, not a 500.
    const nul = await s.raw.post('/admin/static_pages/create', {
      static_page: '{"alias":"nul","titles":{"ua":"A\\u0000B"}}',
    })
    expect(nul.status).toBe(422)
    // Another edition's page is not this site's: the seeded pl "faq" is unknown here by its id.
    const plFaq = await app.services.db
      .selectFrom('static_pages')
      .select('id')
      .where('edition', '=', 'pl')
      .where('alias', '=', 'faq')
      .executeTakeFirstOrThrow()
    expect((await s.api.get(`/admin/static_pages/get?id=${plFaq.id}`)).status).toBe(404)
  })
})

describe('static pages: rich text is inert', () => {
  test('<script>, on* handlers and javascript: links are stripped on save', async () => {
    const s = await staff(app, 1)
    const created = await s.api.post('/admin/static_pages/create', {
      static_page: { alias: 'xss-save', titles: { ua: 'XSS' }, texts: { ua: XSS } },
    })
    expect(created.status).toBe(200)
    const stored = await app.services.db
      .selectFrom('static_pages')
      .select(sql<string>`texts->>'ua'`.as('text'))
      .where('id', '=', created.json.data.id)
      .executeTakeFirstOrThrow()
    expectInert(stored.text)
    expect(stored.text).toContain('<p>Hello</p>')
    expect(stored.text).toContain('<img src="https://example.com/a.png" />')
  })

  test('a stored unsafe text (written around the services) is stripped on the read and on the page', async () => {
    await app.services.db
      .insertInto('static_pages')
      .values({
        edition: 'ua',
        alias: 'xss-raw',
        titles: jsonb({ ua: 'Сира <b>сторінка</b>' }),
        texts: jsonb({ ua: XSS }),
      })
      .execute()
    const read = await new Client(app.url).api.get('/client/static_pages/get?alias=xss-raw')
    expect(read.status).toBe(200)
    expectInert(read.json.data.text)
    const res = await fetch(`${app.url}/p/xss-raw/`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expectInert(html)
    expect(html).toContain('<p>Hello</p>')
    // The title is text, escaped, never markup.
    expect(html).toContain('Сира &lt;b&gt;сторінка&lt;/b&gt;')
  })
})

describe('static pages: server-rendered', () => {
  test('/p/faq/ renders the heading, the text, the meta title and description; /p/faq answers too', async () => {
    for (const path of ['/p/faq/', '/p/faq']) {
      const res = await fetch(app.url + path, { redirect: 'manual' })
      expect([path, res.status]).toEqual([path, 200])
      const html = await res.text()
      expect(html).toContain('<title>Питання та відповіді | Tutors UA</title>')
      expect(html).toMatch(/<meta name="description" content="Відповіді на часті питання[^"]*"/)
      expect(html).toMatch(/<h1[^>]*>Питання та відповіді<\/h1>/)
      expect(html).toContain('Скільки коштує підбір репетитора?')
      expect(html).toContain(`<link rel="canonical" href="${app.url}/p/faq/" />`)
    }
    const ru = await (await fetch(`${app.url}/ru/about`)).text()
    expect(ru).toMatch(/<h1[^>]*>О нас<\/h1>/)
  })

  test('an inactive or unknown alias is the 404 page', async () => {
    const s = await staff(app, 1)
    const cookies = (
      await s.api.post('/admin/static_pages/index', { page: 1, filters: { text_search: 'cookies' } })
    ).json.data.items.find((p) => p.alias === 'cookies')!
    await s.api.post('/admin/static_pages/change_status', { id: cookies.id })
    for (const path of ['/p/cookies/', '/p/no-such-page/', '/p/Bad_Alias/']) {
      const res = await fetch(app.url + path)
      await res.text()
      expect([path, res.status]).toEqual([path, 404])
    }
    await s.api.post('/admin/static_pages/change_status', { id: cookies.id })
    expect((await fetch(`${app.url}/p/cookies/`)).status).toBe(200)
  })

  test('a staff edit is what the page shows', async () => {
    const s = await staff(app, 1)
    const about = (
      await s.api.post('/admin/static_pages/index', { page: 1, filters: { text_search: 'about' } })
    ).json.data.items.find((p) => p.alias === 'about')!
    await s.api.post('/admin/static_pages/save', {
      id: about.id,
      static_page: {
        alias: 'about',
        texts: { ua: '<p>Новий текст про нас</p>' },
        meta_descriptions: { ua: 'Новий опис' },
      },
    })
    const html = await (await fetch(`${app.url}/about`)).text()
    expect(html).toContain('Новий текст про нас')
    expect(html).toContain('<meta name="description" content="Новий опис" />')
  })

  test('the sitemap lists the active static pages in every language', async () => {
    const xml = await (await fetch(`${app.url}/sitemap-static.xml`)).text()
    expect(xml).toContain(`<loc>${app.url}/p/faq/</loc>`)
    expect(xml).toContain(`<loc>${app.url}/en/p/faq/</loc>`)
    expect(xml).toContain(`<loc>${app.url}/about</loc>`)
    expect(xml).toContain(`<loc>${app.url}/materials/</loc>`)
    expect(await (await fetch(`${app.url}/sitemap.xml`)).text()).toContain('/sitemap-static.xml')
  })
})
