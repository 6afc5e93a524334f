// Parts of a page kept between renders (server/ssr/kept-html.ts): the tutor cards by their content and
// the footer by the page-wide reads it is drawn from. A page drawn from kept parts is the page rendered
// in full, byte for byte (the browser hydrates either); a changed card or a staff edit of the footer
// shows on the next page. The page cache is off here, so every request renders (as a long-tail page).
import { beforeAll, expect, test } from 'bun:test'
import { makeStaff, signedIn, useTestApp } from '../helpers/app'
import { type Ref, makeTutor, referenceFixture } from '../helpers/catalogue'

const app = useTestApp({ nodeEnv: 'production', pages: true, env: { CATALOGUE_PAGE_CACHE: 'off' } })
let ref: Ref
let tutorIds: number[]
beforeAll(async () => {
  ref = await referenceFixture(app.services.db)
  tutorIds = []
  for (const name of ['Ірина Картка', 'Марко Картка', 'Олег Картка'])
    tutorIds.push(
      await makeTutor(app.services.db, {
        name,
        subjects: [{ lesson: ref.lessons.math }],
        places: [{ kind: 'home', city: ref.cities.kyiv }],
      }),
    )
})

const path = '/tutors/matematyka/kyiv/'
/** A cookie that is no session: past the micro-cache of anonymous answers, as a signed-in visitor. */
const page = async (p = path) => (await fetch(app.url + p, { headers: { cookie: 'sid=not-a-session' } })).text()

/** The page with the state's timestamps out, and its queries in one order (they arrive as they are answered). */
function comparable(html: string) {
  const open = '<script type="application/json" id="__INITIAL_STATE__">'
  const at = html.indexOf(open)
  const end = html.indexOf('</script>', at)
  const state = JSON.parse(html.slice(at + open.length, end))
  for (const q of state.dehydrated.queries) {
    delete q.dehydratedAt
    delete q.state.dataUpdatedAt
  }
  state.dehydrated.queries.sort((a: { queryHash: string }, b: { queryHash: string }) =>
    a.queryHash.localeCompare(b.queryHash),
  )
  return { markup: html.slice(0, at) + html.slice(end), state }
}

test('a page drawn from kept cards and a kept footer is the page rendered in full', async () => {
  // The first render of a page kind waits for its lazy chunk (the stream, which keeps nothing).
  await page()
  app.renderer!.clearKeptHtml()
  const full = await page()
  expect(app.renderer!.keptCards()).toBe(3)
  const kept = await page()
  expect(app.renderer!.keptCards()).toBe(3)
  for (const name of ['Ірина Картка', 'Марко Картка', 'Олег Картка']) expect(kept).toContain(name)
  expect(kept).toContain('<footer')
  expect(comparable(kept)).toEqual(comparable(full))
})

test('a card whose tutor changed is drawn anew on the next page, not from the kept one', async () => {
  await page()
  await app.services.db.updateTable('tutors').set({ name: 'Ірина Оновлена' }).where('id', '=', tutorIds[0]!).execute()
  const after = await page()
  expect(after).toContain('Ірина Оновлена')
  expect(after).not.toContain('Ірина Картка')
  await app.services.db.updateTable('tutors').set({ name: 'Ірина Картка' }).where('id', '=', tutorIds[0]!).execute()
})

test('the footer block staff save shows on the next page', async () => {
  await page()
  const s = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
  const list = await s.api.post('/admin/units_blocks/index', { page: 1 })
  const block = list.json.data.items.find((b: { alias: string }) => b.alias === 'footer_rights')!
  const saved = await s.api.post('/admin/units_blocks/save', { id: block.id, texts: { ua: 'Усі права в нас' } })
  expect(saved.status).toBe(200)
  expect(await page()).toContain('Усі права в нас')
})

test("the page's state carries what the cards show, not the whole cards the API answers", async () => {
  const html = await page()
  const state = JSON.parse(html.match(/id="__INITIAL_STATE__">(.*?)<\/script>/)![1]!)
  const list = state.dehydrated.queries.find((q: { queryKey: unknown }) =>
    JSON.stringify(q.queryKey).includes('"tutors"'),
  )
  const item = list.state.data.items[0]
  expect(item.name).toBeDefined()
  expect(item.short_description).toBeDefined()
  expect(item.description).toBeUndefined()
  expect(item.lessons[0]).toEqual({ id: expect.any(Number), name: expect.any(String), levels: expect.any(Array) })
  const api = await fetch(`${app.url}/client/tutors?lesson=matematyka&city=kyiv`).then((r) => r.json())
  expect(api.data.items[0].description).toBeDefined()
})
