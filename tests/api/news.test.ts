// News and news categories (docs/api.md#admin-news "News", "News categories", #public-reads
// `GET /client/news`, `POST /client/news_one/set_rating`): the staff calls of the `news` area (staff 1,
// 3 and 4), the seeded demo news, publish/activate rules, the main image (resized WebP, pixel floods
// refused before decoding), categories, the public list (only published and active news), one rating
// per visitor, and the server-rendered /news/ pages with NewsArticle structured data.
import { describe, expect, test } from 'bun:test'
import sharp from 'sharp'
import { sql } from 'kysely'
import { Client, makePerson, makeStaff, signedIn, useTestApp, type TestApp } from '../helpers/app'
import { fieldErrors } from '../helpers/api'
import { pngWithHeader } from '../helpers/images'

const app = useTestApp({ pages: true })

async function staff(t: TestApp, status: 1 | 2 | 3 | 4) {
  return signedIn(t, { staff: (await makeStaff(t, status)).email })
}

const XSS =
  '<p>Hello</p><script>alert(1)</script><img src="https://example.com/a.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a>'
const pngFile = async (width: number, height: number) =>
  new File(
    [
      (await sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer()) as Uint8Array<ArrayBuffer>,
    ],
    'photo.png',
    { type: 'image/png' },
  )

/** POST multipart to a news path: the `news` JSON text and an optional image. */
function multipart(c: Client, path: string, fields: Record<string, unknown>, image?: File) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v))
  if (image) form.set('image', image)
  return c.request('POST', path, { body: form })
}

type NewsAnswer = {
  id: number
  alias: string
  published: boolean
  active: boolean
  published_at: string | null
  image: { url: string; thumb_url: string; width: number; height: number } | null
}
const dataOf = (res: { json: unknown }) => (res.json as { data: NewsAnswer }).data

describe('news: staff calls', () => {
  test('access: the news area (staff 1, 3, 4); staff 2 is 403, a tutor 403, anonymous 401', async () => {
    for (const status of [1, 3, 4] as const)
      expect((await (await staff(app, status)).api.get('/admin/news/get?page=1')).status).toBe(200)
    const s2 = await staff(app, 2)
    expect((await s2.api.get('/admin/news/get')).status).toBe(403)
    expect((await s2.api.post('/admin/news_one/set_published', { id: 1 })).status).toBe(403)
    expect((await s2.api.get('/admin/news_categories/get')).status).toBe(403)
    expect(
      (await s2.api.post('/admin/news_category/create', { news_category: { alias: 'x', names: { ua: 'X' } } })).status,
    ).toBe(403)
    expect((await multipart(s2, '/admin/news_one/create', { news: { alias: 'x', titles: { ua: 'X' } } })).status).toBe(
      403,
    )
    const tutor = await makePerson(app, { tutor: true })
    expect(
      (await (await signedIn(app, { tutor: tutor.email })).api.post('/admin/news_one/delete', { id: 1 })).status,
    ).toBe(403)
    const anonymous = new Client(app.url)
    expect((await anonymous.api.get('/admin/news_one/get?id=1')).status).toBe(401)
    expect((await anonymous.api.post('/admin/news_category/delete', { id: 1 })).status).toBe(401)
  })

  test('the demo news and categories are seeded for every edition, in its language', async () => {
    const rows = await app.services.db
      .selectFrom('news')
      .select([
        'edition',
        sql<number>`count(*)::int`.as('n'),
        sql<number>`count(*) filter (where published and active)::int`.as('visible'),
      ])
      .groupBy('edition')
      .execute()
    const byEdition = Object.fromEntries(rows.map((r) => [r.edition, r]))
    for (const ed of ['ua', 'pl', 'kz', 'us', 'in', 'mx', 'es', 'ng'])
      expect([ed, byEdition[ed]?.visible]).toEqual([ed, 8])
    const kz = await app.services.db
      .selectFrom('news')
      .select(sql<string[]>`array(select jsonb_object_keys(titles))`.as('langs'))
      .where('edition', '=', 'kz')
      .execute()
    for (const r of kz) expect(r.langs).toEqual(['ru'])
    const cats = await (await staff(app, 1)).api.get('/admin/news_categories/get')
    expect(cats.json.data.items.map((c) => c.alias)).toEqual(['education', 'exams', 'service'])
    expect(cats.json.data.items.every((c) => c.news_count > 0)).toBe(true)
  })

  test('create, get, list with filters, save, publish, activate, delete; changes audited', async () => {
    const s = await staff(app, 3)
    const cat = (
      await s.api.post('/admin/news_category/create', {
        news_category: JSON.stringify({ alias: 'events', names: { ua: 'Події', en: 'Events' } }),
      })
    ).json.data
    expect(cat).toMatchObject({ alias: 'events', active: true, names: { ua: 'Події', en: 'Events' }, news_count: 0 })

    const created = await multipart(s, '/admin/news_one/create', {
      news: {
        alias: '',
        category_id: cat.id,
        titles: { ua: 'Літня школа програмування' },
        texts: { ua: XSS },
        descriptions: { ua: 'Коротко' },
      },
    })
    expect(created.status).toBe(200)
    const item = dataOf(created)
    // An empty alias is made from the title; a new item is a draft until published.
    expect(item).toMatchObject({
      alias: 'litnia-shkola-prohramuvannia',
      published: false,
      active: true,
      published_at: null,
      image: null,
    })
    const got = (await s.api.get(`/admin/news_one/get?id=${item.id}`)).json.data
    expect(got.texts.ua).toContain('<p>Hello</p>')
    expect(got.texts.ua).not.toMatch(/script|onerror|javascript:/)
    expect(
      (
        await s.api.get(`/admin/news/get?page=1&filters[published]=0&filters[category_id]=${cat.id}`)
      ).json.data.items.map((n) => n.id),
    ).toEqual([item.id])
    expect(
      (await s.api.get('/admin/news/get?page=1&filters[text_search]=програмування')).json.data.items.map((n) => n.id),
    ).toEqual([item.id])

    // The draft is not on the site.
    const pub = new Client(app.url)
    expect((await pub.api.get('/client/news?category=events')).json.data.items).toEqual([])

    const published = await s.api.post('/admin/news_one/set_published', { id: item.id })
    expect(published.json.data.published).toBe(true)
    expect(published.json.data.published_at).not.toBeNull()
    // Publishing twice is a state error.
    expect((await s.api.post('/admin/news_one/set_published', { id: item.id })).status).toBe(409)
    const list = (await pub.api.get('/client/news?category=events')).json.data
    expect(list.items.map((n) => n.alias)).toEqual(['litnia-shkola-prohramuvannia'])
    expect(list.items[0]).toMatchObject({
      title: 'Літня школа програмування',
      description: 'Коротко',
      category: { alias: 'events', name: 'Події' },
    })
    expect(list.category).toEqual({ alias: 'events', name: 'Події' })

    // Saved through the spec's single fields (the request's language) and under the item's id inside the JSON.
    const saved = await multipart(s, '/admin/news_one/save?lang=en', {
      news: { id: item.id, alias: 'summer-coding-school', title: 'Summer coding school' },
    })
    expect(saved.status).toBe(200)
    const after = (await s.api.get(`/admin/news_one/get?id=${item.id}`)).json.data
    expect(after).toMatchObject({
      alias: 'summer-coding-school',
      titles: { ua: 'Літня школа програмування', en: 'Summer coding school' },
      category_id: cat.id,
      published: true,
    })

    // Inactive: off the site; active again: back.
    expect((await s.api.post('/admin/news_one/set_active_or_inactive', { id: item.id })).json.data.active).toBe(false)
    expect((await pub.api.get('/client/news?category=events')).json.data.items).toEqual([])
    expect((await s.api.post('/admin/news_one/set_active_or_inactive', { id: item.id })).json.data.active).toBe(true)
    // Withdrawn: off the site, published_at kept.
    const withdrawn = (await s.api.post('/admin/news_one/set_published', { id: item.id, published: 0 } as never)).json
      .data as NewsAnswer
    expect(withdrawn).toMatchObject({ published: false, published_at: after.published_at })
    expect((await pub.api.get('/client/news?category=events')).json.data.total).toBe(0)

    expect((await s.api.post('/admin/news_one/delete', { id: item.id })).json.data).toEqual({ deleted: true })
    expect((await s.api.get(`/admin/news_one/get?id=${item.id}`)).status).toBe(404)
    expect((await s.api.post('/admin/news_one/delete', { id: item.id })).status).toBe(404)

    const actions = await app.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'news')
      .where('entity_id', '=', item.id)
      .orderBy('id')
      .execute()
    expect(actions.map((a) => a.action)).toEqual([
      'news.create',
      'news.set_published',
      'news.save',
      'news.set_active_or_inactive',
      'news.set_active_or_inactive',
      'news.set_published',
      'news.delete',
    ])
  })

  test('refusals: a taken alias (news or category), a bad alias, no title in the default language, an unknown category, another edition', async () => {
    const s = await staff(app, 1)
    const taken = await multipart(s, '/admin/news_one/create', {
      news: { alias: 'online-lessons-tips', titles: { ua: 'Ще одна' } },
    })
    expect([taken.status, Object.keys(fieldErrors(taken.json))]).toEqual([422, ['alias']])
    // /news/{slug}/ names either: a news alias may not be a category's.
    const asCategory = await multipart(s, '/admin/news_one/create', {
      news: { alias: 'exams', titles: { ua: 'Іспити' } },
    })
    expect([asCategory.status, Object.keys(fieldErrors(asCategory.json))]).toEqual([422, ['alias']])
    const catTaken = await s.api.post('/admin/news_category/create', {
      news_category: { alias: 'online-lessons-tips', names: { ua: 'X' } },
    })
    expect([catTaken.status, Object.keys(fieldErrors(catTaken.json))]).toEqual([422, ['alias']])
    const bad = await multipart(s, '/admin/news_one/create', { news: { alias: '../etc', titles: { ua: 'X' } } })
    expect([bad.status, Object.keys(fieldErrors(bad.json))]).toEqual([422, ['alias']])
    const untitled = await multipart(s, '/admin/news_one/create', {
      news: { alias: 'untitled', titles: { en: 'Only English' } },
    })
    expect([untitled.status, Object.keys(fieldErrors(untitled.json))]).toEqual([422, ['titles.ua']])
    const noCat = await multipart(s, '/admin/news_one/create', {
      news: { alias: 'no-cat', category_id: 999999, titles: { ua: 'X' } },
    })
    expect([noCat.status, Object.keys(fieldErrors(noCat.json))]).toEqual([422, ['category_id']])
    const plNews = await app.services.db
      .selectFrom('news')
      .select('id')
      .where('edition', '=', 'pl')
      .executeTakeFirstOrThrow()
    expect((await s.api.get(`/admin/news_one/get?id=${plNews.id}`)).status).toBe(404)
    expect(
      await app.services.db
        .selectFrom('news')
        .select('id')
        .where('alias', 'in', ['untitled', 'no-cat', 'exams'])
        .execute(),
    ).toEqual([])
  })

  test('rules and category options', async () => {
    const s = await staff(app, 4)
    const rules = (await s.api.get('/admin/resources/news_rules')).json.data
    expect(rules).toMatchObject({
      default_locale: 'ua',
      title: { required_in: 'ua' },
      image: { width: 1200, thumb_width: 400 },
    })
    expect(rules.text.allowed_tags).not.toContain('script')
    const options = (await s.api.get('/admin/resources/news_categories')).json.data
    expect(options.map((o) => o.name)).toContain('Іспити')
  })
})

describe('news: images', () => {
  test('the main image is resized to WebP (1200 wide and a 400×225 thumbnail), served from /media, replaced and deleted', async () => {
    const s = await staff(app, 1)
    const res = await multipart(
      s,
      '/admin/news_one/create',
      { news: { alias: 'with-image', titles: { ua: 'З картинкою' }, published: true } },
      await pngFile(2400, 1350),
    )
    expect(res.status).toBe(200)
    const item = dataOf(res)
    expect(item.image).toMatchObject({ width: 1200, height: 675 })
    expect(item.image!.url).toMatch(/^\/media\/news\/\d+\/[\w-]+\.webp$/)
    const main = await fetch(app.url + item.image!.url)
    expect([main.status, main.headers.get('content-type')]).toEqual([200, 'image/webp'])
    const meta = await sharp(new Uint8Array(await main.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 675])
    const thumb = await sharp(
      new Uint8Array(await (await fetch(app.url + item.image!.thumb_url)).arrayBuffer()),
    ).metadata()
    expect([thumb.width, thumb.height]).toEqual([400, 225])

    // A new image replaces the old files.
    const replaced = dataOf(
      await multipart(
        s,
        '/admin/news_one/save',
        { id: String(item.id), news: { alias: 'with-image' } },
        await pngFile(800, 600),
      ),
    )
    expect(replaced.image).toMatchObject({ width: 800, height: 600 })
    expect((await fetch(app.url + item.image!.url)).status).toBe(404)

    // A text image answers its address.
    const form = new FormData()
    form.set('news_id', String(item.id))
    form.set('image', await pngFile(300, 200))
    const added = await s.request('POST', '/admin/news_one/add_image', { body: form })
    expect(added.status).toBe(200)
    const url = (added.json as { data: { url: string } }).data.url
    expect((await fetch(app.url + url)).status).toBe(200)

    const deleted = await s.api.post('/admin/news_one/delete_main_image', { id: item.id })
    expect(deleted.json.data.image).toBeNull()
    expect((await fetch(app.url + replaced.image!.url)).status).toBe(404)
    expect((await s.api.post('/admin/news_one/delete_main_image', { id: item.id })).status).toBe(409)
    // Deleting the item removes its text images too.
    await s.api.post('/admin/news_one/delete', { id: item.id })
    expect((await fetch(app.url + url)).status).toBe(404)
  })

  test('a pixel flood or a non-image is a 422 on image, and nothing is created', async () => {
    const s = await staff(app, 1)
    const flood = new File([pngWithHeader(20000, 20000) as Uint8Array<ArrayBuffer>], 'flood.png', { type: 'image/png' })
    const res = await multipart(s, '/admin/news_one/create', { news: { alias: 'flooded', titles: { ua: 'X' } } }, flood)
    expect(res.status).toBe(422)
    expect(fieldErrors(res.json).image?.[0]).toContain('megapixels')
    const text = new File(['not an image'], 'a.png', { type: 'image/png' })
    expect(
      (await multipart(s, '/admin/news_one/create', { news: { alias: 'flooded', titles: { ua: 'X' } } }, text)).status,
    ).toBe(422)
    expect(await app.services.db.selectFrom('news').select('id').where('alias', '=', 'flooded').execute()).toEqual([])
  })
})

describe('news: categories', () => {
  test('save, switch off (its page is a 404, its news stay), delete (its news stay without a category)', async () => {
    const s = await staff(app, 1)
    const cat = (
      await s.api.post('/admin/news_category/create', { news_category: { alias: 'tips', names: { ua: 'Поради' } } })
    ).json.data
    const item = dataOf(
      await multipart(s, '/admin/news_one/create', {
        news: { alias: 'tip-one', category_id: cat.id, titles: { ua: 'Порада' }, published: true },
      }),
    )
    const saved = await s.api.post('/admin/news_category/save', {
      news_category: JSON.stringify({ id: cat.id, alias: 'tips', names: { ua: 'Корисні поради' } }),
    })
    expect(saved.json.data).toMatchObject({ names: { ua: 'Корисні поради' }, news_count: 1 })
    expect((await s.api.get(`/admin/news_category/get?id=${cat.id}`)).json.data.names.ua).toBe('Корисні поради')
    expect((await fetch(`${app.url}/news/tips/`)).status).toBe(200)
    expect((await s.api.post('/admin/news_category/set_active_or_inactive', { id: cat.id })).json.data.active).toBe(
      false,
    )
    const off = await fetch(`${app.url}/news/tips/`)
    await off.text()
    expect(off.status).toBe(404)
    expect((await new Client(app.url).api.get('/client/news?category=tips')).status).toBe(404)
    expect((await fetch(`${app.url}/news/tip-one/`)).status).toBe(200)
    expect((await s.api.post('/admin/news_category/delete', { id: cat.id })).json.data).toEqual({ deleted: true })
    expect((await s.api.get(`/admin/news_one/get?id=${item.id}`)).json.data.category_id).toBeNull()
    expect((await s.api.post('/admin/news_category/delete', { id: cat.id })).status).toBe(404)
  })
})

describe('news: the public list and ratings', () => {
  test('GET /client/news: newest first, paged, only published and active', async () => {
    const pub = new Client(app.url)
    const first = (await pub.api.get('/client/news')).json.data
    expect(first.items.length).toBe(9)
    expect(first.categories.map((c) => c.alias).slice(0, 3)).toEqual(['education', 'exams', 'service'])
    const dates = first.items.map((n) => n.published_at)
    expect([...dates].sort().reverse()).toEqual(dates)
    const s = await staff(app, 1)
    const draft = dataOf(
      await multipart(s, '/admin/news_one/create', { news: { alias: 'hidden-draft', titles: { ua: 'Чернетка' } } }),
    )
    const inactive = dataOf(
      await multipart(s, '/admin/news_one/create', {
        news: { alias: 'hidden-inactive', titles: { ua: 'Вимкнена' }, published: true, active: false },
      }),
    )
    const all = [] as string[]
    for (let page = 1; page <= first.pages; page++)
      all.push(...(await pub.api.get(`/client/news?page=${page}`)).json.data.items.map((n) => n.alias))
    expect(all).not.toContain(draft.alias)
    expect(all).not.toContain(inactive.alias)
    expect(all.length).toBe((await pub.api.get('/client/news')).json.data.total)
    expect(
      (await pub.api.get('/client/news?category=exams')).json.data.items.every((n) => n.category?.alias === 'exams'),
    ).toBe(true)
    expect((await pub.api.get('/client/news?category=nope')).status).toBe(404)
  })

  test('a rating is 1..5, once per visitor; a repeat is 409 and changes nothing; unpublished news cannot be rated', async () => {
    const s = await staff(app, 1)
    const item = dataOf(
      await multipart(s, '/admin/news_one/create', {
        news: { alias: 'rate-me', titles: { ua: 'Оцініть' }, published: true },
      }),
    )
    const visitor = new Client(app.url)
    expect((await visitor.raw.post('/client/news_one/set_rating', { id: item.id, rating: 6 })).status).toBe(422)
    expect((await visitor.raw.post('/client/news_one/set_rating', { id: item.id, rating: 0 })).status).toBe(422)
    const first = await visitor.api.post(
      `/client/news_one/set_rating?id=${item.id}&rating=4` as '/client/news_one/set_rating',
      {} as never,
    )
    expect(first.status).toBe(200)
    expect(first.json.data).toEqual({ id: item.id, rating: { avg: 4, count: 1 } })
    // The same visitor (same address, no session) again, even from a fresh cookie jar: refused.
    const again = await new Client(app.url).api.post('/client/news_one/set_rating', { id: item.id, rating: 1 })
    expect([again.status, (again.json as { error?: string }).error]).toEqual([409, 'wrong_status'])
    // A signed-in person is a visitor of their own.
    const person = await makePerson(app, { client: true })
    const client = await signedIn(app, { client: person.email })
    expect((await client.api.post('/client/news_one/set_rating', { id: item.id, rating: 5 })).json.data.rating).toEqual(
      { avg: 4.5, count: 2 },
    )
    expect((await client.api.post('/client/news_one/set_rating', { id: item.id, rating: 5 })).status).toBe(409)
    const row = await app.services.db
      .selectFrom('news')
      .select(['rating_sum', 'rating_count'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ rating_sum: 9, rating_count: 2 })
    // The address is kept hashed, never as it is.
    const keys = await app.services.db
      .selectFrom('news_ratings')
      .select('visitor')
      .where('news_id', '=', item.id)
      .execute()
    expect(keys.map((k) => k.visitor).sort()).toEqual(
      [`p:${person.personId}`, expect.stringMatching(/^ip:[0-9a-f]{64}$/)].sort(),
    )
    await s.api.post('/admin/news_one/set_published', { id: item.id, published: 0 } as never)
    expect(
      (
        await (
          await signedIn(app, { client: (await makePerson(app, { client: true })).email })
        ).api.post('/client/news_one/set_rating', { id: item.id, rating: 3 })
      ).status,
    ).toBe(404)
  })
})

describe('news: server-rendered pages', () => {
  test('/news/ lists the news with title, description, canonical, hreflang; ?page=2 is its own canonical', async () => {
    const res = await fetch(`${app.url}/news/`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<title>Новини | Tutors UA</title>')
    expect(html).toContain(`<link rel="canonical" href="${app.url}/news/" />`)
    expect(html).toContain(`hreflang="ru" href="${app.url}/ru/news/"`)
    expect(html).toMatch(/<h1[^>]*>Новини<\/h1>/)
    expect(html).toContain('НМТ-2027')
    expect(html).toContain('"@type":"ItemList"')
    // Past the last page: the 404 page. One more news item makes a second page, its own canonical.
    const total = (await new Client(app.url).api.get('/client/news')).json.data.total
    const past = Math.floor(total / 9) + 1
    expect((await fetch(`${app.url}/news/?page=${past}`)).status).toBe(404)
    const s = await staff(app, 1)
    for (let i = 0; i < 9 - (total % 9) + 1; i++) {
      const extra = dataOf(
        await multipart(s, '/admin/news_one/create', {
          news: { alias: `extra-${i}`, titles: { ua: `Додаткова новина ${i}` }, texts: { ua: '<p>Текст</p>' } },
        }),
      )
      await s.api.post('/admin/news_one/set_published', { id: extra.id })
    }
    const res2 = await fetch(`${app.url}/news/?page=${past}`)
    expect(res2.status).toBe(200)
    expect(await res2.text()).toContain(`<link rel="canonical" href="${app.url}/news/?page=${past}" />`)
    // Another language of the edition falls back to the edition's texts.
    expect(await (await fetch(`${app.url}/ru/news/`)).text()).toMatch(/<h1[^>]*>Новости<\/h1>/)
    const cat = await (await fetch(`${app.url}/news/exams/`)).text()
    expect(cat).toMatch(/<h1[^>]*>Іспити<\/h1>/)
    expect(cat).toContain('<title>Іспити — Новини | Tutors UA</title>')
  })

  test('/news/{alias}/ renders the article with NewsArticle JSON-LD; an unknown or hidden alias is the 404 page; the text is inert', async () => {
    const res = await fetch(`${app.url}/news/online-lessons-tips/`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toMatch(/<h1[^>]*>Як отримати максимум від онлайн-занять<\/h1>/)
    expect(html).toContain(
      '<meta name="description" content="Прості правила, що роблять урок онлайн таким же ефективним, як наживо." />',
    )
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!))
    const article = ld.find((x) => x['@type'] === 'NewsArticle')
    expect(article).toMatchObject({
      headline: 'Як отримати максимум від онлайн-занять',
      mainEntityOfPage: `${app.url}/news/online-lessons-tips/`,
      articleSection: 'Освіта',
    })
    expect(article.datePublished).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(html).toContain('data-testid="news-rating"')

    for (const path of ['/news/no-such-news/', '/news/Bad_Alias/']) {
      const r = await fetch(app.url + path)
      await r.text()
      expect([path, r.status]).toEqual([path, 404])
    }
    const s = await staff(app, 1)
    const item = dataOf(
      await multipart(s, '/admin/news_one/create', {
        news: { alias: 'xss-news', titles: { ua: 'Сира <b>новина</b>' }, texts: { ua: '<p>ok</p>' }, published: true },
      }),
    )
    // A stored unsafe text (written around the services) is stripped on the read and on the page.
    await app.services.db
      .updateTable('news')
      .set({ texts: sql`jsonb_build_object('ua', ${XSS}::text)` })
      .where('id', '=', item.id)
      .execute()
    const page = await (await fetch(`${app.url}/news/xss-news/`)).text()
    expect(page).toContain('<p>Hello</p>')
    expect(page).not.toContain('<script>alert')
    expect(page).not.toMatch(/onerror|javascript:/)
    expect(page).toContain('Сира &lt;b&gt;новина&lt;/b&gt;')
    await s.api.post('/admin/news_one/set_active_or_inactive', { id: item.id })
    const hidden = await fetch(`${app.url}/news/xss-news/`)
    await hidden.text()
    expect(hidden.status).toBe(404)
  })
})

test('the sitemap lists /news/, the categories and the visible news in every language', async () => {
  const xml = await (await fetch(`${app.url}/sitemap-news.xml`)).text()
  for (const loc of [
    '/news/',
    '/ru/news/',
    '/news/exams/',
    '/news/online-lessons-tips/',
    '/en/news/online-lessons-tips/',
  ])
    expect(xml).toContain(`<loc>${app.url}${loc}</loc>`)
  expect(xml).not.toContain('/news/hidden-draft/')
  expect(await (await fetch(`${app.url}/sitemap.xml`)).text()).toContain('/sitemap-news.xml')
})
