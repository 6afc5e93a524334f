// Page metatags used by the server-rendered pages (docs/api.md#admin-seo "Page meta
// tags"): a staff edit in the panel changes the served <title> and description of that path in that
// language once the kept copy expires; other languages and paths keep their own; deleting the row
// gives the page its own head back.
import { describe, expect, test } from 'bun:test'
import { clearPageMetatags } from '../../server/domain/site/page-metatags'
import { makeStaff, signedIn, useTestApp } from '../helpers/app'

const app = useTestApp({ pages: true })

const head = async (path: string) => {
  const res = await fetch(app.url + path)
  expect(res.status).toBe(200)
  const html = await res.text()
  return {
    title: html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '',
    description: html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? '',
  }
}

describe('page metatags in the served head', () => {
  test('a staff edit changes the title and description of that path and language, and only there', async () => {
    const s = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
    const before = await head('/about')
    const otherBefore = await head('/contacts')
    expect(before.title).not.toContain('Про нас — репетитори поруч')

    const created = await s.api.post('/admin/seo/page/metatags/create', {
      page_metatags: {
        path: '/about/',
        locale: 'ua',
        title: 'Про нас — репетитори поруч',
        description: 'Хто ми & чому нам довіряють',
        h1: '',
      },
    })
    expect(created.status).toBe(200)
    clearPageMetatags() // what the 10 s expiry does
    const after = await head('/about')
    expect(after.title).toBe(`Про нас — репетитори поруч | ${app.services.edition.siteName}`)
    expect(after.description).toBe('Хто ми &amp; чому нам довіряють')
    // Written with a slash, asked for without: the same page. Another page and another language keep their own.
    expect(await head('/contacts')).toEqual(otherBefore)
    const ru = await fetch(`${app.url}/ru/about`).then((r) => r.text())
    expect(ru).not.toContain('Про нас — репетитори поруч')

    // An empty description keeps the page's own.
    const id = created.json.data.seo_page_metatags_id
    expect(
      (
        await s.api.post('/admin/seo/page/metatags/save', {
          seo_page_metatags_id: id,
          page_metatags: { path: '/about', locale: 'ua', title: 'Лише заголовок', description: '', h1: '' },
        })
      ).status,
    ).toBe(200)
    clearPageMetatags()
    expect(await head('/about')).toEqual({
      title: `Лише заголовок | ${app.services.edition.siteName}`,
      description: before.description,
    })

    expect((await s.api.post('/admin/seo/page/metatags/delete', { seo_page_metatags_id: id })).status).toBe(200)
    clearPageMetatags()
    expect(await head('/about')).toEqual(before)
  })
})
