// Every footer link of every edition, in every language it serves, answers 200 (or a redirect to a
// 200): every link of the footer is followed. The links are the footer's own
// list (client/shell/footer-links.ts), so a link added there is followed here too.
import { describe, expect, test } from 'bun:test'
import { EDITIONS, EDITION_CODES, localePath } from '../../common/editions'
import { footerLinks } from '../../client/shell/footer-links'
import { withTestApp } from '../helpers/app'

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
