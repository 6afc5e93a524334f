// Every footer link of every edition, in every language it serves, answers 200 (or a redirect to a
// 200): every link of the footer is followed. The links are the footer's own
// list (client/shell/footer-links.ts), so a link added there is followed here too.
import { describe, expect, test } from 'bun:test'
import { EDITIONS, EDITION_CODES, localePath } from '../../common/editions'
import { footerLinks } from '../../client/shell/footer-links'
import { jsonb } from '../../db/jsonb'
import { filtersKey } from '../../server/domain/catalogue/seo'
import { Client, withTestApp } from '../helpers/app'
import { makeTutor, referenceFixture } from '../helpers/catalogue'

async function follow(base: string, path: string): Promise<[string, number]> {
  let url = base + path
  for (let hops = 0; hops < 3; hops++) {
    const res = await fetch(url, { redirect: 'manual' })
    await res.text()
    const to = res.headers.get('location')
    if (![301, 302, 307, 308].includes(res.status) || !to) return [path, res.status]
    url = new URL(to, url).toString()
  }
  return [path, 0]
}

describe('footer links', () => {
  for (const code of EDITION_CODES) {
    test(`${code}: every footer link answers 200`, async () => {
      const ed = EDITIONS[code]
      await withTestApp({ site: code, pages: true }, async (app) => {
        // The footer's links (news included) and the header's internal links (vacancies, the tutors' blog).
        const links = [
          ...footerLinks(ed.catalogueAlias, ed.onlineCatalogueAlias),
          { path: '/vacancy' },
          { path: '/blog/' },
        ]
        expect(links.length).toBe(17)
        for (const locale of ed.locales)
          for (const l of links) {
            const path = localePath(ed, locale, l.path)
            expect(await follow(app.url, path)).toEqual([path, 200])
          }
      })
    }, 60_000)
  }
})

describe('advanced-level links /{url}', () => {
  test("staff's catalogue texts are the links (h1 as the text), an inactive city's are left out, each answers 200; without texts, the busiest pages", async () => {
    await withTestApp({ site: 'ua', pages: true }, async (app) => {
      const db = app.services.db
      const ref = await referenceFixture(db)
      await makeTutor(db, {
        name: 'Олена Коваленко',
        subjects: [{ lesson: ref.lessons.math }, { lesson: ref.lessons.english }],
        places: [{ kind: 'home', city: ref.cities.kyiv, district: ref.districts.podil }],
        online: true,
      })
      const c = new Client(app.url)

      // No staff texts yet: the busiest catalogue pages, in the city and online.
      const busiest = (await c.api.get('/client/footer')).json.data.links
      expect(busiest.map((l) => l.url)).toContain('/tutors/matematyka/kyiv/')
      expect(busiest.map((l) => l.url)).toContain('/tutors-online/matematyka/')
      for (const l of busiest) expect(await follow(app.url, l.url)).toEqual([l.url, 200])

      const text = (key: string, h1: string) => ({
        edition: 'ua',
        filters_key: key,
        chosen_filters: jsonb({}),
        locale: 'ua',
        h1,
      })
      await db
        .insertInto('catalogue_seo_texts')
        .values([
          text(filtersKey({ online: false, lesson: ref.lessons.math, city: ref.cities.kyiv }), 'Математика в Києві'),
          text(
            filtersKey({
              online: false,
              lesson: ref.lessons.math,
              city: ref.cities.kyiv,
              district: ref.districts.podil,
            }),
            'Математика на Подолі',
          ),
          text(filtersKey({ online: true, lesson: ref.lessons.english }), 'Англійська онлайн'),
          text(
            filtersKey({ online: false, lesson: ref.lessons.english, city: ref.cities.lviv }),
            'Англійська у Львові',
          ),
        ])
        .execute()
      // A city staff switched off: its pages are 404s, so they are no links.
      await db.updateTable('cities').set({ active: false }).where('id', '=', ref.cities.lviv).execute()
      const links = (await new Client(app.url).api.get('/client/footer')).json.data.links
      expect(links).toEqual([
        { url: '/tutors/matematyka/kyiv/', text: 'Математика в Києві' },
        { url: '/tutors/matematyka/kyiv/podil/', text: 'Математика на Подолі' },
        { url: '/tutors-online/anglijska/', text: 'Англійська онлайн' },
      ])
      for (const l of links) expect(await follow(app.url, l.url)).toEqual([l.url, 200])
      // The served footer has them.
      const home = await (await fetch(`${app.url}/`)).text()
      expect(home).toContain('href="/tutors/matematyka/kyiv/podil/"')
    })
  }, 60_000)
})
