// The browser's half of OpenID Connect sign-in: the provider sends the browser to
// /oauth/callback/{role}?code&state, the page completes the sign-in and goes on.
import { expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { LocalOidcProvider } from '../../server/integrations/oidc/local'
import { type TestApp, makePerson } from '../helpers/app'
import { withBrowserApp, screenshot, watchConsole } from '../helpers/browser'

let app: TestApp
let browser: Browser
withBrowserApp((s) => ({ app, browser } = s))

test('a tutor signs in through the local provider and lands on /profile/', async () => {
  const tutor = await makePerson(app, { tutor: true })
  const oidc = app.services.oidc
  expect(oidc).toBeInstanceOf(LocalOidcProvider)
  ;(oidc as LocalOidcProvider).addIdentity({
    subject: 'oidc-tutor-1',
    email: tutor.email,
    email_verified: true,
    name: 'OIDC Tutor',
  })
  const page = await browser.newPage()
  const errors = watchConsole(page)
  const redirect = await (await page.request.get(`${app.url}/tutor/oauth/redirect`)).json()
  await page.goto(`${redirect.data.url}&login=${encodeURIComponent(tutor.email)}`)
  await page.waitForURL(/\/profile\/$/)
  await page.getByTestId('user-menu').waitFor()
  const auth = await (await page.request.get(`${app.url}/tutor/auth/role/get`)).json()
  expect(auth.auth.tutor_info.id).toBe(tutor.tutorId)
  expect(errors).toEqual([])
})

test('a bad or replayed callback shows the refusal and a way back to sign-in', async () => {
  const page = await browser.newPage()
  await page.goto(`${app.url}/oauth/callback/client?code=forged&state=forged`)
  const alert = page.getByRole('alert')
  await alert.waitFor()
  expect(await alert.textContent()).toBeTruthy()
  expect(await page.locator('a[href="/client-login"]').count()).toBe(1)
  await screenshot(page, 'oauth-callback-refused')
})
