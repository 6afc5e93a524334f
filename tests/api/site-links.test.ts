// "a test that follows every link of the home page, header, footer and /tutors/ in
// every edition and gets 200 (or a redirect to a 200)". Unlike footer-links.test.ts (the footer's own
// list), this one reads the served HTML of the home page and the catalogue root in every language of
// the edition — header, page and footer alike — and follows every link to the site itself. The
// edition gets two subjects, two cities and listed tutors first, so the pages carry their subject,
// city and tutor links too.
import { describe, expect, test } from 'bun:test'
import { EDITIONS, EDITION_CODES, localePath } from '../../common/editions'
import { withTestApp } from '../helpers/app'
import { makeTutor, referenceFixture } from '../helpers/catalogue'

async function follow(url: string): Promise<number> {
  for (let hops = 0; hops < 4; hops++) {
    const res = await fetch(url, { redirect: 'manual' })
    await res.arrayBuffer()
    const to = res.headers.get('location')
    if (![301, 302, 307, 308].includes(res.status) || !to) return res.status
    url = new URL(to, url).toString()
  }
  return 0
}

/** The links of a page to the site itself (relative, or absolute on its origin), without fragments. */
function ownLinks(html: string, base: string): string[] {
  const out = new Set<string>()
  for (const m of html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)) {
    const href = m[1]!.replaceAll('&amp;', '&')
    if (!href || href.startsWith('#') || /^(mailto|tel|javascript):/i.test(href)) continue
    const url = new URL(href, base)
    if (url.origin !== new URL(base).origin) continue
    url.hash = ''
    out.add(url.pathname + url.search)
  }
  return [...out]
}

describe('every link of the home page and the catalogue root', () => {
  for (const code of EDITION_CODES) {
    test(`${code}: header, page and footer links answer 200`, async () => {
      const ed = EDITIONS[code]
      await withTestApp({ site: code, pages: true }, async (app) => {
        const db = app.services.db
        const ref = await referenceFixture(db, code)
        for (const city of [ref.cities.kyiv, ref.cities.lviv])
          await makeTutor(db, {
            subjects: [{ lesson: ref.lessons.math }, { lesson: ref.lessons.english }],
            places: [{ kind: 'home', city }],
            online: true,
            reviewCount: 1,
            reviewAvg: 5,
          })
        const seen = new Set<string>()
        const broken: [string, string, number][] = []
        for (const locale of ed.locales)
          for (const start of ['/', `/${ed.catalogueAlias}/`]) {
            const from = localePath(ed, locale, start)
            const res = await fetch(app.url + from)
            expect([from, res.status]).toEqual([from, 200])
            const links = ownLinks(await res.text(), app.url + from)
            expect(links.length).toBeGreaterThan(15)
            for (const link of links) {
              if (seen.has(link)) continue
              seen.add(link)
              const status = await follow(app.url + link)
              if (status !== 200) broken.push([from, link, status])
            }
          }
        expect(broken).toEqual([])
        expect(seen.size).toBeGreaterThan(20)
        if (process.env.SHOW_LINKS) console.log(code, [...seen].join(' '))
      })
    }, 60_000)
  }
})
