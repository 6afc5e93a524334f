// The OpenID Connect interface the sign-in flow talks to. Two implementations: openid.ts (a real
// provider over the wire: discovery, authorization code with PKCE, ID token checked against the
// provider's JWKS) and local.ts (an in-process issuer for development and tests whose ID tokens go
// through the same verification).

/** What the sign-in flow learns about the person from a verified ID token. */
export interface OidcClaims {
  subject: string
  email: string | null
  email_verified: boolean
  name: string | null
}

export interface AuthorizationRequest {
  state: string
  nonce: string
  redirectUri: string
  /** PKCE S256: base64url(SHA-256(code_verifier)). */
  codeChallenge: string
}

export interface CodeExchange {
  code: string
  redirectUri: string
  codeVerifier: string
  /** The nonce stored with the state; the ID token must carry it. */
  nonce: string
}

export interface OidcProvider {
  /** Stable name stored with linked accounts (oauth_identities.provider): the issuer URL. */
  readonly name: string
  authorizationUrl(req: AuthorizationRequest): Promise<string>
  /** Exchanges the code at the token endpoint and verifies the ID token (signature, iss, aud, exp, nonce). */
  exchangeCode(req: CodeExchange): Promise<OidcClaims>
}

/** The provider refused the code or the ID token did not verify: the caller answers 401. */
export class OidcError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'OidcError'
  }
}

export function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url')
}

export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)))
}

export async function pkceChallenge(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))))
}
