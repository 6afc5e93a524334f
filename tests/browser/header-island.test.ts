// The header island (client/shell/HeaderIsland.tsx) on a shared catalogue page (server/ssr/
// shared-pages.ts), in production mode where the rendered page is kept: the server's HTML already
// names the signed-in visitor (no script needed), the page hydrates without a mismatch, and the
// live header's menus work after it — for two people one after the other and for an anonymous
// visitor, each seeing their own header.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser, BrowserContext } from 'playwright-core'
import { PASSWORD, type TestApp, makePerson, startTestApp } from '../helpers/app'
import { makeTutor, referenceFixture } from '../helpers/catalogue'
import { launchBrowser, screenshot, watchConsole } from '../helpers/browser'
import sharp from 'sharp'

let app: TestApp
let browser: Browser
beforeAll(async () => {
  app = await startTestApp({ nodeEnv: 'production', pages: true })
  const ref = await referenceFixture(app.services.db)
  await makeTutor(app.services.db, {
    name: 'Ірина Острівна',
    subjects: [{ lesson: ref.lessons.math }],
    places: [{ kind: 'home', city: ref.cities.kyiv }],
  })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await app?.close()
})

const path = '/tutors/matematyka/kyiv/'

/** A browser context signed in as a new client with this name. */
async function clientContext(name: string, javaScriptEnabled = true): Promise<BrowserContext> {
  const person = await makePerson(app, { client: true })
  await app.services.db.updateTable('clients').set({ name }).where('id', '=', person.clientId!).execute()
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled })
  const res = await context.request.post(`${app.url}/client/auth/login`, {
    data: { login: person.email, password: PASSWORD },
  })
  expect(res.status()).toBe(200)
  return context
}

test('the server names the signed-in visitor in the header; the page hydrates and the live menu works, each visitor their own', async () => {
  // Without scripts: the HTML itself has the person's header.
  const noScript = await clientContext('Олена Острівна', false)
  const plain = await noScript.newPage()
  await plain.goto(app.url + path)
  expect(await plain.getByTestId('user-menu').textContent()).toContain('Олена Острівна')
  expect(await plain.getByText('Ірина Острівна').count()).toBeGreaterThan(0)
  await noScript.close()

  for (const name of ['Олена Острівна', 'Петро Острівний']) {
    const context = await clientContext(name)
    const page = await context.newPage()
    const errors = watchConsole(page)
    await page.goto(app.url + path)
    await page.waitForLoadState('networkidle')
    const menu = page.getByTestId('user-menu')
    expect(await menu.textContent()).toContain(name)
    // The live header: its menu opens and leads to the cabinet.
    await menu.click()
    const orders = page.getByRole('menuitem', { name: 'Мої заявки' })
    await orders.waitFor()
    await screenshot(page, `header-island-${name === 'Олена Острівна' ? 'first' : 'second'}`)
    await page.keyboard.press('Escape')
    // An in-app navigation keeps the live header.
    await page.getByRole('link', { name: 'Ірина Острівна' }).first().click()
    await page.waitForURL(/\/user-\d+\/(\?lesson=\d+)?$/)
    expect(await page.getByTestId('user-menu').textContent()).toContain(name)
    expect(errors).toEqual([])
    await context.close()
  }

  const anonymous = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await anonymous.newPage()
  const errors = watchConsole(page)
  await page.goto(app.url + path)
  await page.waitForLoadState('networkidle')
  expect(await page.getByTestId('user-menu').count()).toBe(0)
  await page.getByTestId('login-dropdown').click()
  await page.getByRole('menuitem', { name: 'Я учень' }).waitFor()
  const html = await page.content()
  for (const name of ['Олена Острівна', 'Петро Острівний']) expect(html).not.toContain(name)
  expect(errors).toEqual([])
  await anonymous.close()
})

test("a tutor's photo, uploaded through the cabinet's call, is the header's menu button; it loads and hydrates", async () => {
  const person = await makePerson(app, { tutor: true })
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const login = await context.request.post(`${app.url}/tutor/login`, {
    data: { login: person.email, password: PASSWORD },
  })
  expect(login.status()).toBe(200)
  const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2a7' } })
    .jpeg()
    .toBuffer()
  const set = await context.request.post(`${app.url}/tutor/profile/avatar/set`, {
    multipart: { image: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo } },
  })
  expect(set.status()).toBe(200)
  const page = await context.newPage()
  const errors = watchConsole(page)
  await page.goto(app.url + path)
  await page.waitForLoadState('networkidle')
  const img = page.getByTestId('user-menu').locator('img')
  expect(await img.getAttribute('src')).toMatch(/-130\.jpg$/)
  // The preview is there to load (130 px wide), not a broken image.
  expect(await img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(130)
  await screenshot(page, 'header-tutor-photo', { fullPage: false })
  expect(errors).toEqual([])
  await context.close()
})

test('an in-app visit while the header menus chunk is still on its way: the header follows the page and its menu works', async () => {
  const context = await clientContext('Ганна Острівна')
  const page = await context.newPage()
  const errors = watchConsole(page)
  // The header's menus chunk held back: the header island cannot finish hydrating until it arrives.
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/PersonMenus-[^/]+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  await page.goto(app.url + path)
  // The page's own root has hydrated (its links navigate in the app); the header's has not.
  const card = page.locator('#root a[href^="/user-"]').first()
  await page.waitForFunction(
    (a) => !!a && Object.keys(a).some((k) => k.startsWith('__reactFiber')),
    await card.elementHandle(),
  )
  await page.evaluate(() => Object.assign(window, { samePage: true }))
  await card.click()
  await page.waitForURL(/\/user-\d+\/(\?lesson=\d+)?$/)
  expect(await page.evaluate(() => 'samePage' in window)).toBe(true)
  release()
  // The live header, once hydrated, follows the page and its menu works.
  const menu = page.getByTestId('user-menu')
  expect(await menu.textContent()).toContain('Ганна Острівна')
  await menu.click()
  await page.getByRole('menuitem', { name: 'Мої заявки' }).waitFor()
  expect(errors).toEqual([])
  await context.close()
})
