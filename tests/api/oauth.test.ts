// OpenID Connect sign-in (docs/api.md#admin-staff-accounts-and-session, #tutor-sign-in-and-account,
// #client-sign-in-and-settings) through the local provider, whose ID tokens are signed with its own key pair and
// verified like a real provider's; and the real wire implementation (openid.ts) against a small fake provider over
// HTTP.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { SignJWT, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose'
import { sql } from 'kysely'
import { LOCAL_CLIENT_ID, LOCAL_ISSUER, LocalOidcProvider } from '../../server/integrations/oidc/local'
import { OpenIdProvider } from '../../server/integrations/oidc/openid'
import { OidcError, pkceChallenge, randomToken } from '../../server/integrations/oidc/provider'
import { Client, type TestApp, makePerson, makeStaff, startTestApp } from '../helpers/app'
import { fieldErrors } from '../helpers/api'

let app: TestApp
let local: LocalOidcProvider
beforeAll(async () => {
  app = await startTestApp()
  local = app.services.oidc as LocalOidcProvider
})
afterAll(() => app.close())

type Base = '/tutor' | '/client' | '/admin'
let seq = 0
const subject = () => `sub-${process.pid}-${Date.now()}-${seq++}`

/** A role's info object in an auth answer (`false` when not signed in as that role). */
function info<T extends object>(v: T | false): T {
  expect(v).not.toBe(false)
  return v as T
}

/** Redirect → the local provider's authorize page as `login` → back with code and state. */
async function round(c: Client, base: Base, login: string) {
  const r = await c.api.get(`${base}/oauth/redirect`)
  expect(r.status).toBe(200)
  expect(r.json.status).toBe('success')
  const url = new URL(r.json.data.url)
  url.searchParams.set('login', login)
  const auth = await c.raw.get(url.pathname + url.search)
  expect(auth.status).toBe(302)
  const back = new URL(auth.headers.get('location')!)
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, back }
}

async function signIn(c: Client, base: Base, login: string) {
  const { code, state } = await round(c, base, login)
  return c.api.post(`${base}/oauth/login`, { code, state })
}

/** A JWT with one character of its signature changed. */
function badSignature(jwt: string) {
  const [h, p, s] = jwt.split('.')
  const flipped = s![5] === 'A' ? 'B' : 'A'
  return `${h}.${p}.${s!.slice(0, 5)}${flipped}${s!.slice(6)}`
}

describe('redirect', () => {
  test('answers the provider URL; state, nonce and PKCE verifier are kept server-side for 10 minutes', async () => {
    const c = new Client(app.url)
    for (const base of ['/tutor', '/client', '/admin', '/client/auth'] as const) {
      const r = await c.api.get(`${base}/oauth/redirect`)
      expect(r.status).toBe(200)
      const url = new URL(r.json.data.url)
      expect(url.searchParams.get('response_type')).toBe('code')
      expect(url.searchParams.get('client_id')).toBe(LOCAL_CLIENT_ID)
      expect(url.searchParams.get('code_challenge_method')).toBe('S256')
      expect(url.searchParams.get('redirect_uri')).toStartWith(`${app.url}/oauth/callback/`)
      const state = url.searchParams.get('state')!
      const row = await app.services.db
        .selectFrom('oauth_states')
        .select([
          'state_hash',
          'nonce',
          'code_verifier',
          'role',
          sql<number>`extract(epoch from expires_at - created_at)::int`.as('ttl'),
        ])
        .where('nonce', '=', url.searchParams.get('nonce')!)
        .executeTakeFirstOrThrow()
      expect(row.state_hash).not.toBe(state)
      expect(row.ttl).toBe(600)
      expect(await pkceChallenge(row.code_verifier)).toBe(url.searchParams.get('code_challenge')!)
      expect(row.role).toBe(base === '/admin' ? 'staff' : base === '/tutor' ? 'tutor' : 'client')
    }
  })

  test('the local authorize page only sends the browser back to this site', async () => {
    const c = new Client(app.url)
    const r = await c.api.get('/tutor/oauth/redirect')
    const url = new URL(r.json.data.url)
    url.searchParams.set('redirect_uri', 'https://evil.example/cb')
    url.searchParams.set('login', 'x@example.com')
    expect((await c.raw.get(url.pathname + url.search)).status).toBe(400)
  })
})

describe('round trip per role', () => {
  test('tutor: linked by verified e-mail on first sign-in, by subject afterwards', async () => {
    const tutor = await makePerson(app, { tutor: true })
    const sub = subject()
    local.addIdentity({ subject: sub, email: tutor.email, email_verified: true, name: 'T' })
    const c = new Client(app.url)
    const res = await signIn(c, '/tutor', sub)
    expect(res.status).toBe(200)
    expect(res.json.status).toBe('success')
    expect(res.json.auth.tutor).toBe(true)
    expect(res.json.auth.current_role).toBe('tutor')
    expect(info(res.json.auth.tutor_info).id).toBe(tutor.tutorId!)
    expect(c.cookies.get('sid')).toBeTruthy()
    expect((await c.api.get('/tutor/auth/role/get')).json.auth.tutor).toBe(true)
    const link = await app.services.db
      .selectFrom('oauth_identities')
      .selectAll()
      .where('subject', '=', sub)
      .executeTakeFirstOrThrow()
    expect(link).toMatchObject({ provider: LOCAL_ISSUER, person_id: tutor.personId, staff_id: null })

    // The provider's e-mail changes; the subject still signs in the same tutor.
    local.addIdentity({ subject: sub, email: `changed-${sub}@example.com`, email_verified: false, name: 'T' })
    const again = await signIn(new Client(app.url), '/tutor', sub)
    expect(again.status).toBe(200)
    expect(info(again.json.auth.tutor_info).id).toBe(tutor.tutorId!)

    const audits = await app.services.db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('entity', '=', 'tutor')
      .where('entity_id', '=', tutor.tutorId)
      .where('action', 'in', ['tutor.login', 'oauth.link'])
      .execute()
    expect(audits.filter((a) => a.action === 'tutor.login')).toHaveLength(2)
    expect(audits.filter((a) => a.action === 'oauth.link')).toHaveLength(1)
    expect(audits.find((a) => a.action === 'tutor.login')!.data).toMatchObject({ via: 'oidc' })
  })

  test('tutor: an unverified e-mail is refused with 422; an unknown one with 401; no tutor is created', async () => {
    const tutor = await makePerson(app, { tutor: true })
    const sub = subject()
    local.addIdentity({ subject: sub, email: tutor.email, email_verified: false, name: null })
    const res = await signIn(new Client(app.url), '/tutor', sub)
    expect(res.status).toBe(422)
    expect(res.json.status).toBe('fail')
    expect(fieldErrors(res.json).email).toHaveLength(1)

    const stranger = subject()
    local.addIdentity({ subject: stranger, email: `${stranger}@example.com`, email_verified: true, name: null })
    const none = await signIn(new Client(app.url), '/tutor', stranger)
    expect(none.status).toBe(401)
    expect(none.json).toMatchObject({ status: 'fail', error: 'unauthorized' })
    expect(none.json.message).toBeTruthy()
    const people = await app.services.db
      .selectFrom('people')
      .select('id')
      .where('email', '=', `${stranger}@example.com`)
      .execute()
    expect(people).toHaveLength(0)
  })

  test('client: created (person + client) on first sign-in with a verified e-mail, the same one afterwards', async () => {
    const sub = subject()
    const email = `${sub}@example.com`
    local.addIdentity({ subject: sub, email, email_verified: true, name: 'New Client' })
    const c = new Client(app.url)
    const res = await signIn(c, '/client', sub)
    expect(res.status).toBe(200)
    expect(res.json.auth.client).toBe(true)
    expect(res.json.auth.current_role).toBe('client')
    const person = await app.services.db
      .selectFrom('people')
      .select(['id', 'email_confirmed_at', 'name'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    expect(person.email_confirmed_at).not.toBeNull()
    const client = await app.services.db
      .selectFrom('clients')
      .select(['id', 'name'])
      .where('person_id', '=', person.id)
      .executeTakeFirstOrThrow()
    expect(info(res.json.auth.client_info).id).toBe(client.id)
    expect(client.name).toBe('New Client')
    const created = await app.services.db
      .selectFrom('audit_log')
      .select('data')
      .where('action', '=', 'client.create')
      .where('entity_id', '=', client.id)
      .executeTakeFirstOrThrow()
    expect(created.data).toMatchObject({ via: 'oidc' })

    const again = await signIn(new Client(app.url), '/client/auth' as Base, sub)
    expect(again.status).toBe(200)
    expect(info(again.json.auth.client_info).id).toBe(client.id)
    expect(
      await app.services.db.selectFrom('clients').select('id').where('person_id', '=', person.id).execute(),
    ).toHaveLength(1)
  })

  test('client: an existing client with that verified e-mail is linked, not duplicated', async () => {
    const existing = await makePerson(app, { client: true })
    const sub = subject()
    local.addIdentity({ subject: sub, email: existing.email.toUpperCase(), email_verified: true, name: null })
    const res = await signIn(new Client(app.url), '/client', sub)
    expect(res.status).toBe(200)
    expect(info(res.json.auth.client_info).id).toBe(existing.clientId!)
  })

  test('client: an unverified e-mail creates nothing (422)', async () => {
    const sub = subject()
    local.addIdentity({ subject: sub, email: `${sub}@example.com`, email_verified: false, name: null })
    const res = await signIn(new Client(app.url), '/client', sub)
    expect(res.status).toBe(422)
    expect(fieldErrors(res.json).email).toHaveLength(1)
    expect(
      await app.services.db.selectFrom('people').select('id').where('email', '=', `${sub}@example.com`).execute(),
    ).toHaveLength(0)
  })

  test('client: a blacklisted client is refused', async () => {
    const existing = await makePerson(app, { client: true })
    await app.services.db
      .updateTable('clients')
      .set({ blacklisted: true })
      .where('id', '=', existing.clientId!)
      .execute()
    const sub = subject()
    local.addIdentity({ subject: sub, email: existing.email, email_verified: true, name: null })
    expect((await signIn(new Client(app.url), '/client', sub)).status).toBe(403)
  })

  test('staff: an existing staff member with that exact verified e-mail signs in and is linked', async () => {
    const staff = await makeStaff(app, 2)
    const sub = subject()
    local.addIdentity({ subject: sub, email: staff.email, email_verified: true, name: 'S' })
    const c = new Client(app.url)
    const res = await signIn(c, '/admin', sub)
    expect(res.status).toBe(200)
    expect(res.json.auth.admin).toBe(true)
    expect(res.json.auth.admin_info).toMatchObject({ admin_id: staff.id, status: 2 })
    expect((await c.api.get('/admin/desktop')).status).toBe(200)
    const link = await app.services.db
      .selectFrom('oauth_identities')
      .selectAll()
      .where('subject', '=', sub)
      .executeTakeFirstOrThrow()
    expect(link).toMatchObject({ staff_id: staff.id, person_id: null })
    const audit = await app.services.db
      .selectFrom('audit_log')
      .select('data')
      .where('action', '=', 'staff.login')
      .where('entity_id', '=', staff.id)
      .executeTakeFirstOrThrow()
    expect(audit.data).toMatchObject({ via: 'oidc' })
  })

  test('staff: never created — an unknown verified e-mail is 401, an unverified one 422', async () => {
    const before = await app.services.db
      .selectFrom('staff')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
    const sub = subject()
    local.addIdentity({ subject: sub, email: `${sub}@example.com`, email_verified: true, name: 'Nobody' })
    const res = await signIn(new Client(app.url), '/admin', sub)
    expect(res.status).toBe(401)
    expect(res.json.error).toBe('unauthorized')
    const staff = await makeStaff(app, 1)
    const sub2 = subject()
    local.addIdentity({ subject: sub2, email: staff.email, email_verified: false, name: null })
    expect((await signIn(new Client(app.url), '/admin', sub2)).status).toBe(422)
    const after = await app.services.db
      .selectFrom('staff')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
    expect(after.n).toBe(before.n + 1) // only the one makeStaff added
    expect(
      await app.services.db.selectFrom('oauth_identities').select('id').where('subject', 'in', [sub, sub2]).execute(),
    ).toHaveLength(0)
  })

  test('a staff sign-in keeps the tutor sign-in of the same browser', async () => {
    const tutor = await makePerson(app, { tutor: true })
    const staff = await makeStaff(app, 1)
    const ts = subject()
    const ss = subject()
    local.addIdentity({ subject: ts, email: tutor.email, email_verified: true, name: null })
    local.addIdentity({ subject: ss, email: staff.email, email_verified: true, name: null })
    const c = new Client(app.url)
    expect((await signIn(c, '/tutor', ts)).status).toBe(200)
    const res = await signIn(c, '/admin', ss)
    expect(res.json.auth).toMatchObject({ admin: true, tutor: true })
  })
})

describe('refusals', () => {
  const tutorIdentity = async () => {
    const tutor = await makePerson(app, { tutor: true })
    const sub = subject()
    local.addIdentity({ subject: sub, email: tutor.email, email_verified: true, name: null })
    return sub
  }

  test('a replayed state is refused, with the same code or a fresh one', async () => {
    const sub = await tutorIdentity()
    const c = new Client(app.url)
    const { code, state, back } = await round(c, '/tutor', sub)
    expect((await c.api.post('/tutor/oauth/login', { code, state })).status).toBe(200)
    const replay = await new Client(app.url).api.post('/tutor/oauth/login', { code, state })
    expect(replay.status).toBe(401)
    expect(replay.json).toMatchObject({ status: 'fail', error: 'unauthorized' })
    expect(replay.json.message).toBeTruthy()
    // The provider issues another code for the same state: the state is still spent.
    const again = local.authorize({
      redirect_uri: `${back.origin}${back.pathname}`,
      state,
      nonce: 'n',
      code_challenge: 'x',
      login: sub,
    })
    expect((await new Client(app.url).api.post('/tutor/oauth/login', { code: again.code, state })).status).toBe(401)
  })

  test('a state is good for its own role only', async () => {
    const sub = await tutorIdentity()
    const c = new Client(app.url)
    const { code, state } = await round(c, '/tutor', sub)
    expect((await c.api.post('/client/oauth/login', { code, state })).status).toBe(401)
  })

  test('an expired state is refused', async () => {
    const sub = await tutorIdentity()
    const c = new Client(app.url)
    const { code, state } = await round(c, '/tutor', sub)
    await app.services.db
      .updateTable('oauth_states')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('used_at', 'is', null)
      .execute()
    expect((await c.api.post('/tutor/oauth/login', { code, state })).status).toBe(401)
  })

  test('an unknown state or missing fields are refused', async () => {
    const c = new Client(app.url)
    expect((await c.api.post('/tutor/oauth/login', { code: 'x', state: 'nope' })).status).toBe(401)
    const missing = await c.raw.post('/tutor/oauth/login', {})
    expect(missing.status).toBe(422)
    expect(Object.keys(fieldErrors(missing.json)).sort()).toEqual(['code', 'state'])
  })

  test('an ID token with a bad signature is refused', async () => {
    const sub = await tutorIdentity()
    local.nextToken = { mutate: badSignature }
    const res = await signIn(new Client(app.url), '/tutor', sub)
    expect(res.status).toBe(401)
    expect(res.json.error).toBe('unauthorized')
    expect(local.nextToken).toBeNull()
  })

  test('an ID token with a changed payload, or signed by another key, is refused', async () => {
    const sub = await tutorIdentity()
    local.nextToken = {
      mutate: (jwt) => {
        const [h, p, s] = jwt.split('.')
        const claims = JSON.parse(Buffer.from(p!, 'base64url').toString())
        claims.sub = 'someone-else'
        return `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`
      },
    }
    expect((await signIn(new Client(app.url), '/tutor', sub)).status).toBe(401)

    const foreign = await generateKeyPair('ES256')
    local.nextToken = {
      mutate: (jwt) =>
        new SignJWT(decodeJwt(jwt))
          .setProtectedHeader(decodeProtectedHeader(jwt) as { alg: string; kid: string })
          .sign(foreign.privateKey),
    }
    expect((await signIn(new Client(app.url), '/tutor', sub)).status).toBe(401)
  })

  test('a wrong nonce, a wrong audience or an expired ID token is refused', async () => {
    const sub = await tutorIdentity()
    for (const claims of [
      { nonce: 'not-the-stored-one' },
      { aud: 'another-client' },
      { exp: Math.floor(Date.now() / 1000) - 3600 },
    ]) {
      local.nextToken = { claims }
      const res = await signIn(new Client(app.url), '/tutor', sub)
      expect(res.status).toBe(401)
    }
    // Untouched, the same identity signs in: the refusals above were the token's.
    expect((await signIn(new Client(app.url), '/tutor', sub)).status).toBe(200)
  })

  test('the code exchange checks the PKCE verifier and the redirect URI, and a code works once', async () => {
    const p = new LocalOidcProvider({
      identities: [{ subject: 's', email: 's@example.com', email_verified: true, name: null }],
    })
    const verifier = randomToken(48)
    const start = {
      redirect_uri: 'http://x.test/cb',
      state: 'st',
      nonce: 'nn',
      code_challenge: await pkceChallenge(verifier),
      login: 's',
    }
    const wrong = p.authorize(start)
    await expect(
      p.exchangeCode({ code: wrong.code, redirectUri: 'http://x.test/cb', codeVerifier: randomToken(48), nonce: 'nn' }),
    ).rejects.toBeInstanceOf(OidcError)
    const other = p.authorize(start)
    await expect(
      p.exchangeCode({ code: other.code, redirectUri: 'http://x.test/other', codeVerifier: verifier, nonce: 'nn' }),
    ).rejects.toBeInstanceOf(OidcError)
    const good = p.authorize(start)
    expect(
      await p.exchangeCode({ code: good.code, redirectUri: 'http://x.test/cb', codeVerifier: verifier, nonce: 'nn' }),
    ).toEqual({
      subject: 's',
      email: 's@example.com',
      email_verified: true,
      name: null,
    })
    await expect(
      p.exchangeCode({ code: good.code, redirectUri: 'http://x.test/cb', codeVerifier: verifier, nonce: 'nn' }),
    ).rejects.toBeInstanceOf(OidcError)
  })

  test('failures are throttled like password sign-in (429 after 10 for one account)', async () => {
    const tutor = await makePerson(app, { tutor: true })
    const sub = subject()
    local.addIdentity({ subject: sub, email: tutor.email, email_verified: false, name: null })
    for (let i = 0; i < 10; i++) expect((await signIn(new Client(app.url), '/tutor', sub)).status).toBe(422)
    local.addIdentity({ subject: sub, email: tutor.email, email_verified: true, name: null })
    const res = await signIn(new Client(app.url), '/tutor', sub)
    expect(res.status).toBe(429)
    expect(res.json.error).toBe('rate_limited')
  })
})

describe('production without OIDC settings', () => {
  test('the oauth calls answer 404 with a readable message', async () => {
    const prod = await startTestApp({ nodeEnv: 'production' })
    try {
      expect(prod.services.oidc).toBeNull()
      const c = new Client(prod.url)
      const r = await c.api.get('/tutor/oauth/redirect')
      expect(r.status).toBe(404)
      expect(r.json).toMatchObject({ status: 'fail', error: 'not_found' })
      expect(r.json.message).toBeTruthy()
      expect((await c.api.post('/admin/oauth/login', { code: 'c', state: 's' })).status).toBe(404)
      expect(
        (
          await c.api.get(
            '/oauth/local/authorize?redirect_uri=http://x.test/&state=s&nonce=n&code_challenge=c&login=a@b.co',
          )
        ).status,
      ).toBe(404)
    } finally {
      await prod.close()
    }
  })
})

describe('the real provider over the wire (openid.ts) against a fake issuer', () => {
  let issuer: ReturnType<typeof Bun.serve>
  let issuerUrl: string
  const tokenRequests: URLSearchParams[] = []
  let signingKey: Awaited<ReturnType<typeof generateKeyPair>>
  const codes = new Map<string, { challenge: string; nonce: string }>()
  let tokenOverride: ((claims: Record<string, unknown>) => Promise<string>) | null = null

  beforeAll(async () => {
    signingKey = await generateKeyPair('RS256')
    const jwk = { ...(await exportJWK(signingKey.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }
    issuer = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      async fetch(req) {
        const url = new URL(req.url)
        if (url.pathname === '/.well-known/openid-configuration')
          return Response.json({
            issuer: issuerUrl,
            authorization_endpoint: `${issuerUrl}/authorize`,
            token_endpoint: `${issuerUrl}/token`,
            jwks_uri: `${issuerUrl}/jwks`,
          })
        if (url.pathname === '/jwks') return Response.json({ keys: [jwk] })
        if (url.pathname === '/token' && req.method === 'POST') {
          const form = new URLSearchParams(await req.text())
          tokenRequests.push(form)
          const pending = codes.get(form.get('code') ?? '')
          codes.delete(form.get('code') ?? '')
          if (!pending || form.get('client_secret') !== 'shh' || form.get('grant_type') !== 'authorization_code')
            return Response.json({ error: 'invalid_grant' }, { status: 400 })
          if ((await pkceChallenge(form.get('code_verifier') ?? '')) !== pending.challenge)
            return Response.json({ error: 'invalid_grant' }, { status: 400 })
          const claims = { nonce: pending.nonce, email: 'Wire@Example.com', email_verified: true, name: 'Wire' }
          const idToken = tokenOverride
            ? await tokenOverride(claims)
            : await new SignJWT(claims)
                .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
                .setIssuer(issuerUrl)
                .setAudience('rp')
                .setSubject('wire-1')
                .setIssuedAt()
                .setExpirationTime('5m')
                .sign(signingKey.privateKey)
          return Response.json({ access_token: 'a', token_type: 'Bearer', id_token: idToken })
        }
        return new Response('not found', { status: 404 })
      },
    })
    issuerUrl = `http://127.0.0.1:${issuer.port}`
  })
  afterAll(() => issuer.stop(true))

  async function authorize(p: OpenIdProvider) {
    const verifier = randomToken(48)
    const url = new URL(
      await p.authorizationUrl({
        state: 'st',
        nonce: 'nn',
        redirectUri: 'http://rp.test/cb',
        codeChallenge: await pkceChallenge(verifier),
      }),
    )
    const code = randomToken()
    codes.set(code, { challenge: url.searchParams.get('code_challenge')!, nonce: url.searchParams.get('nonce')! })
    return { url, code, verifier }
  }

  test('discovery, PKCE S256, token endpoint POST and the ID token checked against the JWKS', async () => {
    const p = new OpenIdProvider({ issuer: issuerUrl, clientId: 'rp', clientSecret: 'shh' })
    const { url, code, verifier } = await authorize(p)
    expect(url.origin + url.pathname).toBe(`${issuerUrl}/authorize`)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('scope')).toContain('openid')
    const claims = await p.exchangeCode({ code, redirectUri: 'http://rp.test/cb', codeVerifier: verifier, nonce: 'nn' })
    expect(claims).toEqual({ subject: 'wire-1', email: 'wire@example.com', email_verified: true, name: 'Wire' })
    expect(tokenRequests.at(-1)!.get('redirect_uri')).toBe('http://rp.test/cb')
  })

  test('a wrong verifier, a foreign signature, a wrong issuer or nonce are refused', async () => {
    const p = new OpenIdProvider({ issuer: issuerUrl, clientId: 'rp', clientSecret: 'shh' })
    let a = await authorize(p)
    await expect(
      p.exchangeCode({ code: a.code, redirectUri: 'http://rp.test/cb', codeVerifier: 'wrong', nonce: 'nn' }),
    ).rejects.toBeInstanceOf(OidcError)
    a = await authorize(p)
    await expect(
      p.exchangeCode({ code: a.code, redirectUri: 'http://rp.test/cb', codeVerifier: a.verifier, nonce: 'other' }),
    ).rejects.toBeInstanceOf(OidcError)
    const foreign = await generateKeyPair('RS256')
    tokenOverride = (c) =>
      new SignJWT(c)
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(issuerUrl)
        .setAudience('rp')
        .setSubject('wire-1')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(foreign.privateKey)
    a = await authorize(p)
    await expect(
      p.exchangeCode({ code: a.code, redirectUri: 'http://rp.test/cb', codeVerifier: a.verifier, nonce: 'nn' }),
    ).rejects.toBeInstanceOf(OidcError)
    tokenOverride = (c) =>
      new SignJWT(c)
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer('https://elsewhere.test')
        .setAudience('rp')
        .setSubject('wire-1')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(signingKey.privateKey)
    a = await authorize(p)
    await expect(
      p.exchangeCode({ code: a.code, redirectUri: 'http://rp.test/cb', codeVerifier: a.verifier, nonce: 'nn' }),
    ).rejects.toBeInstanceOf(OidcError)
    tokenOverride = null
  })
})
