// Web vitals from a real browser: with WEB_VITALS_RATE=1 every browser is sampled; the
// page's FCP and TTFB go out after 2 s idle (X-Flush-Reason: idle), LCP and CLS as a beacon when the page
// is left; staff who open SEO see p75 per route and edition on the panel desktop.
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { type TestApp, makeStaff } from '../helpers/app'
import { panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { waitFor } from '../helpers/wait'

let app: TestApp
let browser: Browser
withBrowserApp(
  (s) => {
    ;({ app, browser } = s)
  },
  { env: { WEB_VITALS_RATE: '1' } },
)

const rows = () =>
  app.services.db
    .selectFrom('web_vitals')
    .select(['name', 'route', 'flush_reason', 'platform', 'browser', 'value'])
    .execute()

test('a visit sends its vitals (idle batch, then a beacon on leaving); the panel desktop shows p75 for the route', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors = watchConsole(page)
  await page.goto(`${app.url}/`)
  const idle = await waitFor(
    async () => {
      const r = await rows()
      return r.some((x) => x.name === 'FCP') && r.some((x) => x.name === 'TTFB') ? r : null
    },
    { timeout: 15_000, interval: 250, what: 'FCP and TTFB after 2 s idle' },
  )
  expect(idle.filter((r) => r.name === 'FCP')).toEqual([
    expect.objectContaining({ route: 'home', flush_reason: 'idle', platform: 'desktop', browser: 'Chrome' }),
  ])
  // A click ends LCP; leaving the page sends what is left as a beacon.
  await page.mouse.click(5, 5)
  await page.goto('about:blank')
  const all = await waitFor(
    async () => {
      const r = await rows()
      return r.some((x) => x.name === 'LCP') ? r : null
    },
    { timeout: 15_000, interval: 250, what: 'LCP after leaving the page' },
  )
  const lcp = all.find((r) => r.name === 'LCP')!
  expect(lcp.route).toBe('home')
  expect(['beacon', 'idle', 'size']).toContain(lcp.flush_reason)
  expect(lcp.value).toBeGreaterThan(0)
  expect(errors).toEqual([])
  await page.close()

  const staffPage = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await panelSignIn(staffPage, app.url, (await makeStaff(app, 1)).email)
  const table = staffPage.getByRole('table', { name: 'Швидкість сторінок у відвідувачів (p75, 7 днів)' })
  await table.waitFor()
  const row = table.getByRole('row').filter({ hasText: 'home' })
  expect(await row.textContent()).toContain('ua')
  await screenshot(staffPage, 'panel-desktop-web-vitals')
  await staffPage.close()
})
