// Videos (docs/api.md#admin-pages-reviews-videos-vacancies-site-blocks "Videos", #public-reads `videos`), vacancies
// (#public-reads `vacancy/get`, `vacancies/get`; the staff calls are our paths), /school/ and the feedback e-mail
// (docs/api.md#public-reads `send_feedback_email`): staff CRUD and access by panel area,
// YouTube links to ids, the public lists hide inactive items, the server-rendered pages with their JSON-LD, the
// feedback e-mail reaching the support address and its throttle.
import { beforeEach, describe, expect, test } from 'bun:test'
import { Client, makePerson, makeStaff, signedIn, useTestApp, type TestApp } from '../helpers/app'
import { fieldErrors } from '../helpers/api'
import { youtubeId } from '../../common/youtube'
import { FEEDBACK_PER_IP } from '../../server/domain/content/feedback'

const app = useTestApp({ pages: true })
const db = () => app.services.db

async function staff(t: TestApp, status: 1 | 2 | 3 | 4) {
  return signedIn(t, { staff: (await makeStaff(t, status)).email })
}

/** The JSON-LD blocks of a rendered page. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((m) => {
    const v = JSON.parse(m[1]!.replace(/\\u003c/g, '<'))
    return Array.isArray(v) ? v : [v]
  })
}

describe('YouTube links', () => {
  test('every link form and the bare id give the 11-character id; anything else is null', () => {
    const id = 'dQw4w9WgXcQ'
    for (const link of [
      id,
      ` ${id} `,
      `https://www.youtube.com/watch?v=${id}`,
      `https://youtube.com/watch?feature=share&v=${id}&t=42`,
      `youtube.com/watch?v=${id}`,
      `https://m.youtube.com/watch?v=${id}`,
      `https://youtu.be/${id}`,
      `https://youtu.be/${id}?si=abc`,
      `https://www.youtube.com/embed/${id}`,
      `https://www.youtube.com/shorts/${id}`,
      `https://www.youtube-nocookie.com/embed/${id}`,
      `http://www.youtube.com/live/${id}`,
    ])
      expect([link, youtubeId(link)]).toEqual([link, id])
    for (const bad of [
      '',
      'dQw4w9WgXc',
      'dQw4w9WgXcQQ',
      'https://vimeo.com/123456789',
      `https://example.com/watch?v=${id}`,
      `https://www.youtube.com/watch?v=short`,
      `https://www.youtube.com/channel/${id}`,
      `javascript:alert(1)//${id}`,
      `https://youtu.be.evil.com/${id}`,
      'not a link at all',
    ])
      expect([bad, youtubeId(bad)]).toEqual([bad, null])
  })
})

describe('videos: staff calls', () => {
  test('access: the videos area (staff 1 and 3 by the menu table); a tutor 403, anonymous 401', async () => {
    const allowed: number[] = []
    for (const status of [1, 2, 3, 4] as const)
      if ((await (await staff(app, status)).api.get('/admin/videos/get?page=1')).status === 200) allowed.push(status)
    expect(allowed).toContain(1)
    expect(allowed.length).toBeLessThan(4)
    const tutor = await makePerson(app, { tutor: true })
    expect(
      (await (await signedIn(app, { tutor: tutor.email })).api.post('/admin/video/delete', { id: 1 })).status,
    ).toBe(403)
    expect(
      (
        await new Client(app.url).api.post('/admin/video/create', {
          video: { youtube_id: 'dQw4w9WgXcQ', titles: { ua: 'X' } },
        })
      ).status,
    ).toBe(401)
  })

  test('create from a link stores the id; get, save, delete; bad links are a 422 on youtube_id', async () => {
    const s = await staff(app, 1)
    const created = await s.api.post('/admin/video/create', {
      video: {
        youtube_id: 'https://youtu.be/abcdefghijk?t=3',
        titles: { ua: 'Урок', en: 'Lesson' },
        descriptions: { ua: 'Опис' },
        sort: 5,
      },
    })
    expect(created.status).toBe(200)
    expect(created.json.data).toMatchObject({
      youtube_id: 'abcdefghijk',
      titles: { ua: 'Урок', en: 'Lesson' },
      sort: 5,
      active: true,
      edition: 'ua',
    })
    const id = created.json.data.id
    expect((await s.api.get(`/admin/video/get?id=${id}`)).json.data.youtube_id).toBe('abcdefghijk')
    const saved = await s.api.post('/admin/video/save', {
      id,
      video: { youtube_id: 'https://www.youtube.com/shorts/ABCDEFGHIJK', titles: { ua: 'Урок 2' }, active: false },
    })
    expect(saved.json.data).toMatchObject({
      youtube_id: 'ABCDEFGHIJK',
      titles: { ua: 'Урок 2', en: 'Lesson' },
      active: false,
    })
    // A save without a link keeps the stored id.
    expect(
      (await s.api.post('/admin/video/save', { id, video: { youtube_id: '', active: true } })).json.data,
    ).toMatchObject({ youtube_id: 'ABCDEFGHIJK', active: true })
    for (const link of ['https://vimeo.com/1', 'abc', 'https://www.youtube.com/watch?v=toolongvideoid']) {
      const bad = await s.api.post('/admin/video/create', { video: { youtube_id: link, titles: { ua: 'X' } } })
      expect([link, bad.status, Object.keys(fieldErrors(bad.json))]).toEqual([link, 422, ['youtube_id']])
    }
    const missing = await s.api.post('/admin/video/create', {
      video: { youtube_id: '', titles: { en: 'Only English' } },
    })
    expect(Object.keys(fieldErrors(missing.json)).sort()).toEqual(['titles.ua', 'youtube_id'])
    const list = await s.api.get('/admin/videos/get?page=1')
    expect(list.json.data.items.map((v) => v.id)).toContain(id)
    expect(list.json.data.total).toBeGreaterThanOrEqual(7) // the six demo videos and this one
    expect((await s.api.post('/admin/video/delete', { id })).json.data).toEqual({ deleted: true })
    expect((await s.api.get(`/admin/video/get?id=${id}`)).status).toBe(404)
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'video')
      .where('entity_id', '=', id)
      .execute()
    expect(audit.map((a) => a.action).sort()).toEqual(['video.create', 'video.delete', 'video.save', 'video.save'])
  })

  test('the public list shows active videos of the edition only, in the asked language', async () => {
    const s = await staff(app, 1)
    const hidden = (
      await s.api.post('/admin/video/create', {
        video: { youtube_id: 'hiddenVid01', titles: { ua: 'Прихований' }, active: false },
      })
    ).json.data
    const shown = (
      await s.api.post('/admin/video/create', {
        video: { youtube_id: 'shownVid-01', titles: { ua: 'Показаний', en: 'Shown' }, sort: -1 },
      })
    ).json.data
    const ua = await new Client(app.url).api.get('/client/videos?page=1')
    const ids = ua.json.data.items.map((v) => v.youtube_id)
    expect(ids[0]).toBe('shownVid-01')
    expect(ids).not.toContain('hiddenVid01')
    expect(ua.json.data.items[0]).toMatchObject({
      title: 'Показаний',
      thumbnail_url: 'https://i.ytimg.com/vi/shownVid-01/hqdefault.jpg',
      watch_url: 'https://www.youtube.com/watch?v=shownVid-01',
    })
    expect((await new Client(app.url).api.get('/client/videos?page=1&lang=en')).json.data.items[0]!.title).toBe('Shown')
    // Another edition's demo videos are not counted: six demo + this one.
    expect(ua.json.data.total).toBe(7)
    await s.api.post('/admin/video/delete', { id: hidden.id })
    await s.api.post('/admin/video/delete', { id: shown.id })
  })
})

describe('vacancies: staff calls (our paths, the static_pages area)', () => {
  test('access follows the static_pages area: staff 2 is 403', async () => {
    expect((await (await staff(app, 1)).api.get('/admin/vacancies/get?page=1')).status).toBe(200)
    const s2 = await staff(app, 2)
    expect((await s2.api.get('/admin/vacancies/get?page=1')).status).toBe(403)
    expect(
      (await s2.api.post('/admin/vacancy/create', { vacancy: { titles: { ua: 'X' }, texts: { ua: '<p>x</p>' } } }))
        .status,
    ).toBe(403)
  })

  test('CRUD; the text is sanitised; inactive and unknown are 404 for visitors', async () => {
    const s = await staff(app, 1)
    const c = await s.api.post('/admin/vacancy/create', {
      vacancy: {
        titles: { ua: 'Вчитель хімії' },
        texts: { ua: '<p>Текст</p><script>alert(1)</script><a href="javascript:alert(2)">x</a>' },
        cities: { ua: 'Львів' },
        employment: 'FULL_TIME',
      },
    })
    expect(c.status).toBe(200)
    const v = c.json.data
    expect(v.texts.ua).not.toContain('<script')
    expect(v.texts.ua).not.toContain('javascript:')
    expect(v).toMatchObject({ employment: 'FULL_TIME', remote: false, active: true, cities: { ua: 'Львів' } })
    const bad = await s.api.post('/admin/vacancy/create', { vacancy: { titles: { en: 'X' } } })
    expect(Object.keys(fieldErrors(bad.json)).sort()).toEqual(['texts.ua', 'titles.ua'])
    const pub = await new Client(app.url).api.get(`/client/vacancy/get?id=${v.id}&lang=ua`)
    expect(pub.json.data).toMatchObject({ id: v.id, title: 'Вчитель хімії', city: 'Львів', employment: 'FULL_TIME' })
    expect(
      (await new Client(app.url).api.get('/client/vacancies/get?page=1')).json.data.items.map((x) => x.id),
    ).toContain(v.id)
    await s.api.post('/admin/vacancy/save', { id: v.id, vacancy: { active: false } })
    expect((await new Client(app.url).api.get(`/client/vacancy/get?id=${v.id}`)).status).toBe(404)
    expect(
      (await new Client(app.url).api.get('/client/vacancies/get?page=1')).json.data.items.map((x) => x.id),
    ).not.toContain(v.id)
    expect((await new Client(app.url).api.get('/client/vacancy/get?id=999999')).status).toBe(404)
    expect((await s.api.post('/admin/vacancy/delete', { id: v.id })).json.data).toEqual({ deleted: true })
    expect((await s.api.get(`/admin/vacancy/get?id=${v.id}`)).status).toBe(404)
  })
})

describe('pages: server-rendered', () => {
  test('/media: the intro of the media page, the demo videos with thumbnails and a VideoObject each', async () => {
    const res = await fetch(`${app.url}/media`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('https://i.ytimg.com/vi/iG9CE55wbtY/hqdefault.jpg')
    expect(html).toContain('https://www.youtube.com/watch?v=iG9CE55wbtY')
    expect(html).toContain('Чи вбиває школа творчість?')
    expect(html).toContain('data-testid="media-intro"')
    const videos = jsonLd(html).filter((b) => b['@type'] === 'VideoObject')
    expect(videos.length).toBe(6)
    expect(videos[0]).toMatchObject({
      name: expect.any(String),
      thumbnailUrl: expect.stringMatching(/^https:\/\/i\.ytimg\.com\/vi\/.{11}\/hqdefault\.jpg$/),
      uploadDate: expect.any(String),
    })
    const en = await (await fetch(`${app.url}/en/media`)).text()
    expect(en).toContain('Do schools kill creativity?')
  })

  test('/vacancy lists the open vacancies; /vacancy/{id}/ has a JobPosting; unknown is 404', async () => {
    const list = await fetch(`${app.url}/vacancy`)
    expect(list.status).toBe(200)
    const html = await list.text()
    expect(html).toContain('Репетитор англійської мови (онлайн)')
    const first = (await new Client(app.url).api.get('/client/vacancies/get?page=1')).json.data.items
    expect(first.length).toBeGreaterThanOrEqual(3)
    const remote = first.find((v) => v.remote)!
    const office = first.find((v) => !v.remote)!
    for (const v of [remote, office]) {
      const res = await fetch(`${app.url}/vacancy/${v.id}/`)
      expect(res.status).toBe(200)
      const page = await res.text()
      const posting = jsonLd(page).find((b) => b['@type'] === 'JobPosting')!
      expect(posting).toMatchObject({
        title: v.title,
        datePosted: v.created_at.slice(0, 10),
        employmentType: v.employment,
        hiringOrganization: { '@type': 'Organization', name: 'Tutors UA' },
      })
      if (v.remote) expect(posting).toMatchObject({ jobLocationType: 'TELECOMMUTE' })
      else
        expect(posting).toMatchObject({
          jobLocation: { '@type': 'Place', address: { addressLocality: 'Київ', addressCountry: 'UA' } },
        })
      expect(page).toContain(`<title>${v.title} | Tutors UA</title>`)
    }
    for (const path of ['/vacancy/999999/', '/vacancy/0/']) {
      const res = await fetch(app.url + path)
      await res.text()
      expect([path, res.status]).toEqual([path, 404])
    }
  })

  test('/vacancy with no open vacancy says so politely', async () => {
    await db().updateTable('vacancies').set({ active: false }).where('edition', '=', 'ua').execute()
    try {
      const html = await (await fetch(`${app.url}/vacancy`)).text()
      expect(html).toContain('data-testid="vacancies-empty"')
      expect(html).toContain('Зараз відкритих вакансій немає')
    } finally {
      await db().updateTable('vacancies').set({ active: true }).where('edition', '=', 'ua').execute()
    }
  })

  test('/school/ describes the school, its prices and ways on (no 404)', async () => {
    for (const path of ['/school/', '/school', '/en/school/']) {
      const res = await fetch(app.url + path)
      expect([path, res.status]).toEqual([path, 200])
    }
    const html = await (await fetch(`${app.url}/school/`)).text()
    expect(html).toMatch(/<h1[^>]*>Онлайн-школа<\/h1>/)
    expect(html).toContain('data-testid="school-rates"')
    expect(html).toContain('268–368')
    expect(html).toContain('href="/request"')
  })
})

describe('POST /client/send_feedback_email', () => {
  beforeEach(async () => {
    await db().deleteFrom('auth_failures').where('key', 'like', 'feedback:%').execute()
  })

  test('the message reaches the support address; bad input is a 422 and sends nothing', async () => {
    const before = await db().selectFrom('outbox').select('id').orderBy('id', 'desc').executeTakeFirst()
    const ok = await new Client(app.url).api.post('/client/send_feedback_email', {
      feedback: { name: 'Ірина', email: 'irina@example.com', text: 'Дякую за сервіс!' },
    })
    expect(ok.status).toBe(200)
    expect(ok.json.data).toEqual({ sent: true })
    const mail = await db()
      .selectFrom('outbox')
      .select(['recipient', 'subject', 'body'])
      .where('id', '>', before?.id ?? 0)
      .where('subject', 'like', '%Tutors UA%')
      .executeTakeFirstOrThrow()
    expect(mail.recipient).toMatch(/^support@/)
    expect(mail.body).toContain('irina@example.com')
    expect(mail.body).toContain('Дякую за сервіс!')
    expect(mail.body).toContain('Ірина')
    const bad = await new Client(app.url).raw.post('/client/send_feedback_email', {
      feedback: { email: 'nope', text: '' },
    })
    expect(bad.status).toBe(422)
    expect(
      Object.keys(fieldErrors(bad.json))
        .map((k) => k.replace(/^feedback\./, ''))
        .sort(),
    ).toEqual(['email', 'text'])
  })

  test(`after ${FEEDBACK_PER_IP} messages from one IP the next is 429`, async () => {
    for (let i = 0; i < FEEDBACK_PER_IP; i++)
      expect(
        (
          await new Client(app.url).api.post('/client/send_feedback_email', {
            feedback: { email: `a${i}@example.com`, text: `Повідомлення ${i}` },
          })
        ).status,
      ).toBe(200)
    const over = await new Client(app.url).raw.post('/client/send_feedback_email', {
      feedback: { email: 'over@example.com', text: 'ще одне' },
    })
    expect(over.status).toBe(429)
    expect(over.json).toEqual({ status: 'fail', error: 'rate_limited' })
  })
})
