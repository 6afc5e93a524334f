// With NODE_ENV=production no answer carries a stack trace or SQL, whatever fails.
import { expect, test } from 'bun:test'
import { sql } from 'kysely'
import { Client, makeStaff, signedIn, useTestApp } from '../helpers/app'

const app = useTestApp({ nodeEnv: 'production' })

const LEAKS = /at .*\(|\.ts:\d+|stack|select |insert |update |relation "|syntax error|postgres|pglite|kysely/i

test('a database fault is a bare 500 server_error, logged with a request id', async () => {
  const staff = await makeStaff(app, 1)
  const c = await signedIn(app, { staff: staff.email })
  await sql`alter table site_reviews rename to site_reviews_gone`.execute(app.services.db)
  try {
    for (const path of ['/admin/site_reviews/get?page=1', '/client/footer']) {
      const res = await c.raw.get(path)
      expect(res.status).toBe(500)
      expect(res.json).toEqual({ status: 'error', error: 'server_error' })
      expect(res.text).not.toMatch(LEAKS)
    }
    const trpc = await c.raw.get('/trpc/public.site.footer')
    expect(trpc.status).toBe(500)
    expect(trpc.text).not.toMatch(LEAKS)
    expect(app.logs.some((l) => l.includes('requestId') && l.includes('site_reviews'))).toBe(true)
  } finally {
    await sql`alter table site_reviews_gone rename to site_reviews`.execute(app.services.db)
  }
})

test('bad input answers name fields, never internals', async () => {
  for (const body of ['{"broken', '[1,2', 'null']) {
    const res = await new Client(app.url).request('POST', '/admin/login', {
      body,
      headers: { 'content-type': 'application/json' },
    })
    expect([400, 422]).toContain(res.status)
    expect(res.text).not.toMatch(LEAKS)
  }
})
