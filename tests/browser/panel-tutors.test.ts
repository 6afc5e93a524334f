// /panel/users_show/{id}: the staff actions on one tutor besides publishing (which
// impersonation.test.ts covers): wallet, toggles, favourite, admin comment, password, transliteration,
// paging of the list, delete and anonymisation behind a confirmation (docs/api.md#admin-tutors).
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { type TestApp, makePerson, makeStaff } from '../helpers/app'
import { withBrowserApp, screenshot, watchConsole, panelSignIn } from '../helpers/browser'

let app: TestApp
let browser: Browser

withBrowserApp((s) => ({ app, browser } = s))

const tutorRow = (id: number) =>
  app.services.db
    .selectFrom('tutors')
    .select(['favorite', 'hide_phone', 'admin_comment', 'deleted_at', 'anonymized_at', 'name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

test('wallet, toggles, favourite, comment, password and transliteration', async () => {
  const staff = await makeStaff(app, 2)
  const person = await makePerson(app, { tutor: true })
  const id = person.tutorId!
  await app.services.db.updateTable('tutors').set({ name: 'Олена Шевченко' }).where('id', '=', id).execute()
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/users_show/${id}`)
  await page.getByTestId('tutor-editor').waitFor()

  // Money: a bad sum is refused under the field; a good one shows the new ledger balance.
  const wallet = page.getByTestId('tutor-wallet')
  await wallet.getByLabel('Сума').fill('0')
  await wallet.getByRole('button', { name: 'Зарахувати' }).click()
  await wallet.locator('#wallet-sum-error').waitFor()
  await wallet.getByLabel('Сума').fill('150.50')
  await wallet.getByLabel('Коментар').fill('bonus')
  await wallet.getByRole('button', { name: 'Зарахувати' }).click()
  await page.getByRole('status').getByText('Баланс: 150,50 UAH').waitFor()
  await page.getByTestId('tutor-balance').getByText('150,50 UAH').waitFor()
  await wallet.getByLabel('Сума').fill('-50')
  await wallet.getByRole('button', { name: 'Зарахувати' }).click()
  await page.getByTestId('tutor-balance').getByText('100,50 UAH').waitFor()

  await page.getByRole('checkbox', { name: 'Приховати телефон' }).click()
  await page.waitForFunction(() =>
    [...document.querySelectorAll('label')].some(
      (l) => l.textContent === 'Приховати телефон' && l.querySelector('input')?.checked,
    ),
  )
  await page.getByRole('button', { name: 'Додати в обрані' }).click()
  await page.getByRole('button', { name: 'Прибрати з обраних' }).waitFor()

  await page.getByLabel('Коментар адміністратора').fill('Calls back in the evening')
  await page.getByRole('button', { name: 'Зберегти' }).click()
  await page.getByRole('status').getByText('Збережено').waitFor()
  const row = await tutorRow(id)
  expect(row).toMatchObject({ favorite: true, hide_phone: true, admin_comment: 'Calls back in the evening' })

  await page.getByRole('button', { name: 'Показати латиницею' }).click()
  await page.getByTestId('tutor-translit').getByText('Olena Shevchenko').waitFor()

  await page.getByLabel('Новий пароль').fill('tutor-new-pass-1')
  await page.getByRole('button', { name: 'Змінити пароль' }).click()
  await page.getByRole('status').getByText('Пароль змінено, сесії користувача завершено').waitFor()
  const login = await (await browser.newContext()).request.post(`${app.url}/tutor/login`, {
    data: { login: person.email, password: 'tutor-new-pass-1' },
  })
  expect(login.status()).toBe(200)

  // Every change is in the activity log.
  const log = page.getByRole('table', { name: 'Журнал дій' })
  // …in words (client/panel/activity.ts), never as the audit code.
  for (const sentence of [
    'Зараховано на баланс 150,50 UAH; баланс тепер 150,50 UAH',
    'Увімкнено «Приховати телефон»',
    'Додано в обрані',
    'Коментар адміністратора: «Calls back in the evening»',
    /^Змінено пароль/,
  ])
    await log.getByText(sentence).first().waitFor()
  expect(await log.getByText(/tutor\./).count()).toBe(0)
  await screenshot(page, 'panel-tutor-actions')
  expect(errors).toEqual([])
  await page.close()
})

test('delete and anonymise ask first', async () => {
  const staff = await makeStaff(app, 1)
  const person = await makePerson(app, { tutor: true })
  const id = person.tutorId!
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/users_show/${id}`)
  await page.getByTestId('tutor-editor').waitFor()

  await page.getByTestId('tutor-delete').click()
  const dialog = page.getByRole('alertdialog')
  await dialog.getByText(`Видалити репетитора №${id}?`).waitFor()
  await dialog.getByRole('button', { name: 'Скасувати' }).click()
  await dialog.waitFor({ state: 'detached' })
  expect((await tutorRow(id)).deleted_at).toBeNull()

  await page.getByTestId('tutor-delete').click()
  await dialog.getByRole('button', { name: 'Видалити репетитора' }).click()
  await page.getByRole('status').getByText('Репетитора видалено').waitFor()
  expect((await tutorRow(id)).deleted_at).not.toBeNull()
  // A deleted tutor: moderation is off, and nobody signs in as them.
  await page.getByRole('button', { name: 'Опублікувати' }).and(page.locator('[disabled]')).waitFor()
  expect(await page.getByTestId('tutor-sign-in-as').count()).toBe(0)

  await page.getByTestId('tutor-anonymise').click()
  await dialog.getByText(`Знеособити репетитора №${id}?`).waitFor()
  await screenshot(page, 'panel-tutor-anonymise-confirm')
  await dialog.getByRole('button', { name: 'Знеособити' }).click()
  await page.getByRole('status').getByText('Дані репетитора стерто').waitFor()
  expect((await tutorRow(id)).anonymized_at).not.toBeNull()
  await page.getByTestId('tutor-anonymise').and(page.locator('[disabled]')).waitFor()
  // The deleted-tutors filter finds them; the default list does not.
  await page.getByRole('link', { name: 'Назад до списку' }).click()
  const table = page.getByRole('table', { name: 'Репетитори' })
  await table.waitFor()
  expect(await table.locator(`a[href="/panel/users_show/${id}"]`).count()).toBe(0)
  await page.getByLabel('Видалені').selectOption('1')
  await page.getByRole('button', { name: 'Застосувати' }).click()
  await table.locator(`a[href="/panel/users_show/${id}"]`).waitFor()
  expect(errors).toEqual([])
  await page.close()
})

test('the list pages by 20', async () => {
  const staff = await makeStaff(app, 2)
  for (let i = 0; i < 21; i++) await makePerson(app, { tutor: true })
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  await panelSignIn(page, app.url, staff.email)
  await page.goto(`${app.url}/panel/users_show`)
  const table = page.getByRole('table', { name: 'Репетитори' })
  await table.locator('tbody tr').nth(19).waitFor()
  expect(await table.locator('tbody tr').count()).toBe(20)
  const total = Number((await page.getByText(/^Знайдено: \d+$/).textContent())!.replace(/\D/g, ''))
  expect(total).toBeGreaterThan(20)
  const firstPage = await table.locator('tbody tr td:first-child').allTextContents()
  await page.getByRole('button', { name: 'Наступна' }).click()
  await page.getByText(`Сторінка 2 з ${Math.ceil(total / 20)}`).waitFor()
  await page.waitForFunction(
    (first) => document.querySelector('table tbody tr td')?.textContent !== first,
    firstPage[0],
  )
  const second = await table.locator('tbody tr td:first-child').allTextContents()
  expect(second.some((idText) => firstPage.includes(idText))).toBe(false)
  await page.close()
})
