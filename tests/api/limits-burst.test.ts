// Every count-then-act limit holds under a burst: 50 identical requests at once get exactly the limit's
// `max` through (the rest 429, or for password resets a silent "sent"), and exactly that many e-mails,
// SMS or rows. On a PostgreSQL server the burst is split between two apps, each with its own connection
// pool on the same database (two server processes' worth of sessions racing each other).
import { describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { LIMITS } from '../../server/domain/shared/window-throttle'
import { Client, PASSWORD, type TestApp, makePerson, signedIn, startTestApp, useTestApp } from '../helpers/app'

const BURST = 50
const onPostgres = Boolean(process.env.DATABASE_URL)
// The test servers trust X-Forwarded-For from loopback: each burst comes from its own address.
const app = useTestApp({ trustedProxies: '127.0.0.1' })
let net = 0
const address = () => `198.51.100.${++net}`
const db = () => app.services.db

/** The apps a burst is spread over: this one, and on PostgreSQL a second one sharing its database. */
async function apps(): Promise<{ urls: string[]; close: () => Promise<void> }> {
  if (!onPostgres) return { urls: [app.url], close: async () => {} }
  const second: TestApp = await startTestApp({ databaseUrl: app.databaseUrl!, trustedProxies: '127.0.0.1' })
  return { urls: [app.url, second.url], close: () => second.close() }
}

/** Sends `BURST` requests at once (alternating between the apps); the statuses, counted. */
async function burst(send: (url: string, i: number) => Promise<{ status: number }>) {
  const { urls, close } = await apps()
  try {
    const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => send(urls[i % urls.length]!, i)))
    const counts: Record<number, number> = {}
    for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1
    return counts
  } finally {
    await close()
  }
}

const outbox = async (recipient: string) =>
  (
    await db()
      .selectFrom('outbox')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('recipient', '=', recipient)
      .executeTakeFirstOrThrow()
  ).n

describe(`${BURST} requests at once get exactly the limit through${onPostgres ? ' (two apps, one database)' : ''}`, () => {
  test(`client sign-in codes for one login: ${LIMITS.client_login_code.max} sent`, async () => {
    const login = `burst.code.${Date.now()}@example.com`
    const counts = await burst((url, i) =>
      new Client(url).raw.post('/client/auth/get_auth_code', { login }, { 'x-forwarded-for': `198.18.0.${i + 1}` }),
    )
    expect(counts).toEqual({ 200: LIMITS.client_login_code.max, 429: BURST - LIMITS.client_login_code.max })
    expect(await outbox(login)).toBe(LIMITS.client_login_code.max)
  })

  test(`tutor password-reset codes: ${LIMITS.password_reset_code.max} sent, every answer the same`, async () => {
    const t = await makePerson(app, { tutor: true })
    // From many addresses, so the sign-in throttle's per-address count does not decide.
    const counts = await burst((url, i) =>
      new Client(url).raw.post(
        '/tutor/profile/password/get_reset_code',
        { login: t.email },
        { 'x-forwarded-for': `198.18.1.${i + 1}` },
      ),
    )
    // The per-login sign-in throttle answers 429 to some; the rest say "sent" whether or not a code went.
    expect((counts[200] ?? 0) + (counts[429] ?? 0)).toBe(BURST)
    expect(counts[200]).toBeGreaterThanOrEqual(LIMITS.password_reset_code.max)
    expect(await outbox(t.email)).toBe(LIMITS.password_reset_code.max)
  })

  test(`phone-confirmation codes by SMS: ${LIMITS.phone_confirm_code.max} sent`, async () => {
    const t = await makePerson(app, { tutor: true })
    const c = await signedIn(app, { tutor: t.email })
    const phone = `068${String(t.personId).padStart(7, '0')}`
    const counts = await burst((url) => {
      const other = new Client(url)
      other.cookies = c.cookies
      return other.raw.post('/tutor/profile/phone/set', { phone })
    })
    expect(counts).toEqual({ 200: LIMITS.phone_confirm_code.max, 429: BURST - LIMITS.phone_confirm_code.max })
    expect(await outbox(`+38${phone}`)).toBe(LIMITS.phone_confirm_code.max)
  })

  test(`feedback e-mails from one address: ${LIMITS.feedback.max}`, async () => {
    const from = address()
    const before = await db().selectFrom('outbox').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()
    const counts = await burst((url, i) =>
      new Client(url).raw.post(
        '/client/send_feedback_email',
        { feedback: { name: 'Burst', email: `burst.feedback.${i}@example.com`, text: `Message ${i}` } },
        { 'x-forwarded-for': from },
      ),
    )
    expect(counts).toEqual({ 200: LIMITS.feedback.max, 429: BURST - LIMITS.feedback.max })
    const after = await db().selectFrom('outbox').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()
    expect(after.n - before.n).toBe(LIMITS.feedback.max)
  })

  test(`site reviews from one address: ${LIMITS.site_review.max}, each e-mailed`, async () => {
    const from = address()
    const counts = await burst((url, i) =>
      new Client(url).raw.post(
        '/client/site_review/create',
        {
          site_review: {
            name: `Burst ${i}`,
            email: `burst.review.${i}@example.com`,
            text: `Review ${i} text`,
            mark: 5,
          },
        },
        { 'x-forwarded-for': from },
      ),
    )
    expect(counts).toEqual({ 200: LIMITS.site_review.max, 429: BURST - LIMITS.site_review.max })
    const kept = await db()
      .selectFrom('site_reviews')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('email', 'like', 'burst.review.%')
      .executeTakeFirstOrThrow()
    expect(kept.n).toBe(LIMITS.site_review.max)
  })

  test(`school candidate registrations from one address: ${LIMITS.candidate.max}`, async () => {
    const from = address()
    const counts = await burst((url, i) =>
      new Client(url).raw.post(
        '/tutor/candidate/registration',
        { candidate: { name: `Candidate ${i}`, email: `burst.candidate.${i}@example.com` } },
        { 'x-forwarded-for': from },
      ),
    )
    expect(counts).toEqual({ 200: LIMITS.candidate.max, 429: BURST - LIMITS.candidate.max })
    const kept = await db()
      .selectFrom('people')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('email', 'like', 'burst.candidate.%')
      .executeTakeFirstOrThrow()
    expect(kept.n).toBe(LIMITS.candidate.max)
  })

  test(`anonymous lesson requests from one address: ${LIMITS.anon_request.max}`, async () => {
    const from = address()
    const counts = await burst((url, i) =>
      new Client(url).raw.post(
        '/client/make_short_school_request',
        {
          request: {
            name: `Visitor ${i}`,
            email: `burst.request.${i}@example.com`,
            phone: `06710${String(i).padStart(5, '0')}`,
          },
        },
        { 'x-forwarded-for': from },
      ),
    )
    expect(counts).toEqual({ 200: LIMITS.anon_request.max, 429: BURST - LIMITS.anon_request.max })
  })

  test(`level-test starts from one address: ${LIMITS.level_test_ip.max}`, async () => {
    const from = address()
    const counts = await burst((url) =>
      new Client(url).raw.post('/client/examination_test/start', {}, { 'x-forwarded-for': from }),
    )
    expect(counts).toEqual({ 200: LIMITS.level_test_ip.max, 429: BURST - LIMITS.level_test_ip.max })
  })

  test(`wrong passwords for one account from one address: ${LIMITS.sign_in_pair.max} checked`, async () => {
    const t = await makePerson(app, { tutor: true })
    const from = address()
    const counts = await burst((url) =>
      new Client(url).raw.post(
        '/tutor/login',
        { login: t.email, password: `${PASSWORD}-wrong` },
        { 'x-forwarded-for': from },
      ),
    )
    expect(counts).toEqual({ 401: LIMITS.sign_in_pair.max, 429: BURST - LIMITS.sign_in_pair.max })
  })
})
