// News end to end: staff write a news item with a main image in the panel
// (/panel/news_show), publish it from the list; a visitor finds it on /news/, opens it, rates it once
// (a second try says it is already rated); the categories tab lists the demo categories.
import { expect, test } from 'bun:test'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import type { Browser } from 'playwright-core'
import { makeStaff, type TestApp } from '../helpers/app'
import { panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

const shot = screenshot

test('staff write and publish a news item; a visitor reads it on /news/ and rates it once', async () => {
  const imagePath = join(tmpdir(), `news-${process.pid}.png`)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0ea5e9"/><stop offset="1" stop-color="#6366f1"/></linearGradient></defs><rect width="1600" height="900" fill="url(#g)"/><circle cx="1200" cy="300" r="180" fill="#fbbf24"/></svg>`
  await sharp(Buffer.from(svg)).png().toFile(imagePath)

  const staff = await makeStaff(app, 3)
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.getByTestId('panel-menu').getByRole('link', { name: 'Новини' }).click()
  await page.getByTestId('news-actions-online-lessons-tips').waitFor()
  await page.getByTestId('news-create').click()
  const form = page.getByTestId('news-form')
  await form.locator('#nw-title-ua').fill('Відкрито набір на зимові інтенсиви')
  await form.locator('#nw-description-ua').fill('Два тижні щоденних занять з математики та англійської перед сесією.')
  await form
    .locator('#nw-text-ua')
    .fill(
      '<p>Зимові інтенсиви тривають з 5 по 18 січня.</p><script>window.pwned = 1</script><p>Записуйтеся через форму заявки.</p>',
    )
  await form.locator('#nw-category').selectOption({ label: 'Новини сервісу' })
  await form.getByTestId('news-image-input').setInputFiles(imagePath)
  await shot(page, 'news-panel-editor')
  await form.getByTestId('news-save').click()
  await page.getByRole('status').getByText('Новину створено').waitFor()
  const row = page.getByTestId('news-actions-vidkryto-nabir-na-zymovi-intensyvy')
  await row.waitFor()
  await row.getByRole('button', { name: 'Опублікувати' }).click()
  await row.getByRole('button', { name: 'Зняти з публікації' }).waitFor()
  await shot(page, 'news-panel-list')

  await page.getByTestId('tab-categories').click()
  await page.getByTestId('news-category-actions-exams').waitFor()
  await shot(page, 'news-panel-categories')
  expect(errors).toEqual([])
  await page.close()

  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } })
  const visitorErrors = watchConsole(visitor)
  const res = await visitor.goto(`${app.url}/news/`)
  expect(res?.status()).toBe(200)
  const first = visitor.getByTestId('news-list').getByRole('listitem').first()
  await expect(first.getByRole('heading', { level: 2 }).textContent()).resolves.toBe(
    'Відкрито набір на зимові інтенсиви',
  )
  // Its images loaded before the screenshot (not network idle: a loaded CI machine kept it busy past 30 s once).
  await visitor.waitForFunction(() => [...document.images].every((image) => image.complete))
  await shot(visitor, 'news-list-visitor')
  await first.getByRole('link', { name: 'Відкрито набір на зимові інтенсиви' }).click()
  await visitor.getByRole('heading', { level: 1, name: 'Відкрито набір на зимові інтенсиви' }).waitFor()
  await visitor.getByText('Зимові інтенсиви тривають з 5 по 18 січня.').waitFor()
  await visitor.waitForFunction(() => document.title === 'Відкрито набір на зимові інтенсиви | Tutors UA', undefined, {
    timeout: 5000,
  })
  expect(await visitor.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()
  const img = visitor.getByTestId('news-article').locator('img').first()
  expect(await img.getAttribute('src')).toMatch(/^\/media\/news\/\d+\/[\w-]+\.webp$/)
  expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1200)

  await visitor.getByTestId('news-rate-4').click()
  await visitor.getByText('Дякуємо! Вашу оцінку збережено.').waitFor()
  await visitor.getByTestId('news-rating-summary').getByText('Оцінок: 1').waitFor()
  await shot(visitor, 'news-article-rated')

  // A fresh load: the same visitor tries again and is told it is already rated.
  await visitor.reload()
  await visitor.getByTestId('news-rate-2').click()
  await visitor.getByText('Ви вже оцінили цю статтю.').waitFor()
  expect(visitorErrors.filter((e) => !/409|Conflict/.test(e))).toEqual([])

  // The footer links to the news.
  await visitor.getByRole('contentinfo').getByRole('link', { name: 'Новини' }).click()
  await visitor.getByRole('heading', { level: 1, name: 'Новини' }).waitFor()
  await visitor.getByTestId('news-categories').getByRole('link', { name: 'Іспити' }).click()
  await visitor.getByRole('heading', { level: 1, name: 'Іспити' }).waitFor()
  await shot(visitor, 'news-category-visitor')
  await visitor.close()

  const wide = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await wide.goto(`${app.url}/news/`)
  await wide.waitForLoadState('networkidle')
  await shot(wide, 'news-list-desktop')
  await wide.close()
}, 120_000)
