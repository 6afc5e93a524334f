// Videos and vacancies end to end: staff add a video in the panel (/panel/users_videos)
// from a youtu.be link, a visitor sees it on /media; a visitor opens a vacancy from /vacancy; staff see
// the vacancies section on /panel/pages_show; /school/ renders; the contacts page's feedback form sends.
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { makeStaff, type TestApp } from '../helpers/app'
import { panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

const shot = screenshot

test('staff add a video in the panel; a visitor sees it on /media', async () => {
  const staff = await makeStaff(app, 1)
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/users_videos`)
  await page.getByTestId('video-create').click()
  const form = page.getByTestId('video-form')
  await form.locator('#vd-link').fill('https://vimeo.com/12345')
  await form.locator('#vd-title-ua').fill('Як готуватися до НМТ')
  await form.getByTestId('video-save').click()
  // A link that is not YouTube is refused on its field.
  await form.locator('#vd-link[aria-invalid="true"]').waitFor()
  await shot(page, 'media-panel-bad-link')
  await form.locator('#vd-link').fill('https://youtu.be/kZ9DVA2Cz_E?si=share')
  await form.locator('#vd-description-ua').fill('Поради репетитора з математики.')
  await form.locator('#vd-sort').fill('-5')
  await form.getByTestId('video-save').click()
  await page.getByRole('cell', { name: 'Як готуватися до НМТ' }).waitFor()
  await page.getByText('kZ9DVA2Cz_E').waitFor()
  await shot(page, 'media-panel-videos')

  await page.goto(`${app.url}/panel/pages_show`)
  await page.getByTestId('vacancies-panel').getByText('Репетитор англійської мови (онлайн)').waitFor()
  await shot(page, 'media-panel-vacancies')
  expect(errors).toEqual([])
  await page.close()

  const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const visitorErrors = watchConsole(visitor)
  const res = await visitor.goto(`${app.url}/media`)
  expect(res?.status()).toBe(200)
  const first = visitor.getByTestId('video-card').first()
  expect(await first.getAttribute('data-youtube-id')).toBe('kZ9DVA2Cz_E')
  await first.getByText('Як готуватися до НМТ').waitFor()
  expect(await first.locator('a').first().getAttribute('href')).toBe('https://www.youtube.com/watch?v=kZ9DVA2Cz_E')
  expect(await first.locator('img').getAttribute('src')).toBe('https://i.ytimg.com/vi/kZ9DVA2Cz_E/hqdefault.jpg')
  expect(await visitor.getByTestId('video-card').count()).toBe(7)
  await shot(visitor, 'media-videos')
  expect(visitorErrors).toEqual([])
  await visitor.close()
}, 90_000)

test('a visitor opens a vacancy from /vacancy; /school/ renders', async () => {
  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } })
  const errors = watchConsole(visitor)
  expect((await visitor.goto(`${app.url}/vacancy`))?.status()).toBe(200)
  await visitor.getByTestId('vacancy-list').waitFor()
  await shot(visitor, 'media-vacancies')
  await visitor.getByRole('link', { name: /Менеджер з підбору репетиторів/ }).click()
  await visitor.getByRole('heading', { level: 1, name: 'Менеджер з підбору репетиторів' }).waitFor()
  await visitor.getByText('Київ').waitFor()
  expect(new URL(visitor.url()).pathname).toMatch(/^\/vacancy\/\d+\/$/)
  await shot(visitor, 'media-vacancy')
  expect((await visitor.goto(`${app.url}/school/`))?.status()).toBe(200)
  await visitor.getByTestId('school-rates').waitFor()
  await shot(visitor, 'media-school')

  // The contacts page's feedback form e-mails the support address.
  expect((await visitor.goto(`${app.url}/contacts`))?.status()).toBe(200)
  const form = visitor.getByTestId('feedback-form')
  await form.waitFor()
  await visitor.waitForLoadState('networkidle')
  await form.locator('#feedback-name').fill('Оксана')
  await form.locator('#feedback-email').fill('oksana@example.com')
  await form.locator('#feedback-text').fill('Чи можна обрати репетитора для двох дітей одразу?')
  await form.getByRole('button', { name: 'Надіслати' }).click()
  await visitor.getByTestId('feedback-sent').waitFor()
  await shot(visitor, 'media-contacts-feedback')
  const mail = await app.services.db
    .selectFrom('outbox')
    .select(['recipient', 'body'])
    .where('body', 'like', '%oksana@example.com%')
    .executeTakeFirstOrThrow()
  expect(mail.recipient).toMatch(/^support@/)
  expect(errors).toEqual([])
  await visitor.close()
}, 60_000)
