// The English level test end to end (issue 15 item 1): a visitor opens /test/english/start (minimal
// header, no footer), starts, answers part of the test, reloads (the answers and the progress stay),
// finishes with 22 of 40 right and gets b1 with a link to English tutors of that level; then takes it
// again at 375 px, leaves questions unanswered, confirms, and gets 'Test not passed'. The test reads the
// key from the database (the browser never has it).
import { expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { CURRENT_ATTEMPT_KEY } from '../../common/level-test'
import { type TestApp } from '../helpers/app'
import { SCREENSHOTS, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { jsonb } from '../../db/jsonb'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

/** The visible part only (the question list is long): beside the full-page helper's shots. */
async function viewShot(page: Page, name: string) {
  for (const dir of [SCREENSHOTS, process.env.SCREENSHOT_COPY_DIR].filter(Boolean) as string[]) {
    mkdirSync(dir, { recursive: true })
    await page.screenshot({ path: resolve(dir, `${name}.png`) })
  }
}

async function keyOf(page: Page): Promise<{ ids: number[]; key: number[] }> {
  const token = await page.evaluate((k) => localStorage.getItem(k), CURRENT_ATTEMPT_KEY)
  expect(token).toMatch(/^[0-9a-f]{32}$/)
  const row = await app.services.db.selectFrom('examination_attempts').select(['question_ids', 'correct_answers']).where('token', '=', token!).executeTakeFirstOrThrow()
  return { ids: row.question_ids as number[], key: row.correct_answers as number[] }
}

async function answer(page: Page, id: number, option: number) {
  await page.locator(`[data-question-id="${id}"] input[value="${option}"]`).check()
}

test('a visitor reaches b1: answers survive a reload; the result links to English tutors at that level', async () => {
  const lesson = await app.services.db.insertInto('lessons').values({ edition: 'ua', alias: 'english', names: jsonb({ ua: 'Англійська мова', en: 'English' }) }).returning('id').executeTakeFirstOrThrow()
  await app.services.db.insertInto('levels').values({ lesson_id: lesson.id, alias: 'intermediate', names: jsonb({ ua: 'Середній (B1)' }) }).execute()
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors = watchConsole(page)
  expect((await page.goto(`${app.url}/test/english/start`))?.status()).toBe(200)
  await page.getByTestId('level-test-intro').waitFor()
  expect(await page.locator('footer').count()).toBe(0)
  await screenshot(page, 'level-test-intro')
  await page.getByTestId('level-test-start').click()
  await page.getByTestId('level-test-question').first().waitFor()
  expect(await page.getByTestId('level-test-question').count()).toBe(40)
  expect(await page.getByTestId('level-test-text').count()).toBe(3)
  for (const s of ['grammar', 'vocabulary', 'reading']) await page.getByTestId(`level-test-section-${s}`).waitFor()
  // Nothing in the page tells the right option.
  expect(await page.content()).not.toMatch(/correct/i)

  const { ids, key } = await keyOf(page)
  // 22 right: the first 22 questions; the other 18 wrong.
  const chosen = ids.map((_, i) => (i < 22 ? key[i]! : (key[i]! + 1) % 4))
  for (let i = 0; i < 20; i++) await answer(page, ids[i]!, chosen[i]!)
  await page.getByText('Відповіді: 20 з 40').first().waitFor()
  await viewShot(page, 'level-test-questions-desktop')
  await page.reload()
  await page.getByTestId('level-test-question').first().waitFor()
  await page.getByText('Відповіді: 20 з 40').first().waitFor()
  expect(await page.locator(`[data-question-id="${ids[5]}"] input[value="${chosen[5]}"]`).isChecked()).toBe(true)
  for (let i = 20; i < 40; i++) await answer(page, ids[i]!, chosen[i]!)
  await page.getByText('Відповіді: 40 з 40').first().waitFor()
  await page.getByTestId('level-test-finish').click()
  const result = page.getByTestId('level-test-result')
  await result.waitFor()
  expect(await result.getAttribute('data-band')).toBe('b1')
  await page.getByTestId('level-test-band').getByText('Рівень B1').waitFor()
  await page.getByTestId('level-test-score').getByText('Правильних відповідей: 22 з 40').waitFor()
  expect(await page.getByTestId('level-test-tutors').getAttribute('href')).toBe('/tutors/english/?level=intermediate')
  await screenshot(page, 'level-test-result-b1-desktop')
  // A reload shows the stored result.
  await page.reload()
  await page.getByTestId('level-test-result').waitFor()
  expect(await page.getByTestId('level-test-result').getAttribute('data-band')).toBe('b1')
  await page.getByTestId('level-test-tutors').click()
  await page.waitForURL((u) => u.pathname === '/tutors/english/' && u.searchParams.get('level') === 'intermediate')
  expect(errors).toEqual([])
  await page.close()
}, 120_000)

test('at 375 px: finishing with questions unanswered, after the warning, is "Test not passed"', async () => {
  const page = await browser.newPage({ viewport: { width: 375, height: 812 } })
  const errors = watchConsole(page)
  await page.goto(`${app.url}/en/test/english/start`)
  await page.getByTestId('level-test-start').click()
  await page.getByTestId('level-test-question').first().waitFor()
  await viewShot(page, 'level-test-questions-375')
  const { ids, key } = await keyOf(page)
  for (let i = 0; i < 5; i++) await answer(page, ids[i]!, key[i]!)
  await page.getByText('Answered: 5 of 40').first().waitFor()
  await page.getByTestId('level-test-finish').click()
  await page.getByRole('alertdialog').getByText('Unanswered: 35').waitFor()
  await viewShot(page, 'level-test-confirm-375')
  await page.getByRole('alertdialog').getByRole('button', { name: 'Finish', exact: true }).click()
  const result = page.getByTestId('level-test-result')
  await result.waitFor()
  expect(await result.getAttribute('data-band')).toBe('not_passed')
  await page.getByTestId('level-test-band').getByText('Test not passed').waitFor()
  await screenshot(page, 'level-test-not-passed-375')
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(375)
  expect(errors).toEqual([])
  await page.close()
}, 120_000)
