// A real server on a random port over a fresh test database; the typed HTTP client with a cookie jar is in api.ts.
import { afterAll, beforeAll } from 'bun:test'
import { rm } from 'node:fs/promises'
import { resolve } from 'node:path'
import { type DbHandle, createDb } from '../../db/client'
import { createApp } from '../../server/app'
import { bootServices } from '../../server/boot'
import { createStaff } from '../../server/domain/auth/sign-in'
import { hashPassword } from '../../server/domain/auth/passwords'
import type { EditionCode } from '../../common/editions'
import { parseEnv } from '../../server/env'
import type { AppServices } from '../../server/trpc/context'
import { testDb } from './db'
import { Client } from './api'

export { Client }

export const CLIENT_DIR = resolve(import.meta.dir, '../../dist/client')
export const PASSWORD = 'correct-horse-42'

export interface TestApp {
  url: string
  services: AppServices
  handle: DbHandle
  /** The PostgreSQL database of this app (only with DATABASE_URL): another app may share it. */
  databaseUrl?: string
  logs: string[]
  /** The page renderer (with `pages`): tests read what it keeps. */
  renderer?: Awaited<ReturnType<typeof import('../../server/ssr/render').createPageRenderer>>
  close(): Promise<void>
}

let apps = 0

export async function startTestApp(
  opts: {
    site?: EditionCode
    nodeEnv?: 'test' | 'production'
    /** PUBLIC_URL; null leaves it unset (the configured default origin); absent: the server's own address. */
    publicUrl?: string | null
    pages?: boolean
    /** Share another app's PostgreSQL database (a second server process); closing leaves it in place. */
    databaseUrl?: string
    /** TRUSTED_PROXIES (e.g. '127.0.0.1' to let a test choose its client address by X-Forwarded-For). */
    trustedProxies?: string
    /** More environment (SMTP_URL, JOBS_SWEEP_SECONDS, …). */
    env?: Record<string, string>
    /** Run durable jobs (server/jobs) in this app; with `sweeps` also the minute sweeps. */
    jobs?: boolean
    sweeps?: boolean
  } = {},
): Promise<TestApp> {
  const handle: DbHandle & { url?: string } = opts.databaseUrl
    ? { ...(await createDb({ databaseUrl: opts.databaseUrl, maxConnections: 8 })), url: opts.databaseUrl }
    : await testDb()
  // Files (documents, avatars, chat media) per database: ids restart in every test database, so a
  // shared directory would mix one test file's tutor 1 with another's.
  const dataDir = resolve(
    import.meta.dir,
    '../../.test-data',
    handle.url ? new URL(handle.url).pathname.slice(1) : `pglite_${process.pid}_${++apps}`,
  )
  const env = parseEnv({
    NODE_ENV: opts.nodeEnv ?? 'test',
    SITE: opts.site ?? 'ua',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PASSWORD_HASH_COST: opts.nodeEnv === 'production' ? 'production' : 'test',
    LOG_LEVEL: 'error',
    // Production requires PUBLIC_URL; without one named, the server's own address is set below.
    PUBLIC_URL: opts.publicUrl ?? (opts.nodeEnv === 'production' ? 'http://127.0.0.1' : undefined),
    TRUSTED_PROXIES: opts.trustedProxies,
    // No browser of a test sends web vitals unless the test asks (a random 10 % would add requests in flight at close).
    WEB_VITALS_RATE: '0',
    ...opts.env,
  })
  const { services } = await bootServices(env, handle, { jobs: opts.jobs, sweeps: opts.sweeps })
  const logs: string[] = []
  services.log = {
    debug: () => {},
    info: () => {},
    warn: (m, f) => logs.push(JSON.stringify({ m, ...f })),
    error: (m, f) => logs.push(JSON.stringify({ m, ...f })),
  }
  // API-only suites skip loading React: pages answer 404 there.
  const renderer = opts.pages
    ? await (await import('../../server/ssr/render')).createPageRenderer(services, CLIENT_DIR)
    : undefined
  const renderPage = renderer ?? (async () => new Response('pages are off in this suite', { status: 404 }))
  const app = createApp({ services, clientDir: CLIENT_DIR, renderPage })
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: app.fetch, websocket: app.websocket })
  const url = `http://127.0.0.1:${server.port}`
  // The site's origin (links, canonical URLs, the CSRF check) is where the tests reach it; the port
  // is known only now, and every request reads it from env.
  if (opts.publicUrl === undefined) services.env.PUBLIC_URL = url
  return {
    url,
    services,
    handle,
    databaseUrl: handle.url,
    logs,
    renderer,
    async close() {
      await server.stop(true)
      await services.jobs?.stop()
      // Bounded: a database close that hangs (seen once on PostgreSQL, cause not found) must not fail the file's
      // afterAll after 60 s; it is reported instead, so it stays visible.
      const closed = await Promise.race([handle.close().then(() => true), Bun.sleep(20_000).then(() => false)])
      if (!closed) console.error(`test app ${url}: the database did not close within 20 s`)
      if (!opts.databaseUrl) await rm(dataDir, { recursive: true, force: true })
    },
  }
}

type TestAppOptions = Parameters<typeof startTestApp>[0]

/**
 * The app of one test file (or describe block): started in beforeAll, closed in afterAll. The answer
 * stands for that app (its fields read through to it), so `const app = useTestApp()` replaces the
 * `let app; beforeAll(start); afterAll(close)` lines and the tests read `app.url` as before.
 */
export function useTestApp(opts: TestAppOptions = {}): TestApp {
  let started: TestApp | undefined
  beforeAll(async () => {
    started = await startTestApp(opts)
  })
  afterAll(() => started?.close())
  return new Proxy({} as TestApp, {
    get(_, key) {
      if (!started) throw new Error('useTestApp: the app is read before beforeAll started it')
      return started[key as keyof TestApp]
    },
    set(_, key, value) {
      if (!started) throw new Error('useTestApp: the app is written before beforeAll started it')
      ;(started as unknown as Record<PropertyKey, unknown>)[key] = value
      return true
    },
  })
}

/** Runs `body` with a started app and closes it after, also when `body` throws. */
export async function withTestApp<T>(opts: TestAppOptions, body: (app: TestApp) => Promise<T>): Promise<T> {
  const app = await startTestApp(opts)
  try {
    return await body(app)
  } finally {
    await app.close()
  }
}

let seq = 0
const unique = () => `${process.pid}${Date.now() % 100000}${seq++}`

export async function makeStaff(t: TestApp, status: 1 | 2 | 3 | 4) {
  const email = `staff${status}-${unique()}@example.com`
  const id = await createStaff(t.services.db, { email, password: PASSWORD, name: `Staff ${status}`, status })
  return { id, email }
}

/** A person with the given roles; phone is 10 national digits (ua). */
export async function makePerson(t: TestApp, roles: { tutor?: boolean; client?: boolean }) {
  const u = unique()
  const email = `person-${u}@example.com`
  const phone = `09${u.padStart(8, '0').slice(-8)}`
  const person = await t.services.db
    .insertInto('people')
    .values({ email, phone, name: `Person ${u}`, password_hash: await hashPassword(PASSWORD) })
    .returning('id')
    .executeTakeFirstOrThrow()
  const tutor = roles.tutor
    ? await t.services.db
        .insertInto('tutors')
        .values({ person_id: person.id, name: `Tutor ${u}`, first_name: 'Tutor' })
        .returning('id')
        .executeTakeFirstOrThrow()
    : null
  const client = roles.client
    ? await t.services.db
        .insertInto('clients')
        .values({ person_id: person.id, name: `Client ${u}` })
        .returning('id')
        .executeTakeFirstOrThrow()
    : null
  return { personId: person.id, email, phone, tutorId: tutor?.id ?? null, clientId: client?.id ?? null }
}

export async function signedIn(t: TestApp, as: { staff?: string; tutor?: string; client?: string }) {
  const c = new Client(t.url)
  const res = as.staff
    ? await c.api.post('/admin/login', { email: as.staff, password: PASSWORD })
    : as.tutor
      ? await c.api.post('/tutor/login', { login: as.tutor, password: PASSWORD })
      : await c.api.post('/client/auth/login', { login: as.client!, password: PASSWORD })
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`)
  return c
}
