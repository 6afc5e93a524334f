// The site's origin is PUBLIC_URL (required in production; http://localhost:PORT otherwise), never the
// request's Host or X-Forwarded-Host: canonical and hreflang links, the page cache, e-mail links and
// the CSRF origin check all use it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { resolve } from 'node:path'
import { request as httpRequest } from 'node:http'
import { Client, type TestApp, startTestApp } from '../helpers/app'

const EVIL = 'evil.example'
const forged = { host: EVIL, 'x-forwarded-host': EVIL }

/** A GET with a forged Host header (fetch does not let a caller choose Host). */
function getWithHost(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const u = new URL(base)
  return new Promise((done, fail) => {
    const req = httpRequest({ host: u.hostname, port: u.port, path, method: 'GET', headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c) => (body += c))
      res.on('end', () => done({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', fail)
    req.end()
  })
}

function postWithHost(
  base: string,
  path: string,
  json: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const u = new URL(base)
  const payload = JSON.stringify(json)
  return new Promise((done, fail) => {
    const req = httpRequest(
      {
        host: u.hostname,
        port: u.port,
        path,
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(payload)),
        },
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c) => (body += c))
        res.on('end', () => done({ status: res.statusCode ?? 0, body }))
      },
    )
    req.on('error', fail)
    req.end(payload)
  })
}

const links = (html: string) =>
  [...html.matchAll(/<link rel="(?:canonical|alternate)"[^>]*href="([^"]+)"/g)].map((m) => m[1]!)

test('production start without PUBLIC_URL stops with a message naming it', async () => {
  const proc = Bun.spawn(['bun', 'server/main.ts'], {
    cwd: resolve(import.meta.dir, '../..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: '',
      SESSION_SECRET: 'x'.repeat(40),
      PORT: '0',
      DATABASE_URL: '',
      DATA_DIR: '/nonexistent-dir-not-used',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  try {
    // It must stop on its own, before opening any database; a server that starts is killed below.
    const code = await Promise.race([proc.exited, Bun.sleep(20_000).then(() => 'still running')]) // a time limit, not a pause: answers as soon as the process exits
    expect(code).toBe(1)
    expect(await new Response(proc.stderr).text()).toContain('PUBLIC_URL: is required when NODE_ENV=production')
  } finally {
    proc.kill('SIGKILL')
  }
})

describe('without PUBLIC_URL (development default)', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp({ pages: true, publicUrl: null })
  })
  afterAll(() => app.close())

  test('canonical and hreflang links use http://localhost:PORT, not the Host header', async () => {
    const res = await getWithHost(app.url, '/', forged)
    expect(res.status).toBe(200)
    expect(res.body).not.toContain(EVIL)
    const hrefs = links(res.body)
    expect(hrefs.length).toBeGreaterThan(1)
    for (const href of hrefs) expect(href.startsWith('http://localhost:3000/')).toBe(true)
  })

  test('the e-mail confirmation link after registering uses the configured origin', async () => {
    const email = `host-${Date.now()}@example.com`
    const res = await postWithHost(
      app.url,
      '/tutor/register',
      {
        name: 'Host Test',
        email,
        phone: `050${String(Date.now()).slice(-7)}`,
        password: 'long-enough-pass',
        accept_terms: true,
      },
      forged,
    )
    expect(res.status).toBe(200)
    const mail = await app.services.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', email)
      .where('body', 'like', '%confirmation_code=%')
      .executeTakeFirstOrThrow()
    expect(mail.body).toContain('http://localhost:3000/profile/?confirmation_code=')
    expect(mail.body).not.toContain(EVIL)
  })

  test('CSRF: an Origin equal to the forged Host is still another site', async () => {
    const res = await postWithHost(
      app.url,
      '/admin/login',
      { email: 'a@example.com', password: 'x' },
      { ...forged, origin: `http://${EVIL}` },
    )
    expect(res.status).toBe(403)
    expect(JSON.parse(res.body)).toEqual({ status: 'fail', error: 'forbidden' })
    // The configured origin passes the check (then fails the sign-in itself).
    const own = await postWithHost(
      app.url,
      '/admin/login',
      { email: 'a@example.com', password: 'x' },
      { origin: 'http://localhost:3000' },
    )
    expect(own.status).toBe(401)
  })
})

describe('production with PUBLIC_URL', () => {
  let app: TestApp
  const PUBLIC = 'https://tutors.example'
  beforeAll(async () => {
    app = await startTestApp({ pages: true, nodeEnv: 'production', publicUrl: PUBLIC })
  })
  afterAll(() => app.close())

  test('a forged Host neither reaches the page nor the page cache', async () => {
    const first = await getWithHost(app.url, '/', forged)
    expect(first.status).toBe(200)
    expect(first.body).not.toContain(EVIL)
    // The next visitor (from the page cache or not) gets links to PUBLIC_URL only.
    const next = await fetch(`${app.url}/`)
    const html = await next.text()
    expect(html).not.toContain(EVIL)
    for (const href of links(html)) expect(href.startsWith(`${PUBLIC}/`)).toBe(true)
  })

  test('CSRF compares the Origin with PUBLIC_URL', async () => {
    const c = new Client(app.url)
    expect(
      (await c.api.post('/admin/login', { email: 'a@example.com', password: 'x' }, { origin: app.url })).status,
    ).toBe(403)
    expect(
      (await c.api.post('/admin/login', { email: 'a@example.com', password: 'x' }, { origin: PUBLIC })).status,
    ).toBe(401)
    const forgedHost = await postWithHost(
      app.url,
      '/admin/login',
      { email: 'a@example.com', password: 'x' },
      { ...forged, origin: `https://${EVIL}` },
    )
    expect(forgedHost.status).toBe(403)
  })
})
