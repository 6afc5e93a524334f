// The catalogue in a browser: the search form's dropdowns (docs/product.md#4-states-and-transitions) and target paths,
// catalogue → profile → order button, the filters and pages, "Why here", reviews and viewed tutors,
// axe-core on home, catalogue and profile, and the 404 of an unknown slug. Screenshots are taken
// of each page (test-results/screenshots/).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { resolve } from 'node:path'
import { sql } from 'kysely'
import type { Browser, Page } from 'playwright-core'
import { jsonb } from '../../db/jsonb'
import { t } from '../../i18n/keys'
import { refreshListings } from '../../server/domain/catalogue/listings'
import { filtersKey } from '../../server/domain/catalogue/seo'
import { type TestApp, startTestApp } from '../helpers/app'
import { launchBrowser, screenshot, watchConsole } from '../helpers/browser'
import { type Ref, addTop, makeTutor, referenceFixture } from '../helpers/catalogue'

const AXE = resolve(import.meta.dir, '../../node_modules/axe-core/axe.min.js')

let app: TestApp
let browser: Browser
let ref: Ref
const ids = { olena: 0, andrii: 0, iryna: 0 }

beforeAll(async () => {
  app = await startTestApp({ pages: true })
  const db = app.services.db
  ref = await referenceFixture(db)
  // More cities, so the city list scrolls (the selected option sits lower than 70 px).
  const more: [string, string][] = [
    ['odesa', 'Одеса'],
    ['dnipro', 'Дніпро'],
    ['kharkiv', 'Харків'],
    ['zaporizhzhia', 'Запоріжжя'],
    ['vinnytsia', 'Вінниця'],
    ['poltava', 'Полтава'],
    ['chernihiv', 'Чернігів'],
    ['uzhhorod', 'Ужгород'],
  ]
  for (const [alias, ua] of more)
    await db
      .insertInto('cities')
      .values({ edition: 'ua', alias, names: jsonb({ ua }), sort: 10 })
      .execute()

  const long =
    'Готую до НМТ з математики вже дванадцять років. Пояснюю складні теми простими словами і підбираю завдання під рівень учня.\n\n' +
    'Працюю з учнями 5–11 класів: шкільна програма, олімпіади, підготовка до контрольних. Домашні завдання перевіряю щодня.'
  ids.olena = await makeTutor(db, {
    name: 'Олена Коваленко',
    subjects: [
      {
        lesson: ref.lessons.math,
        levels: [ref.levels.school, ref.levels.exam],
        description: 'Алгебра і геометрія, підготовка до НМТ.',
      },
      { lesson: ref.lessons.english, levels: [ref.levels.b2], description: 'Розмовна англійська для школярів.' },
    ],
    places: [
      { kind: 'home', city: ref.cities.kyiv, district: ref.districts.podil },
      { kind: 'travel', city: ref.cities.kyiv, district: ref.districts.obolon },
    ],
    online: true,
    price: 450,
    rate: ref.rates.mid,
    reviewCount: 12,
    reviewAvg: 4.8,
    university: 'КНУ імені Тараса Шевченка',
    description: long,
  })
  ids.andrii = await makeTutor(db, {
    name: 'Андрій Мельник',
    subjects: [{ lesson: ref.lessons.math, levels: [ref.levels.school] }],
    places: [{ kind: 'home', city: ref.cities.kyiv }],
    price: 250,
    rate: ref.rates.low,
    reviewCount: 1,
    reviewAvg: 5,
  })
  ids.iryna = await makeTutor(db, {
    name: 'Ірина Шевчук',
    status: 6, // a school tutor: the school's base rate
    subjects: [{ lesson: ref.lessons.math, levels: [ref.levels.exam] }],
    places: [{ kind: 'travel', city: ref.cities.kyiv, district: ref.districts.podil }],
    online: true,
  })
  await db
    .updateTable('tutors')
    .set({
      response_minutes: 8,
      response_rate: 0.9,
      short_description: 'Математика без страху: НМТ на 190+.',
      university_graduation_year: 2012,
    })
    .where('id', '=', ids.olena)
    .execute()
  await refreshListings(db, [ids.olena])
  await addTop(db, { tutor: ids.olena, lesson: ref.lessons.math, city: ref.cities.kyiv })

  // 12 published reviews for Olena (10 a page), math and English.
  for (let i = 0; i < 12; i++)
    await db
      .insertInto('reviews')
      .values({
        tutor_id: ids.olena,
        lesson_id: i < 9 ? ref.lessons.math : ref.lessons.english,
        level_id: i < 9 ? ref.levels.exam : ref.levels.b2,
        client_name: `Учень ${i + 1}`,
        mark: i % 4 === 0 ? 4 : 5,
        text: `Відгук номер ${i + 1}: пояснює зрозуміло, заняття проходять цікаво.`,
        response_text: i === 11 ? 'Дякую, було приємно працювати!' : null,
        created_at: sql<Date>`now() - make_interval(days => ${i})`,
      })
      .execute()

  // Staff SEO text for Math in Kyiv: two paragraphs, with markup that must not reach the page as HTML.
  await db
    .insertInto('catalogue_seo_texts')
    .values({
      edition: 'ua',
      filters_key: filtersKey({ online: false, lesson: ref.lessons.math, city: ref.cities.kyiv }),
      chosen_filters: jsonb({ lesson: ref.lessons.math, city: ref.cities.kyiv }),
      locale: 'ua',
      h2text:
        'Репетитори з <b>математики</b> у Києві готують до НМТ.\n\n<script>window.__xss = 1</script>Оберіть викладача за ціною та відгуками.',
    })
    .execute()

  // 22 English tutors in Lviv: two catalogue pages.
  for (let i = 0; i < 22; i++)
    await makeTutor(db, {
      name: `Викладач ${String(i + 1).padStart(2, '0')}`,
      subjects: [{ lesson: ref.lessons.english }],
      places: [{ kind: 'home', city: ref.cities.lviv }],
      price: 200 + i * 10,
    })

  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await app?.close()
})

async function open(
  path: string,
  viewport = { width: 1280, height: 900 },
  opts: { bypassCSP?: boolean } = {},
): Promise<{ page: Page; errors: string[] }> {
  // axe-core is injected as an inline script, which the site's CSP (script-src 'self') refuses.
  const page = await (await browser.newContext({ viewport, bypassCSP: opts.bypassCSP ?? false })).newPage()
  const errors = watchConsole(page)
  await page.goto(`${app.url}${path}`)
  await page.waitForLoadState('networkidle')
  return { page, errors }
}

async function axe(page: Page) {
  await page.addScriptTag({ path: AXE })
  const result = await page.evaluate(async () => {
    const r = await (
      window as unknown as {
        axe: {
          run: () => Promise<{
            violations: { id: string; impact: string; help: string; nodes: { target: unknown }[] }[]
          }>
        }
      }
    ).axe.run()
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target) }))
  })
  if (result.length) console.error(JSON.stringify(result, null, 2))
  return result
}

describe('search form', () => {
  test('filter, Enter picks the first match, outside click closes, no results, online hides the city, Search goes to the path', async () => {
    const { page, errors } = await open('/')
    const subject = page.locator('#home-search-subject')
    const city = page.locator('#home-search-city')
    const filter = page.getByRole('combobox')

    // Enter picks the first match and closes; the filter text is cleared.
    await subject.click()
    expect(await subject.getAttribute('aria-expanded')).toBe('true')
    await filter.fill('мат')
    expect(await page.getByRole('option').allTextContents()).toEqual(['Математика'])
    await filter.press('Enter')
    expect(await subject.getAttribute('aria-expanded')).toBe('false')
    expect(await subject.textContent()).toBe('Математика')
    await subject.click()
    expect(await filter.inputValue()).toBe('')
    await page.keyboard.press('Escape')

    // No match: the message; an outside click closes.
    await city.click()
    await filter.fill('zzz')
    expect(await page.getByText(t('ua', 'errors.no_results')).isVisible()).toBe(true)
    await page.locator('h1').click()
    expect(await page.getByRole('combobox').count()).toBe(0)
    expect(await city.getAttribute('aria-expanded')).toBe('false')

    // Choosing with the mouse; reopened, the list scrolls to an option lower than 70 px.
    await city.click()
    await page.getByRole('option', { name: 'Ужгород' }).click()
    expect(await city.textContent()).toBe('Ужгород')
    await city.click()
    const scrolled = await page.getByRole('listbox').evaluate((el) => el.scrollTop)
    expect(scrolled).toBeGreaterThan(0)
    await filter.fill('льв')
    await filter.press('Enter')
    expect(await city.textContent()).toBe('Львів')
    await screenshot(page, 'search-form-chosen')

    // Online hides the city and goes to the online catalogue; unticked, the city is back.
    await page.getByLabel(t('ua', 'search.online')).check()
    expect(await city.count()).toBe(0)
    await page.getByLabel(t('ua', 'search.online')).uncheck()
    expect(await city.textContent()).toBe('Львів')
    await page.getByRole('button', { name: t('ua', 'search.search_tutor') }).click()
    await page.waitForURL(/\/tutors\/matematyka\/lviv\/$/)

    await page.goto(`${app.url}/`)
    await page.waitForLoadState('networkidle')
    await subject.click()
    await filter.fill('англ')
    await filter.press('Enter')
    await page.getByLabel(t('ua', 'search.online')).check()
    await page.getByRole('button', { name: t('ua', 'search.search_tutor') }).click()
    await page.waitForURL(/\/tutors-online\/anglijska\/$/)
    // An in-app navigation: the catalogue's chunk and data arrive after the address changes.
    await page.locator('h1', { hasText: 'Англійська мова' }).waitFor()
    expect(await page.getByTestId('tutor-card').allTextContents()).toEqual([expect.stringContaining('Олена Коваленко')])
    expect(errors).toEqual([])
    await page.close()
  })
})

describe('catalogue and profile', () => {
  test('home: popular subjects and cities, top tutors and the latest reviews', async () => {
    const { page, errors } = await open('/')
    expect(await page.getByRole('heading', { name: t('ua', 'home.popular_subjects') }).isVisible()).toBe(true)
    expect(await page.locator('main a[href="/tutors/matematyka/kyiv/"]').count()).toBeGreaterThan(0)
    expect(await page.getByRole('heading', { name: t('ua', 'home.top_tutors') }).isVisible()).toBe(true)
    expect(await page.getByTestId('tutor-card').count()).toBeGreaterThan(0)
    expect(await page.getByTestId('tutor-card').count()).toBeLessThanOrEqual(10)
    expect(await page.locator(`main a[href="/user-${ids.olena}/"]`).count()).toBeGreaterThan(0)
    expect(await page.locator('main').textContent()).toContain('Учень 1')
    await screenshot(page, 'home')
    expect(errors).toEqual([])
    await page.close()
  })

  test('catalogue → profile → order button, names rendered by the server', async () => {
    const res = await fetch(`${app.url}/tutors/matematyka/kyiv/`)
    expect(res.status).toBe(200)
    const html = await res.text()
    for (const name of ['Олена Коваленко', 'Андрій Мельник', 'Ірина Шевчук']) expect(html).toContain(name)
    expect(html).toContain('Оберіть викладача за ціною та відгуками.')
    expect(html).not.toContain('<script>window.__xss')
    expect(html).not.toContain('<b>математики</b>')

    const { page, errors } = await open('/tutors/matematyka/kyiv/')
    const cards = page.getByTestId('tutor-card')
    expect(await cards.count()).toBe(3)
    // Paid TOP first, marked as paid; the school tutor shows the school's base rate.
    expect(await cards.first().textContent()).toContain(t('ua', 'card.top'))
    expect(await cards.first().textContent()).toContain('12 відгуків')
    expect(await cards.first().textContent()).toContain(t('ua', 'card.response', { time: '≤ 10' }))
    const school = cards.filter({ hasText: 'Ірина Шевчук' })
    expect(await school.textContent()).toContain('268–368 ₴')
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined()
    await screenshot(page, 'catalogue')

    // Why here: a disclosure with the ranking's parts.
    const why = cards.first().getByRole('button', { name: t('ua', 'why.title') })
    expect(await why.getAttribute('aria-expanded')).toBe('false')
    await why.click()
    expect(await why.getAttribute('aria-expanded')).toBe('true')
    const panel = page.locator(`[id="${await why.getAttribute('aria-controls')}"]`)
    expect(await panel.isVisible()).toBe(true)
    const text = await panel.textContent()
    for (const key of ['card.top', 'why.description', 'why.response_time', 'why.reviews'] as const)
      expect(text).toContain(t('ua', key))
    await cards.first().screenshot({ path: resolve(import.meta.dir, '../../test-results/screenshots/why-here.png') })

    await cards.first().getByRole('link', { name: 'Олена Коваленко' }).click()
    // The card's link names the subject the visitor came from (the profile's price box shows its price).
    await page.waitForURL(new RegExp(`/user-${ids.olena}/\\?lesson=\\d+$`))
    await page.locator('h1', { hasText: 'Олена Коваленко' }).waitFor()
    await page.getByRole('link', { name: t('ua', 'profile.order') }).click()
    await page.waitForURL(new RegExp(`/request/tutor/${ids.olena}/$`))
    expect(errors).toEqual([])
    await page.close()
  })

  test('filters: sort by price, level and price band change the address; pages are links with rel', async () => {
    const { page, errors } = await open('/tutors/matematyka/kyiv/')
    const names = () => page.getByTestId('tutor-card').getByRole('heading').allTextContents()
    await page.getByLabel(t('ua', 'catalogue.sort')).selectOption('price')
    await page.waitForURL(/\?sort=price$/)
    await page.waitForFunction(
      () => document.querySelector('[data-testid="tutor-card"] h2')?.textContent === 'Андрій Мельник',
    )
    expect((await names())[0]).toBe('Андрій Мельник')
    await page.getByLabel(t('ua', 'catalogue.level')).selectOption('nmt')
    await page.waitForURL(/level=nmt/)
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="tutor-card"]').length === 2)
    expect((await names()).sort()).toEqual(['Ірина Шевчук', 'Олена Коваленко'])
    await page.getByLabel(t('ua', 'catalogue.price')).selectOption({ label: '300–600 ₴' })
    await page.waitForURL(/rate_id=/)
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="tutor-card"]').length === 1)
    // The filtered address renders the same on the server.
    const html = await (await fetch(page.url())).text()
    expect(html).toContain('Олена Коваленко')
    expect(html).not.toContain('Андрій Мельник')

    await page.goto(`${app.url}/tutors/anglijska/lviv/`)
    await page.waitForLoadState('networkidle')
    expect(await page.locator('main').textContent()).toContain(t('ua', 'catalogue.total', { count: 22 }))
    expect(await page.getByTestId('tutor-card').count()).toBe(20)
    const next = page.locator('nav a[rel="next"]')
    expect(await next.getAttribute('href')).toBe('/tutors/anglijska/lviv/?page=2')
    await next.click()
    await page.waitForURL(/\?page=2$/)
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="tutor-card"]').length === 2)
    expect(await page.locator('nav a[rel="prev"]').getAttribute('href')).toBe('/tutors/anglijska/lviv/')
    expect(await page.locator('nav a[aria-current="page"]').textContent()).toBe('2')
    expect(errors).toEqual([])
    await page.close()
  })

  test('profile: reviews 10 at a time, by subject; viewed tutors after mount', async () => {
    const { page, errors } = await open(`/user-${ids.andrii}/`)
    // The first profile is remembered once it has mounted (an effect); leaving before that would not count it.
    await page.waitForFunction((id) => localStorage.getItem('viewed_tutors') === String(id), ids.andrii)
    await page.goto(`${app.url}/user-${ids.olena}/`)
    await page.waitForLoadState('networkidle')
    const reviews = page.locator('section[aria-labelledby="reviews-heading"] > ul > li')
    expect(await reviews.count()).toBe(10)
    await page.getByRole('button', { name: t('ua', 'profile.show_more') }).click()
    await page.waitForFunction(
      () => document.querySelectorAll('section[aria-labelledby="reviews-heading"] > ul > li').length === 12,
    )
    expect(await page.getByRole('button', { name: t('ua', 'profile.show_more') }).count()).toBe(0)
    expect(await page.locator('main').textContent()).toContain('Дякую, було приємно працювати!')
    await page
      .getByLabel(t('ua', 'search.lesson_placeholder'), { exact: true })
      .selectOption({ label: 'Англійська мова' })
    await page.waitForFunction(
      () => document.querySelectorAll('section[aria-labelledby="reviews-heading"] > ul > li').length === 3,
    )

    // Viewed tutors: Andrii was seen first; the list is kept most recent first.
    const viewed = page.getByRole('heading', { name: t('ua', 'profile.viewed') })
    await viewed.waitFor()
    expect(await page.locator(`main a[href="/user-${ids.andrii}/"]`).count()).toBe(1)
    expect(await page.evaluate(() => localStorage.getItem('viewed_tutors'))).toBe(`${ids.olena},${ids.andrii}`)
    await screenshot(page, 'profile')
    expect(errors).toEqual([])
    await page.close()

    // Phone width: nothing wider than the screen.
    const small = await open(`/user-${ids.olena}/`, { width: 375, height: 800 })
    expect(await small.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await screenshot(small.page, 'profile-mobile')
    await small.page.goto(`${app.url}/tutors/matematyka/kyiv/`)
    await small.page.waitForLoadState('networkidle')
    expect(await small.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await screenshot(small.page, 'catalogue-mobile')
    await small.page.close()
  })

  test('catalogue root: the subject directory with counts', async () => {
    const { page, errors } = await open('/tutors/')
    expect(await page.locator('h1').textContent()).toBe(t('ua', 'footer.catalogue'))
    const link = page.locator('main a[href="/tutors/anglijska/"]')
    expect(await link.textContent()).toContain('23')
    await screenshot(page, 'catalogue-root')
    expect(errors).toEqual([])
    await page.close()
  })

  test('axe-core: no violations on home, a catalogue page and a profile', async () => {
    for (const path of ['/', '/tutors/matematyka/kyiv/', `/user-${ids.olena}/`, '/tutors/']) {
      const { page } = await open(path, undefined, { bypassCSP: true })
      // With a disclosure open too.
      if (path.startsWith('/tutors/matematyka'))
        await page
          .getByRole('button', { name: t('ua', 'why.title') })
          .first()
          .click()
      expect({ path, violations: await axe(page) }).toEqual({ path, violations: [] })
      await page.close()
    }
  })

  test('an unknown slug or tutor is a 404 page', async () => {
    for (const path of ['/tutors/no-such-subject/kyiv/', '/tutors/matematyka/atlantis/', '/user-999999/']) {
      const { page } = await open(path)
      const res = await fetch(`${app.url}${path}`)
      expect(res.status).toBe(404)
      expect(await page.locator('h1').textContent()).toBe(t('ua', 'notfound.page_not_found'))
      expect(await page.locator('main form[role="search"]').count()).toBe(1)
      await page.close()
    }
    // The 404 page's search form has its options.
    const { page } = await open('/tutors/no-such-subject/kyiv/')
    await page.locator('#notfound-search-subject').click()
    expect(await page.getByRole('option').allTextContents()).toContain('Математика')
    await screenshot(page, 'catalogue-404')
    await page.close()
  })
})
