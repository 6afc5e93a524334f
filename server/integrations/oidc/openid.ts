// A real OpenID Connect provider: discovery document, authorization code flow with PKCE (S256),
// client authentication at the token endpoint (client_secret_post) and the ID token verified with
// jose against the provider's published keys: signature, iss, aud, exp, nonce (and azp when several
// audiences are named).
import { type JWTPayload, type JWTVerifyGetKey, createRemoteJWKSet, jwtVerify } from 'jose'
import { type AuthorizationRequest, type CodeExchange, type OidcClaims, OidcError, type OidcProvider } from './provider'

export interface OpenIdConfig {
  issuer: string
  clientId: string
  clientSecret: string
  scope?: string
  fetch?: typeof fetch
}

interface Discovery {
  issuer: string
  authorization_endpoint: string
  token_endpoint: string
  jwks_uri: string
}

/** Checks an ID token: signature by the given keys, then the claims a relying party must check. */
export async function verifyIdToken(
  idToken: string,
  keys: JWTVerifyGetKey,
  expect: { issuer: string; audience: string; nonce: string },
): Promise<OidcClaims> {
  let payload: JWTPayload
  try {
    ;({ payload } = await jwtVerify(idToken, keys, {
      issuer: expect.issuer,
      audience: expect.audience,
      algorithms: ['RS256', 'ES256', 'PS256', 'EdDSA'],
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 60,
    }))
  } catch (err) {
    throw new OidcError(`id token rejected: ${(err as Error).message}`, { cause: err })
  }
  if (payload.nonce !== expect.nonce) throw new OidcError('id token rejected: nonce mismatch')
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== expect.audience)
    throw new OidcError('id token rejected: azp mismatch')
  if (typeof payload.sub !== 'string' || payload.sub === '') throw new OidcError('id token rejected: no subject')
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : null
  const verified = payload.email_verified === true || payload.email_verified === 'true'
  return {
    subject: payload.sub,
    email: email || null,
    email_verified: !!email && verified,
    name: typeof payload.name === 'string' ? payload.name : null,
  }
}

export class OpenIdProvider implements OidcProvider {
  readonly name: string
  private discovery: Promise<Discovery> | null = null
  private jwks: JWTVerifyGetKey | null = null
  private readonly fetch: typeof fetch

  constructor(private readonly config: OpenIdConfig) {
    this.name = config.issuer.replace(/\/$/, '')
    this.fetch = config.fetch ?? fetch
  }

  private discover(): Promise<Discovery> {
    this.discovery ??= (async () => {
      const res = await this.fetch(`${this.name}/.well-known/openid-configuration`, {
        headers: { accept: 'application/json' },
      })
      if (!res.ok) throw new OidcError(`discovery failed: HTTP ${res.status}`)
      const doc = (await res.json()) as Partial<Discovery>
      if (!doc.authorization_endpoint || !doc.token_endpoint || !doc.jwks_uri || !doc.issuer)
        throw new OidcError('discovery document incomplete')
      if (doc.issuer.replace(/\/$/, '') !== this.name)
        throw new OidcError('discovery issuer does not match OIDC_ISSUER')
      return doc as Discovery
    })().catch((err) => {
      this.discovery = null // try again on the next sign-in
      throw err
    })
    return this.discovery
  }

  async authorizationUrl(req: AuthorizationRequest): Promise<string> {
    const d = await this.discover()
    const url = new URL(d.authorization_endpoint)
    url.searchParams.set('response_type', 'code')
    url.searchParams.set('client_id', this.config.clientId)
    url.searchParams.set('redirect_uri', req.redirectUri)
    url.searchParams.set('scope', this.config.scope ?? 'openid email profile')
    url.searchParams.set('state', req.state)
    url.searchParams.set('nonce', req.nonce)
    url.searchParams.set('code_challenge', req.codeChallenge)
    url.searchParams.set('code_challenge_method', 'S256')
    return url.toString()
  }

  async exchangeCode(req: CodeExchange): Promise<OidcClaims> {
    const d = await this.discover()
    const res = await this.fetch(d.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: req.code,
        redirect_uri: req.redirectUri,
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
        code_verifier: req.codeVerifier,
      }),
    })
    const body = (await res.json().catch(() => ({}))) as { id_token?: string; error?: string }
    if (!res.ok || typeof body.id_token !== 'string')
      throw new OidcError(`token endpoint refused the code: ${body.error ?? `HTTP ${res.status}`}`)
    this.jwks ??= createRemoteJWKSet(new URL(d.jwks_uri))
    return verifyIdToken(body.id_token, this.jwks, {
      issuer: d.issuer,
      audience: this.config.clientId,
      nonce: req.nonce,
    })
  }
}
