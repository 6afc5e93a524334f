// Analytics in the browser (docs/product.md#7-calls-made-by-the-shell, docs/api.md#other-public-calls item
// 3): a catalogue visit pushes view_item_list and a profile visit view_item into window.dataLayer; a landing URL with a
// paid click's parameters sends them to the tracking call (POST /cpa/set_cookie → the first-party
// ad_click cookie) and every event of the visit carries them, also on later pages without them.
import { beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { type TestApp, makeStaff } from '../helpers/app'
import { panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { makeTutor, referenceFixture } from '../helpers/catalogue'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

const ids = { a: 0, b: 0 }
beforeAll(async () => {
  const ref = await referenceFixture(app.services.db)
  const place = [{ kind: 'home' as const, city: ref.cities.kyiv }]
  ids.a = await makeTutor(app.services.db, {
    name: 'Марія Аналітик',
    subjects: [{ lesson: ref.lessons.math }],
    places: place,
    price: 400,
  })
  ids.b = await makeTutor(app.services.db, {
    name: 'Тарас Трекер',
    subjects: [{ lesson: ref.lessons.math }],
    places: place,
    price: 500,
  })
})

type Pushed = {
  event?: string
  ad_click?: Record<string, string>
  items?: { item_id: number; item_name: string; price: number | null }[]
  page_type?: string
}
const dataLayer = (page: Page) => page.evaluate(() => (window.dataLayer ?? []) as unknown[]) as Promise<Pushed[]>
const events = async (page: Page, name: string) => (await dataLayer(page)).filter((e) => e.event === name)

describe('analytics events and ad-click parameters', () => {
  test('a paid click lands on the catalogue: view_item_list with the cards and the ad-click parameters; the profile then: view_item with them from the cookie', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const errors = watchConsole(page)
    const tracked = page.waitForResponse((r) => r.url().endsWith('/cpa/set_cookie') && r.request().method() === 'POST')
    await page.goto(
      `${app.url}/tutors/matematyka/kyiv/?gclid=TeSt-GcLiD_1&utm_medium=cpc&utm_source=google&utm_campaign=autumn`,
    )
    const res = await tracked
    expect(res.status()).toBe(200)
    expect(JSON.parse(res.request().postData()!)).toEqual({
      cookie: { gclid: 'TeSt-GcLiD_1', utm_medium: 'cpc', utm_source: 'google', utm_campaign: 'autumn' },
    })

    await page.waitForFunction(() =>
      (window.dataLayer ?? []).some((e) => (e as { event?: string }).event === 'view_item_list'),
    )
    const [list] = await events(page, 'view_item_list')
    expect(list!.page_type).toBe('catalogue')
    expect(list!.items!.map((i) => i.item_id).sort()).toEqual([ids.a, ids.b].sort())
    expect(list!.items!.find((i) => i.item_id === ids.a)).toMatchObject({
      item_name: expect.stringContaining('Марія'),
      price: 400,
    })
    expect(list!.ad_click).toEqual({
      gclid: 'TeSt-GcLiD_1',
      utm_medium: 'cpc',
      utm_source: 'google',
      utm_campaign: 'autumn',
    })
    const cookie = (await context.cookies(app.url)).find((c) => c.name === 'ad_click')!
    expect(decodeURIComponent(cookie.value)).toContain('gclid=TeSt-GcLiD_1')
    expect(cookie.httpOnly).toBe(false)
    expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(89 * 86400_000)
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true)
    expect(await page.getByText('Марія Аналітик').first().isVisible()).toBe(true)
    await screenshot(page, 'tracking-catalogue')

    // A new page load without the parameters: the cookie carries them.
    await page.goto(`${app.url}/user-${ids.a}/`)
    await page.waitForFunction(() =>
      (window.dataLayer ?? []).some((e) => (e as { event?: string }).event === 'view_item'),
    )
    const [item] = await events(page, 'view_item')
    expect(item).toMatchObject({
      event: 'view_item',
      page_type: 'tutor_profiles',
      items: [{ item_id: ids.a, price: 400 }],
    })
    expect(item!.ad_click).toEqual({
      gclid: 'TeSt-GcLiD_1',
      utm_medium: 'cpc',
      utm_source: 'google',
      utm_campaign: 'autumn',
    })
    expect(await page.getByRole('heading', { level: 1, name: /Марія/ }).isVisible()).toBe(true)
    await screenshot(page, 'tracking-profile')
    expect(errors).toEqual([])
    await context.close()
  })

  test('a plain visit sends no tracking call, and its events carry no ad_click', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const calls: string[] = []
    page.on('request', (r) => r.url().includes('/cpa/set_cookie') && calls.push(r.url()))
    await page.goto(`${app.url}/tutors/matematyka/kyiv/?utm_source=newsletter&utm_medium=email`)
    await page.waitForFunction(() =>
      (window.dataLayer ?? []).some((e) => (e as { event?: string }).event === 'view_item_list'),
    )
    const [list] = await events(page, 'view_item_list')
    expect(list!.ad_click).toBeUndefined()
    expect(calls).toEqual([])
    expect((await context.cookies(app.url)).some((c) => c.name === 'ad_click')).toBe(false)
    // In-app navigation to a profile pushes view_item too.
    await page.getByRole('link', { name: /Тарас/ }).first().click()
    await page.waitForFunction(() =>
      (window.dataLayer ?? []).some((e) => (e as { event?: string }).event === 'view_item'),
    )
    expect((await events(page, 'view_item'))[0]!.items![0]!.item_id).toBe(ids.b)
    await context.close()
  })

  test('an affiliate pair is a paid click too', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${app.url}/user-${ids.b}/?aff_id=77&aff_sub=click-5&admitad_uid=abc123`)
    await page.waitForFunction(() =>
      (window.dataLayer ?? []).some((e) => (e as { event?: string }).event === 'view_item'),
    )
    const [item] = await events(page, 'view_item')
    expect(item!.ad_click).toEqual({ aff_id: '77', aff_sub: 'click-5', admitad_uid: 'abc123' })
    await context.close()
  })
})

describe('the panel: short links and candidates', () => {
  test('staff make a short link on the SEO screen; a foreign site is refused until allowed; a visit counts; candidates are tagged in the tutors list', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
    const errors = watchConsole(page)
    await panelSignIn(page, app.url, (await makeStaff(app, 1)).email)
    await page.goto(`${app.url}/panel/core_files`)
    const links = page.getByTestId('links')
    await links.getByTestId('link-create').click()
    const form = page.getByTestId('link-form')
    await form.getByLabel('Код').fill('partner-offer')
    await form.getByLabel('Куди веде').fill('https://partner.example/offer')
    await form.getByTestId('link-save').click()
    await form.locator('#link-destination-error').waitFor()
    await form.getByRole('button', { name: 'Скасувати' }).click()

    await page.getByTestId('link-hosts').getByLabel('Сайт (домен)').fill('partner.example')
    await page.getByTestId('link-hosts').getByRole('button', { name: 'Дозволити' }).click()
    await page.getByTestId('link-hosts').getByText('partner.example', { exact: true }).waitFor()
    await links.getByTestId('link-create').click()
    await form.getByLabel('Код').fill('partner-offer')
    await form.getByLabel('Куди веде').fill('https://partner.example/offer')
    await form.getByTestId('link-save').click()
    await links.getByRole('link', { name: 'partner-offer' }).waitFor()

    const visit = await fetch(`${app.url}/link/redirect?code=partner-offer`, { redirect: 'manual' })
    expect(visit.status).toBe(302)
    expect(visit.headers.get('location')).toBe('https://partner.example/offer')
    await page.reload()
    const row = page.getByTestId('links').getByRole('row').filter({ hasText: 'partner-offer' })
    await row.getByText('1', { exact: true }).waitFor()
    await screenshot(page, 'tracking-panel-links')

    await fetch(`${app.url}/tutor/candidate/registration`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ candidate: { name: 'Ірина Кандидатка', email: 'iryna.candidate@example.com' } }),
    })
    await page.goto(`${app.url}/panel/users_show?candidate=1`)
    const candidateRow = page.getByRole('row').filter({ hasText: 'Ірина Кандидатка' })
    await candidateRow.getByText('кандидат (школа)').waitFor()
    expect(await page.getByRole('row').filter({ hasText: 'Марія Аналітик' }).count()).toBe(0)
    await screenshot(page, 'tracking-panel-candidates', { fullPage: false })
    expect(errors).toEqual([])
  })
})
