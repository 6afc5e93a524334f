// Signing in and out. Every sign-in starts a new session row (a fresh token: no fixation) that keeps
// the identities the browser already held, and revokes the old row.
import { sql } from 'kysely'
import { ringProfileNotice } from '../onboarding/notices'
import { recordTermsAcceptance } from '../onboarding/terms'
import type { Db } from '../../../db/client'
import { audit } from '../shared/audit'
import { DomainError, FieldErrors, retryOnUniqueViolation } from '../../../common/errors'
import { msg } from '../../../i18n/keys'
import type { Edition } from '../../../common/editions'
import { phoneDigits } from '../../../common/validators'
import { hashPassword, verifyPassword } from './passwords'
import { type Identity, type PersonRole, createSession, revokeSession } from './sessions'
import { forgiveAttempt, reserveAttempt } from './throttle'

export interface RequestInfo {
  ip: string
  userAgent: string
}

const invalidCredentials = () => new DomainError('unauthorized', 'errors.invalid_credentials')

export async function staffLogin(
  db: Db,
  a: { email: string; password: string; previous: Identity | null; req: RequestInfo },
) {
  const attempt = await reserveAttempt(db, `staff:${a.email.toLowerCase()}`, a.req.ip)
  const staff = await db
    .selectFrom('staff')
    .select(['id', 'password_hash'])
    .where(sql<string>`lower(email)`, '=', a.email.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  // A failure keeps its reservation: that is the failure counted.
  if (!(await verifyPassword(a.password, staff?.password_hash)) || !staff) throw invalidCredentials()
  return db.transaction().execute(async (trx) => {
    await forgiveAttempt(trx, attempt)
    if (a.previous) await revokeSession(trx, a.previous.sessionId)
    const sessionId = await createSession(trx, {
      personId: a.previous?.personId ?? null,
      staffId: staff.id,
      currentRole: a.previous?.currentRole ?? null,
      ...a.req,
    })
    await audit(
      trx,
      { kind: 'staff', id: staff.id },
      { action: 'staff.login', entity: 'staff', id: staff.id, data: { ip: a.req.ip } },
    )
    return sessionId
  })
}

/** Finds a person by e-mail, or by phone as the edition writes it (with or without the prefix). */
export function findPersonByLogin(db: Db, login: string, ed: Edition) {
  const value = login.trim().toLowerCase()
  return db
    .selectFrom('people')
    .leftJoin('tutors', (j) => j.onRef('tutors.person_id', '=', 'people.id').on('tutors.deleted_at', 'is', null))
    .leftJoin('clients', (j) => j.onRef('clients.person_id', '=', 'people.id').on('clients.deleted_at', 'is', null))
    .select([
      'people.id',
      'people.password_hash',
      'tutors.id as tutor_id',
      'clients.id as client_id',
      'clients.blacklisted',
    ])
    .where((eb) =>
      value.includes('@')
        ? eb(sql<string>`lower(people.email)`, '=', value)
        : eb('people.phone', '=', phoneDigits(value, ed)),
    )
    .executeTakeFirst()
}

export async function personLogin(
  db: Db,
  a: {
    login: string
    password: string
    role: PersonRole
    edition: Edition
    previous: Identity | null
    req: RequestInfo
  },
) {
  const attempt = await reserveAttempt(db, `${a.role}:${a.login.trim().toLowerCase()}`, a.req.ip)
  const person = await findPersonByLogin(db, a.login, a.edition)
  const holdsRole = person && (a.role === 'tutor' ? person.tutor_id : person.client_id)
  if (!(await verifyPassword(a.password, person?.password_hash)) || !person || !holdsRole) throw invalidCredentials()
  if (a.role === 'client' && person.blacklisted) throw new DomainError('forbidden')
  return db.transaction().execute(async (trx) => {
    await forgiveAttempt(trx, attempt)
    if (a.previous) await revokeSession(trx, a.previous.sessionId)
    const sessionId = await createSession(trx, {
      personId: person.id,
      staffId: a.previous?.staff?.id ?? null,
      currentRole: a.role,
      ...a.req,
    })
    const roleId = a.role === 'tutor' ? person.tutor_id : person.client_id
    await audit(
      trx,
      { kind: a.role, id: roleId },
      { action: `${a.role}.login`, entity: a.role, id: roleId, data: { ip: a.req.ip } },
    )
    return sessionId
  })
}

/**
 * Ends one identity of the session. What remains (a staff sign-in beside a tutor one, say) stays
 * signed in under a new token; when nothing remains the session is revoked.
 */
export async function logout(
  db: Db,
  { identity, what, req }: { identity: Identity; what: 'person' | 'staff'; req: RequestInfo },
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    await revokeSession(trx, identity.sessionId)
    const keepPerson = what === 'staff' && identity.personId !== null
    const keepStaff = what === 'person' && identity.staff !== null
    if (!keepPerson && !keepStaff) return null
    return createSession(trx, {
      personId: keepPerson ? identity.personId : null,
      staffId: keepStaff ? identity.staff!.id : null,
      currentRole: keepPerson ? identity.currentRole : null,
      ...req,
    })
  })
}

export async function setCurrentRole(db: Db, identity: Identity, role: PersonRole) {
  const holds = role === 'tutor' ? identity.tutor : identity.client
  if (!holds) throw new FieldErrors({ role: [msg('validation.role_missing')] })
  await db.updateTable('sessions').set({ current_role: role }).where('id', '=', identity.sessionId).execute()
}

export async function registerTutor(
  db: Db,
  a: {
    name: string
    email: string
    phone: string
    password: string
    affiliateId: number | null
    previous: Identity | null
    req: RequestInfo
    /** The edition whose offer and privacy pages were accepted. */
    edition: string
  },
) {
  const passwordHash = await hashPassword(a.password)
  // A concurrent registration of the same e-mail or phone: the run again finds it taken (a 422).
  return retryOnUniqueViolation(() =>
    db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('people')
        .select(['id', sql<string>`lower(email)`.as('email'), 'phone'])
        .where((eb) => eb.or([eb(sql<string>`lower(email)`, '=', a.email), eb('phone', '=', a.phone)]))
        .execute()
      // A signed-in client registering with their own e-mail and phone becomes a tutor too.
      const own = a.previous?.personId ?? null
      const others = taken.filter((p) => p.id !== own)
      if (others.length > 0) {
        const fields: Record<string, string[]> = {}
        if (others.some((p) => p.email === a.email)) fields.email = [msg('validation.taken')]
        if (others.some((p) => p.phone === a.phone)) fields.phone = [msg('validation.taken')]
        throw new FieldErrors(fields)
      }
      let personId = own
      if (personId === null || !taken.some((p) => p.id === own)) {
        const person = await trx
          .insertInto('people')
          .values({ email: a.email, phone: a.phone, name: a.name, password_hash: passwordHash })
          .returning('id')
          .executeTakeFirstOrThrow()
        personId = person.id
      } else if (a.previous?.tutor) {
        throw new FieldErrors({ email: [msg('validation.taken')] })
      }
      const tutor = await trx
        .insertInto('tutors')
        .values({
          person_id: personId,
          name: a.name,
          first_name: a.name.split(/\s+/)[0] ?? a.name,
          affiliate_id: a.affiliateId,
          terms_confirmed_at: sql`now()`,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await recordTermsAcceptance(trx, { personId, role: 'tutor', edition: a.edition, ip: a.req.ip || null })
      await ringProfileNotice(trx, tutor.id, { kind: 'profile_welcome' })
      if (a.previous) await revokeSession(trx, a.previous.sessionId)
      const sessionId = await createSession(trx, {
        personId,
        staffId: a.previous?.staff?.id ?? null,
        currentRole: 'tutor',
        ...a.req,
      })
      await audit(
        trx,
        { kind: 'tutor', id: tutor.id },
        { action: 'tutor.register', entity: 'tutor', id: tutor.id, data: { affiliate_id: a.affiliateId } },
      )
      return { sessionId, tutorId: tutor.id }
    }),
  )
}

export async function createStaff(
  db: Db,
  a: { email: string; password: string; name: string; status: 1 | 2 | 3 | 4 },
  /** The password's hash when the caller has it already (the demo seed hashes its one password once). */
  hashed?: string,
) {
  const passwordHash = hashed ?? (await hashPassword(a.password))
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('staff')
      .values({ email: a.email.toLowerCase(), password_hash: passwordHash, name: a.name, status: a.status })
      .returning('id')
      .executeTakeFirstOrThrow()
    await audit(
      trx,
      { kind: 'system', id: null },
      { action: 'staff.create', entity: 'staff', id: row.id, data: { status: a.status } },
    )
    return row.id
  })
}
