// Sessions: a row per sign-in, named by a jose-signed token in an HttpOnly cookie. Logging out or
// removing a staff member ends the session on the next request, since every request reads the row.
import { SignJWT, jwtVerify } from 'jose'
import { type CompiledQuery, sql } from 'kysely'
import type { Db } from '../../../db/client'
import type { Executor } from '../shared/audit'

export const SESSION_DAYS = 30

export type PersonRole = 'tutor' | 'client'

export interface TutorIdentity {
  id: number
  name: string
  first_name: string
  avatar: string | null
  potential_school_tutor: boolean
}
export interface ClientIdentity {
  id: number
  name: string
  blacklisted: boolean
}
export interface StaffIdentity {
  id: number
  name: string
  status: number
  /** The 130 px preview of the own avatar (a staff-only download, domain/staff/avatar.ts), or null. */
  avatar: string | null
}

export interface Identity {
  sessionId: string
  personId: number | null
  tutor: TutorIdentity | null
  client: ClientIdentity | null
  staff: StaffIdentity | null
  currentRole: PersonRole | null
  impersonatorStaffId: number | null
}

const COMPACT_JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/
const MAX_VERIFIED_TOKENS = 10_000

export class SessionTokens {
  private readonly key: Uint8Array
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret)
  }
  sign(sessionId: string): Promise<string> {
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(`${SESSION_DAYS}d`)
      .sign(this.key)
  }
  /**
   * Tokens this process has verified, with their expiry: a token is immutable, so its signature is
   * checked once, not on every request (the session row, which sign-out revokes, is read every time).
   */
  private readonly verified = new Map<string, { sid: string; exp: number }>()

  async verify(token: string): Promise<string | null> {
    // Not even shaped like a compact JWS (three base64url parts): no need to let jose throw.
    if (!COMPACT_JWS.test(token)) return null
    const known = this.verified.get(token)
    if (known && known.exp * 1000 > Date.now()) return known.sid
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] })
      if (typeof payload.sid !== 'string') return null
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= MAX_VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value!)
        this.verified.set(token, { sid: payload.sid, exp: payload.exp })
      }
      return payload.sid
    } catch {
      return null
    }
  }
}

export interface NewSession {
  personId: number | null
  staffId: number | null
  currentRole: PersonRole | null
  impersonatorStaffId?: number | null
  ip: string
  userAgent: string
}

export async function createSession(db: Executor, s: NewSession): Promise<string> {
  const id = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
  await db
    .insertInto('sessions')
    .values({
      id,
      person_id: s.personId,
      staff_id: s.staffId,
      current_role: s.currentRole,
      impersonator_staff_id: s.impersonatorStaffId ?? null,
      ip: s.ip,
      user_agent: s.userAgent.slice(0, 400),
      expires_at: sql<Date>`now() + make_interval(days => ${SESSION_DAYS})`,
    })
    .execute()
  return id
}

export async function revokeSession(db: Executor, sessionId: string) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute()
}

/** The identity behind a live session, or null. One query: session, person's roles and staff. */
export async function loadIdentity(db: Db, sessionId: string): Promise<Identity | null> {
  // Compiled once per database: every request of a signed-in visitor runs it.
  let compiled = identityQueries.get(db)
  if (!compiled) {
    compiled = identityQuery(db, '').compile()
    if (compiled.parameters.length !== 1)
      throw new Error('the identity query must have the session id as its one parameter')
    identityQueries.set(db, compiled)
  }
  const row = (await db.executeQuery<IdentityRow>({ ...compiled, parameters: [sessionId] })).rows[0]
  if (!row) return null
  return identityOf(row)
}

const identityQueries = new WeakMap<Db, CompiledQuery<IdentityRow>>()
type IdentityRow = NonNullable<Awaited<ReturnType<ReturnType<typeof identityQuery>['executeTakeFirst']>>>

/** The session's row with the person's roles and staff; the session id is its one parameter. */
function identityQuery(db: Db, sessionId: string) {
  return db
    .selectFrom('sessions as s')
    .leftJoin('tutors as t', (j) => j.onRef('t.person_id', '=', 's.person_id').on('t.deleted_at', 'is', null))
    .leftJoin('clients as c', (j) => j.onRef('c.person_id', '=', 's.person_id').on('c.deleted_at', 'is', null))
    .leftJoin('staff as a', (j) => j.onRef('a.id', '=', 's.staff_id').on('a.deleted_at', 'is', null))
    .select([
      's.id',
      's.person_id',
      's.current_role',
      's.impersonator_staff_id',
      't.id as tutor_id',
      't.name as tutor_name',
      't.first_name as tutor_first_name',
      't.avatar_url',
      't.potential_school_tutor',
      'c.id as client_id',
      'c.name as client_name',
      'c.blacklisted',
      'a.id as staff_id',
      'a.name as staff_name',
      'a.status as staff_status',
      'a.avatar_url as staff_avatar_url',
    ])
    .where('s.id', '=', sessionId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
}

function identityOf(row: IdentityRow): Identity | null {
  const tutor = row.tutor_id
    ? {
        id: row.tutor_id,
        name: row.tutor_name ?? '',
        first_name: row.tutor_first_name ?? '',
        avatar: row.avatar_url ?? null,
        potential_school_tutor: !!row.potential_school_tutor,
      }
    : null
  const client = row.client_id
    ? { id: row.client_id, name: row.client_name ?? '', blacklisted: !!row.blacklisted }
    : null
  const staff = row.staff_id
    ? {
        id: row.staff_id,
        name: row.staff_name ?? '',
        status: row.staff_status ?? 0,
        avatar: row.staff_avatar_url ? `${row.staff_avatar_url}&size=preview` : null,
      }
    : null
  const stored = row.current_role === 'tutor' || row.current_role === 'client' ? row.current_role : null
  // The current role must be one the person holds; fall back to the one they have.
  const currentRole: PersonRole | null =
    stored === 'tutor' && tutor
      ? 'tutor'
      : stored === 'client' && client
        ? 'client'
        : tutor
          ? 'tutor'
          : client
            ? 'client'
            : null
  if (!tutor && !client && !staff) return null
  return {
    sessionId: row.id,
    personId: row.person_id,
    tutor,
    client,
    staff,
    currentRole,
    impersonatorStaffId: row.impersonator_staff_id,
  }
}

/** The `auth` object of the contract: all false for anonymous. */
export function authObject(identity: Identity | null) {
  return {
    admin: !!identity?.staff,
    client: !!identity?.client,
    tutor: !!identity?.tutor,
    current_role: identity?.currentRole ?? '',
    tutor_info: identity?.tutor
      ? {
          id: identity.tutor.id,
          avatar: identity.tutor.avatar,
          name: identity.tutor.name,
          first_name: identity.tutor.first_name,
          potential_school_tutor: identity.tutor.potential_school_tutor,
        }
      : false,
    client_info: identity?.client ? { id: identity.client.id, name: identity.client.name } : false,
    admin_info: identity?.staff
      ? {
          admin_id: identity.staff.id,
          name: identity.staff.name,
          status: identity.staff.status,
          avatar: identity.staff.avatar,
        }
      : false,
    impersonating: !!identity?.impersonatorStaffId,
  } as const
}
export type AuthObject = ReturnType<typeof authObject>

/** The answer of `auth.role.get` (and of a page's visitor query, server/ssr/render.tsx): who is asking. */
export const roleAnswer = (identity: Identity | null) => ({ auth: authObject(identity) })
