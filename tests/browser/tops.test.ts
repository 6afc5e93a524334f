// The tutor's /tops screen: with 300 ₴ topped up through the local bank's page, a tutor
// is refused a TOP it cannot afford — told so, with the way to the wallet — then buys one it can from
// the wallet after a confirmation showing the balance, sees it running with its end date, and the
// public catalogue page of that subject shows the tutor first, marked TOP, ahead of a tutor with more
// ranking points. Paying by card instead starts the provider's payment for the chosen TOP.
// Screenshots: test-results/screenshots/tops-*.png.
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { refreshListings } from '../../server/domain/catalogue/listings'
import { walletBalance } from '../../server/domain/people/wallet'
import { walletUa } from '../../i18n/areas/wallet/ua'
import { PASSWORD, type TestApp, makePerson } from '../helpers/app'
import { screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { makeTutor, referenceFixture } from '../helpers/catalogue'

let app: TestApp
let browser: Browser
withBrowserApp((s) => {
  ;({ app, browser } = s)
})

test('a tutor buys a TOP from the wallet and comes first in the catalogue, marked TOP', async () => {
  const db = app.services.db
  const ref = await referenceFixture(db)
  // A strong rival: photo and twenty five-star reviews rank it first without a TOP.
  await makeTutor(db, {
    name: 'Петро Сильний',
    subjects: [{ lesson: ref.lessons.math }],
    online: true,
    reviewCount: 20,
    reviewAvg: 5,
    avatar: true,
  })
  const p = await makePerson(app, { tutor: true })
  const me = p.tutorId!
  await db
    .updateTable('tutors')
    .set({ name: 'Ганна Топова', first_name: 'Ганна', published: true, active: true, work_online: true })
    .where('id', '=', me)
    .execute()
  await db
    .insertInto('tutor_subjects')
    .values({ tutor_id: me, lesson_id: ref.lessons.math, description: '', sort: 0 })
    .execute()
  await refreshListings(db, [me])

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors = watchConsole(page)
  const cards = page.getByTestId('tutor-card')

  // Before: the rival leads the subject's online page; nobody is marked TOP.
  await page.goto(`${app.url}/tutors-online/matematyka/`)
  await cards.first().waitFor()
  expect(await cards.first().textContent()).toContain('Петро Сильний')
  expect(await page.getByText('ТОП · платне розміщення').count()).toBe(0)

  expect(
    (await page.request.post(`${app.url}/tutor/login`, { data: { login: p.email, password: PASSWORD } })).status(),
  ).toBe(200)
  // The wallet first: 300 ₴ through the local bank's page (the whole flow in one test).
  await page.goto(`${app.url}/wallet`)
  await page.getByLabel(walletUa['wallet.sum'].replace('{currency}', '₴')).fill('300')
  await page.getByRole('button', { name: walletUa['wallet.topup_submit'] }).click()
  await page.waitForURL(/\/pay\/local\//)
  await page.getByRole('button', { name: walletUa['wallet.bank_pay'] }).click()
  await page.locator('[data-status="paid"]').waitFor({ timeout: 15_000 })
  expect(await walletBalance(db, me, 'UAH')).toBe(30_000)
  await page.goto(`${app.url}/tops`)
  const buy = page.getByTestId('tops-buy')
  await buy.waitFor()
  await expect(page.getByRole('link', { name: 'ТОП у каталозі' }).getAttribute('aria-current')).resolves.toBe('page')
  await page.getByTestId('tops-active').getByText('Зараз у вас немає розміщень у ТОПі.').waitFor()
  expect(await buy.getByTestId('top-balance').textContent()).toBe('На гаманці: 300 ₴')
  await expect(buy.getByLabel('Предмет').inputValue()).resolves.toBe(String(ref.lessons.math))
  await expect(buy.getByLabel('Де показувати').locator('option').allTextContents()).resolves.toEqual(['Онлайн'])
  await expect(buy.getByLabel('Тривалість').locator('option').allTextContents()).resolves.toEqual([
    '7 днів — 150 ₴',
    '14 днів — 270 ₴',
    '30 днів — 500 ₴',
  ])

  // 30 days cost 500 ₴, more than the wallet holds: refused, said so, with the way to the wallet.
  await buy.getByLabel('Тривалість').selectOption('30')
  expect(await buy.getByTestId('top-price').textContent()).toBe('Ціна: 500 ₴')
  await buy.getByRole('button', { name: 'Купити з гаманця' }).click()
  const dialog = page.getByRole('alertdialog')
  await dialog.getByText('Математика, Онлайн, 30 днів. З гаманця буде списано 500 ₴; зараз на гаманці 300 ₴.').waitFor()
  await dialog.getByRole('button', { name: 'Купити', exact: true }).click()
  const problem = buy.getByRole('alert')
  await problem.getByText('Недостатньо коштів на гаманці: ТОП коштує 500 ₴, а на гаманці 300 ₴.').waitFor()
  expect(await problem.getByRole('link', { name: 'Поповнити гаманець' }).getAttribute('href')).toBe('/wallet')
  await screenshot(page, 'tops-short')
  expect(await walletBalance(db, me, 'UAH')).toBe(30_000)

  // 7 days for 150 ₴: bought from the wallet.
  await buy.getByLabel('Тривалість').selectOption('7')
  await buy.getByRole('button', { name: 'Купити з гаманця' }).click()
  await dialog.getByText('зараз на гаманці 300 ₴').waitFor()
  await screenshot(page, 'tops-confirm')
  await dialog.getByRole('button', { name: 'Купити', exact: true }).click()
  await page.getByRole('status').getByText('ТОП куплено, діє до').waitFor()
  await problem.waitFor({ state: 'detached' })
  const top = await db.selectFrom('tops').selectAll().where('tutor_id', '=', me).executeTakeFirstOrThrow()
  expect([top.lesson_id, top.city_id, top.paid_amount]).toEqual([ref.lessons.math, null, 15_000])
  const until = top.ends_at.toLocaleDateString('uk', { dateStyle: 'medium' })
  const row = page.getByTestId('tops-active').getByRole('row').filter({ hasText: 'Математика' })
  await row.waitFor()
  expect(await row.getByRole('cell').allTextContents()).toEqual(['Математика', 'Онлайн', until, '7'])
  await buy.getByTestId('top-balance').getByText('На гаманці: 150 ₴').waitFor()
  expect(await walletBalance(db, me, 'UAH')).toBe(15_000)
  await screenshot(page, 'tops-active')

  // Or by card through a provider (the local test bank here): a 14-day TOP starts a payment of its
  // price and the browser goes to the bank's page; the placement is made when the bank pays.
  await buy.getByLabel('Тривалість').selectOption('14')
  await buy.getByLabel('Спосіб оплати').selectOption({ label: 'Тестовий банк' })
  await buy.getByRole('button', { name: 'Оплатити карткою' }).click()
  await page.waitForURL(/\/pay\/local\//)
  const started = await db
    .selectFrom('payments')
    .selectAll()
    .where('tutor_id', '=', me)
    .where('purpose', '=', 'top')
    .executeTakeFirstOrThrow()
  expect([
    started.provider,
    started.purpose,
    started.status,
    Number(started.amount_minor),
    started.lesson_id,
    started.city_id,
    started.days,
  ]).toEqual(['local', 'top', 'pending', 27_000, ref.lessons.math, null, 14])
  expect(page.url()).toContain(encodeURIComponent(started.reference))

  // The public page of the subject: the tutor comes first, marked TOP; the rival follows unmarked.
  await page.goto(`${app.url}/tutors-online/matematyka/`)
  await cards.first().waitFor()
  expect(await cards.first().textContent()).toContain('Ганна Топова')
  await cards.first().getByText('ТОП · платне розміщення').first().waitFor()
  const second = cards.filter({ hasText: 'Петро Сильний' })
  expect(await second.getByText('ТОП · платне розміщення').count()).toBe(0)
  await screenshot(page, 'tops-catalogue')
  expect(errors).toEqual([])
  await page.close()
})
