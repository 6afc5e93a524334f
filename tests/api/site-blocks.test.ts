// Site blocks (the panel page units_blocks; our calls /admin/units_blocks/*): the staff calls
// of the `units_blocks` area (staff 1, 3 and 4), the blocks seeded with the site's texts for every edition,
// per-language save (plain text folded, HTML sanitised, a language the edition does not serve refused),
// change_status, and the rendered main page and footer showing an active block or the catalog's text.
import { describe, expect, test } from 'bun:test'
import { Client, makePerson, makeStaff, signedIn, useTestApp, type TestApp } from '../helpers/app'
import { fieldErrors } from '../helpers/api'
import { EDITION_CODES, EDITIONS } from '../../common/editions'
import { t as text } from '../../i18n/keys'

const app = useTestApp({ pages: true })

async function staff(t: TestApp, status: 1 | 2 | 3 | 4) {
  return signedIn(t, { staff: (await makeStaff(t, status)).email })
}

async function blockId(alias: string) {
  const s = await staff(app, 1)
  const list = await s.api.post('/admin/units_blocks/index', { page: 1 })
  return { s, block: list.json.data.items.find((b) => b.alias === alias)! }
}

/** The main page as a visitor gets it, after the panel's clear_cache (every cache of every process). */
async function mainPage(s: Client, path = '/') {
  expect((await s.api.post('/admin/system/clear_cache', {})).status).toBe(200)
  return (await fetch(app.url + path)).text()
}

describe('site blocks: staff calls', () => {
  test('access: the units_blocks area (staff 1, 3, 4); staff 2 and a tutor 403, anonymous 401', async () => {
    for (const status of [1, 3, 4] as const)
      expect((await (await staff(app, status)).api.post('/admin/units_blocks/index', { page: 1 })).status).toBe(200)
    const s2 = await staff(app, 2)
    expect((await s2.api.post('/admin/units_blocks/index', { page: 1 })).status).toBe(403)
    expect((await s2.api.get('/admin/units_blocks/get?id=1')).status).toBe(403)
    expect((await s2.api.post('/admin/units_blocks/save', { id: 1, texts: { ua: 'x' } })).status).toBe(403)
    expect((await s2.api.post('/admin/units_blocks/change_status', { id: 1 })).status).toBe(403)
    const tutor = await makePerson(app, { tutor: true })
    expect(
      (await (await signedIn(app, { tutor: tutor.email })).api.post('/admin/units_blocks/index', { page: 1 })).status,
    ).toBe(403)
    const anonymous = new Client(app.url)
    expect((await anonymous.api.post('/admin/units_blocks/save', { id: 1, texts: { ua: 'x' } })).status).toBe(401)
    expect((await anonymous.api.get('/admin/units_blocks/get?id=1')).status).toBe(401)
  })

  test('seeded for every edition with the texts the site shows, in every language it serves', async () => {
    const rows = await app.services.db
      .selectFrom('site_blocks')
      .select(['edition', 'alias', 'texts', 'active'])
      .execute()
    for (const code of EDITION_CODES) {
      const ed = EDITIONS[code]
      const of = (alias: string) => rows.find((r) => r.edition === code && r.alias === alias)!
      for (const l of ed.locales) {
        expect((of('home_heading').texts as Record<string, string>)[l]).toBe(text(l, 'home.heading'))
        expect((of('home_description').texts as Record<string, string>)[l]).toBe(text(l, 'home.description'))
        expect((of('footer_rights').texts as Record<string, string>)[l]).toBe(text(l, 'footer.rights'))
      }
      expect(of('footer_notice').texts).toEqual({})
    }
    const { s } = await blockId('home_heading')
    const list = (await s.api.post('/admin/units_blocks/index', { page: 1 })).json.data
    expect(list.items.map((b) => b.alias)).toEqual([
      'home_heading',
      'home_description',
      'footer_rights',
      'footer_notice',
    ])
    expect(list.items.every((b) => b.edition === 'ua' && b.active)).toBe(true)
  })

  test('bad input is a 4xx: unknown id 404, malformed id 400, a language the edition does not serve 422, too long 422', async () => {
    const { s, block } = await blockId('home_heading')
    expect((await s.api.get('/admin/units_blocks/get?id=999999')).status).toBe(404)
    expect((await s.api.post('/admin/units_blocks/change_status', { id: 999999 })).status).toBe(404)
    expect((await s.raw.post('/admin/units_blocks/save', { id: 'x', texts: {} })).status).toBe(400)
    const pl = await s.api.post('/admin/units_blocks/save', { id: block.id, texts: { pl: 'Cześć' } })
    expect(pl.status).toBe(422)
    expect(Object.keys(fieldErrors(pl.json))).toContain('texts.pl')
    expect((await s.raw.post('/admin/units_blocks/save', { id: block.id, texts: { xx: 'a' } })).status).toBe(422)
    expect((await s.raw.post('/admin/units_blocks/save', { id: block.id, texts: 'not json' })).status).toBe(422)
    expect(
      (await s.api.post('/admin/units_blocks/save', { id: block.id, texts: { ua: 'a'.repeat(501) } })).status,
    ).toBe(422)
    expect((await s.raw.post('/admin/units_blocks/save', { id: block.id, texts: '{"ua":"A\\u0000B"}' })).status).toBe(
      422,
    )
    // Nothing above changed the block.
    expect((await s.api.get(`/admin/units_blocks/get?id=${block.id}`)).json.data.texts).toEqual(block.texts)
  })

  test('a saved heading is what the main page shows; other languages keep theirs; inactive or emptied: the catalog text', async () => {
    const { s, block } = await blockId('home_heading')
    const saved = await s.api.post('/admin/units_blocks/save', {
      id: block.id,
      texts: { ua: '  Репетитори   поруч  ' },
    })
    expect(saved.status).toBe(200)
    expect(saved.json.data.texts).toEqual({ ...block.texts, ua: 'Репетитори поруч' })
    expect(await mainPage(s)).toContain('>Репетитори поруч</h1>')
    // Russian kept its seeded text.
    expect(await mainPage(s, '/ru/')).toContain(`>${text('ru', 'home.heading')}</h1>`)

    const off = await s.api.post('/admin/units_blocks/change_status', { id: block.id })
    expect(off.json.data.active).toBe(false)
    expect(await mainPage(s)).toContain(`>${text('ua', 'home.heading')}</h1>`)
    expect((await s.api.post('/admin/units_blocks/change_status', { id: block.id })).json.data.active).toBe(true)
    expect(await mainPage(s)).toContain('>Репетитори поруч</h1>')

    // An emptied language falls back to the catalog's text.
    expect(
      (await s.api.post('/admin/units_blocks/save', { id: block.id, texts: { ua: '' } })).json.data.texts.ua,
    ).toBeUndefined()
    expect(await mainPage(s)).toContain(`>${text('ua', 'home.heading')}</h1>`)
  })

  test('the footer notice is HTML, sanitised on save and shown on every page', async () => {
    const { s, block } = await blockId('footer_notice')
    expect(block.kind).toBe('html')
    const saved = await s.api.post('/admin/units_blocks/save', {
      id: block.id,
      texts: { ua: '<p>Ліцензія №1 <a href="javascript:alert(1)">x</a><script>alert(2)</script></p>' },
    })
    expect(saved.status).toBe(200)
    expect(saved.json.data.texts.ua).toBe('<p>Ліцензія №1 <a>x</a></p>')
    const html = await mainPage(s, '/reviews')
    expect(html).toContain('data-testid="footer-notice"')
    expect(html).toContain('Ліцензія №1')
    expect(html).not.toContain('alert(')
  })
})
