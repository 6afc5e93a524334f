// Bad input is a 4xx, never a 500 (CONTRACT.md "HTTP"): ids out of range or not written plainly, NUL in
// text, huge page numbers, flags other than 0/1/true/false, oversized bodies and headers, unknown methods,
// and concurrent first sign-ins of one new e-mail.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { routes } from '../../server/rest/routes'
import { Client, type TestApp, makePerson, makeStaff, signedIn, startTestApp } from '../helpers/app'

let app: TestApp
let staff: Client
let tutor: Client
let client: Client
let tutorId: number
beforeAll(async () => {
  app = await startTestApp()
  staff = await signedIn(app, { staff: (await makeStaff(app, 1)).email })
  const t = await makePerson(app, { tutor: true })
  tutorId = t.tutorId!
  tutor = await signedIn(app, { tutor: t.email })
  client = await signedIn(app, { client: (await makePerson(app, { client: true })).email })
})
afterAll(() => app.close())

const OVER = 2147483648 // 2^31: one past PostgreSQL's integer
const ID_KEYS = [
  'id', 'order_id', 'tutor_id', 'lesson_id', 'client_id', 'city_id', 'rate_id', 'admin_id', 'seo_page_metatags_id', 'district_id',
  'region_id', 'level_id', 'subdistrict_id', 'chat_id', 'affiliate_id', 'subject_id', 'response_id', 'recipient_id', 'practice_id',
  'personal_tutor_id', 'payment_id', 'card_id', 'message_id', 'review_id', 'last_id',
]
const TEXT_KEYS = ['name', 'text', 'email', 'login', 'phone', 'password', 'title', 'comment', 'message', 'msg_text', 'description', 'alias', 'info', 'reason', 'q', 'search', 'auth_code', 'token', 'first_name', 'last_name']

function fill(value: (key: string) => unknown, keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, value(k)]))
}

/** Every documented path, as every role, with the given body; answers with a status of 500 or more are returned. */
async function serverErrors(body: Record<string, unknown>) {
  const failures: string[] = []
  for (const route of routes) {
    if (route.path.includes('/login') || route.path.includes('logout')) continue
    for (const [who, c] of [['staff', staff], ['tutor', tutor], ['client', client], ['anonymous', new Client(app.url)]] as const) {
      const method = route.method === 'GET' ? 'GET' : 'POST'
      const query = method === 'GET' ? `?${new URLSearchParams(Object.entries(body).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)])).toString()}` : ''
      const res = await c.request(method, route.path + query, method === 'POST' ? { json: body } : {})
      if (res.status >= 500) failures.push(`${who} ${method} ${route.path} → ${res.status}`)
    }
  }
  return failures
}

describe('every documented path', () => {
  test('an id above 2^31-1 in any id field is never a 500', async () => {
    const ids = fill(() => OVER, ID_KEYS)
    expect(await serverErrors({ ...ids, ids: [OVER], order: ids, tutor: ids, request: ids, filters: ids })).toEqual([])
  }, 300_000)

  test('NUL in any text field is never a 500', async () => {
    const texts = fill((k) => `a\u0000${k}@example.com`, TEXT_KEYS)
    expect(await serverErrors({ ...texts, id: 1, order: texts, tutor: texts, request: texts, filters: texts })).toEqual([])
  }, 300_000)
})
