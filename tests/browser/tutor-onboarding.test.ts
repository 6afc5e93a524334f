// A tutor's first day through the UI: registration refuses an unticked terms box (the offer and privacy
// pages linked), the cabinet says what happens next and the bell welcomes; a moderator sees the profile
// was never approved and sends it back with a reason, which the tutor reads in the cabinet and on the
// bell; the tutor saves again (the resubmission), the moderator sees it named in the log and publishes;
// the "you are live" e-mail reaches the SMTP sink with the public page's address, which shows the
// tutor. Ukrainian at desktop width; Polish registration at 390 px on the pl edition.
// Screenshots: test-results/screenshots/onboarding-*.png.
import { afterAll, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { PASSWORD, type TestApp, makeStaff, withTestApp } from '../helpers/app'
import { launchBrowser, panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { SmtpSink } from '../helpers/smtp-sink-restartable'
import { waitFor } from '../helpers/wait'

const sink = await new SmtpSink().start()
afterAll(() => sink.stop())

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s), { env: { SMTP_URL: sink.url }, jobs: true })

const banner = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor()

test('ua, desktop: register with the terms, sent back with a reason, resubmit, approved, told by e-mail, listed', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors = watchConsole(page)
  const email = `onb-${Date.now()}@example.com`

  await page.goto(`${app.url}/register`)
  const form = page.getByTestId('register-form')
  await form.locator('fieldset:not([disabled])').first().waitFor({ timeout: 120_000 })
  await form.getByLabel("Ім'я").fill('Ірина Коваль')
  await form.getByLabel('E-mail').fill(email)
  await form.getByLabel('Телефон').fill(`067${String(Date.now()).slice(-7)}`)
  await form.getByLabel('Пароль').fill(PASSWORD)
  // The offer and the privacy policy are linked beside the box.
  expect(await form.getByRole('link', { name: 'умови оферти' }).getAttribute('href')).toBe('/p/oferta')
  expect(await form.getByRole('link', { name: 'політику конфіденційності' }).getAttribute('href')).toBe('/p/pp/')
  await form.getByRole('button', { name: 'Зареєструватися' }).click()
  await form.getByText('Щоб продовжити, прийміть умови оферти та політику конфіденційності').waitFor()
  expect(page.url()).toEndWith('/register')
  await screenshot(page, 'onboarding-register-terms-ua')

  await form.getByLabel(/Я приймаю умови оферти/).check()
  await form.getByRole('button', { name: 'Зареєструватися' }).click()
  await page.waitForURL(/\/profile\/?$/)
  const status = page.getByTestId('profile-status')
  await status.getByTestId('next-steps').getByText('зазвичай протягом одного робочого дня').waitFor()
  await page.getByTestId('notification-count').filter({ hasText: '1' }).waitFor()
  await page.getByTestId('notification-bell').click()
  await page.getByTestId('notification-list').getByText('Вітаємо! Заповніть анкету').waitFor()
  await screenshot(page, 'onboarding-cabinet-next-steps-ua')
  const tutorId = await waitFor(
    async () =>
      (
        await app.services.db
          .selectFrom('tutors as t')
          .innerJoin('people as p', 'p.id', 't.person_id')
          .select('t.id')
          .where('p.email', '=', email)
          .executeTakeFirst()
      )?.id,
  )

  // The moderator: never approved before; sends it back with a reason.
  const staff = await makeStaff(app, 1)
  const panel = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const panelErrors = watchConsole(panel)
  await panelSignIn(panel, app.url, staff.email)
  await panel.goto(`${app.url}/panel/users_show/${tutorId}`)
  const review = panel.getByTestId('tutor-review')
  await review.getByText('Анкету ще не схвалювали').waitFor()
  await review.getByRole('button', { name: 'Повернути на доробку' }).click()
  await review.getByText('Від 5 до 1000 символів').waitFor()
  const reason = 'Додайте фото, на якому видно обличчя'
  await review.getByLabel('Причина (її побачить репетитор)').fill(reason)
  await review.getByRole('button', { name: 'Повернути на доробку' }).click()
  await banner(panel, 'Анкету повернуто репетитору')
  await review.getByTestId('tutor-review-reason').filter({ hasText: reason }).waitFor()
  await screenshot(panel, 'onboarding-panel-sent-back-ua', { fullPage: true })

  // The tutor reads the reason in the cabinet and on the bell, and saves again.
  await page.goto(`${app.url}/profile/`)
  await page.getByTestId('sent-back').filter({ hasText: reason }).waitFor()
  await page.getByTestId('notification-bell').click()
  await page.getByTestId('notification-list').getByText(`Анкету повернуто на доробку: ${reason}`).waitFor()
  await screenshot(page, 'onboarding-cabinet-sent-back-ua')
  await page.keyboard.press('Escape')
  await page.getByTestId('profile-form').getByRole('button', { name: 'Зберегти' }).click()
  await waitFor(async () => (await page.getByTestId('sent-back').count()) === 0, { timeout: 15_000 })

  // The moderator sees the resubmission in the log and publishes.
  await panel.reload()
  await panel.getByText('надіслано на перевірку після доробки').first().waitFor()
  await panel.getByText(`Анкету повернуто на доробку: ${reason}`).first().waitFor()
  await panel.getByTestId('tutor-moderation').getByRole('button', { name: 'Опублікувати' }).click()
  await panel
    .getByTestId('tutor-review')
    .getByText(/Без змін після схвалення/)
    .waitFor()
  await screenshot(panel, 'onboarding-panel-approved-ua', { fullPage: true })

  // "You are live" reaches the mailbox with the public page's address; the page shows the tutor.
  const live = await waitFor(
    () => sink.mails.find((m) => m.to.includes(email) && m.subject === 'Ваша анкета в каталозі'),
    {
      timeout: 30_000,
    },
  )
  const link = /https?:\/\/\S+\/user-\d+\//.exec(live.text)?.[0]
  expect(link).toBe(`${app.url}/user-${tutorId}/`)
  expect(sink.mails.some((m) => m.to.includes(email) && m.subject === 'Вітаємо на Tutors UA! Що далі')).toBe(true)
  expect(sink.mails.some((m) => m.to.includes(email) && m.subject === 'Анкету повернуто на доробку')).toBe(true)
  await page.goto(link!)
  await page.getByRole('heading', { name: /Ірина/ }).first().waitFor()
  await screenshot(page, 'onboarding-public-page-ua')

  expect(errors).toEqual([])
  expect(panelErrors).toEqual([])
  await page.close()
  await panel.close()
}, 240_000)

test('pl at 390 px: the registration says what the box needs, then the cabinet says what happens next', async () => {
  await withTestApp({ site: 'pl', pages: true }, async (pl) => {
    const b = await launchBrowser()
    try {
      const page = await b.newPage({ viewport: { width: 390, height: 844 } })
      const errors = watchConsole(page)
      await page.goto(`${pl.url}/register`)
      const form = page.getByTestId('register-form')
      // The fields are enabled once the form's chunk has hydrated (slow on a loaded machine).
      await form.locator('fieldset:not([disabled])').first().waitFor({ timeout: 120_000 })
      await form.getByLabel('Imię').fill('Anna Nowak')
      await form.getByLabel('E-mail').fill(`anna-${Date.now()}@example.com`)
      await form.getByLabel('Telefon').fill(`5${String(Date.now()).slice(-8)}`)
      await form.getByLabel('Hasło').fill(PASSWORD)
      expect(await form.getByRole('link', { name: 'regulamin' }).getAttribute('href')).toBe('/p/oferta')
      await form.getByRole('button', { name: 'Zarejestruj się' }).click()
      await form.getByText('Aby kontynuować, zaakceptuj regulamin i politykę prywatności').waitFor()
      await screenshot(page, 'onboarding-register-terms-pl-390', { fullPage: true })
      await form.getByLabel(/Akceptuję/).check()
      await form.getByRole('button', { name: 'Zarejestruj się' }).click()
      await page.waitForURL(/\/profile\/?$/)
      await page.getByTestId('next-steps').getByText('w ciągu jednego dnia roboczego').waitFor()
      await screenshot(page, 'onboarding-cabinet-next-steps-pl-390')
      expect(errors).toEqual([])
    } finally {
      await b.close()
    }
  })
}, 240_000)
