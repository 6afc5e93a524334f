// On the Spanish edition the panel's screens speak Spanish (docs/decisions.md: panel language), and the
// impersonation banner speaks the page's language.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { PASSWORD, type TestApp, makePerson, makeStaff, startTestApp } from '../helpers/app'
import { launchBrowser, screenshot, watchConsole } from '../helpers/browser'

let app: TestApp
let browser: Browser

beforeAll(async () => {
  app = await startTestApp({ pages: true, site: 'es' })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await app?.close()
})

test('the tutors screens in Spanish, and the banner', async () => {
  const staff = await makeStaff(app, 1)
  const person = await makePerson(app, { tutor: true })
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const errors = watchConsole(page)
  await page.goto(`${app.url}/panel/`)
  await page.getByLabel('E-mail').fill(staff.email)
  await page.getByLabel('Contraseña').fill(PASSWORD)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  await page.getByTestId('panel-menu').getByRole('link', { name: 'Profesores' }).click()
  await page.getByRole('button', { name: 'Aplicar' }).waitFor()
  await page.getByLabel('Buscar').fill(person.email)
  await page.getByRole('button', { name: 'Aplicar' }).click()
  await page.getByText('Encontrados: 1').waitFor()
  await page.goto(`${app.url}/panel/users_show/${person.tutorId}`)
  await page.getByRole('button', { name: 'Publicar', exact: true }).click()
  await page.getByRole('status').getByText('Perfil publicado').waitFor()
  await screenshot(page, 'panel-es-tutor-editor')

  await page.getByTestId('tutor-sign-in-as').click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Entrar como este usuario' }).click()
  await page.waitForURL(/\/profile\/?$/)
  const banner = page.getByTestId('impersonation-banner')
  await banner.getByText('Has iniciado sesión como otro usuario').waitFor()
  await banner.getByRole('button', { name: 'Volver' }).click()
  await page.waitForURL(new RegExp(`/panel/users_show/${person.tutorId}$`))
  await page.getByRole('button', { name: 'Retirar la publicación' }).waitFor()
  expect(errors).toEqual([])
  await page.close()
})
