// Which OpenID Connect provider a process uses: the configured one (OIDC_ISSUER, OIDC_CLIENT_ID,
// OIDC_CLIENT_SECRET), else the local in-process one where the development fakes may run, else none.
import { devFakesAllowed, type Env } from '../../env'
import { LocalOidcProvider } from './local'
import { OpenIdProvider } from './openid'
import type { OidcProvider } from './provider'

export function oidcFromEnv(env: Env): OidcProvider | null {
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET)
    return new OpenIdProvider({
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
    })
  if (!devFakesAllowed(env)) return null
  // Development accepts any e-mail typed at the local authorize page; tests configure identities.
  return new LocalOidcProvider({ allowAnyEmail: env.NODE_ENV === 'development' })
}
