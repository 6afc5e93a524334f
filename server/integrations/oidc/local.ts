// A local OpenID Connect provider for development and tests: an in-process issuer. Its authorize step
// (GET /oauth/local/authorize, development and tests only) issues a one-time code for a configured
// identity — or, outside tests, for any e-mail typed in — and the code exchange checks the PKCE
// verifier, signs an ID token with the issuer's own key pair and verifies it with the same function
// the real provider uses (openid.ts verifyIdToken), so every sign-in exercises real JWT validation.
import { type CryptoKey, type JWK, SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose'
import { verifyIdToken } from './openid'
import {
  type AuthorizationRequest,
  type CodeExchange,
  type OidcClaims,
  OidcError,
  type OidcProvider,
  pkceChallenge,
  randomToken,
} from './provider'

export const LOCAL_ISSUER = 'urn:local-oidc'
export const LOCAL_CLIENT_ID = 'local-client'
export const LOCAL_AUTHORIZE_PATH = '/oauth/local/authorize'
const CODE_TTL_MS = 60_000

interface PendingCode {
  identity: OidcClaims
  nonce: string
  redirectUri: string
  codeChallenge: string
  expiresAt: number
}

/** Test hooks for the next ID token: extra or changed claims, or a change to the signed token itself. */
export interface NextToken {
  claims?: Record<string, unknown>
  mutate?: (idToken: string) => string | Promise<string>
}

export interface LocalAuthorizeParams {
  client_id?: string
  redirect_uri: string
  state: string
  nonce: string
  code_challenge: string
  code_challenge_method?: string
  /** The identity to sign in as: a configured subject or e-mail. */
  login: string
}

export class LocalOidcProvider implements OidcProvider {
  readonly name = LOCAL_ISSUER
  private readonly identities = new Map<string, OidcClaims>()
  private readonly codes = new Map<string, PendingCode>()
  private keys: Promise<{ privateKey: CryptoKey; jwks: ReturnType<typeof createLocalJWKSet>; kid: string }> | null =
    null
  /** Consumed by the next code exchange (tests). */
  nextToken: NextToken | null = null

  constructor(private readonly opts: { identities?: OidcClaims[]; allowAnyEmail?: boolean } = {}) {
    for (const i of opts.identities ?? []) this.addIdentity(i)
  }

  addIdentity(identity: OidcClaims) {
    this.identities.set(identity.subject, identity)
  }

  private keyPair() {
    this.keys ??= (async () => {
      const { privateKey, publicKey } = await generateKeyPair('ES256')
      const kid = randomToken(8)
      const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }
      return { privateKey, kid, jwks: createLocalJWKSet({ keys: [jwk] }) }
    })()
    return this.keys
  }

  private find(login: string): OidcClaims | null {
    const key = login.trim()
    const bySubject = this.identities.get(key)
    if (bySubject) return bySubject
    const email = key.toLowerCase()
    for (const i of this.identities.values()) if (i.email?.toLowerCase() === email) return i
    if (this.opts.allowAnyEmail && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
      return { subject: `local|${email}`, email, email_verified: true, name: email.split('@')[0]! }
    return null
  }

  async authorizationUrl(req: AuthorizationRequest): Promise<string> {
    const url = new URL(LOCAL_AUTHORIZE_PATH, req.redirectUri)
    url.searchParams.set('response_type', 'code')
    url.searchParams.set('client_id', LOCAL_CLIENT_ID)
    url.searchParams.set('redirect_uri', req.redirectUri)
    url.searchParams.set('scope', 'openid email profile')
    url.searchParams.set('state', req.state)
    url.searchParams.set('nonce', req.nonce)
    url.searchParams.set('code_challenge', req.codeChallenge)
    url.searchParams.set('code_challenge_method', 'S256')
    return url.toString()
  }

  /** The provider's authorize step: a code for `login`, and where to send the browser with it. */
  authorize(p: LocalAuthorizeParams): { code: string; location: string } {
    if (p.client_id !== undefined && p.client_id !== LOCAL_CLIENT_ID) throw new OidcError('unknown client_id')
    if ((p.code_challenge_method ?? 'S256') !== 'S256' || !p.code_challenge)
      throw new OidcError('PKCE S256 is required')
    const identity = this.find(p.login)
    if (!identity) throw new OidcError('unknown identity')
    const code = randomToken()
    this.codes.set(code, {
      identity,
      nonce: p.nonce,
      redirectUri: p.redirect_uri,
      codeChallenge: p.code_challenge,
      expiresAt: Date.now() + CODE_TTL_MS,
    })
    const location = new URL(p.redirect_uri)
    location.searchParams.set('code', code)
    location.searchParams.set('state', p.state)
    return { code, location: location.toString() }
  }

  /** The token endpoint (code → signed ID token), then the relying party's verification of it. */
  async exchangeCode(req: CodeExchange): Promise<OidcClaims> {
    const pending = this.codes.get(req.code)
    this.codes.delete(req.code)
    if (!pending || pending.expiresAt < Date.now())
      throw new OidcError('token endpoint refused the code: invalid_grant')
    if (pending.redirectUri !== req.redirectUri)
      throw new OidcError('token endpoint refused the code: redirect_uri mismatch')
    if ((await pkceChallenge(req.codeVerifier)) !== pending.codeChallenge)
      throw new OidcError('token endpoint refused the code: PKCE verifier mismatch')
    const { privateKey, jwks, kid } = await this.keyPair()
    const hook = this.nextToken
    this.nextToken = null
    const { identity } = pending
    const now = Math.floor(Date.now() / 1000)
    const claims = {
      iss: LOCAL_ISSUER,
      aud: LOCAL_CLIENT_ID,
      sub: identity.subject,
      iat: now,
      exp: now + 300,
      nonce: pending.nonce,
      email: identity.email ?? undefined,
      email_verified: identity.email_verified,
      name: identity.name ?? undefined,
      ...hook?.claims,
    }
    let idToken = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid }).sign(privateKey)
    if (hook?.mutate) idToken = await hook.mutate(idToken)
    return verifyIdToken(idToken, jwks, { issuer: LOCAL_ISSUER, audience: LOCAL_CLIENT_ID, nonce: req.nonce })
  }
}
