// Site reviews of visitors (docs/api.md#client-orders-and-chats, docs/contract.md#other-public-endpoints):
// create keeps the review inactive and e-mails a link carrying `token`; set_active publishes it once
// (a second time changes nothing and says so; a bad token is refused); the public list shows only
// published reviews, newest first, with their average mark and count; visitors are throttled per IP.
import { beforeEach, describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { Client, makeStaff, signedIn, useTestApp } from '../helpers/app'
import { fieldErrors } from '../helpers/api'
import { SITE_REVIEWS_PER_IP } from '../../server/domain/site/public-site-reviews'

// With pages: the server-rendered /reviews is checked here too (its head's structured data).
const app = useTestApp({ pages: true })
const db = () => app.services.db

beforeEach(async () => {
  await db().deleteFrom('auth_failures').where('key', 'like', 'site-review:%').execute()
  await db().deleteFrom('site_reviews').execute()
})

let n = 0
const review = (over: Partial<{ name: string; email: string; text: string; mark: number }> = {}) => {
  n++
  return {
    name: `Олена ${n}`,
    email: `reviewer.${n}@example.com`,
    text: `Чудовий сервіс, знайшли репетитора за день (${n}).`,
    mark: 5,
    ...over,
  }
}
/** The token of the last confirmation e-mail sent to `email`, and the link it came in. */
async function mailedLink(email: string) {
  const mail = await db()
    .selectFrom('outbox')
    .select(['subject', 'body'])
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  const link = mail.body.match(/(https?:\/\/\S+\/reviews\?token=\S+)/)?.[1]
  if (!link) throw new Error(`no link in ${mail.body}`)
  return {
    link,
    token: decodeURIComponent(new URL(link).searchParams.get('token')!),
    subject: mail.subject,
    body: mail.body,
  }
}

describe('POST /client/site_review/create', () => {
  test('keeps the review inactive and e-mails its author a /reviews link carrying the token, in the edition language', async () => {
    const r = review({ email: 'Author.One@Example.com ' })
    const res = await new Client(app.url).api.post('/client/site_review/create', { site_review: r })
    expect(res.status).toBe(200)
    expect(res.json.data).toMatchObject({ status: 0, email_sent: true })
    const row = await db()
      .selectFrom('site_reviews')
      .selectAll()
      .where('id', '=', res.json.data.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      name: r.name,
      text: r.text,
      mark: 5,
      status: 0,
      email: 'author.one@example.com',
      confirmed_at: null,
    })
    const mail = await mailedLink('author.one@example.com')
    expect(mail.subject).toBe('Підтвердіть ваш відгук')
    expect(new URL(mail.link).pathname).toBe('/reviews')
    expect(mail.token.length).toBeGreaterThan(20)
    // Not public yet.
    const list = await new Client(app.url).api.get('/client/reviews')
    expect(list.json.data).toMatchObject({ items: [], total: 0, avg_review_mark: 0 })
  })

  test('in another language of the edition the e-mail and the link are in that language', async () => {
    const res = await new Client(app.url).api.post(
      '/client/site_review/create?lang=en' as '/client/site_review/create',
      { site_review: review({ email: 'english@example.com' }) },
    )
    expect(res.status).toBe(200)
    const mail = await mailedLink('english@example.com')
    expect(mail.subject).toBe('Confirm your review')
    expect(new URL(mail.link).pathname).toBe('/en/reviews')
  })

  test('invalid input is a 422 naming each field, and nothing is kept or sent', async () => {
    const res = await new Client(app.url).raw.post('/client/site_review/create', {
      site_review: { name: 'A', email: 'not-an-email', text: 'short', mark: 6 },
    })
    expect(res.status).toBe(422)
    expect(Object.keys(fieldErrors(res.json)).sort()).toEqual(['email', 'mark', 'name', 'text'])
    const empty = await new Client(app.url).raw.post('/client/site_review/create', { site_review: {} })
    expect(empty.status).toBe(422)
    expect(Object.keys(fieldErrors(empty.json)).sort()).toEqual(['email', 'mark', 'name', 'text'])
    expect(await db().selectFrom('site_reviews').select('id').execute()).toEqual([])
    expect(await db().selectFrom('outbox').select('id').where('recipient', '=', 'not-an-email').execute()).toEqual([])
  })

  test(`after ${SITE_REVIEWS_PER_IP} reviews from one IP the next is 429 and keeps nothing`, async () => {
    for (let i = 0; i < SITE_REVIEWS_PER_IP; i++)
      expect((await new Client(app.url).api.post('/client/site_review/create', { site_review: review() })).status).toBe(
        200,
      )
    const over = await new Client(app.url).raw.post('/client/site_review/create', {
      site_review: review({ email: 'over@example.com' }),
    })
    expect(over.status).toBe(429)
    expect(over.json).toEqual({ status: 'fail', error: 'rate_limited' })
    expect(
      await db().selectFrom('site_reviews').select('id').where('email', '=', 'over@example.com').execute(),
    ).toEqual([])
  })
})

describe('POST /client/site_review/set_active', () => {
  test('the link publishes the review once; a second time nothing changes and the answer says so', async () => {
    const r = review({ email: 'confirm@example.com', mark: 4 })
    const created = await new Client(app.url).api.post('/client/site_review/create', { site_review: r })
    const { token } = await mailedLink('confirm@example.com')
    const first = await new Client(app.url).api.post('/client/site_review/set_active', { token })
    expect(first.status).toBe(200)
    expect(first.json.data).toEqual({ id: created.json.data.id, status: 1, already_confirmed: false })
    const list = await new Client(app.url).api.get('/client/reviews')
    expect(list.json.data.items.map((i) => i.name)).toEqual([r.name])
    expect(list.json.data.items[0]).not.toHaveProperty('email')

    // Staff hide it; the author's link, opened again, does not publish it again.
    const staff = await makeStaff(app, 1)
    const s = await signedIn(app, { staff: staff.email })
    expect((await s.api.post(`/admin/site_review/set_inactive?id=${created.json.data.id}`)).status).toBe(200)
    const confirmedAt = (
      await db()
        .selectFrom('site_reviews')
        .select('confirmed_at')
        .where('id', '=', created.json.data.id)
        .executeTakeFirstOrThrow()
    ).confirmed_at
    const second = await new Client(app.url).api.post('/client/site_review/set_active', { token })
    expect(second.status).toBe(200)
    expect(second.json.data).toEqual({ id: created.json.data.id, status: 2, already_confirmed: true })
    const row = await db()
      .selectFrom('site_reviews')
      .select(['status', 'confirmed_at'])
      .where('id', '=', created.json.data.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 2, confirmed_at: confirmedAt })
  })

  test('a bad, foreign or missing token is refused and publishes nothing', async () => {
    await new Client(app.url).api.post('/client/site_review/create', {
      site_review: review({ email: 'bad-token@example.com' }),
    })
    const c = new Client(app.url)
    expect((await c.raw.post('/client/site_review/set_active', { token: 'not-a-token' })).status).toBe(404)
    const { token } = await mailedLink('bad-token@example.com')
    expect((await c.raw.post('/client/site_review/set_active', { token: `${token.slice(0, -3)}xyz` })).status).toBe(404)
    // A token signed for something else (an order request) names no review.
    const foreign = await app.services.tokens.sign('order-request:1')
    expect((await c.raw.post('/client/site_review/set_active', { token: foreign })).status).toBe(404)
    const missing = await c.raw.post('/client/site_review/set_active', {})
    expect(missing.status).toBe(422)
    expect(fieldErrors(missing.json)).toHaveProperty('token')
    expect((await db().selectFrom('site_reviews').select('status').execute()).map((r) => r.status)).toEqual([0])
  })

  test('a review staff deleted before it was confirmed is not published by its link', async () => {
    const created = await new Client(app.url).api.post('/client/site_review/create', {
      site_review: review({ email: 'deleted@example.com' }),
    })
    const { token } = await mailedLink('deleted@example.com')
    await db().updateTable('site_reviews').set({ status: 3 }).where('id', '=', created.json.data.id).execute()
    expect((await new Client(app.url).raw.post('/client/site_review/set_active', { token })).status).toBe(404)
    expect(
      (
        await db()
          .selectFrom('site_reviews')
          .select('status')
          .where('id', '=', created.json.data.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe(3)
  })
})

describe('GET /client/reviews', () => {
  test('only published reviews, newest first, paged by 10, with the average mark and count the footer shows too', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({
      name: `R${i}`,
      text: `Text number ${i}`,
      mark: i % 2 ? 5 : 4,
      status: 1,
      created_at: sql<Date>`now() - make_interval(days => ${12 - i})`,
    }))
    await db().insertInto('site_reviews').values(rows).execute()
    await db()
      .insertInto('site_reviews')
      .values([
        { name: 'Hidden', text: 'inactive', mark: 1, status: 2 },
        { name: 'New', text: 'unconfirmed', mark: 1, status: 0 },
        { name: 'Gone', text: 'deleted', mark: 1, status: 3 },
      ])
      .execute()
    const c = new Client(app.url)
    const p1 = (await c.api.get('/client/reviews')).json.data
    expect(p1).toMatchObject({ total: 12, page: 1, pages: 2, avg_review_mark: 4.5 })
    expect(p1.items.map((i) => i.name)).toEqual(['R11', 'R10', 'R9', 'R8', 'R7', 'R6', 'R5', 'R4', 'R3', 'R2'])
    const p2 = (await c.api.get('/client/reviews?page=2')).json.data
    expect(p2.items.map((i) => i.name)).toEqual(['R1', 'R0'])
    const footer = (await c.api.get('/client/footer')).json.data
    expect(footer).toMatchObject({ avg_review_mark: 4.5, total_count: 12 })
    expect((await c.raw.get('/client/reviews?page=abc')).status).toBe(400)
  })
})

describe("staff and visitors' reviews", () => {
  test("staff see the author's e-mail and when it was confirmed; save corrects name, text and mark; a deleted review cannot be edited", async () => {
    const created = await new Client(app.url).api.post('/client/site_review/create', {
      site_review: review({ email: 'staff-view@example.com', mark: 2 }),
    })
    const id = created.json.data.id
    const staff = await makeStaff(app, 3)
    const s = await signedIn(app, { staff: staff.email })
    const before = (await s.api.get(`/admin/site_review/get?id=${id}`)).json.data
    expect(before).toMatchObject({ id, status: 0, email: 'staff-view@example.com', locale: 'ua', confirmed_at: null })
    const { token } = await mailedLink('staff-view@example.com')
    await new Client(app.url).api.post('/client/site_review/set_active', { token })
    const after = (await s.api.get(`/admin/site_review/get?id=${id}`)).json.data
    expect(after.status).toBe(1)
    expect(after.confirmed_at).toMatch(/^\d{4}-\d\d-\d\dT/)

    const saved = await s.api.post('/admin/site_review/save', {
      site_review: { id, name: 'Олена К.', text: 'Виправлений текст відгуку.', mark: 4 },
    })
    expect(saved.status).toBe(200)
    expect(saved.json.data).toMatchObject({
      id,
      name: 'Олена К.',
      text: 'Виправлений текст відгуку.',
      mark: 4,
      status: 1,
    })
    expect((await new Client(app.url).api.get('/client/reviews')).json.data.items[0]).toMatchObject({
      name: 'Олена К.',
      mark: 4,
    })
    const bad = await s.raw.post('/admin/site_review/save', { site_review: { id, name: '', text: 'x', mark: 9 } })
    expect(bad.status).toBe(422)
    expect(Object.keys(fieldErrors(bad.json)).sort()).toEqual(['mark', 'name', 'text'])

    expect((await s.api.post(`/admin/site_review/set_deleted?id=${id}`)).status).toBe(200)
    const refused = await s.raw.post('/admin/site_review/save', {
      site_review: { id, name: 'Ще раз', text: 'Ще одна спроба змінити.', mark: 5 },
    })
    expect(refused.status).toBe(409)
    expect(
      (await db().selectFrom('site_reviews').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name,
    ).toBe('Олена К.')
    expect(
      (
        await s.raw.post('/admin/site_review/save', {
          site_review: { id: 999999, name: 'Ніхто', text: 'Такого відгуку немає.', mark: 5 },
        })
      ).status,
    ).toBe(404)
  })
})

describe('the server-rendered /reviews page', () => {
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!))
  test('no rating in the structured data while nothing is published; then the Organization carries aggregateRating and the reviews', async () => {
    await db()
      .insertInto('site_reviews')
      .values({ name: 'New', text: 'not confirmed yet', mark: 1, status: 0 })
      .execute()
    const empty = await new Client(app.url).raw.get('/reviews')
    expect(empty.status).toBe(200)
    expect(empty.text).toContain('<title>Відгуки про сервіс')
    expect(empty.text).toContain('<link rel="canonical" href="')
    const org0 = jsonLd(empty.text).find((x) => x['@type'] === 'Organization')
    expect(org0).toBeDefined()
    expect(org0).not.toHaveProperty('aggregateRating')

    await db()
      .insertInto('site_reviews')
      .values(
        Array.from({ length: 11 }, (_, i) => ({ name: `R${i}`, text: `Text ${i}`, mark: i < 10 ? 5 : 3, status: 1 })),
      )
      .execute()
    const page1 = await new Client(app.url).raw.get('/reviews')
    const org = jsonLd(page1.text).find((x) => x['@type'] === 'Organization')
    expect(org.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.82,
      reviewCount: 11,
      bestRating: 5,
      worstRating: 1,
    })
    expect(org.review).toHaveLength(10)
    expect(org.review[0]).toMatchObject({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'R10' },
      reviewRating: { ratingValue: 3 },
    })
    expect(page1.text).toContain('R10')
    const page2 = await new Client(app.url).raw.get('/reviews?page=2')
    expect(page2.text).toMatch(/<link rel="canonical" href="[^"]*\/reviews\?page=2"/)
    expect(jsonLd(page2.text).find((x) => x['@type'] === 'Organization').review).toHaveLength(1)
    // The page itself does not confirm anything: the link's token is spent in the browser only.
    const created = await new Client(app.url).api.post('/client/site_review/create', {
      site_review: review({ email: 'ssr@example.com' }),
    })
    const { token } = await mailedLink('ssr@example.com')
    expect((await new Client(app.url).raw.get(`/reviews?token=${encodeURIComponent(token)}`)).status).toBe(200)
    expect(
      (
        await db()
          .selectFrom('site_reviews')
          .select('status')
          .where('id', '=', created.json.data.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe(0)
  })
})
