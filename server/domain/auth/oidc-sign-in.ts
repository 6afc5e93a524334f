// Sign-in through OpenID Connect for tutors, clients and staff. The redirect step stores state, nonce
// and the PKCE verifier server-side (10 minutes, one use); the login step consumes the state,
// exchanges the code, has the provider verify the ID token and signs in:
//   tutor  → the person linked to that provider subject, or the tutor whose e-mail the provider
//            verified (the subject is linked then);
//   client → the same, and a new person and client on first sign-in with a verified e-mail;
//   staff  → a staff member already linked or with exactly that verified e-mail; never created.
import { sql } from 'kysely'
import type { Db } from '../../../db/client'
import { msg } from '../../../i18n/keys'
import {
  OidcError,
  type OidcClaims,
  type OidcProvider,
  pkceChallenge,
  randomToken,
} from '../../integrations/oidc/provider'
import { type Executor, audit } from '../shared/audit'
import { DomainError, FieldErrors } from '../../../common/errors'
import { hashSecret } from './codes'
import { type Identity, createSession, revokeSession } from './sessions'
import type { RequestInfo } from './sign-in'
import { assertNotThrottled, clearAccountFailures, recordFailure } from './throttle'

export type OidcRole = 'tutor' | 'client' | 'staff'
export const STATE_MINUTES = 10

/** Where the provider sends the browser back; the page there posts code and state to …/oauth/login. */
export function oidcRedirectUri(origin: string, role: OidcRole): string {
  return `${origin}/oauth/callback/${role === 'staff' ? 'admin' : role}`
}

export function requireProvider(provider: OidcProvider | null): OidcProvider {
  if (!provider) throw new DomainError('not_found', 'errors.oauth_unavailable')
  return provider
}

export async function startOidcSignIn(
  db: Db,
  provider: OidcProvider,
  a: { role: OidcRole; redirectUri: string },
): Promise<{ url: string }> {
  const state = randomToken()
  const nonce = randomToken()
  const codeVerifier = randomToken(48)
  await db
    .insertInto('oauth_states')
    .values({
      state_hash: hashSecret(state),
      nonce,
      code_verifier: codeVerifier,
      role: a.role,
      redirect_uri: a.redirectUri,
      expires_at: sql<Date>`now() + make_interval(mins => ${STATE_MINUTES})`,
    })
    .execute()
  // Old rounds are of no use to anyone: clear them now and then.
  await db.deleteFrom('oauth_states').where('expires_at', '<', sql<Date>`now() - interval '1 day'`).execute()
  return {
    url: await provider.authorizationUrl({
      state,
      nonce,
      redirectUri: a.redirectUri,
      codeChallenge: await pkceChallenge(codeVerifier),
    }),
  }
}

const stateRefused = () => new DomainError('unauthorized', 'errors.oauth_state')
const tokenRefused = () => new DomainError('unauthorized', 'errors.oauth_token')
const noAccount = () => new DomainError('unauthorized', 'errors.oauth_no_account')
const unverified = () => new FieldErrors({ email: [msg('validation.oauth_email_unverified')] })

interface Resolved {
  personId: number | null
  staffId: number | null
  roleId: number
  link: { personId?: number; staffId?: number } | null
}

export async function completeOidcSignIn(
  db: Db,
  provider: OidcProvider,
  a: { role: OidcRole; code: string; state: string; previous: Identity | null; req: RequestInfo },
): Promise<string> {
  const stateHash = hashSecret(a.state)
  const stateKey = `oauth-state:${a.role}:${stateHash}`
  await assertNotThrottled(db, stateKey, a.req.ip)
  // One use: the row is claimed by the update that marks it, so a replay finds nothing.
  const round = await db
    .updateTable('oauth_states')
    .set({ used_at: sql`now()` })
    .where('state_hash', '=', stateHash)
    .where('role', '=', a.role)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['nonce', 'code_verifier', 'redirect_uri'])
    .executeTakeFirst()
  if (!round) {
    await recordFailure(db, stateKey, a.req.ip)
    throw stateRefused()
  }
  let claims: OidcClaims
  try {
    claims = await provider.exchangeCode({
      code: a.code,
      redirectUri: round.redirect_uri,
      codeVerifier: round.code_verifier,
      nonce: round.nonce,
    })
  } catch (err) {
    if (!(err instanceof OidcError)) throw err
    await recordFailure(db, stateKey, a.req.ip)
    throw tokenRefused()
  }
  const accountKey = `oauth:${a.role}:${provider.name}:${claims.subject}`
  await assertNotThrottled(db, accountKey, a.req.ip)
  try {
    return await db.transaction().execute(async (trx) => {
      const found = await resolveAccount(trx, { providerName: provider.name, role: a.role, claims })
      if (found.link) {
        await trx
          .insertInto('oauth_identities')
          .values({
            provider: provider.name,
            subject: claims.subject,
            person_id: found.link.personId ?? null,
            staff_id: found.link.staffId ?? null,
            email: claims.email,
          })
          .onConflict((oc) =>
            oc.columns(['provider', 'subject']).doUpdateSet({
              person_id: sql`coalesce(oauth_identities.person_id, excluded.person_id)`,
              staff_id: sql`coalesce(oauth_identities.staff_id, excluded.staff_id)`,
            }),
          )
          .execute()
        const actor =
          a.role === 'staff' ? { kind: 'staff' as const, id: found.roleId } : { kind: a.role, id: found.roleId }
        await audit(trx, actor, {
          action: 'oauth.link',
          entity: a.role,
          id: found.roleId,
          data: { provider: provider.name, subject: claims.subject, email: claims.email },
        })
      }
      await trx
        .updateTable('oauth_identities')
        .set({ last_login_at: sql`now()`, email: claims.email })
        .where('provider', '=', provider.name)
        .where('subject', '=', claims.subject)
        .execute()
      await clearAccountFailures(trx, accountKey)
      if (a.previous) await revokeSession(trx, a.previous.sessionId)
      const sessionId =
        a.role === 'staff'
          ? await createSession(trx, {
              personId: a.previous?.personId ?? null,
              staffId: found.staffId,
              currentRole: a.previous?.currentRole ?? null,
              ...a.req,
            })
          : await createSession(trx, {
              personId: found.personId,
              staffId: a.previous?.staff?.id ?? null,
              currentRole: a.role,
              ...a.req,
            })
      await audit(
        trx,
        { kind: a.role, id: found.roleId },
        {
          action: `${a.role}.login`,
          entity: a.role,
          id: found.roleId,
          data: { ip: a.req.ip, via: 'oidc', provider: provider.name },
        },
      )
      return sessionId
    })
  } catch (err) {
    if ((err instanceof DomainError && err.code === 'unauthorized') || err instanceof FieldErrors)
      await recordFailure(db, accountKey, a.req.ip)
    throw err
  }
}

async function resolveAccount(
  trx: Executor,
  { providerName, role, claims }: { providerName: string; role: OidcRole; claims: OidcClaims },
): Promise<Resolved> {
  const linked = await trx
    .selectFrom('oauth_identities')
    .select(['person_id', 'staff_id'])
    .where('provider', '=', providerName)
    .where('subject', '=', claims.subject)
    .executeTakeFirst()
  const verifiedEmail = claims.email && claims.email_verified ? claims.email.toLowerCase() : null
  const needVerified = () => (claims.email && !claims.email_verified ? unverified() : noAccount())

  if (role === 'staff') {
    if (linked?.staff_id) {
      const staff = await trx
        .selectFrom('staff')
        .select('id')
        .where('id', '=', linked.staff_id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
      if (!staff) throw noAccount()
      return { personId: null, staffId: staff.id, roleId: staff.id, link: null }
    }
    if (!verifiedEmail) throw needVerified()
    const staff = await trx
      .selectFrom('staff')
      .select('id')
      .where(sql<string>`lower(email)`, '=', verifiedEmail)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
    if (!staff) throw noAccount()
    return { personId: null, staffId: staff.id, roleId: staff.id, link: { staffId: staff.id } }
  }

  if (role === 'tutor') {
    const tutorOf = (personId: number) =>
      trx
        .selectFrom('tutors')
        .select(['id', 'person_id'])
        .where('person_id', '=', personId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
    if (linked?.person_id) {
      const tutor = await tutorOf(linked.person_id)
      if (!tutor) throw noAccount()
      return { personId: tutor.person_id, staffId: null, roleId: tutor.id, link: null }
    }
    if (!verifiedEmail) throw needVerified()
    const tutor = await trx
      .selectFrom('tutors')
      .innerJoin('people', 'people.id', 'tutors.person_id')
      .select(['tutors.id', 'tutors.person_id'])
      .where(sql<string>`lower(people.email)`, '=', verifiedEmail)
      .where('tutors.deleted_at', 'is', null)
      .executeTakeFirst()
    if (!tutor) throw noAccount()
    return { personId: tutor.person_id, staffId: null, roleId: tutor.id, link: { personId: tutor.person_id } }
  }

  // Client: the linked person, else the person with the verified e-mail, else a new person.
  let personId = linked?.person_id ?? null
  let link: Resolved['link'] = null
  if (personId === null) {
    if (!verifiedEmail) throw needVerified()
    const person = await trx
      .selectFrom('people')
      .select('id')
      .where(sql<string>`lower(email)`, '=', verifiedEmail)
      .forUpdate()
      .executeTakeFirst()
    personId =
      person?.id ??
      (
        await trx
          .insertInto('people')
          .values({
            email: verifiedEmail,
            name: claims.name?.trim().slice(0, 200) ?? '',
            email_confirmed_at: sql`now()`,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    link = { personId }
  }
  const existing = await trx
    .selectFrom('clients')
    .select(['id', 'person_id', 'blacklisted', 'deleted_at', 'merged_into_client_id'])
    .where('person_id', '=', personId)
    .executeTakeFirst()
  let client: { id: number; person_id: number; blacklisted: boolean } | undefined =
    existing && existing.deleted_at === null ? existing : undefined
  if (!client && existing?.merged_into_client_id) {
    // Staff merged this profile into another one: the same person signs in as the kept client.
    client = await trx
      .selectFrom('clients')
      .select(['id', 'person_id', 'blacklisted'])
      .where('id', '=', existing.merged_into_client_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
  }
  if (!client && existing) throw new DomainError('forbidden') // a deleted client profile
  if (!client) {
    const created = await trx
      .insertInto('clients')
      .values({ person_id: personId, name: claims.name?.trim().slice(0, 200) ?? '' })
      .returning(['id', 'person_id', 'blacklisted'])
      .executeTakeFirstOrThrow()
    await audit(
      trx,
      { kind: 'client', id: created.id },
      { action: 'client.create', entity: 'client', id: created.id, data: { via: 'oidc' } },
    )
    client = created
  }
  if (client.blacklisted) throw new DomainError('forbidden')
  return { personId: client.person_id, staffId: null, roleId: client.id, link }
}
