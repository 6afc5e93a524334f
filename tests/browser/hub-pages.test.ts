// /materials/ and /p/popular/ as a visitor sees them: live lists below the static
// intro, hydrated without errors, free of axe violations, on a phone and on a desktop; the staff's
// page-metatags h1 survives hydration. Screenshots hub-*.
import { beforeAll, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { clearPageMetatags } from '../../server/domain/site/page-metatags'
import { makePerson, makeStaff, signedIn, type TestApp } from '../helpers/app'
import { makeTutor, referenceFixture } from '../helpers/catalogue'
import { axeViolations, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

const TITLE = 'Як скласти план підготовки до іспиту з хімії'

beforeAll(async () => {
  const db = app.services.db
  const ref = await referenceFixture(db)
  for (let i = 0; i < 4; i++)
    await makeTutor(db, {
      subjects: [{ lesson: ref.lessons.math }],
      places: [{ kind: 'home', city: ref.cities.kyiv }],
      online: i < 2,
    })
  await makeTutor(db, {
    subjects: [{ lesson: ref.lessons.english }],
    places: [{ kind: 'home', city: ref.cities.lviv }],
    online: true,
  })
  const p = await makePerson(app, { tutor: true })
  const c = await signedIn(app, { tutor: p.email })
  const text = `<p>${TITLE}: почніть із пробного тесту й випишіть теми з помилками, потім розподіліть їх по тижнях, повторюйте формули щодня по десять хвилин і раз на тиждень розв'язуйте повний варіант на час.</p>`
  const blog = (await c.api.post('/tutor/blog/create', { blog: { title: TITLE, text } })).json.data
  const s = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
  await s.api.post(`/admin/blog/set_published?id=${blog.id}`)
  await s.api.post('/admin/seo/page/metatags/create', {
    page_metatags: {
      path: '/p/popular/',
      locale: 'ua',
      title: '',
      description: '',
      h1: 'Популярні запити: репетитори поруч і онлайн',
    },
  })
  clearPageMetatags()
})

test('a visitor reads /materials/ and /p/popular/ on a phone and a desktop', async () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    const ctx = await browser.newContext({ viewport, bypassCSP: true })
    const page = await ctx.newPage()
    const errors = watchConsole(page)
    const tag = viewport.width < 500 ? 'phone' : 'desktop'

    expect((await page.goto(`${app.url}/materials/`))?.status()).toBe(200)
    await page.waitForLoadState('networkidle')
    await page.getByRole('heading', { level: 1, name: 'Матеріали' }).waitFor()
    await page.getByRole('link', { name: TITLE }).waitFor()
    await page.getByRole('link', { name: 'Пройти тест' }).waitFor()
    await page.getByRole('link', { name: 'Усі новини' }).waitFor()
    expect(await page.getByTestId('hub-news').getByRole('listitem').count()).toBeGreaterThan(0)
    expect(await page.getByTestId('hub-videos').getByRole('listitem').count()).toBeGreaterThan(0)
    expect(await axeViolations(page)).toEqual([])
    await screenshot(page, `hub-materials-${tag}`)

    expect((await page.goto(`${app.url}/p/popular/`))?.status()).toBe(200)
    await page.waitForLoadState('networkidle')
    // The staff's h1, still there after hydration.
    await page.getByRole('heading', { level: 1, name: 'Популярні запити: репетитори поруч і онлайн' }).waitFor()
    const first = page.getByTestId('popular-in-cities').getByRole('link').first()
    expect(await first.textContent()).toBe('Математика — Київ')
    expect(await page.getByTestId('popular-online').getByRole('link').count()).toBe(2)
    expect(await axeViolations(page)).toEqual([])
    await screenshot(page, `hub-popular-${tag}`)
    // A popular search opens its catalogue page in the browser.
    await first.click()
    await page.waitForURL(`${app.url}/tutors/matematyka/kyiv/`)
    expect(errors).toEqual([])
    await ctx.close()
  }
}, 120_000)
