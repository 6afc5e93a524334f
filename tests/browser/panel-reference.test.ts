// Panel pages: the desktop's widgets, reference data (districts: create, edit,
// the inline active switch, delete), TOP placements and SEO (robots.txt, page metatags, catalogue
// texts), as a status 1 staff member sees them.
import { expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { type TestApp, makeStaff } from '../helpers/app'
import { panelUa } from '../../i18n/areas/panel/ua'
import { makeTutor, referenceFixture, type Ref } from '../helpers/catalogue'
import { panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'

let app: TestApp
let browser: Browser
let ref: Ref

withBrowserApp((s) => {
  ;({ app, browser } = s)
})

async function staffPage(width = 1280): Promise<{ page: Page; errors: string[] }> {
  ref ??= await referenceFixture(app.services.db)
  const me = await makeStaff(app, 1)
  // A staff browser in Kyiv: east of UTC, where a day stored as a UTC day could read as the next one.
  const page = await browser.newPage({ viewport: { width, height: 900 }, timezoneId: 'Europe/Kiev' })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, me.email)
  return { page, errors }
}

test('desktop: widgets with counts link to the filtered lists', async () => {
  await app.services.db
    .insertInto('site_reviews')
    .values({ name: 'Ann', text: 'A very good site indeed', mark: 5, email: 'ann@example.com' })
    .execute()
  const { page, errors } = await staffPage()
  const widget = page.getByTestId('widget-reviews_to_moderate')
  await widget.waitFor()
  expect(await widget.textContent()).toContain('Відгуки на модерації')
  expect(await page.getByTestId('widget-orders_waiting').count()).toBe(1)
  await screenshot(page, 'panel-desktop')
  await widget.click()
  await page.waitForURL(/\/panel\/reviews_show\?status=0$/)
  // The list honours the filter from the address: its select shows it and only new reviews are listed.
  expect(await page.locator('#srf-status').inputValue()).toBe('0')
  await page.getByText('A very good site indeed').waitFor()
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto(`${app.url}/panel/`)
  await page.getByTestId('widget-reviews_to_moderate').waitFor()
  await screenshot(page, 'panel-desktop-phone')
  expect(errors).toEqual([])
  await page.close()
})

test('desktop: calls to return open the incoming calls filtered to those not called back', async () => {
  const db = app.services.db
  const call = (from: string) =>
    db
      .insertInto('calls')
      .values({ direction: 'in', provider: 'local', edition: 'ua', from_number: from, status: 'completed' })
      .returning('id')
      .executeTakeFirstOrThrow()
  await call('+380931110001')
  const returned = await call('+380931110002')
  const { page, errors } = await staffPage()
  await db
    .insertInto('calls')
    .values({
      direction: 'out',
      provider: 'local',
      edition: 'ua',
      to_number: '+380931110002',
      status: 'completed',
      income_call_id: returned.id,
    })
    .execute()
  const widget = page.getByTestId('widget-calls_to_return')
  await widget.waitFor()
  expect(await widget.textContent()).toContain('Дзвінки, на які треба передзвонити')
  await widget.click()
  await page.waitForURL(/\/panel\/users_incoming_calls\?returned=0$/)
  expect(await page.locator('#calls-returned').inputValue()).toBe('0')
  await page.getByText('+380931110001').waitFor()
  expect(await page.getByText('+380931110002').count()).toBe(0)
  await screenshot(page, 'panel-calls-to-return')
  expect(errors).toEqual([])
  await page.close()
})

test('districts: create, edit, switch off inline, delete', async () => {
  const { page, errors } = await staffPage()
  await page.goto(`${app.url}/panel/users_districts?city_id=${ref.cities.kyiv}`)
  await page.getByRole('heading', { name: 'Райони' }).waitFor()
  // The city filter comes from the address; its options load after the heading, so wait for the select to show it.
  await page.waitForFunction(
    (id) => (document.querySelector('#rf-city') as HTMLSelectElement | null)?.value === id,
    String(ref.cities.kyiv),
  )
  await page.getByTestId('reference-create').click()
  const form = page.getByTestId('reference-form')
  await form.getByRole('button', { name: 'Зберегти' }).click()
  // The kind's zod schema passes an empty form to the server, which answers under the fields.
  await form.locator('#ref-alias-error, #ref-parent-error, #ref-names-error').first().waitFor()
  await form.getByLabel('Назва (UA)').fill('Троєщина')
  await form.getByLabel('Аліас').fill('troieshchyna')
  await form.getByLabel('Місто').selectOption(String(ref.cities.kyiv))
  await screenshot(page, 'panel-reference-dialog')
  await form.getByRole('button', { name: 'Зберегти' }).click()
  await page.getByRole('status').getByText('Запис додано').waitFor()
  await form.waitFor({ state: 'detached' })
  const row = await app.services.db
    .selectFrom('districts')
    .select(['id', 'active'])
    .where('alias', '=', 'troieshchyna')
    .executeTakeFirstOrThrow()
  const actions = page.getByTestId(`reference-actions-${row.id}`)
  await actions.waitFor()
  expect(await page.getByRole('row').filter({ hasText: 'Троєщина' }).textContent()).toContain('troieshchyna')

  await actions.getByRole('button', { name: 'Змінити' }).click()
  await form.getByLabel('Назва (UA)').fill('Троєщина-2')
  await form.getByRole('button', { name: 'Зберегти' }).click()
  await page.getByRole('status').getByText('Збережено').waitFor()
  await page.getByRole('cell', { name: 'Троєщина-2', exact: true }).waitFor()

  const sw = page.getByTestId(`ref-active-${row.id}`)
  expect(await sw.getAttribute('aria-checked')).toBe('true')
  await sw.click()
  await page.getByRole('status').getByText('«Активний» вимкнено: Троєщина-2').waitFor()
  await page.waitForFunction(
    (id) => document.querySelector(`[data-testid="ref-active-${id}"]`)?.getAttribute('aria-checked') === 'false',
    row.id,
  )
  expect(
    (await app.services.db.selectFrom('districts').select('active').where('id', '=', row.id).executeTakeFirstOrThrow())
      .active,
  ).toBe(false)
  await screenshot(page, 'panel-reference-list')
  await page.setViewportSize({ width: 375, height: 800 })
  await screenshot(page, 'panel-reference-phone')
  await page.setViewportSize({ width: 1280, height: 900 })

  await actions.getByRole('button', { name: 'Видалити' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Видалити' }).click()
  await page.getByRole('status').getByText('Запис видалено').waitFor()
  await actions.waitFor({ state: 'detached' })
  expect(
    await app.services.db.selectFrom('districts').select('id').where('id', '=', row.id).executeTakeFirst(),
  ).toBeUndefined()
  expect(errors).toEqual([])
  await page.close()
})

test('lessons: the popular and school switches', async () => {
  const { page, errors } = await staffPage()
  await page.goto(`${app.url}/panel/users_lessons`)
  const sw = page.getByTestId(`ref-school-${ref.lessons.math}`)
  await sw.waitFor()
  expect(await sw.getAttribute('aria-checked')).toBe('false')
  await sw.click()
  await page.waitForFunction(
    (id) => document.querySelector(`[data-testid="ref-school-${id}"]`)?.getAttribute('aria-checked') === 'true',
    ref.lessons.math,
  )
  expect(
    (
      await app.services.db
        .selectFrom('lessons')
        .select('school')
        .where('id', '=', ref.lessons.math)
        .executeTakeFirstOrThrow()
    ).school,
  ).toBe(true)
  expect(errors).toEqual([])
  await page.close()
})

test('TOP: create, filter, edit, delete', async () => {
  const db = app.services.db
  ref ??= await referenceFixture(db)
  const tutor = await makeTutor(db, {
    name: 'Iryna Top',
    subjects: [{ lesson: ref.lessons.math }],
    places: [{ kind: 'home', city: ref.cities.lviv }],
  })
  const { page, errors } = await staffPage()
  await page.goto(`${app.url}/panel/users_tops`)
  await page.getByTestId('top-create').click()
  const form = page.getByTestId('top-form')
  await form.getByLabel('ID репетитора').fill(String(tutor))
  await form.getByLabel('Предмет').selectOption(String(ref.lessons.math))
  await form.getByLabel('Місто або онлайн').selectOption(String(ref.cities.lviv))
  await form.getByLabel('Оплачено').fill('700')
  await form.getByLabel(panelUa['top.ends']).fill('2026-12-10')
  await form.getByRole('button', { name: 'Зберегти' }).click()
  await page.getByRole('status').getByText('Місце в ТОП додано').waitFor()
  const top = await db
    .selectFrom('tops')
    .select(['id', 'paid_amount'])
    .where('tutor_id', '=', tutor)
    .executeTakeFirstOrThrow()
  const row = page.getByRole('row').filter({ hasText: 'Iryna Top' })
  await row.waitFor()
  expect(await row.textContent()).toContain('700')
  // The last day typed is the last day shown, in a browser east of UTC too (not "11 груд.").
  expect(await row.textContent()).toContain('— 10 груд. 2026 р.')
  await page.locator('#tf-place').selectOption('online')
  await page.getByRole('button', { name: 'Застосувати' }).click()
  await page.waitForURL(/place=online/)
  await row.waitFor({ state: 'detached' })
  await page.getByRole('button', { name: 'Скинути' }).click()
  await row.waitFor()
  await screenshot(page, 'panel-tops')
  await page.getByTestId(`top-actions-${top.id}`).getByRole('button', { name: 'Змінити' }).click()
  await form.getByLabel('Оплачено').fill('900')
  await form.getByRole('button', { name: 'Зберегти' }).click()
  await page.getByRole('status').getByText('Збережено').waitFor()
  expect(
    (await db.selectFrom('tops').select('paid_amount').where('id', '=', top.id).executeTakeFirstOrThrow()).paid_amount,
  ).toBe(900)
  await page.getByTestId(`top-actions-${top.id}`).getByRole('button', { name: 'Видалити' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Видалити' }).click()
  await page.getByRole('status').getByText('Місце в ТОП видалено').waitFor()
  expect(await db.selectFrom('tops').select('id').where('id', '=', top.id).executeTakeFirst()).toBeUndefined()
  expect(errors).toEqual([])
  await page.close()
})

test('SEO: robots.txt, page metatags, catalogue texts', async () => {
  const { page, errors } = await staffPage()
  await page.goto(`${app.url}/panel/core_files`)
  await page.getByLabel('Вміст robots.txt').fill('User-agent: *\nDisallow: /secret/\n')
  await page.getByTestId('robots-save').click()
  await page.getByRole('status').getByText('Збережено').waitFor()
  expect(await (await fetch(`${app.url}/robots.txt`)).text()).toContain('Disallow: /secret/')

  await page.getByTestId('meta-create').click()
  const meta = page.getByTestId('meta-form')
  await meta.getByLabel('Адреса сторінки').fill('/about')
  await meta.getByLabel('Title').fill('About us')
  await meta.getByRole('button', { name: 'Зберегти' }).click()
  await page.getByRole('status').getByText('Метатеги додано').waitFor()
  await page.getByRole('cell', { name: '/about' }).waitFor()
  await screenshot(page, 'panel-seo-core-files')

  await page.goto(`${app.url}/panel/users_filter_combinations`)
  await page.locator('#sf-lesson').selectOption('matematyka')
  await page.getByRole('button', { name: 'Показати тексти' }).click()
  await page.getByTestId('text-create').click()
  const text = page.getByTestId('text-form')
  await text.getByLabel('H1').fill('Репетитори з математики')
  await text.getByLabel('Текст під H2').fill('Найкращі репетитори.')
  await text.getByRole('button', { name: 'Зберегти' }).click()
  await page.getByRole('status').getByText('Текст додано').waitFor()
  await page.getByTestId('seo-text-ua').getByText('Репетитори з математики').waitFor()
  await screenshot(page, 'panel-seo-texts')
  await page.getByTestId('seo-text-ua').getByRole('button', { name: 'Видалити' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Видалити' }).click()
  await page.getByRole('status').getByText('Текст видалено').waitFor()
  await page.getByTestId('seo-text-ua').waitFor({ state: 'detached' })
  expect(errors).toEqual([])
  await page.close()
})
