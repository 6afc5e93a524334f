// The English level test end to end: a visitor opens /test/english/start (minimal
// header, no footer), starts, answers part of the test, reloads (the answers and the progress stay),
// finishes with 22 of 40 right and gets b1 with a link to English tutors of that level; then takes it
// again at 375 px, leaves questions unanswered, confirms, and gets 'Test not passed'. The test reads the
// key from the database (the browser never has it).
// A tutor opens the cabinet's entry (/test/english/: not taken yet), takes the test to b2, comes back to
// the badge with its date, and the public profile shows it.
import { expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { CURRENT_ATTEMPT_KEY } from '../../common/level-test'
import { PASSWORD, type TestApp, makePerson, makeStaff } from '../helpers/app'
import { SCREENSHOTS, panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
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
  const row = await app.services.db
    .selectFrom('examination_attempts')
    .select(['question_ids', 'correct_answers'])
    .where('token', '=', token!)
    .executeTakeFirstOrThrow()
  return { ids: row.question_ids as number[], key: row.correct_answers as number[] }
}

async function answer(page: Page, id: number, option: number) {
  await page.locator(`[data-question-id="${id}"] input[value="${option}"]`).check()
}

test('a visitor reaches b1: answers survive a reload; the result links to English tutors at that level', async () => {
  const lesson = await app.services.db
    .insertInto('lessons')
    .values({ edition: 'ua', alias: 'english', names: jsonb({ ua: 'Англійська мова', en: 'English' }) })
    .returning('id')
    .executeTakeFirstOrThrow()
  await app.services.db
    .insertInto('levels')
    .values({ lesson_id: lesson.id, alias: 'intermediate', names: jsonb({ ua: 'Середній (B1)' }) })
    .execute()
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

test('staff edit the bank in the panel: the reading filter, a new question, the correct option changed', async () => {
  const staff = await makeStaff(app, 3)
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/examination_tests`)
  await page
    .getByRole('heading', { level: 1, name: 'Тест рівня англійської' })
    .waitFor()
    .catch(async (e) => {
      await screenshot(page, 'level-test-panel-debug')
      throw e
    })
  await page.locator('#etf-section').selectOption('reading')
  await page.getByRole('button', { name: 'Застосувати' }).click()
  await page.waitForURL((u) => u.searchParams.get('section') === 'reading')
  await page.getByText('My family').first().waitFor()
  await screenshot(page, 'level-test-panel-reading')

  await page.getByTestId('question-create').click()
  const form = page.getByTestId('question-form')
  await form.locator('#et-question').fill('She ___ coffee every morning.')
  for (const [i, o] of ['drinks', 'drink', 'drinking', 'drunk'].entries()) await form.locator(`#et-option-${i}`).fill(o)
  await form.locator('#et-section').selectOption('reading')
  await form.getByTestId('question-save').click()
  // A reading question needs its text.
  await form.locator('#et-text[aria-invalid="true"]').waitFor()
  await form.locator('#et-section').selectOption('grammar')
  await form.getByTestId('question-save').click()
  await form.waitFor({ state: 'detached' })
  const row = await app.services.db
    .selectFrom('examination_questions')
    .select(['id', 'correct_answer', 'options'])
    .where('question', '=', 'She ___ coffee every morning.')
    .executeTakeFirstOrThrow()
  expect(row).toMatchObject({ correct_answer: 0, options: ['drinks', 'drink', 'drinking', 'drunk'] })

  await page.goto(`${app.url}/panel/examination_tests?section=grammar`)
  const actions = page.getByTestId(`question-actions-${row.id}`)
  await actions.waitFor()
  await actions.getByRole('button', { name: 'Змінити' }).click()
  await page.getByTestId('question-form').locator('#et-correct').selectOption('1')
  await screenshot(page, 'level-test-panel-editor')
  await page.getByTestId('question-form').getByTestId('question-save').click()
  await page.getByTestId('question-form').waitFor({ state: 'detached' })
  expect(
    (
      await app.services.db
        .selectFrom('examination_questions')
        .select('correct_answer')
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow()
    ).correct_answer,
  ).toBe(1)
  expect(errors).toEqual([])
  await page.close()
}, 120_000)

test("a tutor's passed level shows as a small badge on the public profile", async () => {
  const p = await makePerson(app, { tutor: true })
  await app.services.db
    .updateTable('tutors')
    .set({ published: true, active: true, english_level: 'c1' })
    .where('id', '=', p.tutorId!)
    .execute()
  const page = await browser.newPage({ viewport: { width: 375, height: 812 } })
  const errors = watchConsole(page)
  expect((await page.goto(`${app.url}/user-${p.tutorId}/`))?.status()).toBe(200)
  await page.getByTestId('english-level-badge').getByText('Англійська C1 · тест рівня').waitFor()
  await viewShot(page, 'level-test-profile-badge-375')
  expect(errors).toEqual([])
  await page.close()
}, 60_000)

test('a tutor opens the cabinet entry (not taken yet), takes the test to b2, comes back to the badge; the public profile shows it', async () => {
  const me = await makePerson(app, { tutor: true })
  await app.services.db
    .updateTable('tutors')
    .set({ published: true, active: true })
    .where('id', '=', me.tutorId!)
    .execute()
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const errors = watchConsole(page)
  expect(
    (await page.request.post(`${app.url}/tutor/login`, { data: { login: me.email, password: PASSWORD } })).status(),
  ).toBe(200)
  // The cabinet's navigation leads to the entry.
  await page.goto(`${app.url}/profile/`)
  await page
    .getByRole('navigation', { name: 'Розділи кабінету' })
    .getByRole('link', { name: 'Тест англійської' })
    .click()
  await page.waitForURL((u) => u.pathname === '/test/english/')
  const badge = page.getByTestId('cabinet-level-badge')
  await badge.getByText('Ще не складали').waitFor()
  expect(await badge.getAttribute('data-band')).toBe('')
  expect(await page.getByTestId('cabinet-level-test-profile').count()).toBe(0)
  await screenshot(page, 'level-test-cabinet-not-taken')

  await page.getByTestId('cabinet-level-test-take').click()
  await page.waitForURL((u) => u.pathname === '/test/english/start')
  await page.getByTestId('level-test-start').click()
  await page.getByTestId('level-test-question').first().waitFor()
  const { ids, key } = await keyOf(page)
  // 30 right of 40: b2.
  for (let i = 0; i < 40; i++) await answer(page, ids[i]!, i < 30 ? key[i]! : (key[i]! + 1) % 4)
  await page.getByText('Відповіді: 40 з 40').first().waitFor()
  await page.getByTestId('level-test-finish').click()
  await page.getByTestId('level-test-result').waitFor()
  expect(await page.getByTestId('level-test-result').getAttribute('data-band')).toBe('b2')
  await page.getByText('Рівень B2 показано у вашому профілі репетитора.').waitFor()
  await screenshot(page, 'level-test-tutor-result-b2')

  // Back in the cabinet: the band and today's date.
  await page.getByTestId('level-test-cabinet').click()
  await page.waitForURL((u) => u.pathname === '/test/english/')
  const today = new Date().toLocaleDateString('uk')
  await badge.getByText(`Ваш рівень: B2, складено ${today}`).waitFor()
  expect(await badge.getAttribute('data-band')).toBe('b2')
  expect(await page.getByTestId('cabinet-level-test-take').textContent()).toBe('Пройти ще раз')
  await screenshot(page, 'level-test-cabinet-b2')

  // The public profile shows the badge.
  await page.getByTestId('cabinet-level-test-profile').click()
  await page.waitForURL((u) => u.pathname === `/user-${me.tutorId}/`)
  await page.getByTestId('english-level-badge').waitFor()
  expect(await page.getByTestId('english-level-badge').textContent()).toContain('B2')
  await screenshot(page, 'level-test-profile-badge')
  expect(errors).toEqual([])
  await context.close()
}, 120_000)
