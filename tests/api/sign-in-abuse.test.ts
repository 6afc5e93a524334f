// Sign-in abuse: an attempt is reserved before the password is checked, so concurrent
// guesses get at most the limit's checks; limits per (account, client address), per address and an
// account-wide ceiling that still lets a correct password in from a fresh address. The client address
// is the socket's peer, or X-Forwarded-For's right-most untrusted entry behind TRUSTED_PROXIES.
import { afterAll, beforeAll, describe, expect, spyOn, test } from 'bun:test'
import { ACCOUNT_CEILING, PAIR_LIMIT } from '../../server/domain/auth/throttle'
import { Client, PASSWORD, type TestApp, makePerson, makeStaff, startTestApp } from '../helpers/app'

const from = (address: string) => ({ 'x-forwarded-for': address })

describe('behind a trusted proxy', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp({ trustedProxies: '127.0.0.1' })
  })
  afterAll(() => app.close())

  test('150 concurrent wrong guesses get at most the limit of password checks; the right password from another address signs in', async () => {
    const staff = await makeStaff(app, 1)
    const verify = spyOn(Bun.password, 'verify')
    try {
      const c = new Client(app.url)
      const guesses = Array.from({ length: 150 }, (_, i) =>
        c.api.post(
          '/admin/login',
          { email: staff.email, password: i === 149 ? PASSWORD : `wrong-${i}` },
          from('203.0.113.5'),
        ),
      )
      const statuses = (await Promise.all(guesses)).map((r) => r.status)
      expect(verify.mock.calls.length).toBeGreaterThan(0)
      expect(verify.mock.calls.length).toBeLessThanOrEqual(PAIR_LIMIT)
      expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(PAIR_LIMIT)
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(150 - PAIR_LIMIT)
    } finally {
      verify.mockRestore()
    }
    // The owner, elsewhere, is not locked out by the attacker.
    const owner = await new Client(app.url).api.post(
      '/admin/login',
      { email: staff.email, password: PASSWORD },
      from('198.51.100.7'),
    )
    expect(owner.status).toBe(200)
  })

  test('X-Forwarded-For from a trusted proxy names the client: its right-most untrusted entry', async () => {
    const p = await makePerson(app, { tutor: true })
    const c = new Client(app.url)
    for (let i = 0; i < PAIR_LIMIT; i++)
      expect(
        (await c.api.post('/tutor/login', { login: p.email, password: 'wrong-password' }, from('203.0.113.20'))).status,
      ).toBe(401)
    expect(
      (await c.api.post('/tutor/login', { login: p.email, password: PASSWORD }, from('203.0.113.20'))).status,
    ).toBe(429)
    // A forged left-hand entry does not change the address the proxy saw.
    expect(
      (await c.api.post('/tutor/login', { login: p.email, password: PASSWORD }, from('198.51.100.1, 203.0.113.20')))
        .status,
    ).toBe(429)
    const ok = await c.api.post(
      '/tutor/login',
      { login: p.email, password: PASSWORD },
      from('203.0.113.20, 198.51.100.21'),
    )
    expect(ok.status).toBe(200)
    const session = await app.services.db
      .selectFrom('sessions')
      .select('ip')
      .where('person_id', '=', p.personId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
    expect(session.ip).toBe('198.51.100.21')
  })

  test('past the account-wide ceiling each address gets one try, so a fresh address still signs in', async () => {
    const p = await makePerson(app, { client: true })
    const c = new Client(app.url)
    const attackers = Math.ceil(ACCOUNT_CEILING / PAIR_LIMIT)
    for (let a = 0; a < attackers; a++)
      for (let i = 0; i < PAIR_LIMIT; i++)
        await c.api.post('/client/auth/login', { login: p.email, password: 'wrong-password' }, from(`192.0.2.${a + 1}`))
    // A new attacking address: one guess, then 429.
    expect(
      (await c.api.post('/client/auth/login', { login: p.email, password: 'wrong-password' }, from('192.0.2.100')))
        .status,
    ).toBe(401)
    expect(
      (await c.api.post('/client/auth/login', { login: p.email, password: PASSWORD }, from('192.0.2.100'))).status,
    ).toBe(429)
    // The owner from an address with no failures signs in; the success forgives only its own address.
    expect(
      (await c.api.post('/client/auth/login', { login: p.email, password: PASSWORD }, from('198.51.100.50'))).status,
    ).toBe(200)
    expect(
      (await c.api.post('/client/auth/login', { login: p.email, password: PASSWORD }, from('192.0.2.1'))).status,
    ).toBe(429)
  })

  test('a success clears its own (account, address) failures', async () => {
    const p = await makePerson(app, { tutor: true })
    const c = new Client(app.url)
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < PAIR_LIMIT - 1; i++)
        expect(
          (await c.api.post('/tutor/login', { login: p.email, password: 'wrong-password' }, from('203.0.113.77')))
            .status,
        ).toBe(401)
      expect(
        (await c.api.post('/tutor/login', { login: p.email, password: PASSWORD }, from('203.0.113.77'))).status,
      ).toBe(200)
    }
  })
})

describe('without TRUSTED_PROXIES', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(() => app.close())

  test('X-Forwarded-For is ignored: every guess counts for the socket address', async () => {
    const p = await makePerson(app, { tutor: true })
    const c = new Client(app.url)
    for (let i = 0; i < PAIR_LIMIT; i++)
      expect(
        (await c.api.post('/tutor/login', { login: p.email, password: 'wrong-password' }, from(`198.51.100.${i + 1}`)))
          .status,
      ).toBe(401)
    expect(
      (await c.api.post('/tutor/login', { login: p.email, password: PASSWORD }, from('198.51.100.200'))).status,
    ).toBe(429)
    const failures = await app.services.db.selectFrom('auth_failures').select('key').where('scope', '=', 'ip').execute()
    expect(new Set(failures.map((f) => f.key))).toEqual(new Set(['127.0.0.1']))
  })
})
