// Server-rendered catalogue pages are rendered once and shared by every visitor, signed in or not
// (server/ssr/shared-pages.ts); the header, the one personal part, is an island rendered per visitor
// (client/shell/HeaderIsland.tsx) and who they are travels in a script of its own.
import { beforeAll, expect, test } from 'bun:test'
import { makePerson, signedIn, useTestApp } from '../helpers/app'
import { type Ref, makeTutor, referenceFixture } from '../helpers/catalogue'

const app = useTestApp({ nodeEnv: 'production', pages: true })
let ref: Ref
beforeAll(async () => {
  ref = await referenceFixture(app.services.db)
  for (const name of ['Ірина Спільна', 'Марко Спільний'])
    await makeTutor(app.services.db, {
      name,
      subjects: [{ lesson: ref.lessons.math }],
      places: [{ kind: 'home', city: ref.cities.kyiv }],
    })
})

const path = '/tutors/matematyka/kyiv/'

/** The header island's content, the visitor's own query, the page's state, and everything else of the page. */
function parts(html: string) {
  const island = html.match(/<div id="site-header">([\s\S]*?<\/header>)<\/div>/)
  const state = html.match(/<script type="application\/json" id="__INITIAL_STATE__">(.*?)<\/script>/)
  expect(island).not.toBeNull()
  expect(state).not.toBeNull()
  const queries = JSON.parse(state![1]!).dehydrated.queries as { queryKey: unknown; state: { data: unknown } }[]
  const roleQuery = queries.find((q) => JSON.stringify(q.queryKey).includes('role'))
  expect(roleQuery).toBeDefined()
  // The visitor's query ends the list (after a comma: the page has queries of its own).
  expect(queries.at(-1)).toBe(roleQuery)
  const role = `,${JSON.stringify(roleQuery)}`
  expect(state![1]!).toContain(role)
  const body = html.slice(html.indexOf('<body'))
  return {
    header: island![1]!,
    auth: (roleQuery!.state.data as { auth: unknown }).auth,
    state: state![1]!.replace(role, ''),
    // The page without the visitor's parts: the same bytes for everybody when it is shared.
    page: body.replace(island![1]!, '').replace(role, ''),
  }
}

async function namedPeople() {
  const client = await makePerson(app, { client: true })
  await app.services.db
    .updateTable('clients')
    .set({ name: 'Олена Клієнтка' })
    .where('id', '=', client.clientId!)
    .execute()
  const tutor = await makePerson(app, { tutor: true })
  await app.services.db
    .updateTable('tutors')
    .set({ name: 'Тарас Репетитор', first_name: 'Тарас' })
    .where('id', '=', tutor.tutorId!)
    .execute()
  return { client, tutor }
}

test('two signed-in people and an anonymous visitor share one rendered page, each with their own header; the kept page holds no name or e-mail', async () => {
  const { client, tutor } = await namedPeople()
  const asClient = await signedIn(app, { client: client.email })
  const asTutor = await signedIn(app, { tutor: tutor.email })

  // The client's request renders the page and keeps it; the others are answered from it.
  const ofClient = await asClient.raw.get(path)
  const ofAnonymous = await fetch(app.url + path).then((r) => r.text())
  const ofTutor = await asTutor.raw.get(path)
  expect(ofClient.status).toBe(200)
  expect(ofTutor.status).toBe(200)
  const c = parts(ofClient.text)
  const a = parts(ofAnonymous)
  const t = parts(ofTutor.text)

  // Each header is its visitor's own.
  expect(c.header).toContain('data-testid="user-menu"')
  expect(c.header).toContain('Олена Клієнтка')
  expect(t.header).toContain('data-testid="user-menu"')
  expect(t.header).toContain('Тарас')
  expect(a.header).toContain('data-testid="login-dropdown"')
  expect(a.header).not.toContain('data-testid="user-menu"')
  expect(ofTutor.text).not.toContain('Олена Клієнтка')
  expect(ofClient.text).not.toContain('Тарас')
  for (const html of [ofAnonymous])
    for (const secret of ['Олена Клієнтка', 'Тарас', client.email, tutor.email]) expect(html).not.toContain(secret)

  // Who is signed in travels in the visitor's own query, not in the shared state.
  expect(c.auth).toMatchObject({ client_info: { name: 'Олена Клієнтка' } })
  expect(t.auth).toMatchObject({ tutor_info: { first_name: 'Тарас' } })
  expect(a.auth).toMatchObject({ client: false })
  for (const p of [c, a, t]) expect(p.state).not.toContain('"role"')

  // The page itself is one and the same for the three; the tutors it lists are in it.
  expect(a.page).toBe(c.page)
  expect(t.page).toBe(c.page)
  expect(c.page).toContain('Ірина Спільна')

  // What the renderer keeps holds nobody's name or e-mail.
  const kept = (await app.renderer!.keptPages()).map((p) => p.parts.join('')).join('\n')
  expect(kept).toContain('Ірина Спільна')
  for (const secret of ['Олена Клієнтка', 'Тарас', client.email, tutor.email, 'user-menu'])
    expect(kept).not.toContain(secret)
})

test('the kept page follows its slot: a tutor listed after it was rendered shows at once, signed in or not', async () => {
  const { client } = await namedPeople()
  const asClient = await signedIn(app, { client: client.email })
  const before = await asClient.raw.get(path)
  expect(before.text).not.toContain('Богдан Новий')
  await makeTutor(app.services.db, {
    name: 'Богдан Новий',
    subjects: [{ lesson: ref.lessons.math }],
    places: [{ kind: 'home', city: ref.cities.kyiv }],
  })
  const after = await asClient.raw.get(path)
  expect(after.text).toContain('Богдан Новий')
  expect(parts(after.text).header).toContain('Олена Клієнтка')
})

test('pages other than the catalogue render with the visitor in the header island too', async () => {
  const { client } = await namedPeople()
  const asClient = await signedIn(app, { client: client.email })
  for (const p of ['/', '/user-999999/', '/no-such-page']) {
    const res = await asClient.raw.get(p)
    expect(parts(res.text).header).toContain('Олена Клієнтка')
  }
})

test('a kept page answers gzip from its compressed pieces, and plain text to a client without gzip', async () => {
  const { client } = await namedPeople()
  const asClient = await signedIn(app, { client: client.email })
  await asClient.raw.get(path)
  const gzip = await fetch(app.url + path, {
    headers: { cookie: [...asClient.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'accept-encoding': 'gzip' },
    decompress: false,
  } as RequestInit)
  expect(gzip.headers.get('content-encoding')).toBe('gzip')
  const html = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gzip.arrayBuffer())))
  expect(parts(html).header).toContain('Олена Клієнтка')
  expect(html).toContain('Ірина Спільна')
  expect(html.trimEnd().endsWith('</html>')).toBe(true)
  const plain = await fetch(app.url + path, {
    headers: { cookie: [...asClient.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'accept-encoding': 'identity' },
  })
  expect(plain.headers.get('content-encoding')).toBeNull()
  const text = await plain.text()
  expect(parts(text).page).toBe(parts(html).page)
})
