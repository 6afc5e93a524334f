// A visitor leaves a site review on /reviews, reads the confirmation e-mail (the outbox: the mail
// transport of tests), opens its link and sees the review published on /reviews with the new average;
// the page carries the Organization's AggregateRating.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { type TestApp, makeStaff, startTestApp } from '../helpers/app'
import { launchBrowser, panelSignIn, screenshot, watchConsole } from '../helpers/browser'
import { waitFor } from '../helpers/wait'

let app: TestApp
let browser: Browser
let page: Page
let errors: string[]

const shot = (name: string) => screenshot(page, name)

beforeAll(async () => {
  app = await startTestApp({ pages: true })
  // Eleven published reviews (two pages) and one hidden: the average is of the published ones.
  await app.services.db
    .insertInto('site_reviews')
    .values([
      ...Array.from({ length: 11 }, (_, i) => ({
        name: `Учень ${i + 1}`,
        text: `Дуже зручно шукати репетитора, відгук номер ${i + 1}.`,
        mark: i % 2 ? 4 : 5,
        status: 1,
      })),
      { name: 'Прихований', text: 'Цього не видно', mark: 1, status: 2 },
    ])
    .execute()
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  errors = watchConsole(page)
})
afterAll(async () => {
  await browser?.close()
  await app?.close()
})

describe('/reviews', () => {
  test('server-rendered list with the average, paging and AggregateRating; only published reviews', async () => {
    const res = await page.goto(`${app.url}/reviews`)
    expect(res?.status()).toBe(200)
    const html = await res!.text()
    expect(html).toContain('<title>Відгуки про сервіс')
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!))
    const org = ld.find((x) => x['@type'] === 'Organization')
    // 6 × 5 + 5 × 4 = 50 / 11 = 4.55
    expect(org.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.55,
      reviewCount: 11,
      bestRating: 5,
      worstRating: 1,
    })
    await page.waitForLoadState('networkidle')
    expect(await page.getByTestId('reviews-summary').textContent()).toContain('11 відгуків')
    const items = page.getByTestId('reviews-list').locator('li')
    expect(await items.count()).toBe(10)
    expect(await page.getByTestId('reviews-list').textContent()).not.toContain('Прихований')
    await shot('reviews-list')
    await page.getByRole('link', { name: '2', exact: true }).click()
    await page.waitForURL(/\?page=2$/)
    await waitFor(async () => (await items.count()) === 1)
    expect(await items.first().textContent()).toContain('Учень 1')
    expect(errors).toEqual([])
  })

  test('a visitor who only reads never downloads the form validation; the first focus on the form fetches it', async () => {
    const reader = await browser.newPage({ viewport: { width: 390, height: 844 } })
    const zod: string[] = []
    reader.on('request', (r) => {
      if (/\/assets\/zod-/.test(r.url())) zod.push(r.url())
    })
    await reader.goto(`${app.url}/reviews`)
    await reader.waitForLoadState('networkidle')
    await reader.mouse.wheel(0, 2000)
    await reader.waitForLoadState('networkidle')
    expect(zod).toEqual([])
    await reader.getByLabel("Ваше ім'я").focus()
    await waitFor(async () => zod.length > 0)
    await reader.close()
  })

  test('the form shows field errors, then a visitor leaves a review, confirms it from the e-mail and sees it published', async () => {
    await page.goto(`${app.url}/reviews`)
    await page.waitForLoadState('networkidle')
    const form = page.getByTestId('review-form')
    await form.getByRole('button', { name: 'Надіслати відгук' }).click()
    await waitFor(async () => (await page.locator('#review-name[aria-invalid="true"]').count()) === 1)
    expect(await page.locator('#review-email[aria-invalid="true"]').count()).toBe(1)
    expect(await page.locator('#review-text[aria-invalid="true"]').count()).toBe(1)
    await shot('reviews-form-errors')

    await page.getByLabel("Ваше ім'я").fill('Марія Коваль')
    await page.getByLabel('E-mail').fill('maria.koval@example.com')
    await page.getByRole('radio', { name: '3' }).check({ force: true })
    await page.getByLabel('Ваш відгук').fill('Знайшли репетитора з англійської за два дні, дякуємо!')
    await form.getByRole('button', { name: 'Надіслати відгук' }).click()
    await page.getByTestId('review-sent').waitFor()
    expect(await page.getByTestId('review-sent').textContent()).toContain('Перевірте пошту')
    await shot('reviews-sent')
    // Not published before it is confirmed.
    const row = await app.services.db
      .selectFrom('site_reviews')
      .select(['id', 'status', 'mark'])
      .where('email', '=', 'maria.koval@example.com')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 0, mark: 3 })

    const mail = await app.services.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', 'maria.koval@example.com')
      .executeTakeFirstOrThrow()
    const link = mail.body.match(/(https?:\/\/\S+\/reviews\?token=\S+)/)![1]!
    await page.goto(link)
    const notice = page.getByTestId('review-confirmation')
    await waitFor(async () => (await notice.getAttribute('data-state')) === 'confirmed')
    expect(await notice.textContent()).toContain('опубліковано')
    // The token is gone from the address; the review is first in the list; the average moved.
    expect(new URL(page.url()).search).toBe('')
    await waitFor(async () =>
      ((await page.getByTestId('reviews-list').locator('li').first().textContent()) ?? '').includes('Марія Коваль'),
    )
    expect(await page.getByTestId('reviews-summary').textContent()).toContain('12 відгуків')
    await shot('reviews-confirmed')

    // The link a second time: nothing changes, and the page says it was confirmed before.
    await page.goto(link)
    await waitFor(async () => (await notice.getAttribute('data-state')) === 'already')
    expect(
      (
        await app.services.db
          .selectFrom('site_reviews')
          .select('status')
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe(1)
    await page.goto(`${app.url}/reviews?token=broken`)
    await waitFor(async () => (await notice.getAttribute('data-state')) === 'bad_link')
    expect(errors.filter((e) => !e.includes('404'))).toEqual([])
  })
  test('in English on a phone: the page, the form and the summary in English, one column', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } })
    const phoneErrors = watchConsole(phone)
    const res = await phone.goto(`${app.url}/en/reviews`)
    expect(res?.status()).toBe(200)
    expect(await phone.title()).toContain('Reviews of the service')
    await phone.waitForLoadState('networkidle')
    expect(await phone.locator('h1').textContent()).toBe('Reviews')
    expect(await phone.getByTestId('reviews-summary').textContent()).toContain('Average rating')
    expect(await phone.getByRole('button', { name: 'Send review' }).isVisible()).toBe(true)
    const docWidth = await phone.evaluate(() => document.documentElement.scrollWidth)
    expect(docWidth).toBeLessThanOrEqual(390)
    await screenshot(phone, 'reviews-mobile-en')
    // The form comes after the list on a phone: the link at the top scrolls to it.
    await phone.getByRole('link', { name: 'Leave a review' }).click()
    await waitFor(async () => {
      const box = await phone.getByLabel('Your name').boundingBox()
      return box !== null && box.y >= 0 && box.y + box.height <= 844
    })
    await screenshot(phone, 'reviews-mobile-en-form')
    // Left from the English page, the confirmation e-mail and its link are English too.
    await phone.getByLabel('Your name').fill('John Smith')
    await phone.getByLabel('E-mail').fill('john.smith@example.com')
    await phone.getByLabel('Your review').fill('Found a great physics tutor in two days.')
    await phone.getByRole('button', { name: 'Send review' }).click()
    await phone.getByTestId('review-sent').waitFor()
    const mail = await app.services.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('recipient', '=', 'john.smith@example.com')
      .executeTakeFirstOrThrow()
    expect(mail.subject).toBe('Confirm your review')
    expect(mail.body).toContain('/en/reviews?token=')
    expect(phoneErrors).toEqual([])
    await phone.close()
  })
  test('staff (content manager) publish a pending review, correct it, hide it and delete another in the panel', async () => {
    const db = app.services.db
    const pending = await db
      .insertInto('site_reviews')
      .values({
        name: 'Очікує',
        text: 'Відгук, який ще не підтвердили.',
        mark: 2,
        status: 0,
        email: 'pending@example.com',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const staff = await makeStaff(app, 3)
    const panel = await browser.newPage({ viewport: { width: 1400, height: 900 } })
    const panelErrors = watchConsole(panel)
    await panelSignIn(panel, app.url, staff.email)
    await panel.goto(`${app.url}/panel/reviews_show`)
    const actions = panel.getByTestId(`site-review-actions-${pending.id}`)
    await actions.waitFor()
    expect(await panel.getByRole('row').filter({ hasText: 'pending@example.com' }).textContent()).toContain(
      'Очікує підтвердження',
    )
    const shotPanel = (name: string) => screenshot(panel, name)
    await shotPanel('reviews-panel-list')

    await actions.getByRole('button', { name: 'Опублікувати' }).click()
    await waitFor(
      async () =>
        (await db.selectFrom('site_reviews').select('status').where('id', '=', pending.id).executeTakeFirstOrThrow())
          .status === 1,
    )
    await actions.getByRole('button', { name: 'Змінити' }).click()
    const form = panel.getByTestId('site-review-form')
    await form.getByLabel('Ім’я').fill('Очікувала')
    await form.getByRole('radio', { name: '4' }).check({ force: true })
    await form.getByTestId('site-review-save').click()
    await waitFor(async () => {
      const r = await db
        .selectFrom('site_reviews')
        .select(['name', 'mark'])
        .where('id', '=', pending.id)
        .executeTakeFirstOrThrow()
      return r.name === 'Очікувала' && r.mark === 4
    })
    await actions.getByRole('button', { name: 'Приховати' }).click()
    await waitFor(
      async () =>
        (await db.selectFrom('site_reviews').select('status').where('id', '=', pending.id).executeTakeFirstOrThrow())
          .status === 2,
    )
    await actions.getByRole('button', { name: 'Видалити' }).click()
    await panel.getByRole('alertdialog').getByRole('button', { name: 'Видалити' }).click()
    await waitFor(
      async () =>
        (await db.selectFrom('site_reviews').select('status').where('id', '=', pending.id).executeTakeFirstOrThrow())
          .status === 3,
    )
    await waitFor(async () => (await actions.count()) === 0)
    await shotPanel('reviews-panel-after')
    expect(panelErrors).toEqual([])
    await panel.close()
  })
})
