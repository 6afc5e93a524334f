// The public content site's loose ends: a list page past its last page is the 404 page;
// the sitemap lists the blog posts and the vacancies; the staff's page-metatags h1 is the served
// heading; /materials/ and /p/popular/ list live content (articles, news, videos, the level test; the
// catalogue pages with the most tutors); /media and /vacancy still answer with an empty state where
// an edition has no videos or vacancies (a production database whose staff removed the seeded ones).
import { beforeAll, describe, expect, test } from 'bun:test'
import { clearPageMetatags } from '../../server/domain/site/page-metatags'
import { makePerson, makeStaff, signedIn, useTestApp, withTestApp } from '../helpers/app'
import { makeTutor, referenceFixture } from '../helpers/catalogue'
import { mediaTexts } from '../../common/media-texts'
import { hubTexts } from '../../common/hub-texts'

const app = useTestApp({ pages: true })

const page = async (path: string, base = app.url) => {
  const res = await fetch(base + path)
  return { status: res.status, html: await res.text() }
}
const staff = async () => signedIn(app, { staff: (await makeStaff(app, 1)).email })

const para = (seed: string) =>
  `<p>${seed}: як скласти план підготовки до іспиту з хімії на весну. Почніть із пробного тесту й випишіть теми з помилками, ` +
  `потім розподіліть їх по тижнях, повторюйте формули щодня по десять хвилин і раз на тиждень розв'язуйте повний варіант на час.</p>`

/** A tutor's post, published by staff (or left on moderation). */
async function post(title: string, publish: boolean) {
  const p = await makePerson(app, { tutor: true })
  const c = await signedIn(app, { tutor: p.email })
  const blog = (await c.api.post('/tutor/blog/create', { blog: { title, text: para(title) } })).json.data
  if (publish) expect((await (await staff()).api.post(`/admin/blog/set_published?id=${blog.id}`)).status).toBe(200)
  return blog.id as number
}

describe('list pages past their last page', () => {
  test('/news/, a news category, /blog/, /media, /vacancy and /reviews answer 404 past the last page; the first page is 200', async () => {
    for (const path of ['/news/', '/news/exams/', '/blog/', '/media', '/vacancy', '/reviews', '/en/news/'])
      expect([path, (await page(path)).status]).toEqual([path, 200])
    for (const path of [
      '/news/?page=999',
      '/news/exams/?page=999',
      '/blog/?page=999',
      '/media?page=999',
      '/vacancy?page=999',
      '/reviews?page=2',
      '/en/blog/?page=50',
    ]) {
      const res = await page(path)
      expect([path, res.status]).toEqual([path, 404])
      // The 404 page itself, not the list page with nothing on it.
      expect(res.html).toContain('noindex')
    }
  })
})

describe('sitemap', () => {
  test('lists /blog/ and the published posts, /vacancy and the active vacancies, in every language', async () => {
    const published = await post('Опублікована стаття для карти сайту', true)
    const waiting = await post('Стаття на модерації для карти сайту', false)
    const index = (await page('/sitemap.xml')).html
    expect(index).toContain('/sitemap-blog.xml')
    expect(index).toContain('/sitemap-vacancies.xml')

    const blog = (await page('/sitemap-blog.xml')).html
    for (const prefix of ['', '/ru', '/en']) {
      expect(blog).toContain(`<loc>${app.url}${prefix}/blog/</loc>`)
      expect(blog).toContain(`<loc>${app.url}${prefix}/blog/${published}/</loc>`)
    }
    expect(blog).not.toContain(`/blog/${waiting}/`)

    const db = app.services.db
    const vacancies = await db
      .selectFrom('vacancies')
      .select('id')
      .where('edition', '=', 'ua')
      .where('active', '=', true)
      .orderBy('id')
      .execute()
    expect(vacancies.length).toBeGreaterThan(1)
    const hidden = vacancies[0]!.id
    await db.updateTable('vacancies').set({ active: false }).where('id', '=', hidden).execute()
    const xml = (await page('/sitemap-vacancies.xml')).html
    expect(xml).toContain(`<loc>${app.url}/vacancy</loc>`)
    expect(xml).toContain(`<loc>${app.url}/en/vacancy</loc>`)
    for (const v of vacancies.slice(1)) expect(xml).toContain(`<loc>${app.url}/vacancy/${v.id}/</loc>`)
    expect(xml).not.toContain(`/vacancy/${hidden}/`)
    await db.updateTable('vacancies').set({ active: true }).where('id', '=', hidden).execute()
    // /vacancy once in the whole sitemap: not again among the static pages.
    expect((await page('/sitemap-static.xml')).html).not.toContain(`<loc>${app.url}/vacancy</loc>`)
  })
})

describe('page metatags h1', () => {
  test("the staff's h1 is the served heading of that path and language; other languages keep the page's own", async () => {
    const s = await staff()
    const h1Of = (html: string) => html.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1]
    const own = h1Of((await page('/p/faq')).html)
    const ownEn = h1Of((await page('/en/p/faq')).html)
    const ownNews = h1Of((await page('/news/')).html)
    expect(own).toBeTruthy()
    const created = await s.api.post('/admin/seo/page/metatags/create', {
      page_metatags: {
        path: '/p/faq/',
        locale: 'ua',
        title: '',
        description: '',
        h1: 'Відповіді на часті питання про репетиторів',
      },
    })
    expect(created.status).toBe(200)
    await s.api.post('/admin/seo/page/metatags/create', {
      page_metatags: { path: '/news', locale: 'ua', title: '', description: '', h1: 'Новини освіти & сервісу' },
    })
    clearPageMetatags()
    const faq = (await page('/p/faq')).html
    expect(h1Of(faq)).toBe('Відповіді на часті питання про репетиторів')
    // The browser's first render has it too (no hydration mismatch): it is in the initial state.
    expect(faq).toContain('"h1":"Відповіді на часті питання про репетиторів"')
    expect(h1Of((await page('/news/')).html)).toBe('Новини освіти &amp; сервісу')
    expect(h1Of((await page('/en/p/faq')).html)).toBe(ownEn)
    // A row in another language names the same path without the language prefix.
    await s.api.post('/admin/seo/page/metatags/create', {
      page_metatags: {
        path: '/p/faq',
        locale: 'en',
        title: 'Tutoring questions answered',
        description: '',
        h1: 'Questions about tutors, answered',
      },
    })
    clearPageMetatags()
    const en = (await page('/en/p/faq')).html
    expect(h1Of(en)).toBe('Questions about tutors, answered')
    expect(en).toContain('<title>Tutoring questions answered | Tutors UA</title>')
    expect(h1Of((await page('/ru/p/faq')).html)).not.toBe('Questions about tutors, answered')
    // Deleted: the page's own heading is back.
    await s.api.post('/admin/seo/page/metatags/delete', {
      seo_page_metatags_id: created.json.data.seo_page_metatags_id,
    })
    clearPageMetatags()
    expect(h1Of((await page('/p/faq')).html)).toBe(own)
    expect(ownNews).not.toBe('Новини освіти &amp; сервісу')
  })
})

describe('hub pages', () => {
  let ref: Awaited<ReturnType<typeof referenceFixture>>
  beforeAll(async () => {
    ref = await referenceFixture(app.services.db)
  })

  test('/materials/ lists the level test, the newest articles, news and videos, each with a link to all of them', async () => {
    const postId = await post('Стаття для сторінки матеріалів', true)
    const h = hubTexts('ua')
    const { status, html } = await page('/materials/')
    expect(status).toBe(200)
    expect(html).toContain('href="/test/english/start"')
    expect(html).toContain(h.level_test)
    expect(html).toContain(`href="/blog/${postId}/"`)
    expect(html).toContain('Стаття для сторінки матеріалів')
    expect(html).toContain('href="/blog/"')
    const news = (await (await fetch(`${app.url}/client/news`)).json()) as {
      data: { items: { alias: string; title: string }[] }
    }
    expect(html).toContain(`href="/news/${news.data.items[0]!.alias}/"`)
    const videos = (await (await fetch(`${app.url}/client/videos`)).json()) as {
      data: { items: { title: string; watch_url: string }[] }
    }
    expect(html).toContain(`href="${videos.data.items[0]!.watch_url}"`)
    expect(html).toContain('href="/media"')
    // In English: the same sections, English texts and links.
    const en = (await page('/en/materials/')).html
    expect(en).toContain(hubTexts('en').articles)
    expect(en).toContain('href="/en/blog/"')
  })

  test('/p/popular/ lists the catalogue pages with the most tutors, in cities and online, with their counts', async () => {
    const db = app.services.db
    for (let i = 0; i < 3; i++)
      await makeTutor(db, {
        subjects: [{ lesson: ref.lessons.math }],
        places: [{ kind: 'home', city: ref.cities.kyiv }],
        online: i === 0,
      })
    await makeTutor(db, {
      subjects: [{ lesson: ref.lessons.english }],
      places: [{ kind: 'home', city: ref.cities.lviv }],
      online: true,
    })
    const api = (await (await fetch(`${app.url}/client/popular_searches`)).json()) as {
      data: {
        in_cities: { path: string; lesson: string; city: string; tutors: number }[]
        online: { path: string; lesson: string; city: null; tutors: number }[]
      }
    }
    expect(api.data.in_cities.slice(0, 2)).toEqual([
      { path: '/tutors/matematyka/kyiv/', lesson: 'Математика', city: 'Київ', tutors: 3 },
      { path: '/tutors/anglijska/lviv/', lesson: 'Англійська мова', city: 'Львів', tutors: 1 },
    ])
    expect(api.data.online).toEqual([
      { path: '/tutors-online/anglijska/', lesson: 'Англійська мова', city: null, tutors: 1 },
      { path: '/tutors-online/matematyka/', lesson: 'Математика', city: null, tutors: 1 },
    ])
    const { status, html } = await page('/p/popular/')
    expect(status).toBe(200)
    expect(html).toContain('href="/tutors/matematyka/kyiv/"')
    expect(html).toContain('Математика — Київ')
    expect(html).toContain(hubTexts('ua').tutors.replace('{count}', '3'))
    expect(html).toContain('href="/tutors-online/anglijska/"')
    // Every link leads to a catalogue page that answers.
    for (const p of [...api.data.in_cities, ...api.data.online])
      expect([p.path, (await page(p.path)).status]).toEqual([p.path, 200])
  })
})

describe('an edition without videos or vacancies', () => {
  test('/media and /vacancy answer 200 with their empty state; the sitemap lists /vacancy alone', async () => {
    await withTestApp({ site: 'pl', pages: true }, async (pl) => {
      await pl.services.db.deleteFrom('videos').execute()
      await pl.services.db.deleteFrom('vacancies').execute()
      const m = mediaTexts('pl')
      const media = await page('/media', pl.url)
      expect(media.status).toBe(200)
      expect(media.html).toContain(m.no_videos)
      const vacancy = await page('/vacancy', pl.url)
      expect(vacancy.status).toBe(200)
      expect(vacancy.html).toContain(m.no_vacancies)
      expect(vacancy.html).not.toContain('JobPosting')
      expect((await page('/vacancy/1/', pl.url)).status).toBe(404)
      const materials = await page('/materials/', pl.url)
      expect(materials.status).toBe(200)
      expect(materials.html).toContain(hubTexts('pl').nothing_yet)
      const xml = (await page('/sitemap-vacancies.xml', pl.url)).html
      expect(xml).toContain(`<loc>${pl.url}/vacancy</loc>`)
      expect(xml).not.toContain('/vacancy/')
    })
  }, 60_000)
})
