// The header's language links lead to a page that exists: the same page in the other language, and on a
// page that is not there (404, 410) that language's home page, not the same missing path again.
import { expect, test } from 'bun:test'
import { useTestApp } from '../helpers/app'

const app = useTestApp({ pages: true })

/** The language links of the header of the page at `path`. */
async function languageLinks(path: string) {
  const html = await (await fetch(app.url + path)).text()
  const nav = html.match(/<nav[^>]*data-testid="language-switcher"[^>]*>([\s\S]*?)<\/nav>/)
  expect(nav).not.toBeNull()
  return [...nav![1]!.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!)
}

test('a missing page links to the other language home page, which answers 200', async () => {
  for (const path of ['/no-such-page/', '/user-999999/', '/tutors/no-such-subject/']) {
    const links = await languageLinks(path)
    expect({ path, links }).toEqual({ path, links: ['/ru/'] })
    for (const href of links) expect((await fetch(app.url + href)).status).toBe(200)
  }
})

test('a page that exists links to itself in the other language', async () => {
  expect(await languageLinks('/reviews')).toEqual(['/ru/reviews'])
  expect((await fetch(`${app.url}/ru/reviews`)).status).toBe(200)
})
