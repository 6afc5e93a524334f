// A newcomer's first start: `bun server/main.ts` on a fresh DATA_DIR seeds the
// demo marketplace; in ua and pl a visitor walks home → subject → city → profile → order form →
// submit, and every catalogue page the home page links to lists tutors. Screenshots of each step
// are in test-results/screenshots/first-start-*.png.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { waitFor } from '../helpers/wait'
import { t } from '../../i18n/keys'
import { ordersPl } from '../../i18n/areas/orders/pl'
import { ordersUa } from '../../i18n/areas/orders/ua'
import { walletPl } from '../../i18n/areas/wallet/pl'
import { walletUa } from '../../i18n/areas/wallet/ua'
import { accountPl } from '../../i18n/areas/account/pl'
import { accountUa } from '../../i18n/areas/account/ua'
import { DEMO_CHATS } from '../../db/seed/demo-activity'
import { DEMO_PASSWORD } from '../../db/seed/demo'
import { EDITIONS } from '../../common/editions'
import { launchBrowser, screenshot, watchConsole } from '../helpers/browser'
import { testDb } from '../helpers/db'

const root = resolve(import.meta.dir, '../..')
const START_LIMIT_MS = 120_000
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, fetch: () => new Response() })
  const port = s.port!
  s.stop(true)
  return port
}

/** `bun server/main.ts` on a fresh DATA_DIR (and a fresh database on the PostgreSQL server). */
async function firstStart(site: 'ua' | 'pl') {
  const dataDir = mkdtempSync(join(tmpdir(), `first-start-${site}-`))
  const db = process.env.DATABASE_URL ? await testDb() : null
  const port = await freePort()
  const proc = Bun.spawn(['bun', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      SITE: site,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: db?.url ?? '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  })
  const url = `http://localhost:${port}`
  // A fresh embedded database (initdb) and the demo marketplace seeded: tens of seconds on two busy cores.
  const up = await waitFor(
    async () =>
      proc.exitCode !== null ||
      (await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )),
    { timeout: START_LIMIT_MS - 10_000, interval: 250 },
  ).catch(() => false)
  if (!up || proc.exitCode !== null) throw new Error(`server did not start: ${await new Response(proc.stderr).text()}`)
  return {
    url,
    async stop() {
      proc.kill('SIGTERM')
      await proc.exited
      await db?.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The order form's words (the orders area catalog). */
const ORDERS = { ua: ordersUa, pl: ordersPl }
const WALLET = { ua: walletUa, pl: walletPl }
const ACCOUNT = { ua: accountUa, pl: accountPl }
/** The demo chats' language of the edition. */
const CHAT_LANGUAGE = { ua: 'uk', pl: 'pl' } as const

const WORDS = {
  ua: { subject: 'Математика', name: 'Олена Тестова', phone: '0671112233' },
  pl: { subject: 'Matematyka', name: 'Ewa Testowa', phone: '601112233' },
}

for (const site of ['ua', 'pl'] as const)
  describe(`first start, ${site}`, () => {
    let server: Awaited<ReturnType<typeof firstStart>>
    beforeAll(async () => {
      server = await firstStart(site)
    }, START_LIMIT_MS)
    afterAll(async () => {
      await server?.stop()
    })

    test('every catalogue page the home page links to lists tutors', async () => {
      const home = await (await fetch(`${server.url}/`)).text()
      const ed = EDITIONS[site]
      const links = [
        ...new Set(
          [...home.matchAll(new RegExp(`href="(/${ed.catalogueAlias}(?:-online)?/[^"]*)"`, 'g'))].map((m) => m[1]!),
        ),
      ]
      // Popular subjects in the capital, the catalogue roots; the cities' pages come from the search form.
      expect(links.length).toBeGreaterThanOrEqual(7)
      for (const link of links) {
        const page = await fetch(server.url + link)
        expect([link, page.status]).toEqual([link, 200])
        // The link is in the pair so a failure names the page.
        expect([link, (await page.text()).includes('data-testid="tutor-card"')]).toEqual([link, true])
      }
    })

    test('home → subject → city → profile → order form → submit', async () => {
      const words = WORDS[site]
      const ed = EDITIONS[site]
      const page: Page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      const errors = watchConsole(page)
      await page.goto(`${server.url}/`)
      await page.waitForLoadState('networkidle')
      // A GDPR edition asks about cookies first.
      if (ed.gdpr) await page.getByRole('button', { name: t(site, 'cookies.accept') }).click()
      expect(await page.getByTestId('tutor-card').count()).toBeGreaterThan(0)
      await screenshot(page, `first-start-${site}-1-home`)

      // The popular subject: the subject in the capital.
      await page.locator('main').getByRole('link', { name: words.subject, exact: true }).first().click()
      await page.locator('h1', { hasText: words.subject }).waitFor()
      const inCapital = await page.getByTestId('tutor-card').count()
      expect(inCapital).toBeGreaterThan(0)
      await screenshot(page, `first-start-${site}-2-subject`)

      // Another city from the search form.
      const city = page.locator('#catalogue-search-city')
      const before = await city.textContent()
      await city.click()
      const options = page.getByRole('option')
      const second = (await options.allTextContents()).find((o) => o.trim() !== before?.trim())!
      await options.filter({ hasText: second }).first().click()
      await page
        .locator('form:has(#catalogue-search-city)')
        .getByRole('button', { name: t(site, 'search.search_tutor') })
        .click()
      await page.locator('h1', { hasText: second }).waitFor()
      const cards = page.getByTestId('tutor-card')
      expect(await cards.count()).toBeGreaterThan(0)
      await screenshot(page, `first-start-${site}-3-city`)

      // The first tutor's profile: the name as the heading and in the title, the photo loaded.
      const name = (await cards.first().getByRole('heading').first().textContent())!.trim()
      await cards.first().getByRole('link', { name }).first().click()
      await page.locator('h1', { hasText: name }).waitFor()
      await page.waitForLoadState('networkidle')
      expect(await page.title()).toContain(name)
      const photo = page.locator('main img').first()
      if (await photo.count())
        expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
      await screenshot(page, `first-start-${site}-4-profile`)

      // The order form lists the tutor's subjects; an empty submit shows the field's error.
      await page.locator('a[href*="/request/tutor/"]:visible').first().click()
      const form = page.getByTestId('request-form')
      await form.waitFor()
      expect(await page.locator('#req-lesson option').count()).toBeGreaterThan(1)
      // Sending is accepting the client offer and the privacy policy, both linked beside the button.
      const terms = form.getByTestId('request-terms')
      const termsLink = (key: 'orders.request.terms_offer' | 'orders.request.terms_privacy') =>
        terms.getByRole('link', { name: ORDERS[site][key] }).getAttribute('href')
      expect(await termsLink('orders.request.terms_offer')).toMatch(/\/p\/ofertaclient$/)
      expect(await termsLink('orders.request.terms_privacy')).toMatch(/\/p\/pp\/$/)
      await form.getByRole('button', { name: ORDERS[site]['orders.request.submit'] }).click()
      await page.locator('#req-name-error').waitFor()
      await screenshot(page, `first-start-${site}-5-errors`)
      await page.locator('#req-lesson').selectOption({ index: 1 })
      await page.locator('#req-name').fill(words.name)
      await page.locator('#req-phone').fill(words.phone)
      await page.locator('#req-email').fill(`first-start-${site}@example.com`)
      const online = page.getByLabel(ORDERS[site]['orders.place.online'], { exact: true })
      if (await online.count()) await online.check()
      await form.getByRole('button', { name: ORDERS[site]['orders.request.submit'] }).click()
      await page
        .getByTestId('request-sent')
        .waitFor({ timeout: 10_000 })
        .catch(async (err) => {
          await screenshot(page, `first-start-${site}-6-not-sent`)
          throw err
        })
      await screenshot(page, `first-start-${site}-6-sent`)
      expect(errors).toEqual([])
      await page.close()
    })

    test("the demo tutor's wallet history and an order's chat are not empty, in the edition's language", async () => {
      const page: Page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      const errors = watchConsole(page)
      await page.goto(`${server.url}/login`)
      await page.waitForLoadState('networkidle')
      if (EDITIONS[site].gdpr) await page.getByRole('button', { name: t(site, 'cookies.accept') }).click()
      await page.getByLabel(t(site, 'auth.login_field')).fill('tutor@example.com')
      await page.getByLabel(t(site, 'auth.password')).fill(DEMO_PASSWORD)
      await page
        .getByTestId('login-form')
        .getByRole('button', { name: t(site, 'auth.submit') })
        .click()
      await page.waitForURL(/\/profile\/?$/)

      // Top-ups and a fee in the history, a balance above zero, and the order waiting for its fee payable from it.
      await page.goto(`${server.url}/wallet`)
      const wallet = page.getByTestId('wallet')
      await wallet.getByText(WALLET[site]['wallet.kind.top_up']).first().waitFor()
      expect(await wallet.getByText(WALLET[site]['wallet.kind.top_up']).count()).toBeGreaterThanOrEqual(2)
      // The paid demo order's fee, paid from the wallet.
      expect(await wallet.getByText(WALLET[site]['wallet.kind.order_fee']).count()).toBeGreaterThanOrEqual(1)
      expect(await page.getByTestId('wallet-balance').textContent()).toMatch(/[1-9]/)
      const waiting = page.locator('[data-testid^="waiting-order-"]').first()
      await waiting.waitFor()
      expect(await waiting.getByRole('button', { name: WALLET[site]['wallet.pay_from_wallet'] }).isEnabled()).toBe(true)
      await screenshot(page, `first-start-${site}-7-wallet`)

      // That order's chat with the client: the demo conversation in the edition's language.
      const id = (await waiting.getAttribute('data-testid'))!.replace('waiting-order-', '')
      await page.goto(`${server.url}/zayavka/${id}/`)
      const chat = page.locator('#client_chat_block ol')
      await chat.locator('li p').first().waitFor()
      expect(await chat.locator('> li').count()).toBeGreaterThanOrEqual(4)
      const lines = DEMO_CHATS[CHAT_LANGUAGE[site]].flat().map((l) => l.text)
      const text = (await chat.textContent()) ?? ''
      expect(lines.some((line) => text.includes(line))).toBe(true)
      await screenshot(page, `first-start-${site}-8-order-chat`)

      // The account's own blog and ads are not empty: a published post, one waiting for staff, an ad.
      await page.goto(`${server.url}/my-blog`)
      const posts = page.getByTestId('my-blog-list').getByTestId('content-status')
      await posts.first().waitFor()
      expect((await posts.allTextContents()).sort()).toEqual(
        [
          ACCOUNT[site]['account.content_status_on_moderation'],
          ACCOUNT[site]['account.content_status_published'],
        ].sort(),
      )
      await page.goto(`${server.url}/my-ads`)
      const ads = page.getByTestId('my-ads-list').getByTestId('content-status')
      await ads.first().waitFor()
      expect(await ads.allTextContents()).toEqual([ACCOUNT[site]['account.content_status_published']])
      await screenshot(page, `first-start-${site}-9-my-ads`)
      expect(errors).toEqual([])
      await page.close()
    })

    if (site === 'pl')
      test('the English slug is not a page, and never the Ukrainian text', async () => {
        const res = await fetch(`${server.url}/korepetycje/mathematics/`)
        expect(res.status).toBe(404)
        expect(await res.text()).not.toMatch(/[іїєґ]|Репетитор/i)
        const ok = await fetch(`${server.url}/korepetycje/matematyka/`)
        expect(ok.status).toBe(200)
        const html = await ok.text()
        expect(html).toContain('Matematyka')
        expect(html).not.toMatch(/[А-Яа-яІЇЄ]/)
      })
  })
