// Headless Debian Chromium driven by playwright-core (no browser download, ever).
import { copyFileSync, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll } from 'bun:test'
import { type Browser, type Page, chromium } from 'playwright-core'
import { PASSWORD, type TestApp, startTestApp } from './app'

export const SCREENSHOTS = resolve(import.meta.dir, '../../test-results/screenshots')
const AXE = resolve(import.meta.dir, '../../node_modules/axe-core/axe.min.js')

/**
 * axe-core's violations on the page as it is now (id and the first nodes). The page's context needs
 * `bypassCSP: true`: axe is injected as an inline script, which the site's CSP refuses.
 */
export async function axeViolations(page: Page): Promise<{ id: string; nodes: unknown[] }[]> {
  await page.addScriptTag({ path: AXE })
  return page.evaluate(async () => {
    const r = await (
      window as unknown as {
        axe: { run: () => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> }
      }
    ).axe.run()
    return r.violations.map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target) }))
  })
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  })
}

/**
 * A full-page screenshot under test-results/screenshots/{name}.png, and also under
 * $SCREENSHOT_COPY_DIR when set (a folder outside the checkout where a developer looks at them).
 */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  mkdirSync(SCREENSHOTS, { recursive: true })
  const path = resolve(SCREENSHOTS, `${name}.png`)
  await page.screenshot({ path, fullPage: opts.fullPage ?? true })
  const copyTo = process.env.SCREENSHOT_COPY_DIR
  if (copyTo) {
    mkdirSync(copyTo, { recursive: true })
    copyFileSync(path, resolve(copyTo, `${name}.png`))
  }
}

/** Fails the test on errors the page logs (hydration mismatches, uncaught exceptions). */
export function watchConsole(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`)
  })
  return errors
}

/**
 * A browser suite's setup: a server with pages over a fresh database and one Chromium, started before
 * the file's tests and closed after them. `use` receives both.
 */
export function withBrowserApp(
  use: (s: { app: TestApp; browser: Browser }) => void,
  opts: Parameters<typeof startTestApp>[0] = {},
) {
  let app: TestApp | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    app = await startTestApp({ pages: true, ...opts })
    browser = await launchBrowser()
    use({ app, browser })
  })
  afterAll(async () => {
    await browser?.close()
    await app?.close()
  })
}

/** Staff sign-in at /panel/ through its form; resolves once the panel menu shows. */
export async function panelSignIn(page: Page, url: string, email: string, password = PASSWORD) {
  await page.goto(`${url}/panel/`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Пароль').fill(password)
  await page.getByRole('button', { name: 'Увійти' }).click()
  await page.getByTestId('panel-menu').waitFor()
}
