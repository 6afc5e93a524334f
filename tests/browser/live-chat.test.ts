// The live-chat widget (docs/decisions.md#live-chat): with LIVECHAT_PROVIDER and LIVECHAT_ID set, an
// edition with live chat adds the provider's script only after the visitor accepted cookies (never
// after "only necessary"), the CSP allows that provider's origins; unset, nothing loads and the CSP
// names no chat origin. The provider's script is answered by the test (no network): it marks the page,
// which proves the CSP let it run.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { t } from '../../i18n/keys'
import { type TestApp, startTestApp } from '../helpers/app'
import { launchBrowser, screenshot, watchConsole } from '../helpers/browser'

const WIDGET = 'https://embed.tawk.to/64f0c0ffee/1h2ab3cd'
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** A fresh visitor; the provider's script is answered here, and every request to it is counted. */
async function visitor(app: TestApp): Promise<{ page: Page; chatRequests: string[]; errors: string[] }> {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
  const errors = watchConsole(page)
  const chatRequests: string[] = []
  await page.route('https://embed.tawk.to/**', (route) => {
    chatRequests.push(route.request().url())
    return route.fulfill({ contentType: 'application/javascript', body: 'window.__liveChatLoaded = true' })
  })
  await page.goto(`${app.url}/`)
  await page.waitForLoadState('networkidle')
  return { page, chatRequests, errors }
}

const chatScript = (page: Page) => page.locator('script[data-live-chat]')

describe('live chat configured (pl: consent asked)', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp({
      pages: true,
      site: 'pl',
      env: { LIVECHAT_PROVIDER: 'tawk', LIVECHAT_ID: '64f0c0ffee/1h2ab3cd' },
    })
  })
  afterAll(async () => {
    await app?.close()
  })

  test("the CSP allows the provider's origins", async () => {
    const csp = (await fetch(`${app.url}/`)).headers.get('content-security-policy')!
    expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/embed\.tawk\.to/)
    expect(csp).toMatch(/connect-src [^;]*wss:\/\/\*\.tawk\.to/)
  })

  test('no script before consent, the script after "Accept", again on the next visit', async () => {
    const { page, chatRequests, errors } = await visitor(app)
    await page.getByTestId('cookie-banner').waitFor()
    expect(await chatScript(page).count()).toBe(0)
    expect(chatRequests).toEqual([])
    await page.getByRole('button', { name: t('pl', 'cookies.accept') }).click()
    await chatScript(page).waitFor({ state: 'attached' })
    expect(await chatScript(page).getAttribute('src')).toBe(WIDGET)
    await page.waitForFunction(() => (window as { __liveChatLoaded?: boolean }).__liveChatLoaded === true)
    expect(chatRequests).toEqual([WIDGET])
    await screenshot(page, 'live-chat-accepted', { fullPage: false })

    // The choice is remembered: the next page loads the widget without asking.
    await page.reload()
    await page.waitForLoadState('networkidle')
    await chatScript(page).waitFor({ state: 'attached' })
    expect(await page.getByTestId('cookie-banner').count()).toBe(0)
    expect(errors).toEqual([])
    await page.context().close()
  })

  test('"Only necessary" loads nothing', async () => {
    const { page, chatRequests, errors } = await visitor(app)
    await page.getByRole('button', { name: t('pl', 'cookies.decline') }).click()
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' })
    await page.reload()
    await page.waitForLoadState('networkidle')
    expect(await chatScript(page).count()).toBe(0)
    expect(chatRequests).toEqual([])
    expect(errors).toEqual([])
    await page.context().close()
  })
})

describe('live chat not configured', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp({ pages: true, site: 'pl' })
  })
  afterAll(async () => {
    await app?.close()
  })

  test('nothing loads after consent, and the CSP names no chat origin', async () => {
    const csp = (await fetch(`${app.url}/`)).headers.get('content-security-policy')!
    expect(csp).not.toContain('tawk')
    expect(csp).not.toContain('jivo')
    const { page, chatRequests } = await visitor(app)
    await page.getByRole('button', { name: t('pl', 'cookies.accept') }).click()
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' })
    await page.waitForLoadState('networkidle')
    expect(await chatScript(page).count()).toBe(0)
    expect(chatRequests).toEqual([])
    await page.context().close()
  })
})
