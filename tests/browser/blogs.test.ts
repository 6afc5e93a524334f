// Tutor blog end to end: a tutor writes a post on /my-blog, staff ask for a revision
// with a reason in the panel (/panel/users_blog), the tutor sees the reason and fixes the post, staff
// publish it, and a visitor reads it on the server-rendered /blog/{id}/ and finds it on /blog/.
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { PASSWORD, makePerson, makeStaff, type TestApp } from '../helpers/app'
import { panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

const shot = screenshot

const TEXT =
  '<h2>План на три місяці</h2><p>Почніть із діагностики: розв’яжіть пробний тест і випишіть теми, у яких помилилися. Саме вони дадуть найбільший приріст балів.</p>' +
  '<p>Далі складіть план на кожен тиждень, чергуйте алгебру й геометрію і щодня по п’ятнадцять хвилин повторюйте формули.</p>'

test('a tutor writes a post, staff ask for a revision, the tutor fixes it, staff publish, a visitor reads it', async () => {
  const person = await makePerson(app, { tutor: true })
  const tutor = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const tutorErrors = watchConsole(tutor)
  expect(
    (
      await tutor.request.post(`${app.url}/tutor/login`, { data: { login: person.email, password: PASSWORD } })
    ).status(),
  ).toBe(200)
  await tutor.goto(`${app.url}/my-blog`)
  await tutor.getByRole('heading', { level: 1, name: 'Мій блог' }).waitFor()
  await tutor.getByTestId('blog-new').click()
  const editor = tutor.getByTestId('blog-editor')
  await editor.locator('#blog-title').fill('Як підготуватися до НМТ')
  await editor.locator('#blog-text').fill('<p>Закоротко</p>')
  await editor.getByTestId('blog-save').click()
  await editor.getByText('Від 200 до 50000 символів').waitFor()
  await editor.locator('#blog-text').fill(TEXT)
  await shot(tutor, 'blogs-tutor-editor')
  await editor.getByTestId('blog-save').click()
  await tutor.getByTestId('my-blog-list').getByText('На модерації').waitFor()

  const staff = await makeStaff(app, 3)
  const panel = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const panelErrors = watchConsole(panel)
  await panelSignIn(panel, app.url, staff.email)
  await panel.goto(`${app.url}/panel/users_blog`)
  const row = panel.getByRole('row').filter({ hasText: 'Як підготуватися до НМТ' })
  await row.getByRole('button', { name: 'Відкрити' }).click()
  const card = panel.getByTestId('blog-card')
  await card.getByRole('heading', { name: 'Як підготуватися до НМТ' }).waitFor()
  await card.getByRole('button', { name: 'Перевірити унікальність' }).click()
  await card.getByText('Текст унікальний').waitFor()
  await card.getByRole('button', { name: 'На доробку' }).click()
  await panel.getByRole('dialog').locator('textarea').fill('Додайте, як розподілити час перед іспитом')
  await shot(panel, 'blogs-panel-revision')
  await panel.getByRole('dialog').getByRole('button', { name: 'Надіслати' }).click()
  await card.getByText('Причина доробки: Додайте, як розподілити час перед іспитом').waitFor()

  // The tutor sees the reason, fixes the post: it waits for moderation again.
  await tutor.reload()
  await tutor.getByTestId('revision-reason').getByText('Додайте, як розподілити час перед іспитом').waitFor()
  await shot(tutor, 'blogs-tutor-revision')
  await tutor.getByRole('button', { name: 'Редагувати' }).click()
  await tutor
    .locator('#blog-text')
    .fill(`${TEXT}<p>За місяць до іспиту не беріться за нові теми: розбирайте помилки з пробних тестів.</p>`)
  await tutor.getByTestId('blog-save').click()
  await tutor.getByTestId('my-blog-list').getByText('На модерації').waitFor()

  await panel.reload()
  await panel
    .getByRole('row')
    .filter({ hasText: 'Як підготуватися до НМТ' })
    .getByRole('button', { name: 'Відкрити' })
    .click()
  await panel.getByTestId('blog-publish').click()
  await panel.getByTestId('blog-card').getByText('Опубліковано', { exact: true }).first().waitFor()
  await shot(panel, 'blogs-panel-published')
  expect(panelErrors).toEqual([])
  await panel.close()
  await tutor.reload()
  await tutor.getByTestId('my-blog-list').getByText('Опубліковано').waitFor()
  expect(tutorErrors).toEqual([])
  await tutor.close()

  const post = await app.services.db
    .selectFrom('blogs')
    .select('id')
    .where('tutor_id', '=', person.tutorId!)
    .executeTakeFirstOrThrow()
  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } })
  const visitorErrors = watchConsole(visitor)
  const list = await visitor.goto(`${app.url}/blog/`)
  expect(list?.status()).toBe(200)
  await visitor.getByRole('link', { name: 'Як підготуватися до НМТ' }).first().click()
  await visitor.getByRole('heading', { level: 1, name: 'Як підготуватися до НМТ' }).waitFor()
  expect(new URL(visitor.url()).pathname).toBe(`/blog/${post.id}/`)
  await visitor.getByText('За місяць до іспиту не беріться за нові теми').waitFor()
  await visitor.getByRole('button', { name: '5 / 5' }).click()
  await visitor.getByTestId('blog-rated').waitFor()
  await shot(visitor, 'blogs-visitor-post')
  const direct = await visitor.goto(`${app.url}/blog/${post.id}/`)
  expect(direct?.status()).toBe(200)
  expect(await direct!.text()).toContain('"@type":"BlogPosting"')
  await visitor.goto(`${app.url}/blog/`)
  await shot(visitor, 'blogs-visitor-list')
  expect(visitorErrors).toEqual([])
  await visitor.close()
}, 120_000)

test('a tutor places an ad on /my-ads, staff publish it in the panel, a visitor sees it on the profile', async () => {
  const person = await makePerson(app, { tutor: true })
  const tutor = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors = watchConsole(tutor)
  expect(
    (
      await tutor.request.post(`${app.url}/tutor/login`, { data: { login: person.email, password: PASSWORD } })
    ).status(),
  ).toBe(200)
  await tutor.goto(`${app.url}/my-ads`)
  await tutor.getByRole('heading', { level: 1, name: 'Мої оголошення' }).waitFor()
  await tutor.getByTestId('ad-new').click()
  const editor = tutor.getByTestId('ad-editor')
  await editor.locator('#ad-title').fill('Математика для 5–9 класів')
  await editor.locator('#ad-price').fill('450')
  await editor.locator('#ad-text').fill('Пояснюю просто, домашні завдання перевіряю щодня. Перше заняття — знайомство.')
  await shot(tutor, 'blogs-ads-tutor-editor')
  await editor.getByTestId('ad-save').click()
  await tutor.getByTestId('my-ads-list').getByText('На модерації').waitFor()
  expect(errors).toEqual([])
  await tutor.close()

  const panel = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  await panelSignIn(panel, app.url, (await makeStaff(app, 1)).email)
  await panel.goto(`${app.url}/panel/users_ads`)
  await panel
    .getByRole('row')
    .filter({ hasText: 'Математика для 5–9 класів' })
    .getByRole('button', { name: 'Відкрити' })
    .click()
  await panel.getByTestId('ad-publish').click()
  await panel.getByTestId('ad-card').getByText('Опубліковано', { exact: true }).first().waitFor()
  await shot(panel, 'blogs-ads-panel')
  await panel.close()

  // A profile is public once the tutor is published.
  await app.services.db
    .updateTable('tutors')
    .set({ published: true, status: 2 })
    .where('id', '=', person.tutorId!)
    .execute()
  const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const res = await visitor.goto(`${app.url}/user-${person.tutorId}/`)
  expect(res?.status()).toBe(200)
  await visitor.getByTestId('tutor-ads').getByText('Математика для 5–9 класів').waitFor()
  await shot(visitor, 'blogs-ads-profile')
  await visitor.close()
}, 120_000)
