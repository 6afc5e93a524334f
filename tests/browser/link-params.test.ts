// Query parameters any page may carry, and the shells of special paths (docs/product.md#2-screens-and-routes).
import { describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { issueClientLink } from '../../server/domain/auth/client-sign-in'
import { Client, type TestApp, makePerson } from '../helpers/app'
import { withBrowserApp, screenshot, watchConsole } from '../helpers/browser'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

describe('link parameters', () => {
  test('?ak= signs the client in and leaves the address', async () => {
    const p = await makePerson(app, { client: true })
    const token = await issueClientLink(app.services.db, p.clientId!)
    const page = await browser.newPage()
    const errors = watchConsole(page)
    await page.goto(`${app.url}/?ak=${token}&utm=1`)
    await page.waitForFunction(() => !location.search.includes('ak='))
    expect(new URL(page.url()).search).toBe('?utm=1')
    await page.getByTestId('user-menu').waitFor()
    const auth = await (await page.request.get(`${app.url}/tutor/auth/role/get`)).json()
    expect(auth.auth.client_info.id).toBe(p.clientId)
    expect(errors).toEqual([])
  })

  test('?confirmation_code= confirms the e-mail and goes to /profile/; a bad one adds code_error', async () => {
    const c = new Client(app.url)
    await c.api.post('/tutor/register', {
      name: 'Марко Вовчок',
      email: 'marko@example.com',
      phone: '0671112244',
      password: 'long-enough-pass',
      accept_terms: true,
    })
    const mail = await app.services.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', 'marko@example.com')
      .executeTakeFirstOrThrow()
    const link = mail.body.match(/https?:\/\/\S+/)![0]
    const page = await browser.newPage()
    const confirmed = page.waitForResponse((r) => r.url().includes('auth.tutor.confirmEmail') && r.ok())
    await page.goto(link)
    await confirmed
    await page.waitForURL(/\/profile\/$/)
    const person = await app.services.db
      .selectFrom('people')
      .select('email_confirmed_at')
      .where('email', '=', 'marko@example.com')
      .executeTakeFirstOrThrow()
    expect(person.email_confirmed_at).not.toBeNull()

    await page.goto(`${app.url}/?confirmation_code=not-a-code`)
    await page.waitForURL(/code_error=1/)
    expect(page.url()).not.toContain('confirmation_code')
  })
})

describe('special shells', () => {
  test('/request/* and /test/* have the logo-only header; no footer on /request/ and /test/english/start; none on /register', async () => {
    const page = await browser.newPage()
    for (const [path, footer] of [
      ['/request/tutor/1/', false],
      ['/test/english/', true],
      ['/test/english/start', false],
    ] as const) {
      await page.goto(app.url + path)
      await page.locator('header').first().waitFor()
      expect(await page.getByTestId('login-dropdown').count()).toBe(0)
      expect(await page.locator('header a[href="/"]').count()).toBe(1)
      expect(await page.locator('footer').count()).toBe(footer ? 1 : 0)
    }
    await screenshot(page, 'test-start-minimal')
    await page.goto(`${app.url}/register`)
    expect(await page.getByTestId('login-dropdown').count()).toBe(0)
    expect(await page.locator('header nav').count()).toBe(0)
  })
})
