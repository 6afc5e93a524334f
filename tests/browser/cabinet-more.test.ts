// The tutor cabinet's rating, affiliate and school-programme screens, and the bare pages /away and
// /auth_as_user, as a person sees them, at desktop width and at 390 px. Screenshots go to
// test-results/screenshots/cabinet-more-*.png.
import { expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { PASSWORD, type TestApp, makePerson, makeStaff } from '../helpers/app'
import { screenshot, watchConsole, withBrowserApp } from '../helpers/browser'
import { referenceFixture } from '../helpers/catalogue'
import { refreshListings } from '../../server/domain/catalogue/listings'

let app: TestApp
let browser: Browser
withBrowserApp((s) => {
  ;({ app, browser } = s)
})

const SIZES = [
  ['desktop', { width: 1280, height: 900 }],
  ['390', { width: 390, height: 844 }],
] as const

/** A listed tutor (a photo, a description, online mathematics) invited to the school programme. */
async function listedTutor() {
  const db = app.services.db
  const ref = await referenceFixture(db)
  const p = await makePerson(app, { tutor: true })
  await db
    .updateTable('tutors')
    .set({
      avatar_url: '/media/avatars/x.jpg',
      description: 'x'.repeat(150),
      work_online: true,
      published: true,
      active: true,
      review_count: 3,
      review_avg: 4.7,
      potential_school_tutor: true,
    })
    .where('id', '=', p.tutorId!)
    .execute()
  await db.insertInto('tutor_subjects').values({ tutor_id: p.tutorId!, lesson_id: ref.lessons.math }).execute()
  await refreshListings(db, [p.tutorId!])
  return p
}

async function tutorPage(email: string, size: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage({ viewport: size })
  const res = await page.request.post(`${app.url}/tutor/login`, { data: { login: email, password: PASSWORD } })
  expect(res.status()).toBe(200)
  return page
}

test('the rating screen shows the points by source, what raises them and the place in each slot; the affiliate link; the school programme', async () => {
  const tutor = await listedTutor()
  for (const [name, size] of SIZES) {
    const page = await tutorPage(tutor.email, size)
    const errors = watchConsole(page)
    await page.goto(`${app.url}/rating`)
    await page.getByTestId('rating-page').waitFor()
    // photo 10 + description 5 + reviews 3 + marks round((4.7 − 3) × 5) = 9 → 27
    expect(await page.getByTestId('rating-points').textContent()).toBe('Балів: 27')
    expect(await page.getByTestId('rating-part-photo').textContent()).toBe('зараз +10')
    expect(await page.getByTestId('rating-part-video').textContent()).toBe('зараз 0')
    const slots = await page.getByTestId('rating-slot').allTextContents()
    expect(slots).toEqual([expect.stringMatching(/^Математика · онлайн.*1 з 1$/)])
    const nav = page.getByRole('navigation', { name: 'Розділи кабінету' })
    expect(await nav.getByRole('link', { name: 'Рейтинг' }).getAttribute('aria-current')).toBe('page')
    await screenshot(page, `cabinet-more-rating-${name}`)

    await nav.getByRole('link', { name: 'Партнерам' }).click()
    await page.getByTestId('affiliate-page').waitFor()
    expect(await page.getByLabel('Ваше посилання').inputValue()).toBe(
      `${app.url}/register?affiliate_id=${tutor.tutorId}`,
    )
    expect(await page.getByTestId('affiliate-registered').textContent()).toBe('Зареєструвалися за вашим посиланням: 0')
    await screenshot(page, `cabinet-more-affiliate-${name}`)

    // Invited by staff: the menu offers the school programme.
    await nav.getByRole('link', { name: 'Онлайн-школа' }).click()
    await page.getByTestId('school-tutor-page').waitFor()
    expect(await page.getByTestId('school-tutor-status').textContent()).toContain('Вас запрошено')
    await screenshot(page, `cabinet-more-school-tutor-${name}`)
    expect(errors).toEqual([])
    await page.close()
  }
}, 300_000)

test('/school-tutor for a visitor: the programme and the way to sign in', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
  await page.goto(`${app.url}/school-tutor`)
  await page.getByTestId('school-tutor-page').waitFor()
  expect(await page.getByTestId('school-tutor-status').textContent()).toContain('Увійдіть або зареєструйтеся')
  await page.getByRole('link', { name: 'Увійти' }).last().waitFor()
  await screenshot(page, 'cabinet-more-school-tutor-guest-390')
  await page.close()
})

test('/away names where an http(s) link leads, continues or goes back; any other scheme is refused', async () => {
  for (const [name, size] of SIZES) {
    const page = await browser.newPage({ viewport: size })
    await page.goto(`${app.url}/`)
    await page.goto(`${app.url}/away?url=${encodeURIComponent('https://example.com/some/page?x=1')}`)
    expect(await page.getByTestId('away-target').textContent()).toBe('example.com/some/page?x=1')
    const go = page.getByRole('link', { name: 'Перейти' })
    expect(await go.getAttribute('href')).toBe('https://example.com/some/page?x=1')
    expect(await go.getAttribute('rel')).toBe('noopener noreferrer nofollow')
    // No header or footer: the bare layout.
    expect(await page.locator('header, footer').count()).toBe(0)
    await screenshot(page, `cabinet-more-away-${name}`)
    await page.getByRole('button', { name: 'Назад' }).click()
    await page.waitForURL(`${app.url}/`)
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', '/relative', 'ftp://example.com/']) {
      await page.goto(`${app.url}/away?url=${encodeURIComponent(bad)}`)
      await page.getByTestId('away-invalid').waitFor()
      expect(await page.getByRole('link', { name: 'Перейти' }).count()).toBe(0)
    }
    await screenshot(page, `cabinet-more-away-invalid-${name}`)
    await page.close()
  }
}, 120_000)

test('/auth_as_user: whom an impersonating staff member acts as, and the way into that cabinet', async () => {
  const tutor = await makePerson(app, { tutor: true })
  const staff = await makeStaff(app, 1)
  for (const [name, size] of SIZES) {
    const page = await browser.newPage({ viewport: size })
    await page.goto(`${app.url}/auth_as_user`)
    await page.getByTestId('auth-as-user-page').getByText('Ви не увійшли.').waitFor()
    expect(
      (
        await page.request.post(`${app.url}/admin/login`, { data: { email: staff.email, password: PASSWORD } })
      ).status(),
    ).toBe(200)
    expect(
      (await page.request.post(`${app.url}/admin/authorize/tutor?id=${tutor.tutorId}`, { data: {} })).status(),
    ).toBe(200)
    await page.goto(`${app.url}/auth_as_user`)
    await page.getByTestId('auth-as-user-who').waitFor()
    expect(await page.getByTestId('auth-as-user-who').textContent()).toBe(
      `Ви працюєте від імені: Tutor ${tutor.email.slice(7, -12)}`,
    )
    await screenshot(page, `cabinet-more-auth-as-user-${name}`)
    await page.getByRole('link', { name: 'Перейти до кабінету' }).click()
    await page.waitForURL(/\/profile\/$/)
    await page.close()
  }
}, 120_000)
