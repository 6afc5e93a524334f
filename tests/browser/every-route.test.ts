// Every route of the route table opens as the role it needs: 5 s after its last request is answered no
// loading text (nor a busy placeholder) is left on the screen, and the page is no 404. Each pattern gets a concrete path
// below; a route or screen added to the table without one fails the first test.
import { beforeAll, expect, test } from 'bun:test'
import { sql } from 'kysely'
import type { BrowserContext, Page } from 'playwright-core'
import { type Guard, type Pattern, ROUTES } from '../../common/routes'
import { staffMayAccess } from '../../common/staff-areas'
import { OrderStatus } from '../../common/order-status'
import { t } from '../../i18n/keys'
import { PASSWORD, type TestApp, makePerson, makeStaff } from '../helpers/app'
import { withBrowserApp } from '../helpers/browser'
import { waitFor } from '../helpers/wait'
import { makeTutor, referenceFixture } from '../helpers/catalogue'
import { makeOrder } from '../helpers/orders'
import type { Browser } from 'playwright-core'

let app: TestApp
let browser: Browser
withBrowserApp((s) => {
  ;({ app, browser } = s)
})

const jsonb = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`
/** Concrete paths for the patterns that are regular expressions or take a parameter, by `route/screen`. */
const samples = new Map<string, string[]>()
let tutorEmail = ''
let clientEmail = ''

beforeAll(async () => {
  const db = app.services.db
  const ref = await referenceFixture(db)
  const tutorId = await makeTutor(db, {
    subjects: [{ lesson: ref.lessons.math }],
    places: [{ kind: 'home', city: ref.cities.kyiv }],
    online: true,
  })
  for (const alias of ['faq', 'materials', 'about', 'contacts', 'how-it-works'])
    await db
      .insertInto('static_pages')
      .values({
        edition: 'ua',
        alias,
        titles: jsonb({ ua: `Сторінка ${alias}` }),
        texts: jsonb({ ua: '<p>Текст</p>' }),
      })
      .onConflict((oc) => oc.doNothing())
      .execute()
  const blog = await db
    .insertInto('blogs')
    .values({
      edition: 'ua',
      tutor_id: tutorId,
      title: 'Допис',
      text: 'Текст допису',
      status: 'published',
      published_at: sql<Date>`now()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const vacancy = await db
    .insertInto('vacancies')
    .values({ edition: 'ua', titles: jsonb({ ua: 'Менеджер' }), texts: jsonb({ ua: '<p>Опис</p>' }) })
    .returning('id')
    .executeTakeFirstOrThrow()
  const tutor = await makePerson(app, { tutor: true })
  const client = await makePerson(app, { client: true })
  tutorEmail = tutor.email
  clientEmail = client.email
  const order = await makeOrder(app, { client_id: client.clientId, status: OrderStatus.New })
  samples.set('catalogue_root', ['/tutors/', '/tutors-online/'])
  samples.set('catalogue', ['/tutors/matematyka/', '/tutors/matematyka/kyiv/', '/tutors-online/matematyka/'])
  samples.set('tutor_profile', [`/user-${tutorId}/`])
  samples.set('static_page', ['/p/faq/', '/materials/'])
  samples.set('static_short', ['/about', '/contacts', '/how-it-works'])
  samples.set('news', ['/news/'])
  samples.set('blog', ['/blog/'])
  samples.set('blog_post', [`/blog/${blog.id}/`])
  samples.set('media', ['/media'])
  samples.set('vacancies', ['/vacancy'])
  samples.set('vacancy', [`/vacancy/${vacancy.id}/`])
  samples.set('school', ['/school/'])
  samples.set('order', [`/zayavka/${order.orderId}/`])
  samples.set('oauth_callback', ['/oauth/callback/tutor'])
  samples.set('pay/pay_local', ['/pay/local/unknown-reference'])
  samples.set('bare/away', ['/away?url=https%3A%2F%2Fexample.com%2Fpage'])
})

/**
 * Who opens a sample whose route answers anybody but whose page decides by the reader: the order page is
 * drawn for its parties and staff only (a visitor gets the 404 page), so its client opens it.
 */
const readers = new Map<string, Guard>([['order', { role: 'client' }]])

/** A concrete path of a string pattern: the rest and optional parameters dropped. */
function plain(p: Pattern): string | null {
  if (typeof p !== 'string' || /\/:[^/]+[^?]$|\/:[^/]+$/.test(p.replace(/\/\*\??$/, ''))) return null
  return p.replace(/\/\*\??$/, '').replace(/\/:[^/]+\?/g, '') || '/'
}

interface Visit {
  label: string
  path: string
  guard: Guard
}

function visits(): Visit[] {
  const out: Visit[] = []
  const add = (label: string, patterns: readonly Pattern[], guard: Guard) => {
    const given = samples.get(label)
    const paths = given ?? patterns.map(plain)
    if (paths.length === 0 || paths.some((p) => p === null)) throw new Error(`no sample path for ${label}`)
    for (const path of paths as string[]) out.push({ label, path, guard: readers.get(label) ?? guard })
  }
  for (const route of ROUTES) {
    if (route.status && route.status !== 200) continue
    if (route.resolve || route.paths?.some((p) => typeof p !== 'string'))
      add(route.name, route.screens ? [] : (route.paths ?? []), route.guard)
    else if (route.paths && !route.screens) add(route.name, route.paths, route.guard)
    for (const s of route.screens ?? []) add(`${route.name}/${s.name}`, s.paths, s.guard)
  }
  return out
}

const contexts = new Map<string, Promise<BrowserContext>>()

/** A browser context signed in as the guard asks (staff: a status that opens the area), made once. */
function contextFor(guard: Guard): Promise<BrowserContext> {
  const area = guard.role === 'staff' ? guard.area : null
  const status = area === null ? 0 : ([1, 2, 3, 4] as const).find((s) => staffMayAccess(s, area))!
  const key = guard.role === 'staff' ? `staff${status}` : guard.role
  let ctx = contexts.get(key)
  if (!ctx) {
    ctx = signedInContext(guard, status)
    contexts.set(key, ctx)
  }
  return ctx
}

async function signedInContext(guard: Guard, status: number): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const post = (path: string, data: object) =>
    ctx.request.post(`${app.url}${path}`, { data }).then((r) => expect(r.status()).toBe(200))
  if (guard.role === 'tutor' || guard.role === 'tutor_or_client')
    await post('/tutor/login', { login: tutorEmail, password: PASSWORD })
  if (guard.role === 'client') await post('/client/auth/login', { login: clientEmail, password: PASSWORD })
  if (guard.role === 'staff')
    await post('/admin/login', { email: (await makeStaff(app, status as 1)).email, password: PASSWORD })
  return ctx
}

/** How long the page has had no request in flight (0 while one is). */
function networkOf(page: Page): { quietFor(): number } {
  let inFlight = 0
  let quietSince = Date.now()
  page.on('request', () => {
    inFlight++
  })
  const done = () => {
    inFlight = Math.max(0, inFlight - 1)
    if (inFlight === 0) quietSince = Date.now()
  }
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  return { quietFor: () => (inFlight > 0 ? 0 : Date.now() - quietSince) }
}

/**
 * Resolves once the page's main thread has had nothing to do (an idle callback ran), or after 10 s of
 * work without a pause: whatever arrived has then been run.
 */
function mainThreadIdle(page: Page): Promise<boolean> {
  return page.evaluate(() => new Promise<boolean>((done) => requestIdleCallback(() => done(true), { timeout: 10_000 })))
}

/** What is still loading on the page: a loading text or a busy placeholder, visible. */
async function stillLoading(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect()
      return r.width > 0 && r.height > 0
    }
    const busy = [...document.querySelectorAll('[aria-busy="true"]')].find(visible)
    if (busy) return `aria-busy: ${busy.outerHTML.slice(0, 120)}`
    // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what a person sees
    const text = document.body.innerText
    const m = /(Завантаження|Загрузка|Loading|Ładowanie|Cargando)…/.exec(text)
    return m ? m[0] : null
  })
}

test('every route of the table has a path here', () => {
  const labels = visits().map((v) => v.label)
  expect(labels).toContain('bare/auth_as_user')
  expect(labels).toContain('account/school_tutor')
  expect(labels.length).toBeGreaterThan(60)
})

test('every route opens as its role: no loading text 5 s after its last answer once the page is idle, and no 404', async () => {
  const failures: string[] = []
  /** One look at the route: what a person would call wrong with it, and what the page logged on the way. */
  const look = async (v: Visit): Promise<{ problems: string[]; stuck: boolean; log: string[] }> => {
    const ctx = await contextFor(v.guard)
    const page = await ctx.newPage()
    const log: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') log.push(`console ${m.type()}: ${m.text().slice(0, 300)}`)
    })
    page.on('pageerror', (e) => log.push(`page error: ${e.message.slice(0, 300)}`))
    page.on('requestfailed', (r) => log.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`))
    page.on('response', (r) => {
      if (r.status() >= 400) log.push(`HTTP ${r.status()}: ${r.url()}`)
    })
    try {
      const network = networkOf(page)
      const res = await page.goto(`${app.url}${v.path}`, { timeout: 60_000 })
      const status = res?.status() ?? 0
      // Loading is over when nothing is left loading; it is stuck when the page has had every answer for
      // 5 s, its main thread has since been idle, and it still shows it. Counted from the answers, not the
      // load, and waiting for the renderer too: on a starved CI host the last chunk can take seconds to run
      // after it arrived, which is no failure of the page.
      await waitFor(
        async () => !(await stillLoading(page)) || (network.quietFor() >= 5000 && (await mainThreadIdle(page))),
        { timeout: 60_000, interval: 100 },
      ).catch(() => {})
      const loading = await stillLoading(page)
      // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what a person sees
      const text = await page.evaluate(() => document.body.innerText)
      const problems: string[] = []
      if (status >= 400) problems.push(`${v.path} (${v.label}): HTTP ${status}`)
      if (loading) problems.push(`${v.path} (${v.label}): still loading 5 s after its last answer (${loading})`)
      if (text.includes(t('ua', 'notfound.page_not_found'))) problems.push(`${v.path} (${v.label}): the 404 page`)
      return { problems, stuck: !!loading, log }
    } finally {
      await page.close()
    }
  }
  const visit = async (v: Visit) => {
    let first = await look(v)
    // A page found stuck is opened once more before it counts: CI has seen /panel/desktop (the staff
    // context's first pages, three at a time) keep its wait placeholder with nothing left to load, and
    // not again on the next open. What the page logged is printed, to find where it waits
    // (docs/testing.md, "Browser tests").
    if (first.stuck) {
      console.log(
        `every-route: ${v.path} stuck on its first open; its log:\n  ${first.log.join('\n  ') || '(nothing)'}`,
      )
      first = await look(v)
    }
    failures.push(...first.problems)
  }
  // Three pages at a time: the walk is long, and each page mostly waits.
  const queue = visits()
  const worker = async () => {
    for (let v = queue.shift(); v; v = queue.shift()) await visit(v)
  }
  await Promise.all([worker(), worker(), worker()])
  expect(failures).toEqual([])
}, 900_000)
