// The currency once in price bands, in a browser on the ua and pl editions: the
// catalogue's price filter and a card of a tutor with a band but no own price write the edition's
// own band names ("300–500 грн", "60–90 zł") without a second sign. Screenshots of both.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { jsonb } from '../../db/jsonb'
import { REFERENCE } from '../../db/seed/reference'
import { t } from '../../i18n/keys'
import { cataloguePath } from '../../common/catalogue-paths'
import { EDITIONS } from '../../common/editions'
import { type TestApp, startTestApp } from '../helpers/app'
import { launchBrowser, screenshot, watchConsole } from '../helpers/browser'
import { makeTutor } from '../helpers/catalogue'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

for (const code of ['ua', 'pl'] as const) {
  describe(`${code} edition`, () => {
    const ed = EDITIONS[code]
    const locale = ed.defaultLocale
    let app: TestApp
    beforeAll(async () => {
      app = await startTestApp({ pages: true, site: code })
    })
    afterAll(async () => {
      await app?.close()
    })

    test('price bands in the filter and on a card show the currency once', async () => {
      const db = app.services.db
      const lesson = await db
        .insertInto('lessons')
        .values({ edition: code, alias: 'math-band', names: jsonb({ [locale]: 'Math' }), popular: true, sort: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
      const city = await db
        .insertInto('cities')
        .values({ edition: code, alias: 'city-band', names: jsonb({ [locale]: 'City' }), sort: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
      const bands = REFERENCE[code].rates
      const rates = await db
        .insertInto('rates')
        .values(
          bands.map((r, i) => ({
            edition: code,
            min_price: r.min_price,
            max_price: r.max_price,
            names: jsonb(r.names),
            sort: (i + 1) * 10,
          })),
        )
        .returning('id')
        .execute()
      const names = bands.map((r) => r.names[locale]!)
      await makeTutor(db, {
        name: 'Band Tutor',
        subjects: [{ lesson: lesson.id }],
        places: [{ kind: 'home', city: city.id }],
        rate: rates[1]!.id,
      })

      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      const errors = watchConsole(page)
      await page.goto(`${app.url}${cataloguePath(ed, { online: false, lesson: 'math-band', city: 'city-band' })}`)
      const card = page.getByTestId('tutor-card')
      await card.waitFor()
      // The card: the band's own name ("300–500 грн", "60–90 zł"), nothing after it.
      expect(await card.textContent()).toContain(names[1]!)
      expect(await card.textContent()).not.toContain(`${names[1]} ${ed.currencyIcon}`)

      // The filter lists every band once it has loaded the options, each as its name.
      const filter = page.getByLabel(t(locale, 'catalogue.price'))
      await page.waitForFunction((n) => document.querySelectorAll('#filter-rate option').length === n, names.length + 1)
      const options = (await filter.locator('option').allTextContents()).slice(1)
      expect(options).toEqual(names)
      for (const o of options) expect(o.split(ed.currencyIcon).length - 1).toBeLessThanOrEqual(1)
      await filter.selectOption({ label: names[1]! })
      await page.waitForURL(/rate_id=/)
      await card.waitFor()
      await screenshot(page, `band-text-${code}`)
      expect(errors).toEqual([])
      await page.close()
    })
  })
}
