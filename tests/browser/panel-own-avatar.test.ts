// A staff member uploads their own photo on the panel's start page and sees it beside their name in
// the menu (POST /admin/admin/avatar/set; the image is a staff-only download).
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import sharp from 'sharp'
import { type TestApp, makeStaff } from '../helpers/app'
import { panelSignIn, screenshot, watchConsole, withBrowserApp } from '../helpers/browser'

let app: TestApp
let browser: Browser

withBrowserApp((s) => ({ app, browser } = s))

test('a staff member uploads their avatar and sees it in the menu', async () => {
  const staff = await makeStaff(app, 2)
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } })
  const errors = watchConsole(page)
  await panelSignIn(page, app.url, staff.email)
  const own = page.getByTestId('own-avatar')
  await own.waitFor()
  expect(await page.getByTestId('panel-menu').getByTestId('panel-admin-avatar').count()).toBe(0)

  const png = await sharp({ create: { width: 480, height: 320, channels: 3, background: '#2f7d4f' } })
    .png()
    .toBuffer()
  await own.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
  await own.getByTestId('avatar-crop').waitFor()
  await own.getByRole('button', { name: 'Завантажити фото' }).click()
  await page.getByText('Фото збережено').first().waitFor()

  // The form's preview and the menu's photo are the staff member's image, read with the staff session.
  await page.waitForFunction(
    () => (document.querySelector('[data-testid="avatar-preview"]') as HTMLImageElement | null)?.naturalWidth === 130,
  )
  const menuPhoto = page.getByTestId('panel-menu').getByTestId('panel-admin-avatar')
  await menuPhoto.waitFor()
  await page.waitForFunction(
    () =>
      (document.querySelector('#panel-menu [data-testid="panel-admin-avatar"]') as HTMLImageElement | null)
        ?.naturalWidth === 130,
  )
  expect(await menuPhoto.getAttribute('src')).toMatch(
    new RegExp(`^/admin/admin/avatar/file\\?id=${staff.id}&v=[A-Za-z0-9_-]+&size=preview$`),
  )
  const row = await app.services.db
    .selectFrom('staff')
    .select('avatar_files')
    .where('id', '=', staff.id)
    .executeTakeFirstOrThrow()
  expect((row.avatar_files as { crop: unknown }).crop).toEqual({ x: 80, y: 0, width: 320, height: 320 })
  await screenshot(page, 'panel-own-avatar')

  // After a reload the menu still shows it (the auth object carries the preview); at 375 px the top bar too.
  await page.setViewportSize({ width: 375, height: 800 })
  await page.reload()
  await page.locator('header').getByTestId('panel-admin-avatar').waitFor()
  await screenshot(page, 'panel-own-avatar-375')
  expect(errors).toEqual([])
  await page.close()
})
