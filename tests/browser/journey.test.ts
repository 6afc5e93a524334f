// A person's whole journey through the screens only, in ua and pl, at desktop width and at 390 px:
// two visitors order from one tutor's profile with ONE phone (each gets their own account, the code on
// their own e-mail, and sees only their own request) → staff see both flagged and the chosen tutor
// named → the tutor responds, staff appoint → the tutor sets the first lesson and pays the fee (the
// migration's default): in ua from the wallet after a top-up through the local bank, in pl directly
// through the provider (the order's Pay button → the local bank's page) → client and tutor chat →
// the client reviews. Screenshots: test-results/screenshots/journey-{site}-{width}-*.png.
import { describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { EDITIONS, type EditionCode } from '../../common/editions'
import { t } from '../../i18n/keys'
import { formatDate } from '../../client/ui/Date'
import { ordersPl } from '../../i18n/areas/orders/pl'
import { ordersUa } from '../../i18n/areas/orders/ua'
import { walletPl } from '../../i18n/areas/wallet/pl'
import { walletUa } from '../../i18n/areas/wallet/ua'
import { hashPassword } from '../../server/domain/auth/passwords'
import { PASSWORD, type TestApp, makeStaff } from '../helpers/app'
import { panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { makeTutor, referenceFixture } from '../helpers/catalogue'

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, p: string) => String(params[p] ?? `{${p}}`))

const SITES = {
  // feeBy: ua pays the order fee from the wallet after a top-up; pl pays it directly through the provider.
  ua: {
    locale: 'uk-UA',
    tz: 'Europe/Kiev',
    ot: ordersUa,
    wt: walletUa,
    phone: '067555',
    fee: 200,
    topUp: '500',
    feeBy: 'wallet',
  },
  pl: {
    locale: 'pl-PL',
    tz: 'Europe/Warsaw',
    ot: ordersPl,
    wt: walletPl,
    phone: '60155',
    fee: 40,
    topUp: '100',
    feeBy: 'provider',
  },
} as const

for (const site of ['ua', 'pl'] as const) {
  describe(`the journey (${site})`, () => {
    let app: TestApp
    let browser: Browser
    withBrowserApp((s) => ({ app, browser } = s), { site })
    const S = SITES[site]
    const ot = (k: keyof typeof ordersUa, p: Record<string, string | number> = {}) => fill(S.ot[k], p)
    const pot = (k: keyof typeof ordersUa, p: Record<string, string | number> = {}) => fill(ordersUa[k], p)
    const wt = (k: keyof typeof walletUa, p: Record<string, string | number> = {}) => fill(S.wt[k], p)
    const icon = EDITIONS[site as EditionCode].currencyIcon
    // The edition's subjects and cities, made once for both widths.
    let ref: Awaited<ReturnType<typeof referenceFixture>> | undefined

    for (const width of [1280, 390]) {
      test(`two visitors with one phone, staff, fee ${S.feeBy === 'wallet' ? 'from the wallet' : 'through the provider'}, chat, review at ${width} px`, async () => {
        const db = app.services.db
        const shot = (page: Page, name: string) => screenshot(page, `journey-${site}-${width}-${name}`)
        ref ??= await referenceFixture(db, site)
        const tutorName = width === 1280 ? 'Olena Kowalska' : 'Iryna Nowak'
        const tutorId = await makeTutor(db, {
          name: tutorName,
          subjects: [{ lesson: ref.lessons.math, levels: [ref.levels.school, ref.levels.exam] }],
          online: true,
          price: 400,
        })
        const tutorPerson = await db
          .selectFrom('tutors')
          .innerJoin('people', 'people.id', 'tutors.person_id')
          .select(['people.id', 'people.email'])
          .where('tutors.id', '=', tutorId)
          .executeTakeFirstOrThrow()
        await db
          .updateTable('people')
          .set({ password_hash: await hashPassword(PASSWORD) })
          .where('id', '=', tutorPerson.id)
          .execute()
        const staff = await makeStaff(app, 2)
        const pages: { page: Page; errors: string[] }[] = []
        const open = async (w = width) => {
          const context = await browser.newContext({
            viewport: { width: w, height: w === 390 ? 844 : 900 },
            locale: S.locale,
            timezoneId: S.tz,
          })
          const page = await context.newPage()
          const p = { page, errors: watchConsole(page) }
          pages.push(p)
          return p
        }
        const phone = `${S.phone}${String(width).padStart(4, '0')}`
        const codeFor = async (email: string) => {
          const mail = await db
            .selectFrom('outbox')
            .select('body')
            .where('recipient', '=', email)
            .orderBy('id', 'desc')
            .executeTakeFirstOrThrow()
          return mail.body.match(/\b\d{6}\b/)![0]
        }

        /** The cookie choice, as a person makes it on the first page (editions that ask for consent). */
        const consent = async (p: Page) => {
          if (site === 'pl') await p.getByRole('button', { name: t(site, 'cookies.accept') }).click()
        }

        /** A visitor orders from the profile and signs in with the code; answers the order's id. */
        const order = async (p: Page, who: { name: string; email: string; note: string }, n: number) => {
          await p.goto(`${app.url}/user-${tutorId}/`)
          await consent(p)
          await p
            .getByRole('link', { name: t(site, 'profile.order') })
            .first()
            .click()
          await p.getByTestId('request-form').waitFor()
          await p.getByLabel(ot('orders.level')).selectOption({ index: 2 })
          await p.getByLabel(ot('orders.place.online')).check()
          await p.getByLabel(ot('orders.comment')).fill(who.note)
          await p.getByLabel(ot('orders.request.name')).fill(who.name)
          await p.getByLabel(ot('orders.request.phone')).fill(phone)
          await p.getByLabel(ot('orders.request.email')).fill(who.email)
          await p.getByRole('button', { name: ot('orders.request.submit') }).click()
          await p.getByTestId('request-sent').waitFor()
          // The code went to this visitor's own e-mail, and the page says so, masked.
          const local = who.email.split('@')[0]!
          expect(await p.getByTestId('request-code-sent').textContent()).toBe(
            ot('orders.request.code_sent', { login: `${local[0]}***${local.slice(-1)}@example.com` }),
          )
          expect(await p.getByTestId('request-account-exists').count()).toBe(0)
          await shot(p, `${n}-code-sent`)
          await p.getByLabel(ot('orders.request.code')).fill(await codeFor(who.email))
          await p.getByRole('button', { name: ot('orders.request.sign_in') }).click()
          await p.waitForURL(/\/zayavka\/\d+\/$/)
          await p.getByTestId('order-page').waitFor()
          return Number(p.url().match(/zayavka\/(\d+)/)![1])
        }

        // 1. Two visitors, one phone.
        const stamp = `${site}${width}`
        const a = await open()
        const aEmail = `anna-${stamp}@example.com`
        const aOrder = await order(a.page, { name: 'Anna A', email: aEmail, note: 'Algebra, klasa 9' }, 1)
        expect(await a.page.getByTestId('client-stage-badge').getAttribute('data-stage')).toBe('sent_to_tutor')
        expect(await a.page.getByTestId('client-stage').textContent()).toBe(
          ot('orders.stage.sent_to_tutor', { tutor: tutorName }),
        )
        expect(await a.page.getByTestId('chat-closed-note').textContent()).toBe(ot('orders.page.chat_opens'))
        await shot(a.page, '2-client-a-order')

        const b = await open()
        const bEmail = `borys-${stamp}@example.com`
        const bOrder = await order(b.page, { name: 'Borys B', email: bEmail, note: 'Tylko mój opis B' }, 3)
        expect(bOrder).not.toBe(aOrder)
        // B sees only B's request: nothing of A's.
        await b.page.goto(`${app.url}/client_orders`)
        await b.page.getByTestId('client-orders').waitFor()
        await b.page.locator(`[data-testid="order-card"][data-order="${bOrder}"]`).waitFor()
        expect(await b.page.getByTestId('order-card').count()).toBe(1)
        expect(await b.page.getByText('Algebra, klasa 9').count()).toBe(0)
        expect(await b.page.getByTestId('client-orders').textContent()).toContain(tutorName)
        await shot(b.page, '4-client-b-list')
        await b.page.goto(`${app.url}/zayavka/${aOrder}/`)
        await b.page.getByRole('heading', { name: t(site, 'notfound.page_not_found') }).waitFor()

        // 2. Staff: both rows flagged with the same phone; the chosen tutor named.
        // The panel is a desk tool (its menu is a desktop sidebar): staff work at desktop width.
        const panel = await open(1280)
        await panelSignIn(panel.page, app.url, staff.email)
        await panel.page.goto(`${app.url}/panel/users_orders`)
        const rowOf = (id: number) =>
          panel.page
            .getByTestId('order-row')
            .filter({ has: panel.page.getByRole('link', { name: String(id), exact: true }) })
        await rowOf(aOrder).waitFor()
        for (const id of [aOrder, bOrder]) {
          await rowOf(id).getByTestId('order-row-same-phone').waitFor()
          expect(await rowOf(id).getByTestId('order-row-chosen-tutor').textContent()).toBe(
            pot('orders.chosen_by_client', { name: tutorName }),
          )
        }
        await shot(panel.page, '5-panel-list')

        // 3. The tutor responds; staff appoint.
        const tutor = await open()
        await tutor.page.goto(`${app.url}/login`)
        await consent(tutor.page)
        await tutor.page.getByLabel(t(site, 'auth.login_field')).fill(tutorPerson.email!)
        await tutor.page.getByLabel(t(site, 'auth.password')).fill(PASSWORD)
        await tutor.page
          .getByTestId('login-form')
          .getByRole('button', { name: t(site, 'auth.submit') })
          .click()
        await tutor.page.waitForURL(/\/profile\/?$/)
        await tutor.page.goto(`${app.url}/orders/new_personal`)
        const offer = tutor.page.locator(`[data-testid="order-card"][data-order="${aOrder}"]`)
        await offer.getByRole('button', { name: ot('orders.page.respond') }).click()
        await offer.waitFor({ state: 'detached' })

        await rowOf(aOrder)
          .getByRole('link', { name: String(aOrder), exact: true })
          .click()
        await panel.page.getByTestId('order-editor').waitFor()
        await panel.page
          .getByTestId('order-tutors')
          .getByRole('button', { name: pot('orders.staff.appoint') })
          .click()
        await panel.page.locator('[data-testid="order-editor"][data-status="4"]').waitFor()
        // The history names people; the manager who worked the order is now its responsible.
        const events = panel.page.getByTestId('order-events')
        await events
          .getByText(`${pot('orders.actor.client')}: Anna A`)
          .first()
          .waitFor()
        await events
          .getByText(`${pot('orders.actor.staff')}: Staff 2`)
          .first()
          .waitFor()
        expect(await panel.page.getByTestId('order-editor').textContent()).toContain('Algebra, klasa 9')
        // The history's dates are in the panel's language (Ukrainian on pl too), on the edition's clock.
        const today = formatDate(new Date().toISOString(), 'ua', {
          time: false,
          timeZone: EDITIONS[site as EditionCode].timeZone,
        })
        expect(await events.textContent()).toContain(today)
        await shot(panel.page, '6-panel-appointed')

        // The client: accepted, in the client's words; no fee, no deadline.
        await a.page.goto(`${app.url}/zayavka/${aOrder}/`)
        await a.page.locator('[data-testid="client-stage-badge"][data-stage="accepted"]').waitFor()
        expect(await a.page.getByTestId('order-page').textContent()).not.toContain(ot('orders.deadline'))

        // 4. The tutor sets the first lesson, then pays the fee from the wallet (after a top-up).
        await tutor.page.goto(`${app.url}/orders/my`)
        const mine = tutor.page.locator(`[data-testid="order-card"][data-order="${aOrder}"]`)
        await mine.getByLabel(ot('orders.first_class')).fill('2026-12-10T16:00')
        await mine.getByRole('button', { name: ot('orders.page.set_first_class') }).click()
        await mine.locator('[data-testid="order-status"][data-status="5"]').waitFor()
        await tutor.page.goto(`${app.url}/wallet`)
        const waiting = tutor.page.getByTestId(`waiting-order-${aOrder}`)
        await waiting.waitFor()
        const feeText = waiting.getByText(wt('wallet.order_fee', { sum: `${S.fee} ${icon}` }))
        await feeText.waitFor()
        expect(await waiting.textContent()).toContain(wt('wallet.order_deadline', { date: '' }).trim())
        await shot(tutor.page, '7-wallet-waiting')
        if (S.feeBy === 'wallet') {
          // ua: a top-up through the local bank, then the fee from the balance.
          await tutor.page.getByLabel(wt('wallet.sum', { currency: icon })).fill(S.topUp)
          await tutor.page.getByRole('button', { name: wt('wallet.topup_submit') }).click()
          await tutor.page.waitForURL(/\/pay\/local\//)
          await tutor.page.getByRole('button', { name: wt('wallet.bank_pay') }).click()
          await tutor.page.locator('[data-status="paid"]').waitFor({ timeout: 30_000 })
          await tutor.page.goto(`${app.url}/wallet`)
          await waiting.getByRole('button', { name: wt('wallet.pay_from_wallet') }).click()
          const dialog = tutor.page.getByRole('alertdialog')
          await dialog.getByRole('button', { name: wt('wallet.pay_from_wallet') }).click()
          await waiting.waitFor({ state: 'detached' })
        } else {
          // pl: the fee straight through the provider: the order's own Pay button, the local bank's page
          // (the fee as its amount), Pay; the return page confirms it; the balance is never touched.
          await waiting.getByRole('button', { name: wt('wallet.pay_by_provider'), exact: true }).click()
          await tutor.page.waitForURL(/\/pay\/local\//)
          const amount = tutor.page.getByTestId('bank-amount')
          await amount.waitFor()
          expect((await amount.textContent())?.replace(/\s/g, '')).toContain(String(S.fee))
          await shot(tutor.page, '8-bank-fee')
          await tutor.page.getByRole('button', { name: wt('wallet.bank_pay') }).click()
          const done = tutor.page.locator('[data-status="paid"]')
          await done.waitFor({ timeout: 30_000 })
          expect(await done.textContent()).toContain(wt('wallet.purpose.order'))
          expect(await done.textContent()).toContain(wt('wallet.return_paid', { sum: `${S.fee} ${icon}` }))
          await tutor.page.getByRole('link', { name: wt('wallet.back') }).click()
          await tutor.page.getByTestId('wallet').waitFor()
          await waiting.waitFor({ state: 'detached' })
          // The history: the provider's payment came in and paid the order's fee; the balance is as it was.
          const history = tutor.page.getByRole('region', { name: wt('wallet.history') })
          const rows = history.getByRole('row')
          const feeRow = rows.filter({ hasText: wt('wallet.kind.order_fee') })
          await feeRow.waitFor()
          expect(await feeRow.textContent()).toContain(wt('wallet.ref.order', { id: aOrder }))
          expect((await feeRow.textContent())?.replace(/\s/g, '')).toMatch(new RegExp(`[-−]${S.fee}`))
          // The provider's payment is named with the order it paid for.
          const creditRow = rows.filter({ hasText: wt('wallet.kind.top_up') })
          expect(await creditRow.textContent()).toContain(wt('wallet.ref.order', { id: aOrder }))
          expect((await creditRow.textContent())?.replace(/\s/g, '')).toContain(`+${S.fee}`)
          expect((await tutor.page.getByTestId('wallet-balance').textContent())?.replace(/\s/g, '')).toBe(`0${icon}`)
          // The order itself is paid in the tutor's list.
          await tutor.page.goto(`${app.url}/orders/my`)
          await mine.locator(`[data-testid="order-status"][data-status="7"]`).waitFor()
          await tutor.page.goto(`${app.url}/wallet`)
          await history
            .getByRole('row')
            .filter({ hasText: wt('wallet.kind.order_fee') })
            .waitFor()
        }
        await shot(tutor.page, '8-wallet-paid')

        // 5. Chat between the client and the tutor.
        await a.page.goto(`${app.url}/zayavka/${aOrder}/`)
        await a.page.locator('[data-testid="client-stage-badge"][data-stage="done"]').waitFor()
        const chat = a.page.locator('#client_chat_block')
        await chat.getByLabel(ot('orders.page.chat_placeholder')).fill('Do zobaczenia 10 grudnia!')
        await chat.getByRole('button', { name: ot('orders.page.chat_send') }).click()
        await chat.getByText('Do zobaczenia 10 grudnia!').waitFor()
        await tutor.page.goto(`${app.url}/zayavka/${aOrder}/#client_chat_block`)
        await tutor.page.locator('#client_chat_block').getByText('Do zobaczenia 10 grudnia!').waitFor()

        // 6. The client reviews.
        await a.page.getByTestId('review-form').waitFor()
        await a.page
          .getByTestId('review-form')
          .locator('label')
          .filter({ has: a.page.getByRole('radio', { name: '5' }) })
          .click()
        await a.page.getByLabel(ot('orders.page.review_text')).fill('Super, polecam!')
        await a.page.getByRole('button', { name: ot('orders.page.send_review') }).click()
        await a.page.getByTestId('order-review').waitFor()
        expect(await a.page.getByTestId('order-page').textContent()).not.toContain(`${S.fee} ${icon}`)
        await shot(a.page, '9-client-reviewed')

        for (const p of pages) {
          expect(p.errors).toEqual([])
          await p.page.context().close()
        }
      }, 240_000)
    }
  })
}
