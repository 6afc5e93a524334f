// Tutor blogs and ads with moderation (docs/api.md#admin-ads-and-blogs "Ads", "Blogs",
// #tutor-blog-and-ads "Blog", "Ads", docs/api.md#public-reads blogs, ads, blog/set_rating): the tutor's flow, the rules
// answers, staff moderation (publish, revision with a reason → the tutor's notification and e-mail, mark, delete),
// who may read and edit what, the public reads (published only), one rating per visitor, the
// uniqueness check, images (type and pixel-flood refusals) and the server-rendered /blog/ pages.
import { describe, expect, test } from 'bun:test'
import sharp from 'sharp'
import { Client, makePerson, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { type HttpAnswer, type RestReply, fieldErrors } from '../helpers/api'
import { pngWithHeader } from '../helpers/images'

const app = useTestApp({ pages: true })

async function newTutor() {
  const p = await makePerson(app, { tutor: true })
  return { ...p, tutorId: p.tutorId!, c: await signedIn(app, { tutor: p.email }) }
}
const staff = async (status: 1 | 2 | 3 | 4) => signedIn(app, { staff: (await makeStaff(app, status)).email })

const para = (seed: string) =>
  `<p>${seed}: як підготуватися до іспиту з математики за три місяці без стресу. Почніть із діагностики: розв'яжіть пробний тест і випишіть теми, де помилилися. ` +
  `Далі складіть план на кожен тиждень, чергуйте алгебру й геометрію, повторюйте формули щодня по п'ятнадцять хвилин і раз на тиждень пишіть повний тест на час.</p>`

async function jpeg(width = 40, height = 30) {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer(),
  )
}
function upload(
  c: Client,
  path: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Uint8Array; key?: string },
) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  form.append(file.key ?? 'image', new File([new Uint8Array(file.bytes)], file.name, { type: 'image/jpeg' }))
  return c.request('POST', path, { body: form })
}

describe('blogs: the tutor', () => {
  test('rules answer the schema numbers; create, list, get, save back to moderation', async () => {
    const { c } = await newTutor()
    const rules = await c.api.get('/tutor/resources/blog_rules')
    expect(rules.status).toBe(200)
    expect(rules.json.data).toMatchObject({
      title: { min: 5, max: 200 },
      text: { min: 200, max: 50000 },
      images: { max_count: 10, max_bytes: 10485760 },
    })
    expect(rules.json.data.text.allowed_tags).not.toContain('script')

    const short = await c.api.post('/tutor/blog/create', { blog: { title: 'Hi', text: '<p>short</p>' } })
    expect(short.status).toBe(422)
    expect(Object.keys(fieldErrors(short.json)).sort()).toEqual(['text', 'title'])

    const created = await c.api.post('/tutor/blog/create', {
      blog: JSON.stringify({ title: 'Як готуватися до НМТ', text: `${para('Порада')}<script>alert(1)</script>` }),
    })
    expect(created.status).toBe(200)
    const blog = created.json.data
    expect(blog.status).toBe('on_moderation')
    expect(blog.text).not.toContain('<script')
    const draft = await c.api.post('/tutor/blog/create', {
      blog: { title: 'Чернетка поради', text: para('Чернетка'), draft: true },
    })
    expect(draft.json.data.status).toBe('draft')

    const list = await c.api.get('/tutor/blogs/get?page=1')
    expect(list.json.data.items.map((b) => b.id)).toEqual([draft.json.data.id, blog.id])
    expect((await c.api.get(`/tutor/blog/get?id=${blog.id}`)).json.data.title).toBe('Як готуватися до НМТ')

    // Published, then saved by the tutor: back to moderation, and no longer public.
    const s = await staff(3)
    expect((await s.api.post(`/admin/blog/set_published?id=${blog.id}`)).json.data.status).toBe('published')
    expect((await new Client(app.url).api.get(`/client/blog/get?id=${blog.id}`)).status).toBe(200)
    const saved = await c.api.post('/tutor/blog/save', {
      blog: { id: blog.id, title: 'Як готуватися до НМТ (оновлено)', text: para('Оновлено') },
    })
    expect(saved.json.data.status).toBe('on_moderation')
    expect((await new Client(app.url).api.get(`/client/blog/get?id=${blog.id}`)).status).toBe(404)
  })

  test("a tutor can neither read nor edit another tutor's post; clients, anonymous and staff are refused", async () => {
    const a = await newTutor()
    const b = await newTutor()
    const mine = (await a.c.api.post('/tutor/blog/create', { blog: { title: 'Пост тутора А', text: para('А') } })).json
      .data
    expect((await b.c.api.get(`/tutor/blog/get?id=${mine.id}`)).status).toBe(404)
    expect(
      (await b.c.api.post('/tutor/blog/save', { blog: { id: mine.id, title: 'Захоплено', text: para('Б') } })).status,
    ).toBe(404)
    expect((await b.c.api.get('/tutor/blogs/get')).json.data.items).toEqual([])
    expect((await a.c.api.get(`/tutor/blog/get?id=${mine.id}`)).json.data.title).toBe('Пост тутора А')
    expect((await new Client(app.url).api.get('/tutor/blogs/get')).status).toBe(401)
    const client = await makePerson(app, { client: true })
    expect((await (await signedIn(app, { client: client.email })).api.get('/tutor/blogs/get')).status).toBe(403)
    expect((await (await staff(1)).api.get('/tutor/blogs/get')).status).toBe(403)
  })

  test('images: uploaded, resized JPEG served publicly, attached on save; a pixel flood and a non-image are 422', async () => {
    const { c } = await newTutor()
    const loose = await upload(c, '/tutor/blog/add_image', {}, { name: 'photo.jpg', bytes: await jpeg(2400, 1200) })
    expect(loose.status).toBe(200)
    const img = (loose.json as { data: { id: number; url: string; width: number; owner_id: number | null } }).data
    expect(img).toMatchObject({ width: 1600, owner_id: null })
    const served = await fetch(app.url + img.url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    const blog = (
      await c.api.post('/tutor/blog/create', {
        blog: { title: 'Пост з фото', text: para('Фото'), image_ids: [img.id] },
      })
    ).json.data
    expect(blog.images.map((i) => i.id)).toEqual([img.id])
    const flood = await upload(
      c,
      '/tutor/blog/add_image',
      { blog_id: String(blog.id) },
      { name: 'bomb.png', bytes: pngWithHeader(30000, 30000) },
    )
    expect(flood.status).toBe(422)
    expect(fieldErrors(flood.json).image![0]).toMatch(/pixels/)
    const text = await upload(
      c,
      '/tutor/blog/add_image',
      {},
      { name: 'a.jpg', bytes: new TextEncoder().encode('not an image') },
    )
    expect(text.status).toBe(422)
    // Another tutor cannot attach to this post.
    const other = await newTutor()
    expect(
      (
        await upload(
          other.c,
          '/tutor/blog/add_image',
          { blog_id: String(blog.id) },
          { name: 'x.jpg', bytes: await jpeg() },
        )
      ).status,
    ).toBe(404)
  })
})

describe('blogs: staff moderation', () => {
  test('the blogs area: staff 1, 3, 4; staff 2, a tutor and anonymous are refused', async () => {
    for (const s of [1, 3, 4] as const)
      expect((await (await staff(s)).api.post('/admin/blogs/get', { page: 1, filters: {} })).status).toBe(200)
    expect((await (await staff(2)).api.post('/admin/blogs/get', { page: 1, filters: {} })).status).toBe(403)
    expect((await (await newTutor()).c.api.post('/admin/blog/set_published?id=1')).status).toBe(403)
    expect((await new Client(app.url).api.post('/admin/blog/set_published?id=1')).status).toBe(401)
  })

  test('revision with a reason notifies the tutor on the site and by e-mail; fixed, published, marked, deleted', async () => {
    const { c, tutorId, email } = await newTutor()
    const s = await staff(1)
    const blog = (
      await c.api.post('/tutor/blog/create', { blog: { title: 'Пост на модерацію', text: para('Модерація') } })
    ).json.data
    const listed = await s.api.post('/admin/blogs/get', {
      page: 1,
      filters: { status: 'on_moderation', tutor_id: tutorId },
    })
    expect(listed.json.data.items.map((b) => b.id)).toEqual([blog.id])
    expect((await s.raw.post('/admin/blog/set_need_revision', { id: blog.id })).status).toBe(422)
    const rev = await s.api.post('/admin/blog/set_need_revision', { id: blog.id, reason: 'Додайте джерела' })
    expect(rev.json.data).toMatchObject({ status: 'need_revision', revision_reason: 'Додайте джерела' })
    const bell = await c.api.get('/tutor/on_site_notifications')
    expect(bell.json.data.admin_notifications.map((n) => n.name)).toContain('Пост на модерацію')
    const mail = await app.services.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirst()
    expect(mail?.subject).toContain('Пост на модерацію')
    expect(mail?.body).toContain('Додайте джерела')
    // The tutor sees the reason, fixes the post: it waits for moderation again.
    expect((await c.api.get(`/tutor/blog/get?id=${blog.id}`)).json.data.revision_reason).toBe('Додайте джерела')
    expect(
      (
        await c.api.post('/tutor/blog/save', {
          blog: { id: blog.id, title: 'Пост на модерацію', text: para('Виправлено') },
        })
      ).json.data.status,
    ).toBe('on_moderation')
    const pub = await s.api.post(`/admin/blog/set_published?id=${blog.id}`)
    expect(pub.json.data).toMatchObject({ status: 'published', revision_reason: '' })
    expect(pub.json.data.published_at).not.toBeNull()
    expect((await s.api.post(`/admin/blog/set_mark?id=${blog.id}&mark=4`)).json.data.mark).toBe(4)
    expect((await s.api.post(`/admin/blog/set_mark?id=${blog.id}&mark=9`)).status).toBe(422)
    // Staff correct the text: the status stays.
    expect(
      (
        await s.api.post('/admin/blog/save', {
          blog: { id: blog.id, title: 'Пост на модерацію', text: para('Редактор') },
        })
      ).json.data.status,
    ).toBe('published')
    expect((await s.api.post(`/admin/blog/set_deleted?id=${blog.id}`)).json.data.status).toBe('deleted')
    expect((await new Client(app.url).api.get(`/client/blog/get?id=${blog.id}`)).status).toBe(404)
    expect((await c.api.get(`/tutor/blog/get?id=${blog.id}`)).status).toBe(404)
    expect((await s.api.get(`/admin/blog/get?id=${blog.id}`)).json.data.status).toBe('deleted')
  })

  test('check_uniqueness flags a copied text (another post, a static page, a news item) and passes an original one', async () => {
    const a = await newTutor()
    const b = await newTutor()
    const s = await staff(1)
    const original = (
      await a.c.api.post('/tutor/blog/create', { blog: { title: 'Оригінал', text: para('Оригінальний текст') } })
    ).json.data
    await s.api.post(`/admin/blog/set_published?id=${original.id}`)
    const copy = (
      await b.c.api.post('/tutor/blog/create', { blog: { title: 'Копія', text: para('Оригінальний текст') } })
    ).json.data
    const res = await s.api.post('/admin/blog/check_uniqueness', { id: copy.id })
    expect(res.json.data.unique).toBe(false)
    expect(res.json.data.matches[0]).toMatchObject({ kind: 'blog', id: original.id, title: 'Оригінал' })
    // A copy of the seeded FAQ page's text.
    const faq = (await new Client(app.url).api.get('/client/static_pages/get?alias=faq')).json.data
    const fromFaq = (
      await b.c.api.post('/tutor/blog/create', { blog: { title: 'FAQ своїми словами', text: faq.text } })
    ).json.data
    const r2 = await s.api.post('/admin/blog/check_uniqueness', { id: fromFaq.id })
    expect(r2.json.data.matches.map((m) => m.kind)).toContain('static_page')
    // A copy of a news item on the site (the seeded news come with the schema in every database).
    const newsList = (await s.api.get('/admin/news/get?page=1&filters[published]=1')).json.data.items
    const newsItem = (await s.api.get(`/admin/news_one/get?id=${newsList[0]!.id}`)).json.data
    const fromNews = (
      await b.c.api.post('/tutor/blog/create', { blog: { title: 'Новина своїми словами', text: newsItem.texts.ua! } })
    ).json.data
    const r3 = await s.api.post('/admin/blog/check_uniqueness', { id: fromNews.id })
    expect(r3.json.data.unique).toBe(false)
    expect(r3.json.data.matches.find((m) => m.kind === 'news')).toMatchObject({
      kind: 'news',
      id: newsItem.id,
      title: newsItem.titles.ua,
    })
    const fresh = (
      await b.c.api.post('/tutor/blog/create', {
        blog: {
          title: 'Свіжий',
          text: `<p>${'Зовсім інший текст про хімію, досліди вдома та безпеку у лабораторії. '.repeat(2)}Кожен дослід записуйте у зошит, а висновки обговорюйте з репетитором після заняття, щоб закріпити матеріал і не повторювати помилок.</p>`,
        },
      })
    ).json.data
    expect((await s.api.post('/admin/blog/check_uniqueness', { id: fresh.id })).json.data).toEqual({
      unique: true,
      matches: [],
    })
  })
})

describe('blogs: visitors', () => {
  test('only published posts are listed and read; a rating counts once per visitor', async () => {
    const { c } = await newTutor()
    const s = await staff(1)
    const pub = (
      await c.api.post('/tutor/blog/create', { blog: { title: 'Опублікований пост', text: para('Публічний') } })
    ).json.data
    const hidden = (
      await c.api.post('/tutor/blog/create', { blog: { title: 'Непублікований пост', text: para('Прихований') } })
    ).json.data
    await s.api.post(`/admin/blog/set_published?id=${pub.id}`)
    const visitor = new Client(app.url)
    const list = await visitor.api.get(`/client/blogs?page=1&tutor_id=${pub.tutor_id}`)
    expect(list.json.data.items.map((b) => b.id)).toEqual([pub.id])
    expect(list.json.data.items[0]!.excerpt.length).toBeLessThanOrEqual(221)
    expect((await visitor.api.get(`/client/blog/get?id=${hidden.id}`)).status).toBe(404)
    const first = await visitor.api.post(`/client/blog/set_rating?id=${pub.id}&rating=5`)
    expect(first.json.data).toEqual({ id: pub.id, rating: 5, rating_count: 1, already_rated: false })
    const again = await visitor.api.post(`/client/blog/set_rating?id=${pub.id}&rating=1`)
    expect(again.json.data).toEqual({ id: pub.id, rating: 5, rating_count: 1, already_rated: true })
    expect((await visitor.api.post(`/client/blog/set_rating?id=${hidden.id}&rating=5`)).status).toBe(404)
    expect((await visitor.api.post(`/client/blog/set_rating?id=${pub.id}&rating=6`)).status).toBe(422)
  })

  test('SSR: /blog/ lists, /blog/{id}/ has BlogPosting JSON-LD; unknown and unpublished are 404', async () => {
    const { c } = await newTutor()
    const s = await staff(1)
    const pub = (
      await c.api.post('/tutor/blog/create', { blog: { title: 'Пост для сторінки', text: para('Сторінка') } })
    ).json.data
    await s.api.post(`/admin/blog/set_published?id=${pub.id}`)
    const list = await fetch(`${app.url}/blog/`)
    expect(list.status).toBe(200)
    const html = await list.text()
    expect(html).toContain('Пост для сторінки')
    expect(html).toContain(`href="/blog/${pub.id}/"`)
    const page = await fetch(`${app.url}/blog/${pub.id}/`)
    expect(page.status).toBe(200)
    const body = await page.text()
    expect(body).toContain('"@type":"BlogPosting"')
    expect(body).toContain('<title>Пост для сторінки')
    const unpublished = (await c.api.post('/tutor/blog/create', { blog: { title: 'Ще не видно', text: para('Ні') } }))
      .json.data
    expect((await fetch(`${app.url}/blog/${unpublished.id}/`)).status).toBe(404)
    expect((await fetch(`${app.url}/blog/999999/`)).status).toBe(404)
  })
})

type AdReply = HttpAnswer<RestReply<'/tutor/ad/create'>>
function adForm(
  c: Client,
  path: '/tutor/ad/create' | '/tutor/ad/save' | '/admin/ad/save',
  ad: unknown,
  images: Uint8Array[] = [],
) {
  const form = new FormData()
  form.append('ad', JSON.stringify(ad))
  for (const [i, bytes] of images.entries())
    form.append('images[]', new File([new Uint8Array(bytes)], `p${i}.jpg`, { type: 'image/jpeg' }))
  return c.request('POST', path, { body: form }) as Promise<AdReply>
}
const AD = {
  title: 'Математика для 5–9 класів',
  text: 'Пояснюю просто, домашні завдання перевіряю щодня. Перше заняття — знайомство.',
  price: 400,
}

describe('ads', () => {
  test('tutor: rules, multipart create with images, save back to moderation, change_status, remove_image; others cannot touch it', async () => {
    const { c, tutorId } = await newTutor()
    expect((await c.api.get('/tutor/resources/ad_rules')).json.data).toMatchObject({
      title: { min: 5, max: 150 },
      images: { max_count: 5 },
    })
    const bad = await adForm(c, '/tutor/ad/create', { title: 'x', text: 'y', price: -1 })
    expect(bad.status).toBe(422)
    const created = await adForm(c, '/tutor/ad/create', AD, [await jpeg(), await jpeg()])
    expect(created.status).toBe(200)
    const ad = created.json.data
    expect(ad).toMatchObject({ status: 'on_moderation', price: 400, currency: 'UAH' })
    expect(ad.images).toHaveLength(2)
    const s = await staff(1)
    await s.api.post(`/admin/ad/set_published?id=${ad.id}`)
    expect(
      (await new Client(app.url).api.get(`/client/ads?tutor_id=${tutorId}`)).json.data.items.map((a) => a.id),
    ).toEqual([ad.id])
    const saved = await adForm(c, '/tutor/ad/save', { ...AD, id: ad.id, price: '' })
    expect(saved.json.data).toMatchObject({ status: 'on_moderation', price: null })
    expect((await new Client(app.url).api.get(`/client/ads?tutor_id=${tutorId}`)).json.data.items).toEqual([])
    expect((await c.api.post('/tutor/ad/change_status', { ad: ad.id, new_status: 'draft' })).json.data.status).toBe(
      'draft',
    )
    expect((await c.raw.post('/tutor/ad/change_status', { ad: ad.id, new_status: 'published' })).status).toBe(422)
    expect((await c.api.post('/tutor/ad/remove_image', { image_id: ad.images[0]!.id })).json.data).toEqual({
      removed: true,
    })
    expect((await c.api.get(`/tutor/ad/get?id=${ad.id}`)).json.data.images).toHaveLength(1)

    const other = await newTutor()
    expect((await other.c.api.get(`/tutor/ad/get?id=${ad.id}`)).status).toBe(404)
    expect((await adForm(other.c, '/tutor/ad/save', { ...AD, id: ad.id })).status).toBe(404)
    expect((await other.c.api.post('/tutor/ad/change_status', { ad: ad.id, new_status: 'deleted' })).status).toBe(404)
    expect((await other.c.api.post('/tutor/ad/remove_image', { image_id: ad.images[1]!.id })).status).toBe(404)
    expect((await c.api.post('/tutor/ad/change_status', { ad: ad.id, new_status: 'deleted' })).json.data.status).toBe(
      'deleted',
    )
    expect((await c.api.get(`/tutor/ad/get?id=${ad.id}`)).status).toBe(404)
  })

  test('staff: the ads area; list with filters, revision notifies the tutor, change_status, publish', async () => {
    const { c, tutorId } = await newTutor()
    const ad = (await adForm(c, '/tutor/ad/create', AD)).json.data
    expect((await (await staff(2)).api.post('/admin/ads/get', { page: 1, filters: {} })).status).toBe(403)
    const s = await staff(4)
    expect(
      (
        await s.api.post('/admin/ads/get', { page: 1, filters: { tutor_id: tutorId, status: 'on_moderation' } })
      ).json.data.items.map((a) => a.id),
    ).toEqual([ad.id])
    const rev = await s.api.post('/admin/ad/set_need_revision', { id: ad.id, reason: 'Вкажіть тривалість заняття' })
    expect(rev.json.data).toMatchObject({ status: 'need_revision', revision_reason: 'Вкажіть тривалість заняття' })
    expect(
      (await c.api.get('/tutor/on_site_notifications')).json.data.admin_notifications.map((n) => n.name),
    ).toContain(AD.title)
    expect(
      (await s.api.post('/admin/ad/change_status', { ad: ad.id, tutor_id: tutorId, new_status: 'published' })).json.data
        .status,
    ).toBe('published')
    expect((await s.api.post('/admin/ad/change_status', { ad: ad.id, new_status: 'need_revision' })).status).toBe(422)
    const pub = await new Client(app.url).api.get(`/client/ads?tutor_id=${tutorId}`)
    expect(pub.json.data.items[0]).toMatchObject({ id: ad.id, title: AD.title, price: 400 })
    const img = await upload(s, '/admin/ad/add_image', { ad_id: String(ad.id) }, { name: 'a.jpg', bytes: await jpeg() })
    expect(img.status).toBe(200)
    expect(
      (await s.api.post('/admin/ad/remove_image', { image_id: (img.json as { data: { id: number } }).data.id })).json
        .data.removed,
    ).toBe(true)
    expect((await s.api.post(`/admin/ad/set_deleted?id=${ad.id}`)).json.data.status).toBe('deleted')
    expect((await new Client(app.url).api.get(`/client/ads?tutor_id=${tutorId}`)).json.data.items).toEqual([])
  })

  test("the tutor profile page shows the tutor's published ads", async () => {
    const { c, tutorId } = await newTutor()
    await app.services.db.updateTable('tutors').set({ published: true, status: 2 }).where('id', '=', tutorId).execute()
    const ad = (await adForm(c, '/tutor/ad/create', { ...AD, title: 'Оголошення на профілі' })).json.data
    await (await staff(1)).api.post(`/admin/ad/set_published?id=${ad.id}`)
    const res = await fetch(`${app.url}/user-${tutorId}/`)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('Оголошення на профілі')
  })
})
