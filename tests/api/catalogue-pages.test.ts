// Server-rendered catalogue and profile pages: HTTP status, canonical, hreflang, JSON-LD, and tutor
// names in the HTML itself (search engines read it before any script runs).
import { beforeAll, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/app'
import { type Ref, makeTutor, referenceFixture } from '../helpers/catalogue'

const app = useTestApp({ pages: true })
let ref: Ref
const listed: number[] = []
beforeAll(async () => {
  ref = await referenceFixture(app.services.db)
  for (let i = 0; i < 12; i++)
    listed.push(
      await makeTutor(app.services.db, {
        name: `Наталія Вчителька ${i}`,
        subjects: [{ lesson: ref.lessons.math }],
        places: [{ kind: 'home', city: ref.cities.kyiv, district: ref.districts.podil }],
        reviewCount: i,
        reviewAvg: i ? 4.5 : 0,
      }),
    )
})

const page = async (path: string) => {
  const res = await fetch(app.url + path)
  return { status: res.status, html: await res.text() }
}
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!))

describe('catalogue pages', () => {
  test('200 with tutor names in the HTML, canonical, hreflang and an ItemList of at most 10', async () => {
    const { status, html } = await page('/tutors/matematyka/kyiv/')
    expect(status).toBe(200)
    expect(html).toContain('Наталія Вчителька 11')
    expect(html).toContain(`<link rel="canonical" href="${app.url}/tutors/matematyka/kyiv/" />`)
    expect(html).toContain(`hreflang="ru" href="${app.url}/ru/tutors/matematyka/kyiv/"`)
    expect(html).toContain('<title>Математика — Київ: репетитори')
    const list = jsonLd(html).find((j) => j['@type'] === 'ItemList')
    expect(list.itemListElement).toHaveLength(10)
    expect(list.itemListElement[0].url).toMatch(/\/user-\d+\/$/)
  })

  test('district pages and the online catalogue', async () => {
    expect((await page('/tutors/matematyka/kyiv/podil/')).status).toBe(200)
    expect((await page('/tutors-online/matematyka/')).status).toBe(200)
    expect((await page('/tutors/')).status).toBe(200)
    expect((await page('/ru/tutors/matematyka/kyiv/')).html).toContain('lang="ru"')
  })

  test('page 2 has its own canonical; a page past the last one is the 404 page', async () => {
    // 12 listed: one page of 20. Nine more make a second page.
    expect((await page('/tutors/matematyka/kyiv/?page=2')).status).toBe(404)
    for (let i = 0; i < 9; i++)
      await makeTutor(app.services.db, {
        subjects: [{ lesson: ref.lessons.math }],
        places: [{ kind: 'home', city: ref.cities.kyiv }],
      })
    const { status, html } = await page('/tutors/matematyka/kyiv/?page=2')
    expect(status).toBe(200)
    expect(html).toContain(`<link rel="canonical" href="${app.url}/tutors/matematyka/kyiv/?page=2" />`)
    const past = await page('/tutors/matematyka/kyiv/?page=3')
    expect(past.status).toBe(404)
    expect(past.html).toContain('noindex')
  })

  test('an unknown subject, city or district slug is a 404 page, not indexed', async () => {
    for (const path of [
      '/tutors/alchemy/kyiv/',
      '/tutors/matematyka/atlantis/',
      '/tutors/matematyka/kyiv/nowhere/',
      '/tutors-online/alchemy/',
    ]) {
      const { status, html } = await page(path)
      expect(status).toBe(404)
      expect(html).toContain('Сторінку не знайдено')
      expect(html).toContain('noindex')
      expect(html).not.toContain('rel="canonical"')
    }
  })
})

describe('tutor profile pages', () => {
  test('200 with the name, a Person with AggregateRating, canonical and hreflang', async () => {
    const id = listed[5]!
    const { status, html } = await page(`/user-${id}/`)
    expect(status).toBe(200)
    expect(html).toContain('Наталія Вчителька 5')
    expect(html).toContain(`<link rel="canonical" href="${app.url}/user-${id}/" />`)
    expect(html).toContain(`hreflang="ru" href="${app.url}/ru/user-${id}/"`)
    const person = jsonLd(html).find((j) => j['@type'] === 'Person')
    expect(person).toMatchObject({
      name: 'Наталія Вчителька 5',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 5 },
    })
  })

  test('a thin profile (no subjects, places or description): no empty section headings, no dangling dash in the title', async () => {
    const id = await makeTutor(app.services.db, { name: 'Тонкий Профіль' })
    const { status, html } = await page(`/user-${id}/`)
    expect(status).toBe(200)
    expect(html).toContain('<title>Тонкий Профіль')
    expect(html).not.toMatch(/<title>[^<]*—\s*(\||<)/)
    expect(html).not.toContain('Тонкий Профіль —')
    // Every h2 rendered is followed by content of its own section, never by the next heading or the end.
    const headings = [...html.matchAll(/<h2[^>]*>(.*?)<\/h2>/g)].map((m) => m[1])
    expect(headings.length).toBeGreaterThan(0) // the reviews section always has its heading
    for (const empty of [/<h2[^>]*>[^<]*<\/h2>\s*<ul[^>]*><\/ul>/, /<h2[^>]*>[^<]*<\/h2>\s*<\/section>/])
      expect(html).not.toMatch(empty)
    const person = jsonLd(html).find((j) => j['@type'] === 'Person')
    expect(person.jobTitle).toBeUndefined()
  })

  test('unpublished, inactive, deleted or unknown tutors are 404', async () => {
    const db = app.services.db
    const base = { subjects: [{ lesson: ref.lessons.math }], online: true }
    for (const hidden of [{ published: false }, { active: false }, { deleted: true }]) {
      const id = await makeTutor(db, { ...base, ...hidden })
      expect((await page(`/user-${id}/`)).status).toBe(404)
    }
    expect((await page('/user-999999/')).status).toBe(404)
  })
})

test('home page: JSON-LD ItemList of suggested tutors capped at 10', async () => {
  const { status, html } = await page('/')
  expect(status).toBe(200)
  const list = jsonLd(html).find((j) => j['@type'] === 'ItemList')
  expect(list.itemListElement.length).toBe(10)
})
